#include "cli/trace_fit.h"

#include <string>

namespace clustersim {

Status CheckTraceFitsRun(const RunConfig& c, const Workload& w) {
  if (c.replay_requested && w.mode != TraceMode::kReplay)
    return Status::Error(c.trace + ": replay needs recorded times (CSV: begin_time and end_time or a duration "
                                   "column; SWF: wait time)");
  const bool on_cluster = !c.cluster.cluster_file.empty();
  // Options that shape work need --execution work on an SWF/CSV trace.
  const bool shape_work = !c.cluster.work_options.empty() || !c.cluster.profile_options.empty();
  if (w.work_based() && !on_cluster)
    return Status::Error(c.trace + (c.frontend == Frontend::kSimulator
                                        ? ": a Joulie JSONL trace runs on a cluster of real nodes, which dr_evt's "
                                          "`simulator` has not; run `clustersim simulate TRACE --cluster FILE` (e.g. "
                                          "examples/cluster.yaml)"
                                        : ": a Joulie JSONL trace runs on a cluster of real nodes; give --cluster FILE "
                                          "(e.g. examples/cluster.yaml)"));
  if (on_cluster && w.mode == TraceMode::kReplay)
    return Status::Error(c.trace + (c.replay_requested
                                        ? std::string(": a replay keeps the trace's times and has no placement; "
                                                      "`clustersim simulate TRACE --cluster FILE --force-simulation") +
                                              (shape_work ? " --execution work" : "") + "` schedules it on the cluster"
                                        : ": the trace records start and end times, and a cluster run does not "
                                          "replay them (it places jobs); add --force-simulation to schedule it on the "
                                          "cluster"));
  if (!on_cluster && w.capacity <= 0)
    return Status::Error(c.trace + ": the machine size is unknown; give --total_nodes N");
  return Status::Ok();
}

}  // namespace clustersim
