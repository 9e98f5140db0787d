#pragma once
// A Workload is a loaded trace: its jobs in submit order plus what the file
// said about the machine. Readers in io/ build it; everything else reads it.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/job.h"
#include "model/work.h"

namespace clustersim {

enum class TraceMode : std::uint8_t {
  kReplay,      // begin/end come from the trace; no scheduler
  kSimulation,  // a scheduler computes begin times
};

// dr_evt's pcon columns (--trace_type pcon): a job's power draw, average,
// minimum and maximum, in millionths of the trace's unit (read exactly, as
// times are), so sums over running jobs are exact.
struct PowerDraw {
  std::int64_t avg = 0, min = 0, max = 0;
};

struct Workload {
  std::string name;                 // file name, for messages and metadata
  TraceMode mode = TraceMode::kSimulation;
  std::vector<Job> jobs;            // sorted by (submit, file order)
  std::int64_t capacity = 0;        // pool size in the jobs' units; 0 = unknown
  std::string unit_name = "nodes";  // what units and capacity count, for messages ("processors": SWF)
  bool llnl_history = false;        // read from a Lassen history or a legacy .trace (pall jobs mark DATs)
  bool has_queue_column = false;    // CSV had q_id or queue: echo it in the schedule CSV
  bool ids_from_column = false;     // CSV had job_id (e.g. a clustersim schedule.csv): Job::trace_id is it
  std::string queue_column;         // "q_id" or "queue" (names in queue_names)
  std::vector<std::string> queue_names;  // Job::queue indexes this for "queue"
  bool has_run_time = true;         // actual run times are known
  std::vector<PowerDraw> pcon;      // indexed by Job::pcon; empty unless --trace_type pcon
  bool has_pcon = false;
  // Warm start (sim/warm_start.h): the run begins at warm_start_time
  // (kNoTime: no warm start), where jobs [0, warm_running), already
  // running then, start before anything else for their recorded remaining
  // run time.
  std::size_t warm_running = 0;
  SimTime warm_start_time = kNoTime;
  std::int64_t procs_per_unit = 1;  // SWF node-granular: processors per node
  std::int64_t machine_procs = 0;   // SWF MaxProcs (or MaxNodes), 0 if unknown
  // SWF header comments (`; Label: value`), in file order, repeats kept.
  std::vector<std::pair<std::string, std::string>> header;
  // Work-based traces (seed 002): work[id] describes job id, whose pods are
  // pods[work[id].first_pod ...]. Both empty for fixed-duration traces.
  std::vector<WorkJob> work;
  std::vector<Pod> pods;
  bool work_based() const { return !work.empty(); }
};

// Stable-sorts jobs by submit time (equal submits keep file order).
void SortBySubmit(std::vector<Job>* jobs);

// Replay occupancy: in LLNL's raw histories (Lassen, legacy .trace; the
// tracer reads every input as one), jobs of the whole-machine queue `pall`
// mark a dedicated access time and hold no units in dr_evt's replay
// (dr_evt-compat.md §4). Other inputs, such as a schedule a simulation
// wrote, replay every job as it ran, so that the round trip of §10.1 gives
// the simulation's resource trace back. By JobId, 1 for such a job; empty
// when the trace has none.
std::vector<std::uint8_t> DedicatedAccessJobs(const Workload& w);

// Keeps jobs [begin, end) (clamped), with their work and pods (re-indexed).
void KeepJobRange(Workload* w, std::size_t begin, std::size_t end);

}  // namespace clustersim
