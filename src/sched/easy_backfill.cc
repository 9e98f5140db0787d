#include "sched/easy_backfill.h"

#include <algorithm>
#include <limits>

#include "sched/priority.h"

namespace clustersim {

QueueScheduler::QueueScheduler(const Policy& policy, const std::vector<Job>& jobs, ResourcePool* pool)
    : policy_(policy),
      jobs_(jobs),
      pool_(pool),
      queue_(policy.ordering, jobs, policy_),
      order_(policy_, jobs),
      reordered_(policy.backfill_order != BackfillOrderKey::kQueue && policy.backfill == Backfill::kEasy),
      drevt_sjf_(policy.compat == Compat::kDrEvt &&
                 (policy.ordering == Ordering::kSjf || policy.ordering == Ordering::kLjf)),
      exact_units_(pool->exact_units()),
      projected_end_(jobs.size(), 0),
      backfilled_(jobs.size(), 0) {
  if (policy_.shadow_ties_first) start_seq_.assign(jobs.size(), 0);
}

void QueueScheduler::Submit(JobId id, SimTime now) {
  queue_.Add(id, now);
  if (policy_.dr_evt_fcfs_conservative) waiting_units_.Set(id, -jobs_[id].units);
  if (reordered_) order_.Add(id);
  if (drevt_sjf_) by_submit_.emplace(jobs_[id].submit, queue_.position(id));
}

void QueueScheduler::PodEnded(JobId id, std::uint32_t pod, SimTime) {
  const std::int64_t units = pool_->ReleasePod(id, pod);
  running_.Remove(projected_end_[id], units);
  early_.Add(id, units);
  released_since_pass_ = true;
}

void QueueScheduler::JobEnded(JobId id, SimTime) {
  pool_->Release(id, jobs_[id]);
  running_.Remove(projected_end_[id], early_.TakeRemaining(id, jobs_[id].units));
  if (policy_.shadow_ties_first) by_job_.Remove(projected_end_[id], start_seq_[id]);
  if (!exact_units_)
    ends_by_time_.erase(std::lower_bound(ends_by_time_.begin(), ends_by_time_.end(), std::make_pair(projected_end_[id], id)));
  released_since_pass_ = true;
}

void QueueScheduler::Start(JobId id, SimTime now, std::vector<JobId>* started) {
  queue_.Remove(id);
  if (policy_.dr_evt_fcfs_conservative) waiting_units_.Clear(id);
  if (reordered_) order_.Remove(id);
  if (drevt_sjf_) by_submit_.erase({jobs_[id].submit, queue_.position(id)});
  Run(id, now, PlanningEstimate(jobs_[id], policy_));
  started->push_back(id);
}

void QueueScheduler::Pin(JobId id, SimTime now) {
  // A warm start's historical job is never killed at its limit: the oracle
  // plans with its recorded end.
  const Job& j = jobs_[id];
  Run(id, now, policy_.plan_with_actual ? j.run_time : PlanningEstimate(j, policy_));
  released_since_pass_ = true;
}

void QueueScheduler::Run(JobId id, SimTime now, SimTime estimate) {
  const Job& j = jobs_[id];
  pool_->Allocate(id, j);
  projected_end_[id] = now + estimate;
  running_.Add(projected_end_[id], j.units);
  if (policy_.shadow_ties_first) {
    start_seq_[id] = next_seq_++;
    by_job_.Add(projected_end_[id], start_seq_[id], j.units);
  }
  if (!exact_units_) {
    const auto key = std::make_pair(projected_end_[id], id);
    ends_by_time_.insert(std::lower_bound(ends_by_time_.begin(), ends_by_time_.end(), key), key);
  }
}

void QueueScheduler::Schedule(SimTime now, std::vector<JobId>* started) {
  queue_.MaybeCompact();
  if (drevt_sjf_) return ScheduleDrEvtSjf(now, started);
  if (policy_.dr_evt_fcfs_conservative) return ScheduleDrEvtFcfsConservative(now, started);
  while (Pass(now, started)) {
  }
}

bool QueueScheduler::Pass(SimTime now, std::vector<JobId>* started) {
  if (IsDynamic(policy_.ordering)) {
    // Re-ranking costs a priority key per waiting job; when no waiting job
    // fits the free units, no order could start one, so skip it.
    if (queue_.SmallestRequest() > pool_->free()) return false;
    queue_.Reorder(now);
  }

  // 1. Head cascade.
  std::size_t pos = queue_.begin_pos();
  bool cascaded = false;
  while (pos < queue_.end_pos() && pool_->Fits(queue_.at(pos), jobs_[queue_.at(pos)])) {
    Start(queue_.at(pos), now, started);
    pos = queue_.next_pos(pos);
    cascaded = true;
  }
  if (pos >= queue_.end_pos()) {
    any_scanned_ = false;
    return false;
  }
  if (policy_.backfill == Backfill::kNone) return false;

  // 2. Shadow of the blocked head. Incremental case (FCFS, nothing released,
  // nothing started by the cascade, same head, no overrunning job): the last
  // pass refused every older job with free' >= free, E' >= E and an earlier
  // `now`, so they would be refused again; scan only the new arrivals.
  const JobId head = queue_.at(pos);
  const std::int64_t need = jobs_[head].units;
  std::size_t scan = queue_.next_pos(pos);
  Shadow sh;
  const bool incremental = policy_.ordering == Ordering::kFcfs && !reordered_ && !released_since_pass_ && !cascaded &&
                           any_scanned_ && head == cached_head_ && running_.earliest_end() > now;
  if (incremental) {
    sh = cached_shadow_;
    scan = std::max(scan, queue_.FirstPosAfter(last_scanned_));
    if (scan < queue_.end_pos() && queue_.removed(queue_.at(scan))) scan = queue_.next_pos(scan);
  } else if (!exact_units_) {
    // A per-node pool: the head may be blocked by where the free units are
    // (GPUs, a class, a whole node), not by how many: its shadow is when the
    // running jobs' releases, in projected-end order, let it be placed.
    // Overrunning jobs count as ending at now + 1 tick, as in the classic
    // shadow. A count of extra units means nothing when units are not
    // interchangeable: the index passes every candidate that fits by count,
    // and one that runs past the shadow is asked whether the head can still
    // be placed by then (LeavesHeadOnTime).
    const SimTime t = pool_->EarliestFit(head, jobs_[head], ends_by_time_);
    // A gang this question marked for packing (its pods, one by one, miss
    // even the drained cluster) that packs as things stand: start it in
    // this invocation, as the cascade would have had it been marked.
    if (t == kFitsNow) return true;
    sh.time = t == kTimeInfinity ? t : std::max(t, now + 1);
    sh.extra = pool_->capacity();
    guard_ = Guard::kUnknown;  // asked for at the first long candidate that fits
  } else if (policy_.compat == Compat::kDrEvt) {
    // dr_evt's reservation: overrunning jobs ignored, `now` if never enough.
    sh.time = running_.DrEvtReservation(now, pool_->free(), need);
    sh.extra = 0;
  } else if (policy_.shadow_ties_first) {
    sh = by_job_.TruncatedShadow(now, pool_->free(), need);
  } else {
    sh = running_.ClassicShadow(now, pool_->free(), need);
  }

  // 3. Backfill scan in queue order, visiting only jobs that can pass the
  // test (CandidateIndex). window: the longest estimate that ends in time.
  SimTime window = kTimeInfinity;
  if (sh.time != kTimeInfinity) window = policy_.backfill_strict_lt ? sh.time - now - 1 : sh.time - now;
  if (!policy_.extra_nodes) sh.extra = -1;
  if (reordered_) {
    BackfillInOrder(head, window, &sh, now, started);
    return false;
  }
  for (scan = queue_.NextCandidate(scan, pool_->free(), sh.extra, window); scan < queue_.end_pos();
       scan = queue_.NextCandidate(scan + 1, pool_->free(), sh.extra, window)) {
    const JobId id = queue_.at(scan);
    const Job& j = jobs_[id];
    // The index tests units against free units; a per-node pool must also
    // find nodes for the pods (on a node-count pool this always holds).
    if (!pool_->Fits(id, j)) continue;
    const bool in_window = PlanningEstimate(j, policy_) <= window;
    if (!in_window && !exact_units_ && !LeavesHeadOnTime(head, id, sh.time)) continue;
    Start(id, now, started);
    backfilled_[id] = 1;
    if (!in_window) sh.extra -= j.units;  // uses capacity the head leaves idle
    // No early stop at a full machine: with no unit free the index yields
    // only zero-unit jobs (one O(log n) query when there are none), which
    // start as dr_evt's next call at the same time would start them.
  }
  released_since_pass_ = false;
  any_scanned_ = true;
  last_scanned_ = queue_.at(queue_.end_pos() - 1);
  cached_head_ = head;
  cached_shadow_ = sh;
  return false;
}

// The same test as the queue-order scan, over the waiting jobs in
// BackfillOrder; each start updates free units and E before the next test.
// The index skips exactly the jobs the test would refuse (units > free, or
// outside the window and units > extra).
void QueueScheduler::BackfillInOrder(JobId head, SimTime window, Shadow* sh, SimTime now,
                                     std::vector<JobId>* started) {
  for (std::size_t r = order_.Next(0, pool_->free(), sh->extra, window);
       r != BackfillOrder::kEnd; r = order_.Next(r + 1, pool_->free(), sh->extra, window)) {
    const JobId id = order_.at(r);
    if (id == head) continue;
    const Job& j = jobs_[id];
    if (!pool_->Fits(id, j)) continue;  // a per-node pool must also find nodes
    const bool in_window = PlanningEstimate(j, policy_) <= window;
    if (!in_window && !exact_units_ && !LeavesHeadOnTime(head, id, sh->time)) continue;
    Start(id, now, started);
    backfilled_[id] = 1;
    if (!in_window) sh->extra -= j.units;
  }
  released_since_pass_ = false;
  any_scanned_ = false;
}

bool QueueScheduler::LeavesHeadOnTime(JobId head, JobId id, SimTime shadow) {
  // A one-pod head: the pool compares the candidate's plan with the head's
  // spare room at the shadow, node by node (the pass's cost stays about the
  // candidates, not the running jobs).
  if (guard_ == Guard::kUnknown)
    guard_ = pool_->GuardHead(head, jobs_[head], ends_by_time_, shadow) ? Guard::kOn : Guard::kOff;
  if (guard_ == Guard::kOn) return pool_->GuardAdmits(id);
  // `id` is not among the running jobs' ends: EarliestFit never releases it.
  pool_->Allocate(id, jobs_[id]);
  const bool on_time = pool_->EarliestFit(head, jobs_[head], ends_by_time_) <= shadow;
  pool_->Release(id, jobs_[id]);
  return on_time;
}

void QueueScheduler::ScheduleDrEvtSjf(SimTime now, std::vector<JobId>* started) {
  // dr_evt calls schedule() repeatedly; each call starts at most one job.
  while (!queue_.empty()) {
    // The head is the earliest-submitted job; among equal submits, the first
    // in SJF/LJF order (dr_evt walks its multimap with strict <).
    const std::size_t head_pos = by_submit_.begin()->second;
    const JobId head = queue_.at(head_pos);
    if (pool_->Fits(head, jobs_[head])) {
      Start(head, now, started);
      continue;
    }
    if (policy_.backfill == Backfill::kNone) return;
    const SimTime r = running_.DrEvtReservation(now, pool_->free(), jobs_[head].units);
    if (r <= now) return;
    // The first job in queue order, other than the head, that fits now and
    // whose estimate ends by the reservation (dr_evt uses <= here): the
    // index finds it without visiting the jobs that cannot (extra -1: no
    // extra-nodes rule).
    std::size_t p = queue_.NextCandidate(queue_.begin_pos(), pool_->free(), -1, r - now);
    if (p == head_pos) p = queue_.NextCandidate(head_pos + 1, pool_->free(), -1, r - now);
    if (p >= queue_.end_pos()) return;
    const JobId id = queue_.at(p);
    Start(id, now, started);
    backfilled_[id] = 1;
  }
}

void QueueScheduler::ScheduleDrEvtFcfsConservative(SimTime now, std::vector<JobId>* started) {
  std::size_t pos = queue_.begin_pos();
  while (pos < queue_.end_pos() && pool_->Fits(queue_.at(pos), jobs_[queue_.at(pos)])) {
    Start(queue_.at(pos), now, started);
    pos = queue_.next_pos(pos);
  }
  if (pos >= queue_.end_pos() || policy_.backfill == Backfill::kNone) return;
  // A candidate's window W is the minimum of the independently computed
  // reservations of every earlier waiting job (§8.3). A job the running
  // jobs can never make room for (more units than they can ever free: some
  // run past their estimate, or the machine shrank) has the reservation
  // `now`, so no candidate after the first such job can pass: the scan
  // stops there. Before it, reservations grow with the job size, so W is
  // the reservation of the smallest earlier job, and a smallest job that
  // fits now keeps W at now for good.
  // dr_evt visits every job in order; the index jumps to the next job that
  // can start under the current W, and the jobs skipped (all refused: W
  // only shrinks while nothing starts) lower the smallest size at once.
  // The found job is then tested against the window those refusals leave.
  std::int64_t reachable = 0;
  std::size_t stop = queue_.end_pos();
  auto find_stop = [&] {  // the first job beyond reach, from the head
    reachable = running_.DrEvtReachable(now, pool_->free());
    const std::size_t id = waiting_units_.FindDue(queue_.at(pos), -(reachable + 1));
    if (id == ReservationIndex::kNone) stop = queue_.end_pos();
    else stop = id == queue_.at(pos) ? pos : queue_.FirstPosAfter(static_cast<JobId>(id - 1));
  };
  find_stop();
  std::int64_t min_units = jobs_[queue_.at(pos)].units;
  SimTime window = running_.DrEvtReservation(now, pool_->free(), min_units);
  std::size_t p = queue_.next_pos(pos);
  while (p < stop && pool_->free() > 0) {
    if (window <= now) return;  // the smallest earlier job fits now, or the head is beyond reach
    const std::size_t c = queue_.NextCandidate(p, pool_->free(), -1, window - now - 1);  // now + q < W
    if (c >= stop) return;  // no job before the stop can start; the rest would only be refused
    min_units = std::min(min_units, queue_.MinUnits(p, c));
    window = running_.DrEvtReservation(now, pool_->free(), min_units);
    const JobId id = queue_.at(c);
    const Job& j = jobs_[id];
    if (j.units <= pool_->free() && now + PlanningEstimate(j, policy_) < window) {
      Start(id, now, started);
      backfilled_[id] = 1;
      // A job of no estimate ends at once in dr_evt's view: its units are
      // not among those the running jobs will free.
      if (PlanningEstimate(j, policy_) <= 0) find_stop();
    } else {
      min_units = std::min(min_units, j.units);
    }
    window = running_.DrEvtReservation(now, pool_->free(), min_units);
    p = queue_.next_pos(c);
  }
}

}  // namespace clustersim
