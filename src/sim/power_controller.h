#pragma once
// PowerController: Joulie's queue-aware power policy C during a run
// (power-model.md §h.1-§h.2). At every multiple of the reconcile interval
// on the trace clock (300 s; the first at or after the run's start, never
// at 0; in tick mode every interval rounded up to the tick) it counts the
// performance pods, running or submitted and not placed, chooses how many
// nodes are performance nodes (power::QueueAwarePerformanceNodes) and which
// (power::SelectPerformanceNodes), and moves every node to its new state:
//   - chosen: performance (performance settings);
//   - not chosen, still running performance pods: draining (performance
//     settings kept, no new performance pod);
//   - not chosen, none: eco (the eco operating point).
// A draining node therefore turns eco at the first reconcile after its last
// performance pod ended. Running pods are never moved; a node that changes
// state takes its new operating point at once and its states settle toward
// it (§e.1), as after a cap change. When anything changed, the engine runs
// a scheduling pass (sim/engine.cc): performance jobs may now fit.
//
// It observes the engine to count the waiting performance pods (a gang
// counts its pods); the pool counts the running ones.

#include <cstdint>
#include <vector>

#include "model/cluster.h"
#include "model/status.h"
#include "model/time.h"
#include "model/workload.h"
#include "power/power_policy.h"
#include "sched/cluster_pool.h"
#include "sim/observer.h"

namespace clustersim {

class WorkExecution;

// One reconcile: its inputs and the states it left.
struct ReconcileRecord {
  SimTime time = 0;
  std::int64_t perf_pods = 0;  // running + waiting performance pods
  std::int64_t hp = 0;         // performance nodes chosen
  std::int64_t draining = 0;   // nodes left draining
  std::int64_t eco = 0;
  std::int64_t changed = 0;    // nodes whose state changed
};

class PowerController final : public EngineObserver {
 public:
  // `performance_ops` / `eco_ops`: each node's operating point as a
  // performance (or draining) node and as an eco node. `work` is null for
  // fixed durations (states then only steer placement). `tick` > 0 moves
  // reconciles to the tick grid. REQUIRES: o.policy == kQueueAware; every
  // pointer outlives this.
  PowerController(Cluster* cluster, const Workload& w, const std::vector<std::uint8_t>& performance,
                  const power::PowerPolicyOptions& o, std::vector<OperatingPoint> performance_ops,
                  std::vector<OperatingPoint> eco_ops, ClusterPool* pool, WorkExecution* work, SimTime tick);

  // The run starts at t0: the first reconcile is the first multiple of the
  // interval at or after it (and not 0).
  void Begin(SimTime t0);
  SimTime next() const { return next_; }
  // The interval in use: --reconcile-interval, rounded up to the tick.
  SimTime period() const { return period_; }
  std::int64_t reconciles() const { return reconciles_; }
  // Whether a reconcile now would change any node. With no other event to
  // come and jobs waiting, the engine reconciles only while this holds:
  // otherwise nothing can change and the run ends.
  bool WouldChange();
  // Reconciles at `now` (== next()); true if any node changed state, and
  // then a scheduling pass is due at pass_at(): now in event mode, the next
  // tick in tick mode (Joulie places before it reconciles).
  bool Reconcile(SimTime now);
  SimTime pass_at() const { return pass_at_; }
  // True once, at pass_at(): the caller runs that pass.
  bool TakePassDue(SimTime now) {
    if (pass_at_ != now) return false;
    pass_at_ = kTimeInfinity;
    return true;
  }
  // Closes the time integral of the performance-node count at `end`.
  void Finish(SimTime end);

  void OnSubmit(JobId id, SimTime) override;
  void OnStart(JobId id, SimTime, std::int64_t) override;

  // One record per reconcile whose counts differ from the record before
  // (performance pods, or any node's state); reconciles() counts them all.
  const std::vector<ReconcileRecord>& log() const { return log_; }
  // The time-weighted mean number of performance (draining) nodes over the run.
  double mean_performance() const;
  double mean_draining() const;
  std::int64_t min_performance() const { return min_hp_; }
  std::int64_t max_performance() const { return max_hp_; }
  // Error from applying an operating point (checked before the run, so
  // only a bug sets it).
  const Status& status() const { return status_; }

 private:
  void Account(SimTime now);
  void Record(const ReconcileRecord& r);
  std::int64_t PerformancePods() const;
  // The performance-node count for `perf_pods`, with chosen_ for it.
  std::int64_t Choose(std::int64_t perf_pods);
  // Node id's state under chosen_.
  PowerProfile Target(NodeId id) const;

  Cluster* cluster_;
  const Workload& w_;
  const std::vector<std::uint8_t>& performance_;
  power::PowerPolicyOptions o_;
  std::vector<OperatingPoint> performance_ops_, eco_ops_;
  ClusterPool* pool_;
  WorkExecution* work_;
  SimTime tick_;
  std::int64_t families_;
  std::vector<NodeId> order_;            // the selection's candidate order
  SimTime period_ = 0;  // the interval, rounded up to the tick
  SimTime next_ = kTimeInfinity;
  SimTime pass_at_ = kTimeInfinity;
  std::int64_t waiting_perf_pods_ = 0;
  std::int64_t hp_ = -1;                 // the last choice's count
  std::vector<std::uint8_t> chosen_;     // by NodeId, for hp_
  std::int64_t performance_now_ = 0;     // nodes in state performance
  std::int64_t draining_now_ = 0;
  std::int64_t applied_hp_ = -1;         // the count every node's state follows (-1: none yet)
  SimTime begin_ = 0, accounted_ = kNoTime;
  double perf_node_s_ = 0, draining_node_s_ = 0;
  std::int64_t min_hp_ = 0, max_hp_ = 0;
  // Reconciles that changed a count or a node; the others repeat the row
  // before them (an idle month is 8,640 reconciles, one row).
  std::vector<ReconcileRecord> log_;
  std::int64_t reconciles_ = 0;
  Status status_;
};

}  // namespace clustersim
