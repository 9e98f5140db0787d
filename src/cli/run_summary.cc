#include "cli/run_summary.h"

#include <cctype>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <nlohmann/json.hpp>

#include "io/time_format.h"

namespace clustersim {

// Every time and average in seconds, exact to the microsecond with trailing
// zeros trimmed, so no line shows float noise or a truncated time beside a
// precise one.
namespace {

std::string Seconds(double s) {
  return FormatTime(static_cast<SimTime>(std::llround(s * kTicksPerSecond)), TimeFormat::kExact);
}

// How run times were chosen; with a sampled distribution, everything that
// reproduces the draw, the seed included (dr_evt-compat.md §5.4).
std::string RunTimeLine(const RunInfo& info) {
  if (info.run_time_mode != "distribution") return info.run_time_mode;
  return fmt::format("distribution {}, scale {}, stddev {}, {} formulas, seed {}", info.run_time_distribution,
                     info.run_time_scale, info.run_time_stddev, info.run_time_compat, info.seed);
}

}  // namespace

std::vector<std::string> InputReport(const RunInfo& info, const Diagnostics& diag) {
  std::vector<std::string> lines;
  const auto per_rule = [](const std::map<std::string, std::int64_t>& counts) {
    std::string out;
    for (const auto& [rule, n] : counts) out += fmt::format(" {} {}", rule, n);
    return out;
  };
  if (diag.TotalOf(Severity::kSkip) > 0)
    lines.push_back(fmt::format("skipped {}:{}", CountOf(diag.TotalOf(Severity::kSkip), "input record"),
                                per_rule(diag.CountsOf(Severity::kSkip))));
  if (diag.Filtered() > 0)
    lines.push_back(fmt::format("dropped by the legacy queue filter (queue neither pbatch* nor pall): {}",
                                CountOf(diag.Filtered(), "record")));
  if (const auto changed = diag.Changed(); !changed.empty())
    lines.push_back(
        fmt::format("changed by {}:{}", info.swf_policy.empty() ? "input rules" : info.swf_policy, per_rule(changed)));
  if (diag.TotalOf(Severity::kWarning) > 0)
    lines.push_back(fmt::format("warnings:{}", per_rule(diag.CountsOf(Severity::kWarning))));
  return lines;
}

void PrintDrEvtStats(std::ostream& out, const Summary& s, const RunResult& r, const RunInfo& info,
                     const Diagnostics& diag, double wall_s, SimTime current_time) {
  // The resolved configuration first, as dr_evt prints it before its block.
  fmt::print(out, "Input: {} ({}, {} loaded)\n", info.input, info.mode, CountOf(info.jobs_loaded, "job"));
  for (std::string line : InputReport(info, diag)) {
    line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
    fmt::print(out, "{}\n", line);
  }
  if (info.mode == "simulation") {
    fmt::print(out, "Policy: {}\n", info.policy);
    const bool fell_back = info.run_time_mode == "actual" && diag.Count("actual_falls_back_to_limit") > 0;
    fmt::print(out, "Run time: {}{}\n", RunTimeLine(info), fell_back ? " (no run time column: jobs run their limit)" : "");
  }
  // dr_evt counts a job as submitted when it starts.
  std::int64_t started = s.completed + s.killed;
  for (const JobRun& run : r.runs) started += run.state == JobState::kUnfinished && run.begin != kNoTime;
  fmt::print(out, "=== Simulation Statistics ===\n");
  fmt::print(out, "Total jobs: {}\n", s.jobs);
  fmt::print(out, "Jobs submitted: {}\n", started);
  fmt::print(out, "Jobs completed: {}\n", s.completed + s.killed);
  fmt::print(out, "Current time: {}\n", FormatTime(current_time, TimeFormat::kExact));
  fmt::print(out, "Total nodes: {}\n", r.capacity);
  fmt::print(out, "Average wait time: {} sec\n", Seconds(s.mean_wait_s));
  fmt::print(out, "Average turnaround time: {} sec\n", Seconds(s.mean_turnaround_s));
  fmt::print(out, "Makespan: {} sec\n", Seconds(s.makespan_s));
  fmt::print(out, "Average queue length: {:.6g} jobs (per scheduling pass; time-weighted {:.6g})\n",
             s.mean_queue_per_pass, s.mean_queue_time_weighted);
  fmt::print(out, "Peak queue length: {} jobs\n", s.peak_queue);
  if (s.killed > 0)
    fmt::print(out, "Jobs killed at time limit: {} (run time cut by {} sec in total; --overrun clip)\n", s.killed,
               Seconds(s.killed_cut_s));
  fmt::print(out, "Wall clock time: {:.3f} sec\n", wall_s);
}

// A few lines for a run on a cluster: what ran where, the energy, and per
// intent class what the power settings cost in job time and what the jobs
// drew (the energy what-if: compare two runs' lines).
void PrintClusterSummary(std::ostream& out, const RunConfig& c, const ClusterSetup& cs, const std::string& work_json) {
  const nlohmann::json j = nlohmann::json::parse(work_json);
  fmt::print(out, "  cluster: {} nodes of {} types, {} GPUs, {} execution{}, placement {}\n", cs.cluster.nodes.size(),
             cs.cluster.types.size(), cs.cluster.total_gpus(), cs.work ? "work-based" : "fixed-duration",
             cs.work ? fmt::format(" ({} engine, {})", EnumNameOf(power::kWorkEngineNames, c.cluster.work.engine),
                                   c.cluster.work.tick > 0 ? fmt::format("tick {} s", ToSeconds(c.cluster.work.tick))
                                                           : std::string("exact events"))
                     : std::string(),
             EnumNameOf(kPlacementNames, c.cluster.placement));
  if (j.contains("power_policy"))
    fmt::print(out, "  power policy {}: {} of {} nodes performance ({} hardware families){}\n",
               j["power_policy"]["policy"].get<std::string>(), cs.policy.performance_nodes, cs.cluster.nodes.size(),
               cs.policy.families,
               static_cast<std::size_t>(cs.policy.performance_nodes) < cs.cluster.nodes.size() ? ", the rest eco" : "");
  if (j.contains("power_policy") && j["power_policy"].contains("reconciles")) {
    const nlohmann::json& p = j["power_policy"];
    fmt::print(out, "  policy C: {} reconciles every {} s changed {} node states; performance nodes {}-{}, mean {:.2f}\n",
               p["reconciles"].get<std::int64_t>(), p["reconcile_interval_s"].get<double>(),
               p["node_state_changes"].get<std::int64_t>(), p["performance_nodes_min"].get<std::int64_t>(),
               p["performance_nodes_max"].get<std::int64_t>(), p["performance_nodes_mean"].get<double>());
  }
  if (!cs.work) return;
  constexpr double kJoulesPerKwh = 3.6e6;
  if (j.contains("energy")) {
    const nlohmann::json& e = j["energy"];
    fmt::print(out,
               "  energy: IT {:.2f} kWh (jobs {:.2f}, idle {:.2f}), facility {:.2f} kWh, PUE {}; "
               "IT power mean {:.2f} kW, peak {:.2f} kW\n",
               e["it_energy_j"].get<double>() / kJoulesPerKwh, e["jobs_energy_j"].get<double>() / kJoulesPerKwh,
               e["idle_energy_j"].get<double>() / kJoulesPerKwh, e["facility_energy_j"].get<double>() / kJoulesPerKwh,
               e["pue"].is_number() ? fmt::format("{:.4f}", e["pue"].get<double>()) : std::string("n/a"),
               e["mean_it_power_w"].get<double>() / 1e3,
               e["peak_it_power_w"].get<double>() / 1e3);
  }
  for (const char* cls : {"performance", "standard"}) {
    const nlohmann::json& k = j["classes"][cls];
    if (k["jobs"].get<std::int64_t>() == 0) continue;
    const nlohmann::json& ps = k["power_slowdown"];
    const std::int64_t killed = k["killed_at_limit"].get<std::int64_t>();
    // No completed job, no slowdown: "0.0000" would read as a value.
    const std::string slowdown =
        ps["jobs"].get<std::int64_t>() == 0
            ? std::string("power slowdown n/a")
            : fmt::format("power slowdown mean {:.4f} p50 {:.4f} p99 {:.4f} max {:.4f}", ps["mean"].get<double>(),
                          ps["p50"].get<double>(), ps["p99"].get<double>(), ps["max"].get<double>());
    const std::int64_t pods = k["pods"].get<std::int64_t>();
    fmt::print(out, "  {}: {} of {} completed{}{}, {}{}\n", cls, k["completed"].get<std::int64_t>(),
               k["jobs"].get<std::int64_t>(),
               pods != k["jobs"].get<std::int64_t>()
                   ? fmt::format(" ({} of {} pods)", k["pods_completed"].get<std::int64_t>(), pods)
                   : "",
               killed > 0 ? fmt::format(", {} killed at their limit", killed) : "",
               slowdown,
               k.contains("energy_j") ? fmt::format(", energy {:.2f} kWh", k["energy_j"].get<double>() / kJoulesPerKwh)
                                      : std::string());
  }
}

void PrintHumanSummary(std::ostream& out, const Summary& s, const RunInfo& info, const Diagnostics& diag,
                       double wall_s) {
  fmt::print(out, "clustersim: {} of {} ({}, {} {}, {})\n", info.mode, info.input, CountOf(info.jobs_loaded, "job"),
             info.capacity, info.units, info.mode == "replay" ? "recorded times" : info.policy);
  if (!info.capacity_schedule.empty())
    fmt::print(out, "  capacity schedule {}: {}, {} {}\n", info.capacity_schedule, CountOf(info.capacity_changes, "change"),
               info.capacity_min == info.capacity_max
                   ? fmt::format("to {}", info.capacity_min)
                   : fmt::format("between {} and {}", info.capacity_min, info.capacity_max),
               info.units);
  if (info.mode == "simulation" && info.run_time_mode == "distribution")
    fmt::print(out, "  run times: {}\n", RunTimeLine(info));
  for (const std::string& line : InputReport(info, diag)) fmt::print(out, "  {}\n", line);
  fmt::print(out, "  completed {}  killed at limit {}  rejected {}  unfinished {}  backfilled {}\n", s.completed,
             s.killed, s.rejected, s.unfinished, s.backfilled);
  if (s.not_submitted > 0)
    fmt::print(out, "  not submitted {} (submitted after --max_time)\n", s.not_submitted);
  // A work-based job killed at its limit lost work, not trace time (its cut is 0).
  if (s.killed_cut_jobs > 0)
    fmt::print(out,
               "  killing at the limit (--overrun clip) shortened the run times of {} by {:.0f} s in total, {:.1f} s "
               "mean; --overrun allow lets them run\n",
               CountOf(s.killed_cut_jobs, "job"), s.killed_cut_s, s.killed_cut_s / static_cast<double>(s.killed_cut_jobs));
  if (const std::int64_t stopped = s.killed - s.killed_cut_jobs; stopped > 0)
    fmt::print(out,
               "  killing at the limit (--overrun clip) stopped {} with work left (caps or sharing slowed them past "
               "their limit); --overrun allow lets them finish\n",
               CountOf(stopped, "job"));
  fmt::print(out, "  makespan {:.0f} s  mean wait {:.1f} s  max wait {:.0f} s  mean bsld {:.3f}  utilisation {:.4f}\n",
             s.makespan_s, s.mean_wait_s, s.max_wait_s, s.mean_bsld, s.utilisation);
  fmt::print(out, "  queue: mean {:.2f} (time-weighted), peak {}\n", s.mean_queue_time_weighted, s.peak_queue);
  fmt::print(out, "  wall time {:.3f} s\n", wall_s);
}

RunInfo DescribeRun(const RunConfig& c, const Workload& w, const std::string& input_format,
                    const ClusterSetup* cluster) {
  RunInfo info;
  info.input = c.trace;
  info.input_format = input_format;
  info.mode = w.mode == TraceMode::kReplay ? "replay" : "simulation";
  info.units = w.unit_name;
  if (cluster != nullptr)
    info.units = cluster->pool->units() == PoolUnits::kMillicores ? "millicores"
                 : cluster->pool->units() == PoolUnits::kCores    ? "cores"
                                                                  : "nodes";
  info.swf_policy = input_format == "swf" ? SwfPolicyName(c.load.swf.policy) : "";
  if (input_format == "swf") {
    info.size_source = EnumNameOf(kSizeSourceNames, c.load.swf.size_source);
    info.estimate_fill = EnumNameOf(kEstimateFillNames, c.load.swf.estimate_fill);
  }
  info.policy = DescribePolicy(c.engine.policy);
  const EventTiming& tm = c.engine.timing;
  info.event_order = EnumNameOf(kEventOrderNames, tm.order);
  info.schedule_per = EnumNameOf(kSchedulePerNames, tm.per);
  info.free_from = EnumNameOf(kFreeFromNames, tm.free_from);
  info.shadow_ties = EnumNameOf(kShadowTiesNames, c.engine.policy.shadow_ties_first);
  if (!(tm == EventTiming{}))  // the summary's Policy line says when passes run
    info.policy += fmt::format(" [{}, a pass per {}, free from {}]", info.event_order, info.schedule_per,
                               info.free_from);
  info.compat = CompatName(c.engine.policy.compat);
  info.run_time_mode = RunTimeModeName(c.run_time.mode);
  info.run_time_distribution = DistributionName(c.run_time.distribution);
  info.run_time_compat = c.run_time.compat == RunTimeCompat::kDrEvt ? "dr_evt" : "spec";
  info.run_time_scale = c.run_time.scale;
  info.run_time_stddev = c.run_time.stddev;
  info.seed = c.run_time.seed;
  info.overrun = c.engine.overrun == Overrun::kClip ? "clip" : "allow";
  info.capacity = w.capacity;
  info.jobs_loaded = static_cast<std::int64_t>(w.jobs.size());
  info.max_time = c.engine.max_time;
  info.sim_start_time = c.warm_start;
  if (!c.engine.capacity_schedule.empty()) {
    info.capacity_schedule = c.capacity_schedule_file;
    info.capacity_changes = static_cast<std::int64_t>(c.engine.capacity_schedule.size());
    info.capacity_steps = c.engine.capacity_schedule;
    info.capacity_min = info.capacity_max = c.engine.capacity_schedule.front().units;
    for (const CapacityChange& ch : c.engine.capacity_schedule) {
      info.capacity_min = std::min(info.capacity_min, ch.units);
      info.capacity_max = std::max(info.capacity_max, ch.units);
    }
  }
  if (c.slice_start != 0 || c.slice_count >= 0) info.jobs_slice = fmt::format("{}:{}", c.slice_start, c.slice_count);
  if (w.mode == TraceMode::kReplay) {
    // Nothing scheduled and no run time drawn: the record says so rather
    // than naming options a replay never used.
    info.policy = "replay (recorded times)";
    info.run_time_mode = "recorded";
    info.run_time_distribution = info.event_order = info.schedule_per = info.free_from = info.shadow_ties = "";
  }
  return info;
}

void ReportJobsAboveFinalCapacity(const RunConfig& c, const Workload& w, const RunResult& r, Diagnostics* diag) {
  if (c.engine.max_time != kTimeInfinity || c.engine.capacity_schedule.empty()) return;
  const std::int64_t final_units = c.engine.capacity_schedule.back().units;
  std::int64_t waiting = 0, larger = 0;
  for (std::size_t i = 0; i < r.runs.size(); ++i)
    if (r.runs[i].state == JobState::kUnfinished && r.runs[i].begin == kNoTime) {
      ++waiting;
      larger += w.jobs[i].units > final_units;
    }
  if (waiting == 0) return;
  diag->ReportRecords(c.trace, "waiting_at_end", waiting,
               fmt::format("{} never started: the capacity schedule ends at {} {} and {} larger than that, so "
                           "nothing else could happen",
                           CountOf(waiting, "waiting job"), final_units, w.unit_name,
                           larger == 1 ? "1 of them is" : fmt::format("{} of them are", larger)),
               Severity::kWarning);
}

void ReportStuckJobs(const RunConfig& c, const ClusterSetup& cs, const RunResult& r, Diagnostics* diag) {
  if (c.engine.max_time != kTimeInfinity) return;  // a cut leaves jobs unfinished by design
  std::int64_t stalled = 0, waiting = 0;
  for (const JobRun& run : r.runs)
    if (run.state == JobState::kUnfinished) ++(run.begin != kNoTime ? stalled : waiting);
  if (cs.work && stalled > 0)
    diag->ReportRecords(c.trace, "stalled_at_end", stalled,
                 fmt::format("{} started jobs never finished: their pods stopped making progress (thermal "
                             "throttling at its full threshold, or a GPU receiver gate of fraction 0) and the "
                             "hardware settled, so the run ended",
                             stalled),
                 Severity::kWarning);
  if (cs.controller && waiting > 0) {
    std::int64_t performance = 0;
    for (const Node& n : cs.cluster.nodes) performance += n.profile == PowerProfile::kPerformance;
    diag->ReportRecords(c.trace, "waiting_at_end", waiting,
                 fmt::format("{} never started: nothing else could happen, and power policy C, with {} at the end, "
                             "would choose no performance node they fit; raise --hp-min or --hp-max, or lower "
                             "--perf-per-hp",
                             CountOf(waiting, "waiting job"), CountOf(performance, "performance node")),
                 Severity::kWarning);
  } else if (cs.work && waiting > 0) {
    // Nothing could change the nodes: the jobs' pods found no placement
    // (a gang whose pods the placement cannot put on the nodes at once, or
    // jobs queued behind one without backfilling).
    diag->ReportRecords(c.trace, "waiting_at_end", waiting,
                 fmt::format("{} never started: nothing else could happen and no placement was found for them (a gang "
                             "whose pods cannot be placed at once, or jobs queued behind it)",
                             CountOf(waiting, "waiting job")),
                 Severity::kWarning);
  }
}

}  // namespace clustersim
