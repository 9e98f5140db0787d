#pragma once
// Conservative backfilling on an availability profile (schedulers.md §4).
// Every waiting job holds a reservation; an arrival is placed at its earliest
// feasible start without moving anyone (a later arrival never delays an
// earlier job). When a job ends before its estimate, the freed tail is
// returned and the queue is compressed in submit order (pyss semantics): each
// waiting job is re-placed at its earliest start, never later than before.
// Compression asks every waiting job whether it can start earlier before
// touching the profile; most cannot, and asking is cheap (EarliestFitBefore).
// `--conservative rebuild` (Policy::conservative_rebuild) re-plans instead:
// every reservation cleared, every waiting job placed again in submit order
// (not equivalent: a job may move later).
//
// Capacity schedules: plans know the machine's size now, not its future
// changes. A change rebuilds the plan: every waiting job, in submit order,
// is placed again at its earliest start on the resized machine (a reduction
// can break reservations, an increase may admit a job larger than the old
// size). A job larger than the current size has no reservation ("unplaced")
// until the machine grows.
//
// Overruns (--overrun allow, §4): a running job past its planned end holds
// its units a second at a time; when a new second overfills the machine,
// the reservations starting within it are released and placed again in
// submit order (a stuck job moves to the next second, or later). Its end is
// then an early end (its projected end was the step's): the queue is
// compressed.

#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "sched/availability_profile.h"
#include "sched/reservation_index.h"
#include "sched/scheduler.h"

namespace clustersim {

class ConservativeScheduler final : public Scheduler {
 public:
  ConservativeScheduler(const Policy& policy, const std::vector<Job>& jobs, ResourcePool* pool);

  void Submit(JobId id, SimTime now) override;
  void Pin(JobId id, SimTime now) override;
  void JobEnded(JobId id, SimTime now) override;
  void Terminated(JobId id, SimTime now) override;
  void PodEnded(JobId id, std::uint32_t pod, SimTime now) override;
  void CapacityChanged(SimTime now, std::int64_t delta) override;
  void Schedule(SimTime now, std::vector<JobId>* started) override;
  std::size_t waiting() const override { return live_; }
  bool WasBackfilled(JobId id) const override { return backfilled_[id] != 0; }
  SimTime NextDecisionTime() const override {
    const SimTime t = index_.min_start();
    return t >= kUnplaced ? kTimeInfinity : t;
  }

 private:
  // In the index, a waiting job with no reservation (larger than the
  // machine's current size); FirstLive still sees it.
  static constexpr SimTime kUnplaced = kTimeInfinity - 1;
  // A waiting job, in submit order. Compression walks these in order, so
  // what it reads of each job sits in one contiguous record instead of
  // three arrays indexed by job id (see BENCHMARKS.md).
  struct Waiter {
    SimTime slot;      // reservation start, kTimeInfinity while unplaced
    SimTime estimate;  // Estimate(id)
    std::int64_t units;
    JobId id;
    bool live;  // false once started (kept until compaction)
  };
  void Place(std::size_t pos, SimTime now);
  void Compress(SimTime now);
  void Rebuild(SimTime now);
  void MaybeCompact();
  void HoldOverruns(SimTime now, bool ends_seen);
  SimTime Estimate(JobId id) const;

  Policy policy_;
  const std::vector<Job>& jobs_;
  ResourcePool* pool_;
  AvailabilityProfile profile_;
  std::vector<Waiter> waiting_;  // submit order; started jobs stay until compaction
  std::vector<SimTime> begin_;   // by JobId: when a started job began
  std::vector<std::uint8_t> backfilled_;
  ReservationIndex index_;                // over positions in waiting_
  EarlyReleases early_;                   // units freed by gang pods that ended early
  std::size_t live_ = 0;
  bool compress_pending_ = false;
  // Overruns, tracked only when the policy lets a job outlive its plan.
  struct Overrunner {
    JobId id;
    SimTime held_until;  // the end of the step it holds in the profile
  };
  static constexpr SimTime kOverrunStep = kTicksPerSecond;
  bool overruns_possible_;
  std::vector<std::uint8_t> running_;  // by JobId; planned ends of jobs no longer running are skipped
  using PlannedEnd = std::pair<SimTime, JobId>;
  std::priority_queue<PlannedEnd, std::vector<PlannedEnd>, std::greater<>> planned_ends_;
  std::vector<Overrunner> overrunning_;
};

}  // namespace clustersim
