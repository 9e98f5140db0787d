#pragma once
// QueueScheduler: FCFS / priority list scheduling with optional EASY
// backfilling, in the classic form (window <=, extra-nodes rule, shadow ties
// aggregated) and the dr_evt / RLScheduler-like form (window <, no extra
// nodes). One pass at `now`:
//   1. head cascade: while the highest-priority job fits, start it;
//   2. if it is blocked, compute its shadow time S and extra units E;
//   3. scan the rest in priority order: start J iff it fits now and
//      (now + q_J <= S  or  n_J <= E); E -= n_J when J ends after S.
// --backfill-order scans step 3 by another key (EASY-SJBF: shortest first).
// With FCFS ordering and nothing released since the last pass, only the jobs
// that arrived since are scanned: every older job was refused with the same
// (free, S, E) and would be refused again (the proof is in easy_backfill.cc).

#include <set>
#include <utility>
#include <vector>

#include "sched/backfill_order.h"
#include "sched/reservation_index.h"
#include "sched/running_set.h"
#include "sched/scheduler.h"
#include "sched/wait_queue.h"

namespace clustersim {

class QueueScheduler final : public Scheduler {
 public:
  QueueScheduler(const Policy& policy, const std::vector<Job>& jobs, ResourcePool* pool);

  void Submit(JobId id, SimTime now) override;
  void Pin(JobId id, SimTime now) override;
  void JobEnded(JobId id, SimTime now) override;
  void PodEnded(JobId id, std::uint32_t pod, SimTime now) override;
  // Shadows are computed per pass from the pool's free units, which already
  // count the new size; only the incremental scan's cache is stale.
  void CapacityChanged(SimTime, std::int64_t) override { released_since_pass_ = true; }
  void PlacementChanged(SimTime) override { released_since_pass_ = true; }
  void Schedule(SimTime now, std::vector<JobId>* started) override;
  std::size_t waiting() const override { return queue_.size(); }
  bool WasBackfilled(JobId id) const override { return backfilled_[id] != 0; }

 private:
  void Start(JobId id, SimTime now, std::vector<JobId>* started);
  void Run(JobId id, SimTime now, SimTime estimate);  // allocate and track as running, planned to now + estimate
  // One pass: head cascade, shadow, backfill scan. True when the shadow's
  // question found the head placeable after all (kFitsNow): pass again.
  bool Pass(SimTime now, std::vector<JobId>* started);
  // dr_evt's sjf/ljf: head = earliest submit, one start per call.
  void ScheduleDrEvtSjf(SimTime now, std::vector<JobId>* started);
  // dr_evt's fcfs_conservative approximation.
  void ScheduleDrEvtFcfsConservative(SimTime now, std::vector<JobId>* started);
  // The extra-nodes rule on a per-node pool: may `id`, which runs past the
  // shadow, start now? Only if the head can still be placed by the shadow
  // with `id` holding its nodes (it is placed, asked, and released).
  bool LeavesHeadOnTime(JobId head, JobId id, SimTime shadow);
  // Step 3 in a --backfill-order other than the queue's.
  void BackfillInOrder(JobId head, SimTime window, Shadow* sh, SimTime now, std::vector<JobId>* started);

  Policy policy_;
  const std::vector<Job>& jobs_;
  ResourcePool* pool_;
  WaitQueue queue_;
  BackfillOrder order_;  // used when policy_.backfill_order != kQueue
  bool reordered_;
  // dr_evt's sjf/ljf: waiting jobs by (submit, queue position), so its head,
  // the earliest-submitted job (first in queue order among equal submits),
  // is found without a scan.
  bool drevt_sjf_;
  std::set<std::pair<SimTime, std::size_t>> by_submit_;
  RunningSet running_;
  // dr_evt's fcfs_conservative: the waiting jobs' requests, negated, by
  // JobId (FCFS queue order is JobId order), so the first job asking for
  // more than u units is FindDue(head, -(u + 1)).
  ReservationIndex waiting_units_;
  EarlyReleases early_;  // units freed by gang pods that ended early
  // Per-node pools that are not exact: running jobs by projected end, so the
  // head's shadow is found by releasing them on the pool (EarliestFit).
  bool exact_units_;
  std::vector<std::pair<SimTime, JobId>> ends_by_time_;
  // Whether the pool guards the blocked head's room at the shadow
  // (GuardHead), asked once per shadow at the first long candidate that
  // fits; kept with the cached shadow by the incremental scan (nothing was
  // released since, and admitted candidates are counted in it).
  enum class Guard : std::uint8_t { kUnknown, kOn, kOff };
  Guard guard_ = Guard::kUnknown;
  // --shadow-ties first: the running jobs one by one (start_seq_ by JobId).
  RunningJobs by_job_;
  std::vector<std::uint64_t> start_seq_;
  std::uint64_t next_seq_ = 0;
  std::vector<SimTime> projected_end_;    // by JobId, while running
  std::vector<std::uint8_t> backfilled_;  // by JobId
  // Incremental-scan state (FCFS + EASY only).
  bool released_since_pass_ = true;
  JobId last_scanned_ = 0;
  bool any_scanned_ = false;
  JobId cached_head_ = 0;
  Shadow cached_shadow_;
};

}  // namespace clustersim
