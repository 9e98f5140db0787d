#include "sched/conservative_backfill.h"

#include <algorithm>
#include <cassert>

namespace clustersim {

ConservativeScheduler::ConservativeScheduler(const Policy& policy, const std::vector<Job>& jobs,
                                             ResourcePool* pool)
    : policy_(policy),
      jobs_(jobs),
      pool_(pool),
      profile_(pool->capacity()),
      is_waiting_(jobs.size(), 0),
      slot_(jobs.size(), 0),
      backfilled_(jobs.size(), 0) {}

SimTime ConservativeScheduler::Estimate(JobId id) const {
  return std::max<SimTime>(PlanningEstimate(jobs_[id], policy_), 1);
}

void ConservativeScheduler::Submit(JobId id, SimTime now) {
  // Ends at this timestamp were processed first; compress before placing the
  // arrival so it cannot take a slot an earlier job is entitled to.
  if (compress_pending_) Compress(now);
  const SimTime t = profile_.EarliestFit(now, Estimate(id), jobs_[id].units);
  profile_.Reserve(t, t + Estimate(id), jobs_[id].units);
  slot_[id] = t;
  next_decision_ = std::min(next_decision_, t);
  is_waiting_[id] = 1;
  waiting_.push_back(id);
  ++live_;
}

void ConservativeScheduler::JobEnded(JobId id, SimTime now) {
  pool_->Release(id, jobs_[id]);
  const SimTime projected = slot_[id] + Estimate(id);
  if (now < projected) {
    profile_.Release(now, projected, jobs_[id].units);
    compress_pending_ = true;
  }
}

void ConservativeScheduler::Compress(SimTime now) {
  compress_pending_ = false;
  profile_.Prune(now);
  next_decision_ = kTimeInfinity;
  for (JobId id : waiting_) {
    if (!is_waiting_[id]) continue;
    const SimTime q = Estimate(id);
    const std::int64_t n = jobs_[id].units;
    // Nothing can move a job already due now.
    if (slot_[id] <= now) {
      next_decision_ = std::min(next_decision_, slot_[id]);
      continue;
    }
    profile_.Release(slot_[id], slot_[id] + q, n);
    const SimTime t = profile_.EarliestFit(now, q, n);
    profile_.Reserve(t, t + q, n);
    slot_[id] = t;  // t <= old slot: the old slot is still free
    next_decision_ = std::min(next_decision_, t);
  }
}

void ConservativeScheduler::Schedule(SimTime now, std::vector<JobId>* started) {
  if (compress_pending_) Compress(now);
  std::size_t w = 0;
  bool earlier_waiting = false;
  next_decision_ = kTimeInfinity;
  for (JobId id : waiting_) {
    if (!is_waiting_[id]) continue;
    assert(slot_[id] >= now);
    if (slot_[id] <= now) {
      // The reservation guarantees the units are free (plans use estimates,
      // and jobs never outlive them under --overrun clip).
      is_waiting_[id] = 0;
      --live_;
      pool_->Allocate(id, jobs_[id]);
      slot_[id] = now;
      if (earlier_waiting) backfilled_[id] = 1;
      started->push_back(id);
      continue;
    }
    earlier_waiting = true;
    next_decision_ = std::min(next_decision_, slot_[id]);
    waiting_[w++] = id;
  }
  waiting_.resize(w);
}

SimTime ConservativeScheduler::NextDecisionTime() const { return next_decision_; }

}  // namespace clustersim
