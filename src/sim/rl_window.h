#pragma once
// RLScheduler's evaluation protocol (SchedGym's heuristic baselines,
// schedulers.md §9), reproduced exactly for --compat rlscheduler:
//   * windows of L consecutive jobs (by job number), each simulated alone on
//     an empty machine from the submit time of its first job;
//   * window starts drawn as gym/NumPy would (sim/gym_seeding.h);
//   * its decision loop: sort the queue by the priority key, wait until the
//     first job fits; with backfilling, compute the shadow once per blocked
//     job and start any job with now + q < shadow that fits (FCFS order),
//     never updating the shadow; one event per step, arrivals win ties; jobs
//     run past their estimates and are never killed;
//   * scores counted when a job starts: bsld = max(1, (wait + r) / max(r, 10)),
//     window value = sum / L; utilisation = Σ r·procs / ((last start - first
//     submit) · MaxProcs), which can exceed 1.
// Jobs come from --swf-policy rlscheduler (units = whole nodes).

#include <cstdint>
#include <vector>

#include "model/workload.h"
#include "sched/policy.h"

namespace clustersim {

struct RlWindowOptions {
  std::int64_t window_size = 1024;
  int windows = 10;
  std::uint64_t seed = 1;
  std::int64_t job_slice = 0;  // draw starts among the first N jobs (0 = all)
  Ordering ordering = Ordering::kFcfs;
  bool backfill = false;       // RLScheduler's greedy backfilling
  std::int64_t procs_per_node = 1;
  std::int64_t max_procs = 0;  // utilisation denominator
};

struct RlWindow {
  std::int64_t start = 0;  // index of the window's first job
  double bsld = 0;
  double utilisation = 0;
  std::int64_t rejected = 0;  // jobs larger than the machine (RLScheduler would hang)
  struct Start {
    JobId id;
    SimTime at;
  };
  std::vector<Start> starts;  // in the order the jobs started (for checks)
};

struct RlEvaluation {
  std::vector<RlWindow> windows;
  double mean_bsld = 0, mean_utilisation = 0;
};

// RLScheduler sorts its jobs by job number (Workloads: all_jobs.sort by
// job_id), not by submit time: a window is L consecutive jobs of that order,
// and an arrival earlier than the clock arrives at the clock. Stable-sorts
// w's jobs by trace_id; true if the order changed.
bool SortInJobNumberOrder(Workload* w);

RlWindow RunRlWindow(const Workload& w, std::size_t start, const RlWindowOptions& o);
// REQUIRES: w.jobs.size() > 2 * window_size + 1.
RlEvaluation EvaluateRlWindows(const Workload& w, const RlWindowOptions& o);

}  // namespace clustersim
