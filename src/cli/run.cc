#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join
#include <fmt/ostream.h>
#include <nlohmann/json.hpp>

#include "cli/option_checks.h"
#include "cli/output_files.h"
#include "cli/progress.h"
#include "cli/run_summary.h"
#include "cli/run_config.h"
#include "cli/trace_fit.h"
#include "io/capacity_csv.h"
#include "io/file_reader.h"
#include "io/input_hash.h"
#include "io/number_parse.h"
#include "io/timestamp.h"
#include "io/trace_list.h"
#include "io/output_set.h"
#include "io/swf_reader.h"
#include "io/text_sink.h"
#include "io/jobs_csv.h"
#include "io/placements_csv.h"
#include "io/timeseries_csv.h"
#include "io/work_report.h"
#include "io/resource_trace.h"
#include "io/schedule_csv.h"
#include "io/summary_json.h"
#include "io/swf_writer.h"
#include "io/verbose_log.h"
#include "model/text_escape.h"
#include "sim/checker.h"
#include "sim/cluster_checker.h"
#include "sim/metrics.h"
#include "sim/warm_start.h"

namespace clustersim {
namespace {

using Clock = std::chrono::steady_clock;

// Messages carry the name of the command the user ran.
const char* Prog(const RunConfig& c) { return c.frontend == Frontend::kSimulator ? "simulator" : "clustersim"; }

double Since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

int Fail(const RunConfig& c, std::ostream& err, const Status& st, int code = 1) {
  fmt::print(err, "{}: error: {}\n", Prog(c), EscapeControl(st.message()));
  for (const auto& [option, where] : c.config_lines)
    if (MentionsOption(st.message(), option)) fmt::print(err, "{}: ({} was set on {})\n", Prog(c), option, where);
  return code;
}

std::string Stem(const std::string& path) {
  std::filesystem::path p(path);
  std::string name = p.filename().string();
  for (const char* ext : {".gz", ".csv", ".swf", ".trace", ".txt"})
    if (name.size() > std::strlen(ext) && name.compare(name.size() - std::strlen(ext), std::string::npos, ext) == 0)
      name.resize(name.size() - std::strlen(ext));
  return name;
}

// `simulator`'s file names (dr_evt's): -o, default <stem>_sim.csv; -R,
// default beside -o as <-o stem>_resources.csv (beside the default -o when
// -o is /dev/null, which discards only the schedule).
std::pair<std::string, std::string> SimulatorOutputNames(const RunConfig& c) {
  const std::string fallback = Stem(c.trace) + "_sim.csv";
  const std::string sched = c.schedule_file.empty() ? fallback : c.schedule_file;
  if (!c.resource_file.empty()) return {sched, c.resource_file};
  const std::filesystem::path p(sched == "/dev/null" ? fallback : sched);
  return {sched, (p.parent_path() / (p.stem().string() + "_resources.csv")).string()};
}

// A calendar --max_time on an SWF trace, on the log's clock: SWF times count
// seconds from the header's UnixStartTime, and a time without an offset is
// read in --timezone when given, else in its TimeZoneString, else in the
// default zone (as the tracer does). Without UnixStartTime the time cannot
// be placed: refused, never ignored.
Result<SimTime> SwfCalendarTime(const Workload& w, const std::string& trace, const char* flag,
                                const std::string& text, const std::string& zone_option, bool zone_given) {
  const SwfCalendar calendar = SwfCalendarOf(w.header);
  const std::string zone = zone_given || calendar.zone.empty() ? zone_option : calendar.zone;
  if (!calendar.start && !calendar.start_text.empty())
    return Status::Error(fmt::format("{}: {} {} is a calendar time, but the SWF header's UnixStartTime '{}' is not a "
                                     "time (0 to {} s); give seconds from the log's start (86400, 24h, 1d)",
                                     trace, flag, text, calendar.start_text, kMaxInputSeconds));
  if (!calendar.start)
    return Status::Error(fmt::format("{}: {} {} is a calendar time, but the SWF header has no UnixStartTime "
                                     "to place it on the log's clock; give seconds from the log's start (86400, 24h, "
                                     "1d)",
                                     trace, flag, text));
  const std::int64_t start = *calendar.start;
  auto local = ParseCalendarTime(text, zone);
  if (!local.ok()) return local.status();
  if (!local.value())
    return Status::Error(fmt::format("{}: cannot read '{}' as a calendar time in {}", flag, text, zone));
  const SimTime t = *local.value() - start * kTicksPerSecond;
  if (t < 0)
    return Status::Error(fmt::format("{}: {} {} is before the log starts (UnixStartTime {}, {})", trace, flag,
                                     text, start, zone));
  return t;
}

// --jobs START:COUNT. A slice that holds no job is an error: a run of zero
// jobs reports zeros that look like a result.
Status ApplySlice(const RunConfig& c, Workload* w) {
  if (c.slice_start == 0 && c.slice_count < 0) return Status::Ok();
  const std::size_t n = w->jobs.size();
  const std::size_t b = static_cast<std::size_t>(c.slice_start);
  const std::size_t e = c.slice_count < 0 ? n : b + static_cast<std::size_t>(c.slice_count);
  if (c.slice_count == 0 || b >= n)
    return Status::Error(fmt::format("--jobs {}:{}: {}; the slice holds no job (jobs are numbered from 0 after "
                                     "sorting by submit time)",
                                     c.slice_start, c.slice_count, c.slice_count == 0 ? "COUNT is 0" : fmt::format(
                                         "{} has {}", c.trace, CountOf(static_cast<std::int64_t>(n), "job"))));
  KeepJobRange(w, b, e);
  return Status::Ok();
}

// The trace's files: the trace, or a list file and the traces it lists (a
// bad list is reported when it is loaded).
std::vector<std::string> TraceInputs(const RunConfig& c) {
  std::vector<std::string> inputs = {c.trace};
  if (c.trace_is_list)
    if (auto listed = ListedTraceFiles(c.trace); listed.ok())
      for (const ListedFile& f : listed.value()) inputs.push_back(f.path);
  return inputs;
}

// --compat rlscheduler evaluates windows of the trace instead of one run.
int RunRlWindows(const RunConfig& c, const Workload& w, const Diagnostics& diag, OutputFiles* files,
                 std::ostream& out, std::ostream& err, Clock::time_point t0) {
  RlWindowOptions o = c.rl;
  o.procs_per_node = w.procs_per_unit;
  o.max_procs = w.machine_procs > 0 ? w.machine_procs : w.capacity * w.procs_per_unit;
  const std::int64_t limit =
      o.job_slice > 0 ? std::min<std::int64_t>(o.job_slice, static_cast<std::int64_t>(w.jobs.size()))
                      : static_cast<std::int64_t>(w.jobs.size());
  if (limit <= 2 * o.window_size + 1)
    return Fail(c, err,
                Status::Error(fmt::format("{}: --compat rlscheduler needs more than {} jobs (2 windows of {}), "
                                          "the trace has {}",
                                          c.trace, 2 * o.window_size + 1, o.window_size, limit)));
  const RlEvaluation e = EvaluateRlWindows(w, o);
  RunInfo info;
  info.input = c.trace;
  info.swf_policy = SwfPolicyName(c.load.swf.policy);
  info.policy = std::string(OrderingName(c.engine.policy.ordering)) + (o.backfill ? "+greedy" : "");
  info.capacity = w.capacity;
  std::string csv = "window,start_index,start_job_id,bounded_slowdown,utilisation,rejected\n";
  for (std::size_t i = 0; i < e.windows.size(); ++i) {
    const RlWindow& x = e.windows[i];
    csv += fmt::format("{},{},{},{},{},{}\n", i, x.start, w.jobs[static_cast<std::size_t>(x.start)].trace_id, x.bsld,
                       x.utilisation, x.rejected);
  }
  for (const auto& [name, text] : {std::pair<std::string, std::string>{"windows.csv", csv},
                                   {"summary.json", RlSummaryJson(e, o, info, diag)}}) {
    auto f = files->Open(name);
    if (!f.ok()) return Fail(c, err, f.status());
    f.value()->buf = text;
  }
  if (Status st = files->Publish(); !st.ok()) return Fail(c, err, st);
  if (!c.quiet)
    fmt::print(out,
               "clustersim: rlscheduler evaluation of {} ({} windows of {} jobs, seed {}, {})\n"
               "  mean bounded slowdown {:.4f}  mean utilisation {:.4f}  wall time {:.3f} s\n",
               c.trace, o.windows, o.window_size, o.seed, info.policy, e.mean_bsld, e.mean_utilisation, Since(t0));
  // The input rules' counts, as every other run prints them (the echo shows
  // only the first five reports of a rule).
  if (!c.quiet)
    for (const std::string& line : InputReport(info, diag)) fmt::print(out, "  {}\n", line);
  return 0;
}

}  // namespace

int RunPipeline(const RunConfig& config, std::ostream& out, std::ostream& err) {
  const auto t0 = Clock::now();
  RunConfig c = config;  // a calendar --max_time is placed on the trace's clock once it is loaded
  Diagnostics diag(c.quiet ? nullptr : &err);
  diag.set_stop_on_skip(c.strict);

  // The output place is checked before the (possibly long) run: a directory
  // that cannot be replaced fails now, not after an hour of simulation.
  std::unique_ptr<OutputFiles> files;
  if (c.frontend == Frontend::kClustersim) {
    std::vector<std::string> inputs = TraceInputs(c);
    inputs.insert(inputs.end(),
                  {c.capacity_schedule_file, c.cluster.cluster_file, c.cluster.catalog_file, c.cluster.caps_file});
    auto set = OutputFiles::IntoDirectory(c.output_dir, inputs);
    if (!set.ok()) return Fail(c, err, set.status());
    files = set.take();
  } else {
    files = OutputFiles::AsNamedFiles();
    std::vector<std::string> inputs = TraceInputs(c);
    inputs.push_back(c.capacity_schedule_file);
    const auto [sched, res] = SimulatorOutputNames(c);
    if (Status st = CheckNamedOutputs({{"-o", sched}, {"-R", res}}, inputs); !st.ok()) return Fail(c, err, st);
  }

  LoadOptions lo = c.load;
  lo.swf.replay = c.replay_requested || c.warm_start != kNoTime;  // a warm start needs the recorded starts
  lo.swf.keep_negative_submits = c.engine.policy.compat == Compat::kRlScheduler;  // its windows, not the engine
  auto loaded = c.trace_is_list ? LoadTraceList(c.trace, lo, &diag) : LoadTrace(c.trace, lo, &diag);
  if (!loaded.ok())  // a trace the user did not type is named by where it came from
    return Fail(c, err, c.trace_from_env ? Status::Error(loaded.status().message() + " (the trace SIM_WORKLOAD_TRACE_PATH names)")
                                         : loaded.status());
  LoadedTrace lt = loaded.take();
  Workload w = std::move(lt.workload);
  // Every record dropped by the input rules: a run would report zeros and
  // exit 0, a result nobody should trust. Stop, and say what keeps them.
  if (w.jobs.empty() && diag.TotalOf(Severity::kSkip) + diag.Filtered() > 0)
    return Fail(c, err, Status::Error(NoJobReason(c.trace, lt.format, diag, ", so there is nothing to simulate")));
  const bool is_swf = lt.format == TraceFormat::kSwf;
  // (An SWF log keeps its starts under a warm start whatever the flag says.)
  if (c.warm_start != kNoTime && c.load.csv.force_simulation && !is_swf)
    return Fail(c, err, Status::Error("--sim_start_time replays the jobs begun before T from their recorded starts, "
                                      "which --force-simulation discards; leave it out (jobs from T on are simulated)"));
  if (is_swf && c.load.swf.procs_per_node == 0 && c.load.swf.policy != SwfPolicy::kRlScheduler)
    w.unit_name = "processors";  // SWF counts processors unless asked for whole nodes
  // (SWF/CSV under --execution work turn the chosen run time into work: the mode counts there.)
  if (c.run_time.mode != RunTimeMode::kActual && w.work_based())
    return Fail(c, err, Status::Error("--run_time_mode: work-based jobs run as long as their work takes"));
  if (c.load.jsonl.time_scale != 1 && lt.format != TraceFormat::kJsonl)
    return Fail(c, err, Status::Error(c.trace + ": --time-scale scales a JSONL trace's submit offsets; this trace's "
                                                "times are its own (it would be ignored)"));
  if (c.load.csv.pcon && lt.format != TraceFormat::kCsv)
    return Fail(c, err, Status::Error(c.trace + ": --trace_type pcon reads the avgpcon, minpcon and maxpcon columns "
                                                "of a dr_evt CSV; this trace is not one"));
  // Lassen and .trace times are read in PST8PDT whatever --timezone says (dr_evt hard-codes it).
  const bool llnl = lt.format == TraceFormat::kLassen || lt.format == TraceFormat::kLegacyTrace;
  for (auto [flag, text, t] : {std::tuple{"--max_time", &c.max_time_calendar, &c.engine.max_time},
                                std::tuple{"--sim_start_time", &c.warm_start_calendar, &c.warm_start}}) {
    if (text->empty()) continue;
    if (llnl) {  // a calendar time on the clock the trace's times were read on
      auto local = ParseCalendarTime(*text, c.load.llnl.timezone);
      if (!local.ok()) return Fail(c, err, local.status());
      if (local.value()) *t = *local.value();  // (it parsed in --timezone: the same text parses here)
      continue;
    }
    if (!is_swf) continue;
    auto placed = SwfCalendarTime(w, c.trace, flag, *text, c.load.csv.timezone, c.timezone_given);
    if (!placed.ok()) return Fail(c, err, placed.status());
    *t = placed.value();
    if (!c.quiet)
      fmt::print(err, "{}: {} {} is t = {} s on the log's clock\n", c.trace, flag, *text,
                 FormatTime(*t, TimeFormat::kExact));
  }
  WarmStart warm;
  if (c.warm_start != kNoTime && c.warm_start < 0)  // the trace's rows start at 0 (io/row_reader.h)
    return Fail(c, err, Status::Error(fmt::format("--sim_start_time {} s is before time 0, where the simulation "
                                                  "clock starts", FormatTime(c.warm_start, TimeFormat::kExact))));
  if (c.warm_start != kNoTime) {
    if (!c.cluster.cluster_file.empty())
      return Fail(c, err, Status::Error("--sim_start_time runs on a node-count machine, not with --cluster"));
    auto ws = ApplyWarmStart(c.warm_start, &w);
    if (!ws.ok()) return Fail(c, err, ws.status());
    warm = ws.value();
    if (!c.quiet)
      fmt::print(err,
                 "{}: warm start at t = {} s: {} running then {} replayed to their recorded end (not in the "
                 "outputs), {} had ended, {} waiting then {} excluded; {} {} scheduled\n",
                 c.trace, FormatTime(c.warm_start, TimeFormat::kExact),
                 CountOf(static_cast<std::int64_t>(warm.running), "job"), warm.running == 1 ? "is" : "are",
                 warm.finished, CountOf(static_cast<std::int64_t>(warm.excluded), "job"),
                 warm.excluded == 1 ? "is" : "are",
                 CountOf(static_cast<std::int64_t>(w.jobs.size() - warm.running), "job"),
                 w.jobs.size() - warm.running == 1 ? "is" : "are");
  }
  // schedule.swf rewrites one simulated SWF log (a warm start simulates);
  // elsewhere it was skipped without a word.
  if (c.frontend == Frontend::kClustersim && c.write_swf &&
      (!is_swf || c.trace_is_list || c.load.swf.policy == SwfPolicy::kBatsim || w.mode != TraceMode::kSimulation))
    return Fail(c, err, Status::Error("--outputs swf: schedule.swf rewrites one simulated SWF log (not CSV, a list of "
                                      "logs, --swf-policy batsim or a replay)"));
  if (w.mode == TraceMode::kReplay && !c.replay_requested && c.frontend == Frontend::kClustersim && !c.quiet)
    fmt::print(err,
               "{}: the trace records start and end times, so `simulate` replays them; to schedule it, add "
               "--force-simulation\n",
               c.trace);
  if (w.mode == TraceMode::kReplay && !c.replay_ignores.empty() && !c.quiet)
    fmt::print(err, "{}: the trace records start and end times and is replayed, as dr_evt does: {} had no effect; "
               "add --force_simulation to schedule it\n", c.trace, fmt::join(c.replay_ignores, ", "));
  if (Status st = CheckTraceFitsRun(c, w); !st.ok()) return Fail(c, err, st);
  const bool on_cluster = !c.cluster.cluster_file.empty();
  if (!c.capacity_schedule_file.empty()) {
    if (on_cluster) return Fail(c, err, Status::Error("--capacity_schedule runs on a node-count machine, not with --cluster"));
    if (w.mode == TraceMode::kReplay)  // recorded times: a schedule would be ignored
      return Fail(c, err, Status::Error(c.trace + ": --capacity_schedule shapes a simulation, but the trace records "
                                                  "start and end times and is replayed; add --force-simulation"));
    auto cs = ReadCapacitySchedule(c.capacity_schedule_file, llnl ? c.load.llnl.timezone : c.load.csv.timezone,
                                   w.capacity, c.warm_start != kNoTime ? kNoTime : 0);
    if (!cs.ok()) return Fail(c, err, cs.status());
    c.engine.capacity_schedule = cs.take();
  }
  if (c.max_jobs >= 0 && w.jobs.size() > static_cast<std::size_t>(c.max_jobs))
    KeepJobRange(&w, 0, static_cast<std::size_t>(c.max_jobs));  // SWF: the first jobs by submit time
  if (Status st = ApplySlice(c, &w); !st.ok()) return Fail(c, err, st);
  // A warm start puts the historical jobs first; the others are scheduled.
  const std::size_t first_scheduled = w.warm_running;
  if (w.jobs.size() <= first_scheduled)
    return Fail(c, err,
                Status::Error(c.warm_start != kNoTime
                                  ? c.trace + ": no job is submitted from the warm start time on, so there is "
                                              "nothing to schedule"
                                  : c.trace + ": holds no job records, so there is nothing to simulate"));
  // Every job submitted after --max_time: all would be "not submitted".
  const SimTime first_submit = w.jobs[first_scheduled].submit;
  if (c.engine.max_time != kTimeInfinity && first_submit > c.engine.max_time)
    return Fail(c, err,
                Status::Error(fmt::format(
                    "{}: --max_time is t = {} s, before the first job is submitted (t = {} s), so no job would run; "
                    "a duration (86400, 24h, 1d) counts from t = 0 on the trace's clock{}",
                    c.trace, FormatTime(c.engine.max_time, TimeFormat::kExact), FormatTime(first_submit, TimeFormat::kExact),
                    is_swf || !c.max_time_calendar.empty()
                        ? ""
                        : ", which for calendar times is 1970-01-01; give a calendar time instead")));
  // Every job (submitted by T) larger than the machine: all would be
  // rejected, a summary of zeros. (A cluster decides fit as it runs; a
  // capacity schedule rejects by --total_nodes too; replay rejects nothing;
  // dr_evt's `simulator` writes its empty schedule.)
  if (!on_cluster && w.mode != TraceMode::kReplay && c.frontend == Frontend::kClustersim) {
    std::int64_t smallest = std::numeric_limits<std::int64_t>::max(), by_t = smallest;
    for (std::size_t i = first_scheduled; i < w.jobs.size(); ++i) {
      smallest = std::min(smallest, w.jobs[i].units);
      if (w.jobs[i].submit <= c.engine.max_time) by_t = std::min(by_t, w.jobs[i].units);
    }
    const bool cut = smallest <= w.capacity;  // a later job would fit: -t left it out
    if (by_t > w.capacity)
      return Fail(c, err,
                  Status::Error(fmt::format("{}: every job {}asks for more than the machine's {} {} (the smallest asks "
                                            "{}), so all would be rejected and none would run; give --total_nodes {} "
                                            "or more{}",
                                            c.trace,
                                            cut ? fmt::format("submitted by --max_time (t = {} s) ",
                                                              FormatTime(c.engine.max_time, TimeFormat::kExact))
                                                : "",
                                            w.capacity, w.unit_name, by_t, by_t, cut ? " or a later --max_time" : "")));
  }
  const double load_s = Since(t0);

  if (Status st = ApplyRunTimeModel(c.run_time, &w, &diag); !st.ok()) return Fail(c, err, st);
  std::unique_ptr<ClusterSetup> cluster;
  if (on_cluster) {
    const bool whole_nodes = !is_swf || c.load.swf.procs_per_node > 0 || c.load.swf.policy == SwfPolicy::kRlScheduler;
    auto set = SetUpCluster(c.cluster, c.engine.policy, whole_nodes, &w, &diag);
    if (!set.ok()) return Fail(c, err, set.status());
    cluster = set.take();
    // EASY's extra-nodes rule on nodes that are not interchangeable asks the
    // pool about each long candidate that fits: an overloaded pass costs the
    // whole queue. Off there unless --extra-nodes on (README).
    if (!cluster->pool->exact_units() && !c.extra_nodes_given) c.engine.policy.extra_nodes = false;
  }
  if (Status st = CheckSimulableHorizon(w, c.engine); !st.ok()) return Fail(c, err, st);

  if (c.engine.policy.compat == Compat::kRlScheduler && c.write_report)
    return Fail(c, err, Status::Error("--report: --compat rlscheduler evaluates windows (windows.csv), not one "
                                      "schedule; there is no report for it"));
  if (c.engine.policy.compat == Compat::kRlScheduler) {
    if (SortInJobNumberOrder(&w))
      diag.Report(c.trace, 0, "job_number_order",
                  "--compat rlscheduler takes the jobs in job-number order, as RLScheduler does (not in submit "
                  "order); a job submitted before the clock arrives at the clock",
                  Severity::kWarning);
    return RunRlWindows(c, w, diag, files.get(), out, err, t0);
  }

  // Output names: clustersim's fixed names in its directory, or dr_evt's
  // files (a replay's schedule too: dr_evt writes it, with the input's
  // times, and the seed's replay test reads it).
  std::string sched_name, res_name, jobs_name, summary_name;
  if (c.frontend == Frontend::kSimulator) {
    std::tie(sched_name, res_name) = SimulatorOutputNames(c);
  } else {
    if (c.write_schedule) sched_name = "schedule.csv";
    if (c.write_resources) res_name = "resources.csv";
    if (c.write_jobs) jobs_name = "jobs.csv";
    if (c.write_summary) summary_name = "summary.json";
  }
  const TimeFormat tf = c.time_format;
  // The resource trace is streamed while the engine runs.
  std::optional<ResourceTrace> resources;
  if (!res_name.empty()) {
    auto f = files->Open(res_name);
    if (!f.ok()) return Fail(c, err, f.status());
    resources.emplace(w.capacity, tf, f.value(), &w);
  }

  std::optional<ScheduleChecker> checker;  // per-job state: only when asked for
  if (c.check) {
    checker.emplace(w, c.engine);
    checker->set_variable_durations(cluster && cluster->work);
  }
  VerboseLog verbose(w, w.capacity, tf, &out);
  std::vector<EngineObserver*> observers;
  if (resources) observers.push_back(&*resources);
  if (checker) observers.push_back(&*checker);
  if (c.verbose) observers.push_back(&verbose);
  // A progress line for long runs on a terminal; not attached otherwise.
  std::optional<ProgressMeter> progress;
  if (!c.quiet && !c.verbose && StderrIsTerminal()) {
    // Under --max_time the jobs submitted after it never run: not counted.
    const auto jobs = std::count_if(w.jobs.begin(), w.jobs.end(),
                                    [&](const Job& j) { return j.submit <= c.engine.max_time; });
    progress.emplace(err, jobs, ProgressMeter::SteadySeconds, ProgressDelaySeconds(), StderrColumns());
    observers.push_back(&*progress);
  }
  // A cluster run also logs placements and checks every node.
  std::optional<PlacementLog> placements;
  std::optional<ClusterChecker> cluster_checker;
  ClusterRun run_on;
  if (cluster) {
    TextSink* sink = nullptr;
    if (c.frontend == Frontend::kClustersim && c.write_placements) {
      auto f = files->Open("placements.csv");
      if (!f.ok()) return Fail(c, err, f.status());
      sink = f.value();
    }
    placements.emplace(w, *cluster->pool, tf, sink);
    observers.push_back(&*placements);
    if (c.check) {
      cluster_checker.emplace(w, *cluster->pool, cluster->work.get(), ToSeconds(c.cluster.work.tick),
                              c.engine.max_time == kTimeInfinity);
      observers.push_back(&*cluster_checker);
    }
    run_on = {cluster->pool.get(), cluster->work.get(), cluster->controller.get()};
  }
  // Work-based runs sample power and temperatures as they go.
  std::optional<TimeseriesWriter> timeseries;
  if (cluster && cluster->work && c.frontend == Frontend::kClustersim && c.write_timeseries) {
    if (Status st = CheckTimeseriesSize(w, *cluster, c.timeseries_interval); !st.ok()) return Fail(c, err, st);
    auto f = files->Open("timeseries.csv");
    if (!f.ok()) return Fail(c, err, f.status());
    TextSink* node_sink = nullptr;
    std::vector<NodeId> chosen;
    if (c.timeseries_nodes_given) {
      for (NodeId n = 0; n < cluster->cluster.nodes.size(); ++n)
        if (c.timeseries_nodes.Matches(cluster->cluster.nodes[n])) chosen.push_back(n);
      if (chosen.empty())
        return Fail(c, err, Status::Error("--timeseries-nodes: '" + c.timeseries_nodes.ToString() +
                                          "' matches no node of the cluster"));
      auto nf = files->Open("node_timeseries.csv");
      if (!nf.ok()) return Fail(c, err, nf.status());
      node_sink = nf.value();
    }
    timeseries.emplace(cluster->cluster, tf, f.value(), node_sink, std::move(chosen));
    cluster->work->SetSampler(&*timeseries, c.timeseries_interval, c.timeseries_every_event);
  }

  const auto t1 = Clock::now();
  if (progress) diag.set_before_echo([&] { progress->Interrupt(); });
  RunResult r = w.mode == TraceMode::kReplay ? Replay(w, c.engine, observers, &diag)
                                             : Simulate(w, c.engine, observers, &diag, run_on);
  diag.set_before_echo({});
  const double sim_s = Since(t1);
  if (checker && !checker->status().ok())
    return Fail(c, err, Status::Error(c.trace + ": " + checker->status().message()), 2);
  if (cluster_checker && !cluster_checker->status().ok())
    return Fail(c, err, Status::Error(c.trace + ": " + cluster_checker->status().message()), 2);
  if (cluster && cluster->work && !cluster->work->status().ok()) return Fail(c, err, cluster->work->status());
  if (cluster && cluster->controller && !cluster->controller->status().ok())
    return Fail(c, err, cluster->controller->status());
  if (cluster) ReportStuckJobs(c, *cluster, r, &diag);
  if (!cluster && w.mode == TraceMode::kSimulation) ReportJobsAboveFinalCapacity(c, w, r, &diag);

  const auto t2 = Clock::now();
  DropWarmStartJobs(warm.running, &w, &r);  // replayed history is not in outputs or statistics
  Summary s = ComputeSummary(w, r, c.bsld_tau_s);
  // dr_evt queues every loaded job up front (dr_evt-compat §6.1), less the
  // oversized; a list of logs is queued a file at a time.
  const std::int64_t queued = w.mode == TraceMode::kSimulation && !c.trace_is_list ? s.jobs - s.rejected : s.peak_queue;
  if (c.wait_queue_abort_capacity > 0 && queued > c.wait_queue_abort_capacity)
    return Fail(c, err,
                Status::Error(fmt::format("{}: the wait queue holds {} jobs, beyond --wait_queue_capacity {}, and "
                                          "--wait_queue_overflow is abort (dr_evt stops here); use -G grow",
                                          c.trace, queued, c.wait_queue_abort_capacity)));
  const std::string input_format = is_swf                                    ? "swf"
                                   : lt.format == TraceFormat::kJsonl       ? "jsonl"
                                   : lt.format == TraceFormat::kLassen      ? "lassen"
                                   : lt.format == TraceFormat::kLegacyTrace ? "trace"
                                                                            : "csv";
  RunInfo info = DescribeRun(c, w, input_format, cluster.get());
  // summary.json names the input's SHA-256 (on a thread beside the run it
  // cost more, the two faulting pages in under one lock).
  if (!summary_name.empty())
    if (auto h = InputSha256(TraceInputs(c)); h.ok()) info.input_sha256 = h.value();

  if (!sched_name.empty()) {
    auto f = files->Open(sched_name);
    if (!f.ok()) return Fail(c, err, f.status());
    const bool ours = c.frontend == Frontend::kClustersim;
    WriteScheduleCsv(w, r.runs, tf, f.value(), ours);
    if (ours) {
      auto rej = files->Open("rejected.csv");
      if (!rej.ok()) return Fail(c, err, rej.status());
      WriteRejectedCsv(w, r.runs, tf, rej.value());
    }
  }
  // schedule.swf: a simulated SWF log, the input with the simulated waits and
  // runs (swf-and-metrics.md §4.3). Not for a list of logs, nor for batsim,
  // which renumbers the jobs.
  if (c.frontend == Frontend::kClustersim && c.write_swf && input_format == "swf" && !c.trace_is_list &&
      c.load.swf.policy != SwfPolicy::kBatsim && w.mode == TraceMode::kSimulation) {
    auto text = ReadFile(c.trace);
    if (!text.ok()) return Fail(c, err, text.status());
    auto f = files->Open("schedule.swf");
    if (!f.ok()) return Fail(c, err, f.status());
    WriteSimulatedSwf(text.value().view(), w, r.runs, tf, f.value());
  }
  WorkReport report;
  if (cluster) {
    report.workload = &w;
    report.result = &r;
    report.placements = &*placements;
    report.work = cluster->work.get();
    report.cluster = &cluster->cluster;
    report.performance = cluster->performance;
    report.nominal_s = cluster->nominal_s;
    if (cluster->work) report.engine = EnumNameOf(power::kWorkEngineNames, c.cluster.work.engine);
    if (cluster->work) report.model = DescribeWorkModel(c.cluster);
    report.tick_s = ToSeconds(c.cluster.work.tick);
    report.makespan_s = s.makespan_s;
    for (const auto& [role, path] : {std::pair{"cluster", c.cluster.cluster_file},
                                     std::pair{"catalog", c.cluster.catalog_file}, std::pair{"caps", c.cluster.caps_file}}) {
      if (path.empty()) continue;
      auto h = InputSha256({path});
      report.inputs.push_back({role, path, h.ok() ? h.value() : std::string()});
    }
    for (const OperatingRule& rule : c.cluster.rules) report.operating_rules.push_back(DescribeRule(rule));
    if (c.cluster.power_policy.policy != power::PowerPolicy::kNone) {
      report.power_policy = EnumNameOf(power::kPowerPolicyNames, c.cluster.power_policy.policy);
      report.policy_options = c.cluster.power_policy;
      report.performance_nodes = cluster->policy.performance_nodes;
      report.families = cluster->policy.families;
      report.controller = cluster->controller.get();
    }
  }
  if (!jobs_name.empty()) {
    auto f = files->Open(jobs_name);
    if (!f.ok()) return Fail(c, err, f.status());
    const JobsCsvExtra extra = cluster ? WorkJobsColumns(report) : JobsCsvExtra{};
    WriteJobsCsv(w, r.runs, s.bsld_tau_s, f.value(), cluster ? &extra : nullptr);
  }
  const std::string work_json = cluster ? WorkSummaryJson(report) : std::string();
  if (cluster && cluster->controller && c.frontend == Frontend::kClustersim && c.write_policy) {
    auto f = files->Open("policy.csv");
    if (!f.ok()) return Fail(c, err, f.status());
    WritePolicyCsv(*cluster->controller, tf, f.value());
  }
  if (cluster && cluster->work && c.frontend == Frontend::kClustersim && c.write_nodes) {
    auto f = files->Open("nodes.csv");
    if (!f.ok()) return Fail(c, err, f.status());
    WriteNodesCsv(report, f.value());
    auto d = files->Open("devices.csv");
    if (!d.ok()) return Fail(c, err, d.status());
    WriteDevicesCsv(report, d.value());
  }
  if (!summary_name.empty()) {
    auto f = files->Open(summary_name);
    if (!f.ok()) return Fail(c, err, f.status());
    f.value()->buf = SummaryJson(s, info, diag, work_json);
  }
  const double write_s = Since(t2);
  if (c.frontend == Frontend::kClustersim) {
    auto f = files->Open("timing.json");
    if (!f.ok()) return Fail(c, err, f.status());
    f.value()->buf = TimingJson({load_s, sim_s, write_s, Since(t0)});
  }
  // Every file is complete: publish them together.
  if (Status st = files->Publish(c.write_report); !st.ok()) return Fail(c, err, st);
  const double wall_s = Since(t0);
  if (!c.quiet) {
    if (c.frontend == Frontend::kSimulator)
      PrintDrEvtStats(out, s, r, info, diag, wall_s,
                      c.engine.max_time != kTimeInfinity ? c.engine.max_time : r.end_time);
    else
      PrintHumanSummary(out, s, info, diag, wall_s);
    if (cluster) PrintClusterSummary(out, c, *cluster, work_json);
    if (checker) fmt::print(out, "  check: all invariants hold ({} events)\n", checker->checks());
    if (c.write_report) fmt::print(out, "  report: {}\n", (std::filesystem::path(c.output_dir) / "report.html").string());
  }
  return 0;
}

}  // namespace clustersim
