#pragma once
// SWF and dr_evt CSV traces on a cluster of real nodes (seed 002): each job
// becomes pods the per-node pool can place. A job that asks for nodes takes
// that many whole nodes (one pod each); a job that asks for processors takes
// that many cores, spread over as many nodes as it needs. Its work is its run
// time at nominal speed on whatever it is given (per-core work), so with
// --execution work every HPC trace can be asked "what if capped": a piece
// on a capped or shared node takes longer, and the job ends with its last
// piece.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "model/status.h"
#include "model/work.h"
#include "model/workload.h"

namespace clustersim {

struct ClusterMappingOptions {
  bool whole_nodes = true;   // Job::units counts nodes; else processors as cores
  bool clip_to_limit = true; // a job is killed at its limit (--overrun clip), as a fixed run is, slowed or not
  double base_speed_per_core = 1;
  WorkProfile profile;       // every job's profile (class, sensitivity, U, M, I)
  // Per SWF/CSV queue, as the trace writes it (an SWF number, a CSV q_id or
  // queue name): the CPU class.
  // In command-line order: where two keys name one queue, the later wins.
  std::vector<std::pair<std::string, CpuClass>> queue_class;
};

// Fills w->work and w->pods from w->jobs. REQUIRES: !w->work_based().
// Each queue key no job of `w` is in goes to *unused_keys (may be null), as
// "'KEY' (this run's jobs are in Q1, Q2)": a typo, or a slice of the trace
// (-j, --jobs) without that queue.
Status MapOntoCluster(const ClusterMappingOptions& o, Workload* w, std::vector<std::string>* unused_keys = nullptr);

}  // namespace clustersim
