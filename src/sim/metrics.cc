#include "sim/metrics.h"

#include <algorithm>
#include <cmath>

namespace clustersim {

namespace {

// ∫ effective capacity dt over [from, to], in unit-seconds (engine.h).
double CapacitySeconds(const RunResult& r, SimTime from, SimTime to) {
  double area = 0;
  SimTime t = from;
  std::int64_t c = r.capacity;
  for (const CapacityChange& step : r.effective_capacity) {
    if (step.time >= to) break;
    if (step.time > t) {
      area += static_cast<double>(c) * ToSeconds(step.time - t);
      t = step.time;
    }
    c = step.units;
  }
  if (to > t) area += static_cast<double>(c) * ToSeconds(to - t);
  return area;
}

// Units in use count a job from its start, finished or still running when
// --max_time cut the run (then until the end of the span measured).
bool InUse(const JobRun& run) {
  return IsFinished(run.state) || (run.state == JobState::kUnfinished && run.begin != kNoTime);
}
SimTime EndOrCut(const JobRun& run) { return IsFinished(run.state) ? run.end : kTimeInfinity; }

// Unit-seconds in [from, to) of the jobs --max_time cut while they ran
// (less what their gang pods freed early): units in use that no finished
// job's node-seconds hold. A job may have started before `from`, the first
// finished job's submit.
double CutJobsInUse(const Workload& w, const RunResult& r, SimTime from, SimTime to) {
  const auto seconds_from = [&](SimTime t) { return ToSeconds(to - std::max(t, from)); };
  double area = 0;
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const JobRun& run = r.runs[i];
    if (IsFinished(run.state) || !InUse(run) || run.holds_no_units || run.begin >= to) continue;
    area += static_cast<double>(w.jobs[i].units) * seconds_from(run.begin);
  }
  for (const RunResult::PodRelease& p : r.pod_releases) {
    const JobRun& run = r.runs[p.job];
    if (!IsFinished(run.state) && InUse(run) && !run.holds_no_units && p.time < to)
      area -= static_cast<double>(p.units) * seconds_from(p.time);
  }
  return area;
}

// RAPS's utilisation: allocated / capacity sampled at every whole second
// from the first submit, t0 + k for k in [0, K), K = ceil(makespan); a job
// counts at the ticks in [begin, end). Exact in integer ticks.
double TickMean(const Workload& w, const RunResult& r, SimTime t0, SimTime end) {
  if (end <= t0 || r.capacity <= 0) return 0;
  const auto ceil_s = [](SimTime d) { return (d + kTicksPerSecond - 1) / kTicksPerSecond; };
  const SimTime ticks = ceil_s(end - t0);
  double unit_ticks = 0;
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const JobRun& run = r.runs[i];
    if (!InUse(run) || run.holds_no_units) continue;
    const SimTime k0 = std::clamp<SimTime>(ceil_s(run.begin - t0), 0, ticks);
    const SimTime k1 = std::clamp<SimTime>(ceil_s(std::min(EndOrCut(run), end) - t0), 0, ticks);
    unit_ticks += static_cast<double>(w.jobs[i].units) * static_cast<double>(k1 - k0);
  }
  // A gang pod that finished first held its units only until then (the
  // `in_use` integral of ComputeSummary subtracts the same).
  for (const RunResult::PodRelease& p : r.pod_releases) {
    const JobRun& run = r.runs[p.job];
    if (!InUse(run) || run.holds_no_units) continue;
    const SimTime kp = std::clamp<SimTime>(ceil_s(p.time - t0), 0, ticks);
    const SimTime k1 = std::clamp<SimTime>(ceil_s(std::min(EndOrCut(run), end) - t0), 0, ticks);
    unit_ticks -= static_cast<double>(p.units) * static_cast<double>(k1 - kp);
  }
  return unit_ticks / (static_cast<double>(r.capacity) * static_cast<double>(ticks));
}

}  // namespace

Summary ComputeSummary(const Workload& w, const RunResult& r, double tau) {
  Summary s;
  s.bsld_tau_s = tau;
  s.jobs = static_cast<std::int64_t>(w.jobs.size());
  s.passes = r.queue.passes;
  s.events = r.events;
  SimTime first_submit = kTimeInfinity, last_end = kNoTime;
  double sum_wait = 0, sum_wait2 = 0, sum_ta = 0, sum_ta2 = 0, sum_bsld = 0, sum_bsld2 = 0, sum_sd = 0, sum_sd2 = 0;
  std::int64_t n = 0, n_sd = 0;
  double used = 0, requested = 0, used_procs = 0;
  SimTime last_begin = kNoTime;
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const Job& j = w.jobs[i];
    const JobRun& run = r.runs[i];
    switch (run.state) {
      case JobState::kRejected: ++s.rejected; continue;
      case JobState::kNotSubmitted: ++s.not_submitted; continue;
      case JobState::kUnfinished:
      case JobState::kWaiting:
      case JobState::kRunning:
        ++s.unfinished;
        if (run.backfilled) ++s.backfilled;  // started ahead, whether or not it ended by --max_time
        continue;
      case JobState::kTimeout:
        ++s.killed;
        // The trace run cut to the limit; a work-based job killed because
        // caps slowed it past the limit lost work, not trace time: 0 here.
        if (j.run_time > j.time_limit) {
          s.killed_cut_s += ToSeconds(j.run_time - j.time_limit);
          ++s.killed_cut_jobs;
        }
        break;
      case JobState::kCompleted: ++s.completed; break;
    }
    if (run.backfilled) ++s.backfilled;
    ++n;
    first_submit = std::min(first_submit, j.submit);
    last_end = std::max(last_end, run.end);
    const double wait = ToSeconds(run.begin - j.submit);
    const double rt = ToSeconds(run.end - run.begin);
    const double ta = wait + rt;
    if (run.end == run.begin) ++s.zero_length;
    const double bsld = BoundedSlowdown(ta, rt, tau);
    sum_wait += wait, sum_wait2 += wait * wait, sum_ta += ta, sum_ta2 += ta * ta;
    sum_bsld += bsld, sum_bsld2 += bsld * bsld;
    s.max_wait_s = std::max(s.max_wait_s, wait);
    s.max_turnaround_s = std::max(s.max_turnaround_s, ta);
    s.max_bsld = std::max(s.max_bsld, bsld);
    if (rt > 0) {
      const double sd = ta / rt;
      sum_sd += sd, sum_sd2 += sd * sd, ++n_sd;
      s.max_slowdown = std::max(s.max_slowdown, sd);
    } else {
      ++s.slowdown_excluded;
    }
    if (!run.holds_no_units) {
      used += static_cast<double>(j.units) * rt;
      used_procs += static_cast<double>(ProcsOf(j, w.procs_per_unit)) * rt;
    }
    last_begin = std::max(last_begin, run.begin);
    requested += static_cast<double>(j.units) * ToSeconds(j.time_limit);
  }
  // A gang pod that finished first held its units only until then.
  for (const RunResult::PodRelease& p : r.pod_releases) {
    const JobRun& run = r.runs[p.job];
    if (IsFinished(run.state))
      used -= static_cast<double>(p.units) * ToSeconds(run.end - p.time);
  }
  const double in_use = n > 0 && s.unfinished > 0 ? used + CutJobsInUse(w, r, first_submit, last_end) : used;
  if (n > 0) {
    const double dn = static_cast<double>(n);
    s.mean_wait_s = sum_wait / dn;
    s.rms_wait_s = std::sqrt(sum_wait2 / dn);
    s.mean_turnaround_s = sum_ta / dn;
    s.rms_turnaround_s = std::sqrt(sum_ta2 / dn);
    s.mean_bsld = sum_bsld / dn;
    s.rms_bsld = std::sqrt(sum_bsld2 / dn);
    s.first_submit_s = ToSeconds(first_submit);
    s.last_end_s = ToSeconds(last_end);
    s.makespan_s = ToSeconds(last_end - first_submit);
    s.makespan_from_zero_s = ToSeconds(last_end);
  }
  if (n_sd > 0) {
    s.mean_slowdown = sum_sd / static_cast<double>(n_sd);
    s.rms_slowdown = std::sqrt(sum_sd2 / static_cast<double>(n_sd));
  }
  s.node_seconds_used = used;
  s.node_seconds_requested = requested;
  const double cap = static_cast<double>(r.capacity);
  const double over_makespan = n > 0 ? CapacitySeconds(r, first_submit, last_end) : 0;
  if (over_makespan > 0) s.utilisation_capacity_weighted = in_use / over_makespan;
  if (r.capacity_scheduled && n > 0) {
    const double from_zero = CapacitySeconds(r, 0, last_end);
    if (over_makespan > 0) s.utilisation = used / over_makespan;
    if (from_zero > 0) s.utilisation_from_zero = used / from_zero;
  } else {
    if (cap > 0 && s.makespan_s > 0) s.utilisation = used / (cap * s.makespan_s);
    if (cap > 0 && s.makespan_from_zero_s > 0) s.utilisation_from_zero = used / (cap * s.makespan_from_zero_s);
  }
  if (cap > 0 && s.makespan_s > 0) s.utilisation_machine_states = used / (cap * s.makespan_s);
  const double max_procs =
      static_cast<double>(w.machine_procs > 0 ? w.machine_procs : r.capacity * w.procs_per_unit);
  if (n > 0 && last_begin > first_submit && max_procs > 0)
    s.utilisation_rlscheduler = used_procs / (ToSeconds(last_begin - first_submit) * max_procs);
  s.utilisation_tick_mean = r.capacity_scheduled ? std::nan("") : TickMean(w, r, first_submit, last_end);
  if (r.queue.submits > 0) s.mean_queue_at_submit = r.queue.sum_at_submit / static_cast<double>(r.queue.submits);
  if (r.queue.passes > 0) s.mean_queue_per_pass = r.queue.sum_per_pass / static_cast<double>(r.queue.passes);
  if (r.queue.span > 0) s.mean_queue_time_weighted = r.queue.area / ToSeconds(r.queue.span);
  s.peak_queue = r.queue.peak;
  return s;
}

}  // namespace clustersim
