#pragma once
// Warm start (dr_evt's --sim_start_time T, dr_evt-compat §9): a replay-format
// trace is simulated from T on, with the machine as the trace had it at T.
//   begin < T, end > T   historical: already running at T; replayed to keep
//                        its recorded END, never in outputs or statistics
//   begin < T, end <= T  historical and over by T: dropped
//   submit < T <= begin  waiting at T: excluded (dr_evt drops them)
//   submit >= T          scheduled normally
// A job beginning exactly at T is not historical. ApplyWarmStart rewrites the
// workload for the engine: the historical jobs come first (they were
// submitted before every kept job), each running from T to its END, and it
// records their count in Workload::warm_running: the engine starts them at T
// before anything else (Scheduler::Pin), and the run-time model leaves them
// alone. DropWarmStartJobs then removes them from the results before
// statistics and outputs.

#include <cstddef>

#include "model/status.h"
#include "model/workload.h"
#include "sim/engine.h"

namespace clustersim {

struct WarmStart {
  std::size_t running = 0;   // historical jobs running at T (first in the workload)
  std::size_t finished = 0;  // historical jobs over by T (dropped)
  std::size_t excluded = 0;  // submitted before T, not started by T (dropped)
};

// REQUIRES: w is a replay-format workload (recorded begin and run time).
// Afterwards it is a simulation workload.
Result<WarmStart> ApplyWarmStart(SimTime t, Workload* w);

// Removes the first `running` jobs from the workload and the run's results.
void DropWarmStartJobs(std::size_t running, Workload* w, RunResult* r);

}  // namespace clustersim
