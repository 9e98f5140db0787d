#include "io/summary_json.h"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/json_text.h"

namespace clustersim {
namespace {

std::string Dump(const nlohmann::json& j) { return JsonText(j) + "\n"; }

}  // namespace

std::string SummaryJson(const Summary& s, const RunInfo& info, const Diagnostics& diag, const std::string& work_json) {
  nlohmann::json j;
  if (!work_json.empty()) j["work"] = nlohmann::json::parse(work_json);
  // Batsim schedule.json keys.
  j["batsim_version"] = "clustersim";
  // Batsim's total energy: the IT energy when the run models power.
  j["consumed_joules"] = -1;
  if (j.contains("work") && j["work"].contains("energy")) j["consumed_joules"] = j["work"]["energy"]["it_energy_j"];
  j["makespan"] = s.makespan_s;
  j["max_slowdown"] = s.max_slowdown;
  j["max_turnaround_time"] = s.max_turnaround_s;
  j["max_waiting_time"] = s.max_wait_s;
  j["mean_slowdown"] = s.mean_slowdown;
  j["mean_turnaround_time"] = s.mean_turnaround_s;
  j["mean_waiting_time"] = s.mean_wait_s;
  j["nb_computing_machines"] = info.capacity;
  j["nb_jobs"] = s.jobs;
  j["nb_jobs_finished"] = s.completed + s.killed;
  j["nb_jobs_killed"] = s.killed;
  j["nb_jobs_rejected"] = s.rejected;
  j["nb_jobs_success"] = s.completed;
  j["success_rate"] = s.jobs > 0 ? static_cast<double>(s.completed) / static_cast<double>(s.jobs) : 0.0;
  // clustersim extensions.
  j["makespan_from_zero"] = s.makespan_from_zero_s;
  j["first_submit_time"] = s.first_submit_s;
  j["last_end_time"] = s.last_end_s;
  j["rms_waiting_time"] = s.rms_wait_s;
  j["rms_turnaround_time"] = s.rms_turnaround_s;
  j["rms_slowdown"] = s.rms_slowdown;
  // swf-and-metrics §3.5: finished jobs per hour of makespan.
  j["throughput_per_hour"] =
      s.makespan_s > 0 ? static_cast<double>(s.completed + s.killed) * 3600.0 / s.makespan_s : 0.0;
  j["mean_bounded_slowdown"] = s.mean_bsld;
  j["max_bounded_slowdown"] = s.max_bsld;
  j["rms_bounded_slowdown"] = s.rms_bsld;
  j["utilisation"] = {{"makespan", s.utilisation},
                      {"from_zero", s.utilisation_from_zero},
                      {"capacity_weighted", s.utilisation_capacity_weighted},
                      {"machine_states", s.utilisation_machine_states},
                      {"rlscheduler", s.utilisation_rlscheduler}};
  // NaN (a capacity schedule) is not JSON: null, which the definition explains.
  j["utilisation"]["tick_mean"] =
      std::isnan(s.utilisation_tick_mean) ? nlohmann::json(nullptr) : nlohmann::json(s.utilisation_tick_mean);
  j["node_seconds_used"] = s.node_seconds_used;
  j["node_seconds_requested"] = s.node_seconds_requested;
  j["queue_length"] = {{"mean_at_submit", s.mean_queue_at_submit},
                       {"mean_per_pass", s.mean_queue_per_pass},
                       {"mean_time_weighted", s.mean_queue_time_weighted},
                       {"peak", s.peak_queue}};
  j["killed_at_limit"] = {{"jobs", s.killed},
                          {"run_time_cut_s", s.killed_cut_s},
                          {"jobs_cut", s.killed_cut_jobs},
                          {"mean_cut_s", s.killed_cut_jobs > 0
                                             ? s.killed_cut_s / static_cast<double>(s.killed_cut_jobs)
                                             : 0.0}};
  j["counts"] = {{"loaded", info.jobs_loaded},      {"completed", s.completed},
                 {"killed_at_limit", s.killed},    {"rejected", s.rejected},
                 {"unfinished", s.unfinished},     {"not_submitted", s.not_submitted},     {"backfilled", s.backfilled},
                 {"zero_length", s.zero_length},   {"skipped", diag.TotalOf(Severity::kSkip)},
                 {"scheduler_passes", s.passes},   {"events", s.events}};
  j["skipped_by_reason"] = diag.CountsOf(Severity::kSkip);
  j["changed_by_rule"] = diag.Changed();
  if (diag.Filtered() > 0) j["filtered_by_rule"] = {{std::string(Diagnostics::kQueueFiltered), diag.Filtered()}};
  j["warnings_by_rule"] = diag.CountsOf(Severity::kWarning);
  j["definitions"] = {
      {"time_unit", "seconds (exact to the microsecond)"},
      {"population", "finished jobs (completed or killed at their limit)"},
      {"wait", "begin - submit"},
      {"turnaround", "end - submit"},
      {"slowdown", "turnaround / (end - begin), unbounded; jobs with zero run time excluded"},
      // The value of tau in the text too: report.html and compare.html show
      // this definition, and a run with another tau is not comparable.
      {"bounded_slowdown", fmt::format("max(1, turnaround / max(end - begin, tau)), tau = {} s", s.bsld_tau_s)},
      {"bsld_tau", s.bsld_tau_s},
      {"rms", "sqrt(mean(x^2)) over the population (slowdown: jobs with nonzero run time)"},
      {"throughput_per_hour", "finished jobs * 3600 / makespan"},
      {"makespan", "max(end) - min(submit)"},
      {"makespan_from_zero", "max(end), measured from time 0 (dr_evt statistics API)"},
      {"utilisation.makespan", info.capacity_schedule.empty()
                                   ? "sum(allocated_units * (end - begin)) / (capacity * makespan)"
                                   : "sum(allocated_units * (end - begin)) / integral over the makespan of max(scheduled "
                                     "capacity, units in use)"},
      {"utilisation.from_zero", info.capacity_schedule.empty()
                                    ? "sum(allocated_units * (end - begin)) / (capacity * makespan_from_zero)"
                                    : "sum(allocated_units * (end - begin)) / integral from 0 to max(end) of max(scheduled "
                                      "capacity, units in use)"},
      {"utilisation.capacity_weighted",
       "integral of units in use (jobs running at --max_time included) / integral of max(capacity, units in use), "
       "over the makespan"},
      {"utilisation.machine_states", "sum(allocated_units * (end - begin)) / (physical capacity * makespan) (Batsim)"},
      {"utilisation.tick_mean",
       "mean over the whole seconds min(submit) + k, k < ceil(makespan), of units in use (jobs running at "
       "--max_time included) / capacity (RAPS); null when a capacity schedule changes the size"},
      {"utilisation.rlscheduler",
       "sum((end - begin) * processors) / ((max(begin) - min(submit)) * MaxProcs) over the run (RLScheduler; its "
       "windows: --compat rlscheduler); can exceed 1"},
      {"input_sha256", info.input_sha256.empty() ? nlohmann::json(nullptr) : nlohmann::json(info.input_sha256)},
      {"queue_length.mean_at_submit", "jobs already waiting when a job arrives, averaged over arrivals"},
      {"queue_length.mean_per_pass", "jobs waiting after each scheduling pass, averaged over passes"},
      {"queue_length.mean_time_weighted",
       "time average of jobs waiting, from the first arrival to the last event (to T when --max_time cut the run)"},
      {"queue_length.peak", "most jobs waiting after a scheduling pass"},
      {"killed_at_limit.run_time_cut_s",
       "sum over jobs killed at their limit (--overrun clip) of run_time - time_limit: the run time the kill removed"},
      {"units", info.units}};
  j["config"] = {{"input", info.input},
                 {"input_format", info.input_format},
                 {"mode", info.mode},
                 {"swf_policy", info.swf_policy},
                 {"swf_size_source", info.size_source},
                 {"swf_estimate_fill", info.estimate_fill},
                 {"policy", info.policy},
                 {"compat", info.compat},
                 {"run_time_mode", info.run_time_mode},
                 {"run_time_distribution", info.run_time_distribution},
                 {"run_time_compat", info.run_time_compat},
                 {"run_time_scale", info.run_time_scale},
                 {"run_time_stddev", info.run_time_stddev},
                 {"seed", info.seed},
                 {"overrun", info.overrun},
                 {"event_order", info.event_order},
                 {"schedule_per", info.schedule_per},
                 {"free_from", info.free_from},
                 {"shadow_ties", info.shadow_ties},
                 {"capacity", info.capacity},
                 {"jobs_slice", info.jobs_slice}};
  // Where the run's window was cut and where it started warm: the report
  // draws a cut run to T, and a comparison names runs cut elsewhere.
  j["config"]["max_time"] = info.max_time == kTimeInfinity ? nlohmann::json() : nlohmann::json(ToSeconds(info.max_time));
  j["config"]["sim_start_time"] =
      info.sim_start_time == kNoTime ? nlohmann::json() : nlohmann::json(ToSeconds(info.sim_start_time));
  if (!info.capacity_schedule.empty()) {
    nlohmann::json steps = nlohmann::json::array();
    for (const CapacityChange& ch : info.capacity_steps) steps.push_back({ToSeconds(ch.time), ch.units});
    j["config"]["capacity_schedule"] = {{"file", info.capacity_schedule},
                                        {"changes", info.capacity_changes},
                                        {"min_units", info.capacity_min},
                                        {"max_units", info.capacity_max},
                                        {"steps", std::move(steps)}};
  }
  return Dump(j);
}

std::string RlSummaryJson(const RlEvaluation& e, const RlWindowOptions& o, const RunInfo& info,
                          const Diagnostics& diag) {
  nlohmann::json j;
  j["mode"] = "rlscheduler window evaluation";
  j["mean_bounded_slowdown"] = e.mean_bsld;
  j["mean_utilisation"] = e.mean_utilisation;
  nlohmann::json windows = nlohmann::json::array();
  for (const RlWindow& w : e.windows)
    windows.push_back({{"start", w.start}, {"bounded_slowdown", w.bsld}, {"utilisation", w.utilisation},
                       {"rejected", w.rejected}});
  j["windows"] = windows;
  j["skipped_by_reason"] = diag.CountsOf(Severity::kSkip);
  j["changed_by_rule"] = diag.Changed();
  j["definitions"] = {
      {"bounded_slowdown", "per window: sum over its jobs of max(1, (wait + r) / max(r, 10)), counted at start, / L"},
      {"utilisation", "per window: sum(r * procs) / ((last start - first submit) * MaxProcs); can exceed 1"},
      {"window_starts", "gym seeding of `seed`, NumPy RandomState.randint(L, limit - L - 1)"},
      {"population", "the L jobs of each window, each window on an empty machine"}};
  j["config"] = {{"input", info.input},          {"swf_policy", info.swf_policy},
                 {"policy", info.policy},        {"seed", o.seed},
                 {"windows", o.windows},         {"window_size", o.window_size},
                 {"job_slice", o.job_slice},     {"backfill", o.backfill ? "greedy" : "none"},
                 {"procs_per_node", o.procs_per_node}, {"max_procs", o.max_procs},
                 {"capacity_nodes", info.capacity}};
  return Dump(j);
}

std::string TimingJson(const Timing& t) {
  const auto us = [](double s) { return std::round(s * 1e6) / 1e6; };
  nlohmann::json j;
  j["load_s"] = us(t.load_s);
  j["simulate_s"] = us(t.simulate_s);
  j["write_s"] = us(t.write_s);
  j["wall_time_s"] = us(t.wall_time_s);
  return Dump(j);
}

}  // namespace clustersim
