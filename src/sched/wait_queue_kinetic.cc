// WaitQueue under a dynamic ordering (WFP3, UNICEP): the order is kept as a
// kinetic sorted list. Every adjacent pair of waiting jobs has a Check
// scheduled at the first time its order may change (CertainUntil); a
// decision at `now` pops the checks that are due, compares those pairs'
// real keys at `now` and swaps the ones out of order, which schedules their
// new neighbours' checks (at `now` when they are out of order too, so the
// swaps run until every adjacent pair is in order). Before() is a strict
// total order at a given time, so an order whose adjacent pairs all agree
// with it is the order a full sort would give.

#include <algorithm>
#include <numeric>

#include "sched/priority.h"
#include "sched/scheduler.h"
#include "sched/wait_queue.h"

namespace clustersim {
namespace {

bool Later(const auto& x, const auto& y) { return x.at > y.at; }  // min-heap

}  // namespace

double WaitQueue::KeyAt(JobId id, SimTime now) {
  if (key_time_[id] != now) {
    key_[id] = PriorityKey(ordering_, jobs_[id], PlanningEstimate(jobs_[id], policy_), now);
    key_time_[id] = now;
  }
  return key_[id];
}

SimTime WaitQueue::CheckTime(std::size_t p, SimTime now) const {
  const JobId a = order_[p], b = order_[next_[p]];
  return CertainUntil(ordering_, jobs_[a], PlanningEstimate(jobs_[a], policy_), rate_[a], jobs_[b],
                      PlanningEstimate(jobs_[b], policy_), rate_[b], now);
}

void WaitQueue::Reorder(SimTime now) {
  if (sorting_) {
    // Go back to the list once a decision finds the order nearly unchanged,
    // trying again after 1, 2, 4, ... decisions while it keeps failing (on
    // an overloaded machine it never pays: waiting jobs overtake each other
    // at every decision).
    if (Sort(now) <= live_ / 16 && ++sorted_since_ >= retry_after_) Resort(now);
    return;
  }
  if (resort_) return Resort(now);
  // Many due checks (jobs submitted at one instant ranked by their keys for
  // the first time, or a machine so overloaded that waiting jobs overtake
  // one another all the time) cost less as one sort than as single swaps.
  std::size_t budget = live_ / 16 + 64;
  swapped_.clear();
  while (!checks_.empty() && checks_.front().at <= now) {
    std::pop_heap(checks_.begin(), checks_.end(), Later<Check, Check>);
    const Check c = checks_.back();
    checks_.pop_back();
    // Stale when either job has moved, started or gained another neighbour.
    if (order_[c.pos] != c.a || removed_[c.a] || next_[c.pos] == kNil || order_[next_[c.pos]] != c.b) continue;
    if (budget-- == 0) {
      sorting_ = true;  // re-sort at every decision until the order settles
      sorted_since_ = 0;
      retry_after_ = std::min<std::size_t>(2 * retry_after_, std::size_t{1} << 20);
      Sort(now);
      return;
    }
    Recheck(c.pos, now);
  }
  retry_after_ = 1;  // the list kept up
  if (index_dirty_) return;
  if (swapped_.size() > live_ / 64 + 16) {
    index_dirty_ = true;  // one O(n) rebuild beats many O(log n) updates
    return;
  }
  for (std::size_t p : swapped_)
    index_.Set(p, jobs_[order_[p]].units, PlanningEstimate(jobs_[order_[p]], policy_));
}

void WaitQueue::Recheck(std::size_t p, SimTime now) {
  const std::size_t q = next_[p];
  const JobId a = order_[p], b = order_[q];
  if (!Before(b, KeyAt(b, now), a, KeyAt(a, now))) return Plan(p, now);
  order_[p] = b;
  order_[q] = a;
  pos_of_[a] = q;
  pos_of_[b] = p;
  swapped_.push_back(p);
  swapped_.push_back(q);
  if (prev_[p] != kNil) Plan(prev_[p], now);
  Plan(p, now);
  Plan(q, now);
}

void WaitQueue::Plan(std::size_t p, SimTime now) {
  const std::size_t q = next_[p];
  if (q == kNil) return;
  const JobId a = order_[p], b = order_[q];
  if (Before(b, KeyAt(b, now), a, KeyAt(a, now))) return PushCheck(now, p);  // swap in this pass
  const SimTime at = CheckTime(p, now);
  if (at != kTimeInfinity) PushCheck(std::max(at, now + 1), p);
}

void WaitQueue::PushCheck(SimTime at, std::size_t p) {
  checks_.push_back(Check{at, p, order_[p], order_[next_[p]]});
  std::push_heap(checks_.begin(), checks_.end(), Later<Check, Check>);
}

void WaitQueue::Link(std::size_t p) {
  prev_.resize(order_.size(), kNil);
  next_.resize(order_.size(), kNil);
  prev_[p] = tail_;
  next_[p] = kNil;
  if (tail_ != kNil) next_[tail_] = p;
  tail_ = p;
}

void WaitQueue::Unlink(std::size_t p) {
  const std::size_t a = prev_[p], b = next_[p];
  if (a != kNil) next_[a] = b;
  if (b != kNil) prev_[b] = a;
  if (tail_ == p) tail_ = a;
  prev_[p] = next_[p] = kNil;
  // The new pair is compared at the next decision (no time is known here).
  if (a != kNil && b != kNil) PushCheck(kNoTime, a);
}

void WaitQueue::Resort(SimTime now) {
  Sort(now);
  const std::size_t n = order_.size();
  prev_.assign(n, kNil);
  next_.assign(n, kNil);
  tail_ = kNil;
  for (std::size_t i = 0; i < n; ++i) Link(i);
  checks_.clear();
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const SimTime at = CheckTime(i, now);
    if (at != kTimeInfinity) checks_.push_back(Check{std::max(at, now + 1), i, order_[i], order_[i + 1]});
  }
  std::make_heap(checks_.begin(), checks_.end(), Later<Check, Check>);
  resort_ = false;
  sorting_ = false;
}

std::size_t WaitQueue::Sort(SimTime now) {
  Compact();  // also marks the list for a Resort
  const std::size_t n = order_.size();
  for (std::size_t i = 0; i < n; ++i)
    keys_[i] = PriorityKey(ordering_, jobs_[order_[i]], PlanningEstimate(jobs_[order_[i]], policy_), now);
  // The previous order is nearly right: keys drift slowly and arrivals wait
  // at the end. Insertion sort costs O(n + inversions); past a few moves per
  // job a full sort is cheaper. Before() is a strict total order, so either
  // way gives the same (unique) order.
  std::size_t moves = 0;
  const std::size_t budget = 4 * n + 64;
  for (std::size_t i = 1; i < n && moves <= budget; ++i) {
    const JobId id = order_[i];
    const double k = keys_[i];
    std::size_t j = i;
    for (; j > 0 && Before(id, k, order_[j - 1], keys_[j - 1]); --j, ++moves) {
      order_[j] = order_[j - 1];
      keys_[j] = keys_[j - 1];
    }
    order_[j] = id;
    keys_[j] = k;
  }
  if (moves > budget) {
    std::vector<std::size_t> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    std::sort(idx.begin(), idx.end(),
              [&](std::size_t a, std::size_t b) { return Before(order_[a], keys_[a], order_[b], keys_[b]); });
    std::vector<JobId> order(n);
    std::vector<double> keys(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = order_[idx[i]], keys[i] = keys_[idx[i]];
    order_.swap(order);
    keys_.swap(keys);
  }
  for (std::size_t i = 0; i < n; ++i) pos_of_[order_[i]] = i;
  index_dirty_ = true;
  return moves;
}

}  // namespace clustersim
