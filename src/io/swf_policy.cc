#include "io/swf_policy.h"

#include "io/number_parse.h"
#include "model/memory.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

namespace clustersim {

bool ParseSwfPolicy(std::string_view name, SwfPolicy* out) { return ParseEnumName(kSwfPolicyNames, name, out); }
const char* SwfPolicyName(SwfPolicy p) { return EnumNameOf(kSwfPolicyNames, p); }

namespace {

constexpr SimTime kSecond = kTicksPerSecond;

SimTime WholeSeconds(SimTime t) { return t / kSecond * kSecond; }  // Python int(): toward zero

std::int64_t CeilDiv(std::int64_t a, std::int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }  // a >= 0, b > 0

}  // namespace

void SwfNormaliser::Drop(const SwfRecord& r, std::string_view rule, std::string msg) {
  held_.Drop();
  diag_->Report(header_.name, r.line, rule, std::move(msg), Severity::kSkip);
}
void SwfNormaliser::Note(const SwfRecord& r, std::string_view rule, std::string msg) {
  held_.Hold(r.line, rule, std::move(msg), Severity::kNote);
}
void SwfNormaliser::Warn(const SwfRecord& r, std::string_view rule, std::string msg) {
  held_.Hold(r.line, rule, std::move(msg), Severity::kWarning);
}

  // strict / clean. Returns false if the record is dropped.
bool SwfNormaliser::Strict(const SwfRecord& r, Job* j, std::int64_t* procs) {
    const auto& f = r.f;
    if (f[kSwfSubmit] < 0) return Drop(r, "negative_submit", "submit time is negative or unknown"), false;
    const std::int64_t requested = f[kSwfReqProcs], allocated = f[kSwfAllocProcs];
    std::int64_t size = 0;
    switch (o_.size_source) {
      case SizeSource::kRequested: size = requested > 0 ? requested : allocated; break;
      case SizeSource::kAllocated: size = allocated > 0 ? allocated : requested; break;
      case SizeSource::kMax: size = std::max(requested, allocated); break;
    }
    if (size <= 0)
      return Drop(r, "no_processors", "requested and allocated processors are both unknown or 0"), false;
    if (o_.size_source == SizeSource::kRequested && requested <= 0)
      Note(r, "size_from_allocated", "requested processors unknown; used allocated");
    if (o_.size_source == SizeSource::kAllocated && allocated <= 0)
      Note(r, "size_from_requested", "allocated processors unknown; used requested");
    if (f[kSwfRun] < 0) return Drop(r, "unknown_run_time", "run time is unknown (-1) or negative"), false;
    SimTime estimate = f[kSwfReqTime];
    if (estimate <= 0) {
      if (o_.policy == SwfPolicy::kStrict)
        return Drop(r, "unknown_requested_time",
                    "requested time is unknown or 0 (use --swf-policy clean to fill it from the run time)"),
               false;
      switch (o_.estimate_fill) {
        case EstimateFill::kRun:
          estimate = f[kSwfRun];
          Note(r, "clairvoyant_estimate", "requested time unknown; set to the run time");
          break;
        case EstimateFill::kMaxRuntime:
          estimate = max_runtime_;
          Note(r, "estimate_from_max_runtime", "requested time unknown; set to the header's MaxRuntime");
          break;
        case EstimateFill::kDrop:
          return Drop(r, "unknown_requested_time", "requested time is unknown or 0 (--estimate-fill drop)"), false;
      }
    }
    if (f[kSwfRun] == 0) Warn(r, "zero_run_time", "run time is 0 (under 0.5 s in real logs)");
    if (f[kSwfRun] > estimate)
      Note(r, "run_exceeds_request", "run time exceeds the requested time");
    j->submit = f[kSwfSubmit];
    j->time_limit = estimate;
    j->run_time = f[kSwfRun];
    *procs = size;
    return true;
  }

  // pyss's mapping (swf-and-metrics.md §2.1), after an optional strong filter.
bool SwfNormaliser::Pyss(const SwfRecord& in, Job* j, std::int64_t* procs) {
    // The machine is the configured size when there is one, as pyss's is
    // (its command line), else MaxProcs (swf-and-metrics.md §2.1).
    const std::int64_t machine =
        o_.capacity <= 0 ? machine_procs_
        : ppn_ <= 0      ? o_.capacity
                         : (o_.capacity > std::numeric_limits<std::int64_t>::max() / ppn_
                                ? std::numeric_limits<std::int64_t>::max()
                                : o_.capacity * ppn_);
    SwfRecord r = in;
    auto& f = r.f;
    if (o_.policy == SwfPolicy::kPyssStrong) {
      if (f[kSwfAllocProcs] > machine || f[kSwfReqProcs] > machine)
        return Drop(r, "exceeds_machine", fmt::format("processors exceed the machine ({})", machine)), false;
      if (f[kSwfReqProcs] <= 0) f[kSwfReqProcs] = f[kSwfAllocProcs];
      if (f[kSwfAllocProcs] <= 0) f[kSwfAllocProcs] = f[kSwfReqProcs];
      if (f[kSwfReqProcs] <= 0) return Drop(r, "no_processors", "no processor count"), false;
      if (f[kSwfRun] <= 0) return Drop(r, "no_run_time", "run time <= 0"), false;
      if (f[kSwfReqTime] <= 0) return Drop(r, "no_requested_time", "requested time <= 0"), false;
      if (f[kSwfRun] > f[kSwfReqTime]) {
        f[kSwfRun] = f[kSwfReqTime];
        Note(r, "run_clipped", "run time clipped to the requested time");
      }
      if (f[kSwfSubmit] < 0) return Drop(r, "negative_submit", "submit time < 0"), false;
    }
    std::int64_t size = f[kSwfReqProcs] > 0 ? f[kSwfReqProcs] : f[kSwfAllocProcs];
    const SimTime run = WholeSeconds(f[kSwfRun]);
    if (f[kSwfRun] <= 0 || size <= 0 || f[kSwfSubmit] < 0) {
      // pyss keeps invalid jobs as 1-second jobs (not clamped to the machine).
      Note(r, "one_second_job", "invalid job kept as a 1-second job (pyss)");
      j->submit = std::max(WholeSeconds(f[kSwfSubmit]), kSecond);
      j->time_limit = j->run_time = kSecond;
      *procs = std::max<std::int64_t>(1, f[kSwfAllocProcs]);
      return true;
    }
    if (size > machine) {
      Note(r, "size_clamped", fmt::format("size {} clamped to the machine ({})", size, machine));
      size = machine;
    }
    // The record keeps field 9's -1 as kUnknown (-1 tick); pyss reads -1 s,
    // below a run under 1 s too (int(0.4) = 0), so such a run is raised.
    const SimTime requested = f[kSwfReqTime] == SwfRecord::kUnknown ? -kSecond : f[kSwfReqTime];
    SimTime estimate = WholeSeconds(requested);
    if (estimate < run) {
      Note(r, "estimate_raised", "requested time raised to the run time");
      estimate = run;
    }
    estimate = std::max(estimate, kSecond);
    SimTime actual = run;
    if (actual > requested) {
      Note(r, "run_clipped", "run time clipped to the requested time");
      actual = WholeSeconds(requested);
    }
    actual = std::max(actual, kSecond);
    j->submit = WholeSeconds(f[kSwfSubmit]);
    j->time_limit = estimate;
    j->run_time = actual;
    *procs = std::max<std::int64_t>(1, size);
    return true;
  }

bool SwfNormaliser::RlScheduler(const SwfRecord& r, Job* j, std::int64_t* procs) {
    const auto& f = r.f;
    std::int64_t size = std::max(f[kSwfAllocProcs], f[kSwfReqProcs]);
    SimTime estimate = f[kSwfReqTime];
    SimTime run = f[kSwfRun];
    if (estimate == SwfRecord::kUnknown) {
      estimate = run;
      Note(r, "clairvoyant_estimate", "requested time -1 set to the run time");
    }
    if (run == 0) return Drop(r, "zero_run_time", "run time 0 (RLScheduler drops these)"), false;
    if (run < 0) {
      run = 10 * kSecond;
      Note(r, "run_time_10s", "unknown run time set to 10 s");
    }
    if (estimate < 0) {
      // RLScheduler keeps -1 here; a schedule cannot plan with a negative
      // estimate, so plan with the substituted run time instead.
      Note(r, "negative_estimate", "requested and run time unknown; plans with the 10 s run time");
      estimate = run;
    }
    if (size <= 0) return Drop(r, "no_processors", "no processor count"), false;
    if (f[kSwfSubmit] < 0 && !o_.keep_negative_submits)
      return Drop(r, "negative_submit", "submit time < 0, before the clock starts (--compat rlscheduler keeps it)"),
             false;
    // The record keeps -1 as kUnknown (-1 tick); RLScheduler's int reads -1 s.
    j->submit = f[kSwfSubmit] == SwfRecord::kUnknown ? -kSecond : f[kSwfSubmit];
    j->time_limit = estimate;
    j->run_time = run;
    *procs = size;
    return true;
  }

bool SwfNormaliser::Batsim(const SwfRecord& r, Job* j, std::int64_t* procs) {
    const auto& f = r.f;
    const SimTime run = f[kSwfRun];
    SimTime walltime = o_.batsim_given_walltime_only
                           ? f[kSwfReqTime]
                           : std::max(static_cast<SimTime>(std::llround(o_.batsim_walltime_factor *
                                                                        static_cast<double>(run))),
                                      f[kSwfReqTime]);
    if (f[kSwfAllocProcs] <= 0) return Drop(r, "no_processors", "allocated processors <= 0"), false;
    if (run <= 0) return Drop(r, "no_run_time", "run time <= 0"), false;
    if (walltime <= run) return Drop(r, "walltime_not_above_run", "walltime <= run time"), false;
    j->submit = std::max<SimTime>(0, f[kSwfSubmit]);
    j->time_limit = walltime;
    const SimTime g = o_.batsim_grain;
    j->run_time = (run / g + 1) * g;  // delay profile: floor(run/grain)+1 grains
    *procs = f[kSwfAllocProcs];
    return true;
  }


SwfNormaliser::SwfNormaliser(const SwfTrace& t, const SwfOptions& o, Diagnostics* diag)
    : header_(t), o_(o), diag_(diag) {
  w_.name = t.name;
  w_.mode = o.replay ? TraceMode::kReplay : TraceMode::kSimulation;
  ppn_ = o.procs_per_node;
  std::optional<std::int64_t> max_nodes = t.max_nodes, max_procs = t.max_procs;
  if (o.policy == SwfPolicy::kRlScheduler) {
    if (!max_nodes) max_nodes = max_procs;
    if (!max_procs) max_procs = max_nodes;
    if (max_nodes && max_procs && ppn_ == 0) ppn_ = std::max<std::int64_t>(1, *max_procs / *max_nodes);
  }
  // Capacity in job units: CLI, else the header (procs, or nodes when node-granular).
  capacity_ = o.capacity;
  if (capacity_ == 0) {
    if (ppn_ > 0)
      capacity_ = max_nodes ? *max_nodes : (max_procs ? *max_procs / ppn_ : 0);
    else
      capacity_ = max_procs ? *max_procs : (max_nodes ? *max_nodes : 0);
  }
  machine_procs_ = max_procs ? *max_procs : (max_nodes ? *max_nodes : capacity_);
  for (const auto& [label, value] : t.header) {
    std::int64_t v = 0;
    if (label == "MaxRuntime" && ParseInt(value, &v) == ParseError::kOk && v > 0 && v <= kMaxInputSeconds)
      max_runtime_ = v * kTicksPerSecond;
  }
  if (status_.ok() && o.estimate_fill == EstimateFill::kMaxRuntime && o.policy == SwfPolicy::kClean &&
      max_runtime_ <= 0)
    status_ = Status::Error(t.name + ": --estimate-fill maxruntime: the header has no positive MaxRuntime");
  if (capacity_ == 0 && o.policy != SwfPolicy::kBatsim && !o.machine_from_cluster) {
    // A size given but out of range (MaxProcs: 2000000000) is named.
    std::string given;
    for (const auto& [label, value] : t.header)
      if (label == "MaxProcs" || label == "MaxNodes")
        given += fmt::format("{}{} '{}'", given.empty() ? "" : ", ", label, value);
    status_ = Status::Error(
        given.empty() ? t.name + ": no_capacity: the header has neither MaxProcs nor MaxNodes; give the machine "
                                 "size with --total_nodes"
                      : fmt::format("{}: no_capacity: the header's {} is not a machine size (1 to {}); give the "
                                    "machine size with --total_nodes",
                                    t.name, given, kMaxInputCount));
  }
}

void SwfNormaliser::Reserve(std::size_t jobs) { ReserveHuge(&w_.jobs, jobs); }

void SwfNormaliser::Add(const SwfRecord& r) {
  Job j;
  std::int64_t procs = 0;
  bool keep = false;
  switch (o_.policy) {
    case SwfPolicy::kStrict:
    case SwfPolicy::kClean: keep = Strict(r, &j, &procs); break;
    case SwfPolicy::kPyss:
    case SwfPolicy::kPyssStrong: keep = Pyss(r, &j, &procs); break;
    case SwfPolicy::kRlScheduler: keep = RlScheduler(r, &j, &procs); break;
    case SwfPolicy::kBatsim: keep = Batsim(r, &j, &procs); break;
  }
  if (!keep) return;
  if (procs > kMaxInputCount) {
    Drop(r, "number_out_of_range",
         fmt::format("the job's {} processors are more than any machine has (at most {})", procs, kMaxInputCount));
    return;
  }
  if (o_.replay) {
    if (r.f[kSwfWait] < 0) {
      Drop(r, "unknown_wait_time", "replay needs the wait time (field 3)");
      return;
    }
    j.begin = j.submit + r.f[kSwfWait];
  }
  j.trace_id = r.f[kSwfJobNumber];
  if (o_.policy != SwfPolicy::kBatsim) CheckUniqueId(r, j.trace_id);  // (Batsim renumbers)
  j.procs = procs;
  j.units = ppn_ > 0 ? CeilDiv(procs, ppn_) : procs;
  j.queue = static_cast<std::int32_t>(r.f[kSwfQueue]);
  w_.jobs.push_back(j);
  held_.Keep(diag_, header_.name, r.line);
}

// swf-and-metrics §4.1: a job_id is unique within its workload, and every
// output joins on it. A log that repeats a job number (checkpoint records,
// §1.2, or a concatenation) keeps both jobs, with a warning per repeat.
void SwfNormaliser::CheckUniqueId(const SwfRecord& r, std::int64_t id) {
  if (!ids_out_of_order_) {
    if (id > last_id_) {
      last_id_ = id;
      return;
    }
    ids_out_of_order_ = true;  // from here every id is checked against all kept so far
    for (const Job& k : w_.jobs) ids_.insert(k.trace_id);
  }
  if (!ids_.insert(id).second)
    Warn(r, "duplicate_job_id",
         fmt::format("job number {} is used by an earlier job too; both are kept, and outputs that join on job_id "
                     "(compare) pair repeats in file order",
                     id));
}

Result<Workload> SwfNormaliser::Finish() {
  if (!status_.ok()) return status_;
  if (diag_->stopped()) return Status::Error(diag_->first_fatal()->ToString());
  w_.header = header_.header;
  std::int64_t capacity = capacity_;
  if (o_.policy == SwfPolicy::kBatsim) {
    // Batsim shifts submit times so the first job is at 0 and renumbers ids.
    SimTime first = w_.jobs.empty() ? 0 : w_.jobs.front().submit;
    for (const Job& j : w_.jobs) first = std::min(first, j.submit);
    std::int64_t id = 0, largest = 0;
    for (Job& j : w_.jobs) {
      j.submit -= first;
      if (j.begin != kNoTime) j.begin -= first;
      j.trace_id = id++;
      largest = std::max(largest, j.units);
    }
    if (capacity == 0) capacity = largest;
  }
  w_.capacity = capacity;
  // RLScheduler's windows count processors: its greedy shadow adds nodes
  // times processors per node, and utilisation divides by MaxProcs.
  w_.procs_per_unit = ppn_ > 0 ? ppn_ : 1;
  w_.machine_procs = machine_procs_;
  // Policies may move submits (pyss: -5 -> 1); whether the file was sorted is
  // reported by the readers (ReadSwf, LoadSwf), not here.
  SortBySubmit(&w_.jobs);
  return std::move(w_);
}

Result<Workload> NormaliseSwf(const SwfTrace& t, const SwfOptions& o, Diagnostics* diag) {
  SwfNormaliser n(t, o, diag);
  if (!n.status().ok()) return n.status();
  for (const SwfRecord& r : t.records) {
    n.Add(r);
    if (diag->stopped()) return Status::Error(diag->first_fatal()->ToString());
  }
  return n.Finish();
}

Result<Workload> LoadSwf(std::string_view text, const std::string& name, const SwfOptions& o, Diagnostics* diag) {
  // The header comes first in SWF files: read it, then stream the records.
  SwfTrace header = ReadSwfHeader(text, name);
  SwfNormaliser n(header, o, diag);
  if (!n.status().ok()) {
    // An empty or binary file is that, not a header without a machine size.
    SwfTrace probe;
    Diagnostics ignored;
    Status st = ForEachSwfRecord(text, name, &ignored, &probe, [](const SwfRecord&) {});
    return st.ok() ? n.status() : st;
  }
  n.Reserve(text.size() / 48);  // real logs have 60-120 bytes per job line
  SwfTrace full;
  bool sorted = true;
  SimTime last_submit = 0;
  std::int64_t count = 0;
  Status st = ForEachSwfRecord(text, name, diag, &full, [&](const SwfRecord& r) {
    if (count++ > 0 && r.f[kSwfSubmit] < last_submit) sorted = false;
    last_submit = r.f[kSwfSubmit];
    n.Add(r);
  });
  if (!st.ok()) return st;
  if (!sorted)
    diag->Report(name, 0, "unsorted_submit_times",
                 "submit times are not sorted; jobs were stable-sorted by submit time", Severity::kWarning);
  header.header = full.header;  // labels found after job lines too
  return n.Finish();
}

}  // namespace clustersim
