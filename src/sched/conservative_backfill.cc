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
  is_waiting_[id] = 1;
  waiting_.push_back(id);
  Place(waiting_.size() - 1, now);
  ++live_;
}

// Reserves the earliest window for the job at `pos`, or leaves it unplaced
// when it is larger than the machine now (only under a capacity schedule).
void ConservativeScheduler::Place(std::size_t pos, SimTime now) {
  const JobId id = waiting_[pos];
  const SimTime q = Estimate(id);
  const SimTime t = profile_.EarliestFit(now, q, jobs_[id].units);
  slot_[id] = t;
  if (t == kTimeInfinity) {
    index_.Set(pos, kUnplaced);
    return;
  }
  profile_.Reserve(t, t + q, jobs_[id].units);
  index_.Set(pos, t);
}

void ConservativeScheduler::CapacityChanged(SimTime now, std::int64_t delta) {
  if (delta == 0) return;  // a change to the same size keeps the plan
  profile_.Prune(now);
  profile_.Resize(now, delta);
  for (JobId id : waiting_)
    if (is_waiting_[id] && slot_[id] != kTimeInfinity) profile_.Release(slot_[id], slot_[id] + Estimate(id), jobs_[id].units);
  for (std::size_t pos = 0; pos < waiting_.size(); ++pos)
    if (is_waiting_[waiting_[pos]]) Place(pos, now);
  compress_pending_ = false;  // the new plan is as early as it can be
}

void ConservativeScheduler::Pin(JobId id, SimTime now) {
  const SimTime q = Estimate(id);
  profile_.Reserve(now, now + q, jobs_[id].units);
  slot_[id] = now;
  pool_->Allocate(id, jobs_[id]);
}

void ConservativeScheduler::JobEnded(JobId id, SimTime now) {
  pool_->Release(id, jobs_[id]);
  const SimTime projected = slot_[id] + Estimate(id);
  if (now < projected) {
    profile_.Release(now, projected, jobs_[id].units);
    compress_pending_ = true;
  }
  // pyss compresses at every termination, early or not.
  if (policy_.compat == Compat::kPyss) compress_pending_ = true;
}

void ConservativeScheduler::Compress(SimTime now) {
  compress_pending_ = false;
  profile_.Prune(now);
  // Every waiting job is asked, in submit order. Pruning whole ranges of the
  // queue with a bound on the free units before their starts was tried: it
  // cost more than the questions it saved once a question became cheap.
  for (std::size_t pos = 0; pos < waiting_.size(); ++pos) {
    const JobId id = waiting_[pos];
    if (!is_waiting_[id]) continue;
    const SimTime q = Estimate(id), old = slot_[id];
    if (old == kTimeInfinity) continue;  // unplaced: only a capacity increase can place it
    const std::int64_t n = jobs_[id].units;
    // = release, earliest fit, reserve; but most jobs asked cannot move
    // (88 % on RICC), and asking first leaves the profile untouched for them.
    const SimTime t = profile_.EarliestFitBefore(now, q, n, old);
    if (t == old) continue;
    profile_.Move(old, t, q, n);
    slot_[id] = t;
    index_.Set(pos, t);
  }
}

void ConservativeScheduler::Schedule(SimTime now, std::vector<JobId>* started) {
  if (compress_pending_) Compress(now);
  for (std::size_t pos = index_.FindDue(0, now); pos != ReservationIndex::kNone;
       pos = index_.FindDue(pos + 1, now)) {
    const JobId id = waiting_[pos];
    assert(slot_[id] == now);  // the engine wakes us at every reservation start
    // The reservation guarantees the units are free (plans use estimates,
    // and jobs never outlive them under --overrun clip).
    is_waiting_[id] = 0;
    --live_;
    index_.Clear(pos);
    const std::size_t first = index_.FirstLive();
    if (first != ReservationIndex::kNone && first < pos) backfilled_[id] = 1;
    pool_->Allocate(id, jobs_[id]);
    slot_[id] = now;
    started->push_back(id);
  }
  MaybeCompact();
}

void ConservativeScheduler::MaybeCompact() {
  if (waiting_.size() < 64 || waiting_.size() - live_ <= live_) return;
  std::size_t w = 0;
  for (JobId id : waiting_)
    if (is_waiting_[id]) waiting_[w++] = id;
  waiting_.resize(w);
  index_.Reset(w);
  for (std::size_t i = 0; i < w; ++i) index_.Set(i, slot_[waiting_[i]] == kTimeInfinity ? kUnplaced : slot_[waiting_[i]]);
}

}  // namespace clustersim
