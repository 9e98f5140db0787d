#pragma once
// Run metrics (swf-and-metrics.md §3). Population: jobs that finished
// (completed or killed at their limit). Definitions:
//   wait = begin - submit; turnaround = end - submit; run = end - begin
//   bounded slowdown = max(1, turnaround / max(run, tau)), tau = 10 s
//   slowdown = turnaround / run (unbounded; jobs with run 0 are excluded)
//   makespan = max(end) - min(submit)             (Batsim)
//   utilisation = Σ units·run / (capacity · makespan)
//   utilisation_from_zero = Σ units·run / (capacity · max(end))  (dr_evt API)
// Under a capacity schedule, capacity · span becomes ∫ max(scheduled
// capacity, units in use) dt over the same span (dr_evt-compat §9).
// The other variants of swf-and-metrics.md §3.4, each named after it:
//   capacity_weighted = ∫ allocated dt / ∫ max(capacity, allocated) dt over
//     the makespan, allocated counting the jobs --max_time cut while they
//     ran (= utilisation, but in a replay whose trace uses more units than
//     the machine has, or a run cut while jobs ran)
//   machine_states = Σ units·run / (physical capacity · makespan) (Batsim)
//   tick_mean = mean over the 1-second ticks from min(submit) of allocated /
//     capacity (RAPS), allocated as in capacity_weighted; without a
//     capacity schedule only
//   rlscheduler = Σ run·processors / ((max(begin) - min(submit)) · MaxProcs)
// Queue length: waiting jobs at each arrival (dr_evt docs), after each pass
// (dr_evt code), and time-weighted; peak over passes.

#include <cstdint>

#include "model/workload.h"
#include "sim/engine.h"

namespace clustersim {

struct Summary {
  std::int64_t jobs = 0;  // jobs given to the engine
  std::int64_t completed = 0, killed = 0, rejected = 0, unfinished = 0, backfilled = 0;
  std::int64_t not_submitted = 0;  // submit after the stop time (--max_time)
  std::int64_t zero_length = 0;
  // Killed at the limit (--overrun clip): run time lost to the kill, summed
  // over those jobs (their run_time - time_limit), so a sampled or recorded
  // run time the kill shortened is never hidden in the means.
  // A work-based job killed because caps or sharing slowed it past its
  // limit lost work, not trace time: no cut, and not in killed_cut_jobs.
  double killed_cut_s = 0;
  std::int64_t killed_cut_jobs = 0;
  double first_submit_s = 0, last_end_s = 0;
  double makespan_s = 0, makespan_from_zero_s = 0;
  double mean_wait_s = 0, max_wait_s = 0, rms_wait_s = 0;
  double mean_turnaround_s = 0, max_turnaround_s = 0, rms_turnaround_s = 0;
  double mean_bsld = 0, max_bsld = 0, rms_bsld = 0;
  double mean_slowdown = 0, max_slowdown = 0, rms_slowdown = 0;
  std::int64_t slowdown_excluded = 0;  // run = 0
  double utilisation = 0, utilisation_from_zero = 0;
  double utilisation_machine_states = 0, utilisation_rlscheduler = 0;
  double utilisation_tick_mean = 0;  // NaN under a capacity schedule
  double utilisation_capacity_weighted = 0;
  double node_seconds_used = 0, node_seconds_requested = 0;
  double mean_queue_at_submit = 0, mean_queue_per_pass = 0, mean_queue_time_weighted = 0;
  std::int64_t peak_queue = 0;
  std::int64_t passes = 0, events = 0;
  double bsld_tau_s = 10;
};

Summary ComputeSummary(const Workload& w, const RunResult& r, double bsld_tau_s = 10);

}  // namespace clustersim
