#pragma once
// A Job is what the trace says about one job: immutable once loaded. What
// happens to it during a run (begin, end, final state) lives in JobRun, so
// the same Workload can be simulated many times.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "model/time.h"

namespace clustersim {

// Dense index into Workload::jobs, in submit order (stable: equal submits
// keep file order). This is dr_evt's job index.
using JobId = std::uint32_t;

struct Job {
  std::int64_t trace_id = 0;   // SWF job number, or 0-based CSV data row
  SimTime submit = 0;
  SimTime time_limit = 0;      // the user's estimate: what schedulers plan with
  SimTime run_time = 0;        // actual duration (may exceed time_limit)
  SimTime begin = kNoTime;     // replay only: recorded start
  std::int64_t units = 1;      // nodes (or processors) requested from the pool
  std::int64_t procs = 0;      // processors as in the trace (SWF), 0 if unknown
  std::int32_t queue = 1;      // q_id / SWF queue number; never used to schedule
  std::int32_t pcon = -1;      // row of Workload::pcon (--trace_type pcon), -1 if none
};
static_assert(sizeof(Job) == 64, "Job is one cache line; side data goes to Workload tables");

// A job's processors: the trace's count, else (CSV, JSONL: none) its units
// times the processors per unit (Workload::procs_per_unit).
inline std::int64_t ProcsOf(const Job& j, std::int64_t procs_per_unit) {
  return j.procs > 0 ? j.procs : j.units * procs_per_unit;
}

enum class JobState : std::uint8_t {
  kWaiting,
  kRunning,
  kCompleted,   // ran for its actual run time
  kTimeout,     // killed at its time limit (actual run time > limit)
  kRejected,    // can never fit the machine; never started
  kUnfinished,  // still waiting or running when the run stopped (--max_time)
  kNotSubmitted,  // submitted after the run stopped (--max_time): never seen
};

const char* JobStateName(JobState s);

// Finished = ran to its end, normally or killed at its limit.
inline bool IsFinished(JobState s) { return s == JobState::kCompleted || s == JobState::kTimeout; }

// Bounded slowdown: max(1, turnaround / max(run, tau)), all in seconds.
inline double BoundedSlowdown(double turnaround_s, double run_s, double tau_s) {
  return std::max(1.0, turnaround_s / std::max(run_s, tau_s));
}

struct JobRun {
  SimTime begin = kNoTime;
  SimTime end = kNoTime;
  JobState state = JobState::kWaiting;
  bool backfilled = false;   // started while an earlier job was blocked
  bool holds_no_units = false;  // replay of a pall job (DedicatedAccessJobs)
  std::int64_t busy_at_submit = 0;  // units in use when the job arrived
};

}  // namespace clustersim
