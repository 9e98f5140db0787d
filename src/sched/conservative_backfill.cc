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
      begin_(jobs.size(), 0),
      backfilled_(jobs.size(), 0),
      overruns_possible_(!policy.actual_clipped_at_limit && !policy.plan_with_actual) {
  if (overruns_possible_) running_.assign(jobs.size(), 0);
}

SimTime ConservativeScheduler::Estimate(JobId id) const {
  return std::max<SimTime>(PlanningEstimate(jobs_[id], policy_), 1);
}

void ConservativeScheduler::Submit(JobId id, SimTime now) {
  HoldOverruns(now, /*ends_seen=*/!policy_.submits_before_ends);
  // Ends at this timestamp were processed first; compress before placing the
  // arrival so it cannot take a slot an earlier job is entitled to.
  if (compress_pending_) Compress(now);
  waiting_.push_back({kTimeInfinity, Estimate(id), jobs_[id].units, id, true});
  Place(waiting_.size() - 1, now);
  ++live_;
}

// Reserves the earliest window for the job at `pos`, or leaves it unplaced
// when it is larger than the machine now (only under a capacity schedule).
void ConservativeScheduler::Place(std::size_t pos, SimTime now) {
  Waiter& w = waiting_[pos];
  const SimTime t = profile_.EarliestFit(now, w.estimate, w.units);
  w.slot = t;
  if (t == kTimeInfinity) {
    index_.Set(pos, kUnplaced);
    return;
  }
  profile_.Reserve(t, t + w.estimate, w.units);
  index_.Set(pos, t);
}

void ConservativeScheduler::CapacityChanged(SimTime now, std::int64_t delta) {
  if (delta == 0) return;  // a change to the same size keeps the plan
  HoldOverruns(now, /*ends_seen=*/!policy_.submits_before_ends);
  profile_.Prune(now);
  profile_.Resize(now, delta);
  Rebuild(now);
}

// Every reservation released, then every waiting job placed again in submit
// order at its earliest start: a new plan, not a compression of the old one.
void ConservativeScheduler::Rebuild(SimTime now) {
  profile_.Prune(now);
  for (const Waiter& w : waiting_)
    if (w.live && w.slot != kTimeInfinity) profile_.Release(w.slot, w.slot + w.estimate, w.units);
  for (std::size_t pos = 0; pos < waiting_.size(); ++pos)
    if (waiting_[pos].live) Place(pos, now);
  compress_pending_ = false;  // the new plan is as early as it can be
}

void ConservativeScheduler::Pin(JobId id, SimTime now) {
  // A warm start's historical job keeps its recorded end past its limit;
  // that end is known, so such a job is planned to it rather than held a
  // second at a time as an overrun.
  const SimTime q = std::max(Estimate(id), jobs_[id].run_time);
  profile_.Reserve(now, now + q, jobs_[id].units);
  begin_[id] = now;
  pool_->Allocate(id, jobs_[id]);
}

void ConservativeScheduler::PodEnded(JobId id, std::uint32_t pod, SimTime now) {
  const std::int64_t units = pool_->ReleasePod(id, pod);
  early_.Add(id, units);
  // As an early end of part of the job: its share of the plan is free.
  // (Work-based runs, the only ones with gangs, refuse conservative
  // backfilling today; this keeps the plan exact for the day they do not.)
  if (const SimTime projected = begin_[id] + Estimate(id); now < projected && units > 0) {
    profile_.Release(now, projected, units);
    compress_pending_ = true;
  }
}

void ConservativeScheduler::JobEnded(JobId id, SimTime now) {
  pool_->Release(id, jobs_[id]);
  if (overruns_possible_) {
    running_[id] = 0;
    // The rest of an overrunning job's last step is free again. Its
    // projected end was the end of that step (§1: now + 1 tick, here a
    // second), so this is an early end: compress, or the jobs it pushed
    // back would leave its units idle.
    for (std::size_t i = 0; i < overrunning_.size(); ++i) {
      if (overrunning_[i].id != id) continue;
      if (overrunning_[i].held_until > now) profile_.Release(now, overrunning_[i].held_until, jobs_[id].units);
      compress_pending_ = true;
      overrunning_[i] = overrunning_.back();
      overrunning_.pop_back();
      break;
    }
  }
  const std::int64_t units = early_.TakeRemaining(id, jobs_[id].units);
  const SimTime projected = begin_[id] + Estimate(id);
  if (now < projected) {
    profile_.Release(now, projected, units);
    compress_pending_ = true;
  }
}

// pyss compresses at every termination, early or not, each its own pass
// (schedulers.md §8.3, §8.8), and after the same-time submissions have been
// placed (§8.2): a compression before them could hand a waiting job the
// slot a submission takes in pyss. A second pass at one time can move jobs
// the first could not (each job is re-placed with later jobs still at
// their old places), so passes are not merged.
void ConservativeScheduler::Terminated(JobId, SimTime now) {
  if (policy_.compat != Compat::kPyss) return;
  HoldOverruns(now, /*ends_seen=*/false);  // other ENDs at `now` may follow
  Compress(now);
}

void ConservativeScheduler::Compress(SimTime now) {
  if (policy_.conservative_rebuild) return Rebuild(now);
  compress_pending_ = false;
  profile_.Prune(now);
  // Every waiting job is asked, in submit order. Pruning whole ranges of the
  // queue with a bound on the free units before their starts was tried: it
  // cost more than the questions it saved once a question became cheap.
  for (std::size_t pos = 0; pos < waiting_.size(); ++pos) {
    Waiter& w = waiting_[pos];
    // Unplaced: only a capacity increase can place it.
    if (!w.live || w.slot == kTimeInfinity) continue;
    // = release, earliest fit, reserve; but most jobs asked cannot move
    // (88 % on RICC), and asking first leaves the profile untouched for them.
    const SimTime t = profile_.EarliestFitBefore(now, w.estimate, w.units, w.slot);
    if (t == w.slot) continue;
    profile_.Move(w.slot, t, w.estimate, w.units);
    w.slot = t;
    index_.Set(pos, t);
  }
}

// Each running job past its planned end holds the next second, [now, now +
// 1 s), once its last one is over; if that overfills the machine, the
// reservations starting within that second are released and placed again
// in submit order, so the earliest-submitted that still fit start now and
// the others wait for a later second (schedulers.md §4, overruns). A step
// of one second, the traces' unit, not one tick: a tick is a microsecond
// here, and a job waiting on an hour's overrun would be placed again 3.6e9
// times.
void ConservativeScheduler::HoldOverruns(SimTime now, bool ends_seen) {
  if (!overruns_possible_) return;
  // A job reaching its estimate exactly now overruns only if its END at now
  // has had its turn (a submission first, under submits-first, must not
  // push back the jobs due now for a job about to end).
  while (!planned_ends_.empty() &&
         (planned_ends_.top().first < now || (ends_seen && planned_ends_.top().first == now))) {
    const JobId id = planned_ends_.top().second;
    planned_ends_.pop();
    if (running_[id]) overrunning_.push_back({id, kNoTime});
  }
  bool held = false;
  for (Overrunner& o : overrunning_) {
    if (o.held_until > now) continue;
    o.held_until = now + kOverrunStep;
    profile_.Reserve(now, o.held_until, jobs_[o.id].units);
    held = true;
  }
  // A hold covers the whole step, so any reservation starting within it may
  // conflict, not only those due now (one a tick later, after a zero-length
  // job's, overfilled the machine): the machine is overfilled somewhere in
  // the step iff no zero-unit window fits at `now` across it.
  const SimTime horizon = now + kOverrunStep;
  if (!held || profile_.EarliestFit(now, kOverrunStep, 0) == now) return;
  std::vector<std::size_t> due;
  for (std::size_t pos = index_.FindDue(0, horizon - 1); pos != ReservationIndex::kNone;
       pos = index_.FindDue(pos + 1, horizon - 1)) {
    const Waiter& w = waiting_[pos];
    profile_.Release(w.slot, w.slot + w.estimate, w.units);
    due.push_back(pos);
  }
  for (const std::size_t pos : due) Place(pos, now);
}

void ConservativeScheduler::Schedule(SimTime now, std::vector<JobId>* started) {
  // Every END at `now` came first: a per-event pass (which may precede
  // them) needs --free-from estimate, which --overrun allow excludes.
  HoldOverruns(now, /*ends_seen=*/true);
  if (compress_pending_) Compress(now);
  for (std::size_t pos = index_.FindDue(0, now); pos != ReservationIndex::kNone;
       pos = index_.FindDue(pos + 1, now)) {
    Waiter& w = waiting_[pos];
    const JobId id = w.id;
    assert(w.slot == now);  // the engine wakes us at every reservation start
    // The reservation guarantees the units are free (plans use estimates,
    // and HoldOverruns moved what a job outliving its plan overfilled).
    w.live = false;
    --live_;
    index_.Clear(pos);
    const std::size_t first = index_.FirstLive();
    if (first != ReservationIndex::kNone && first < pos) backfilled_[id] = 1;
    pool_->Allocate(id, jobs_[id]);
    begin_[id] = now;
    if (overruns_possible_) {
      running_[id] = 1;
      planned_ends_.push({now + w.estimate, id});
    }
    started->push_back(id);
  }
  MaybeCompact();
}

void ConservativeScheduler::MaybeCompact() {
  if (waiting_.size() < 64 || waiting_.size() - live_ <= live_) return;
  std::erase_if(waiting_, [](const Waiter& w) { return !w.live; });
  index_.Reset(waiting_.size());
  for (std::size_t i = 0; i < waiting_.size(); ++i)
    index_.Set(i, waiting_[i].slot == kTimeInfinity ? kUnplaced : waiting_[i].slot);
}

}  // namespace clustersim
