#pragma once
// Conservative backfilling on an availability profile (schedulers.md §4).
// Every waiting job holds a reservation; an arrival is placed at its earliest
// feasible start without moving anyone (a later arrival never delays an
// earlier job). When a job ends before its estimate, the freed tail is
// returned and the queue is compressed in submit order (pyss semantics): each
// waiting job is re-placed at its earliest start, never later than before.
// Compression asks every waiting job whether it can start earlier before
// touching the profile; most cannot, and asking is cheap (EarliestFitBefore).

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
  void Schedule(SimTime now, std::vector<JobId>* started) override;
  std::size_t waiting() const override { return live_; }
  bool WasBackfilled(JobId id) const override { return backfilled_[id] != 0; }
  SimTime NextDecisionTime() const override { return index_.min_start(); }

 private:
  void Compress(SimTime now);
  void MaybeCompact();
  SimTime Estimate(JobId id) const;

  Policy policy_;
  const std::vector<Job>& jobs_;
  ResourcePool* pool_;
  AvailabilityProfile profile_;
  std::vector<JobId> waiting_;            // submit order; started jobs stay until compaction
  std::vector<std::uint8_t> is_waiting_;  // by JobId
  std::vector<SimTime> slot_;             // reservation start (waiting) or begin (running)
  std::vector<std::uint8_t> backfilled_;
  ReservationIndex index_;                // over positions in waiting_
  std::size_t live_ = 0;
  bool compress_pending_ = false;
};

}  // namespace clustersim
