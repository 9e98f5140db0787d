#pragma once
// ClusterChecker: the invariants of a run on a cluster of real nodes, on
// every event (--check, and every test): no node ever holds more cores or
// memory than it has, no GPU is given to two pods, a whole-node pod has its
// node to itself, everything is released at the end, and (work-based runs)
// work is conserved: a finish leaves no more work than the rounding of its
// time to the microsecond (or to the tick) explains.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/cluster.h"
#include "model/status.h"
#include "model/workload.h"
#include "sched/cluster_pool.h"
#include "sim/observer.h"

namespace clustersim {

class WorkExecution;

class ClusterChecker final : public EngineObserver {
 public:
  // `work` is null for fixed durations; tick_s the emulated tick (0: events).
  ClusterChecker(const Workload& w, const ClusterPool& pool, const WorkExecution* work, double tick_s,
                 bool run_to_end);
  void OnStart(JobId id, SimTime t, std::int64_t used) override;
  void OnEnd(JobId id, SimTime t, std::int64_t used) override;
  void OnPodEnd(JobId id, std::uint32_t pod, SimTime t, std::int64_t used) override;
  void OnFinish(SimTime t) override;
  Status status() const { return error_.empty() ? Status::Ok() : Status::Error(error_); }

 private:
  void Fail(std::string message);
  void Free(const Piece& p);  // a held piece's node resources
  const Workload& w_;
  const ClusterPool& pool_;
  const WorkExecution* work_;
  double tick_s_;
  bool run_to_end_;
  std::vector<std::int64_t> used_mc_, used_mem_;
  std::vector<std::uint64_t> used_devices_;
  std::vector<std::uint32_t> whole_;      // whole-node pods on the node
  std::vector<std::uint32_t> pods_on_;    // pieces on the node
  std::vector<std::vector<Piece>> held_;  // by JobId, while running
  std::vector<std::pair<JobId, SimTime>> ended_;  // and when
  std::vector<SimTime> began_;  // by JobId: its start, for the float allowance of its work left
  std::string error_;
};

}  // namespace clustersim
