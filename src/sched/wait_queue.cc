#include "sched/wait_queue.h"

#include <algorithm>
#include <limits>
#include <numeric>

#include "sched/priority.h"
#include "sched/scheduler.h"

namespace clustersim {

WaitQueue::WaitQueue(Ordering ordering, const std::vector<Job>& jobs, const Policy& policy)
    : ordering_(ordering), jobs_(jobs), policy_(policy), removed_(jobs.size(), 0), pos_of_(jobs.size(), 0) {
  if (!IsStatic()) return;
  // Static keys never change: every job gets its permanent position (rank)
  // now, and arrivals and starts only switch positions on and off. No
  // insertion into the middle, no compaction, no index rebuild.
  const std::size_t n = jobs.size();
  std::vector<double> key(n);
  for (JobId id = 0; id < n; ++id) key[id] = PriorityKey(ordering_, jobs[id], PlanningEstimate(jobs[id], policy_), 0);
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), JobId{0});
  std::sort(order_.begin(), order_.end(), [&](JobId a, JobId b) { return Before(a, key[a], b, key[b]); });
  keys_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    pos_of_[order_[i]] = i;
    keys_[i] = key[order_[i]];
    removed_[order_[i]] = 1;  // not arrived yet
  }
  index_.Reset(n);
  first_live_ = n;
}

bool WaitQueue::IsStatic() const { return ordering_ != Ordering::kFcfs && !IsDynamic(ordering_); }

bool WaitQueue::Before(JobId a, double ka, JobId b, double kb) const {
  if (ka != kb) return ka < kb;
  if (jobs_[a].submit != jobs_[b].submit) return jobs_[a].submit < jobs_[b].submit;
  return a < b;
}

void WaitQueue::Add(JobId id, SimTime now) {
  removed_[id] = 0;
  ++live_;
  if (ordering_ == Ordering::kFcfs || IsDynamic(ordering_)) {
    // Arrivals come in (submit, id) order, so FCFS is an append. So is a
    // dynamic ordering: an arrival has waited 0 s, the lowest priority, and
    // comes last among equals by the tie rule.
    order_.push_back(id);
    keys_.push_back(0);
    pos_of_[id] = order_.size() - 1;
    if (!index_dirty_) index_.Set(order_.size() - 1, jobs_[id].units, PlanningEstimate(jobs_[id], policy_));
    if (IsDynamic(ordering_)) {
      if (rate_.empty()) rate_.resize(jobs_.size()), key_.resize(jobs_.size()), key_time_.resize(jobs_.size(), kNoTime);
      rate_[id] = PriorityRate(ordering_, jobs_[id], PlanningEstimate(jobs_[id], policy_));
    }
    if (IsDynamic(ordering_) && !resort_) {
      Link(order_.size() - 1);
      if (prev_.back() != kNil) Plan(prev_.back(), now);
    }
    return;
  }
  (void)now;  // static keys do not depend on the time
  const std::size_t pos = pos_of_[id];
  index_.Set(pos, jobs_[id].units, PlanningEstimate(jobs_[id], policy_));
  if (pos < first_live_) first_live_ = pos;
}

void WaitQueue::Remove(JobId id) {
  removed_[id] = 1;
  --live_;
  if (!index_dirty_) index_.Clear(pos_of_[id]);
  if (IsDynamic(ordering_) && !resort_) Unlink(pos_of_[id]);
}

void WaitQueue::MaybeCompact() {
  if (IsStatic()) return;  // permanent positions
  if (order_.size() > 64 && order_.size() - live_ > live_) Compact();
}

void WaitQueue::Compact() {
  std::size_t w = 0;
  for (std::size_t r = 0; r < order_.size(); ++r)
    if (!removed_[order_[r]]) {
      order_[w] = order_[r];
      keys_[w] = keys_[r];
      ++w;
    }
  order_.resize(w);
  keys_.resize(w);
  first_live_ = 0;
  index_dirty_ = true;
  resort_ = true;  // positions moved: rebuild the list and its checks
}

void WaitQueue::RebuildIndex() {
  // Leaves first, inner nodes once at the end: O(n), not n updates of O(log n).
  index_.Reset(order_.size());
  for (std::size_t i = 0; i < order_.size(); ++i) {
    const JobId id = order_[i];
    pos_of_[id] = i;
    if (!removed_[id]) index_.SetLeaf(i, jobs_[id].units, PlanningEstimate(jobs_[id], policy_));
  }
  index_.PullAll();
  index_dirty_ = false;
}

std::size_t WaitQueue::NextLive(std::size_t from) const {
  // Absent positions hold +infinity in the index; any present job passes.
  constexpr std::int64_t kAny = std::numeric_limits<std::int64_t>::max() - 1;
  const std::size_t p = index_.FindFirst(from, kAny, kAny, kTimeInfinity);
  return p == CandidateIndex::kNone ? order_.size() : p;
}

std::size_t WaitQueue::NextCandidate(std::size_t from, std::int64_t free, std::int64_t extra, SimTime window) {
  if (index_dirty_) RebuildIndex();
  const std::size_t p = index_.FindFirst(from, free, extra, window);
  return p == CandidateIndex::kNone ? order_.size() : p;
}

std::int64_t WaitQueue::MinUnits(std::size_t from, std::size_t to) {
  if (index_dirty_) RebuildIndex();
  return from < to ? index_.MinUnits(from, to) : std::numeric_limits<std::int64_t>::max();
}

std::int64_t WaitQueue::SmallestRequest() {
  // A dynamic order that is re-sorted at every decision would rebuild the
  // index twice per decision; a scan is cheaper then.
  if (index_dirty_ && !sorting_) RebuildIndex();
  if (!index_dirty_) return index_.SmallestUnits();
  std::int64_t m = std::numeric_limits<std::int64_t>::max();
  for (JobId id : order_)
    if (!removed_[id]) m = std::min(m, jobs_[id].units);
  return m;
}

std::size_t WaitQueue::begin_pos() const {
  if (IsStatic()) return first_live_ = NextLive(first_live_);
  while (first_live_ < order_.size() && removed_[order_[first_live_]]) ++first_live_;
  return first_live_;
}

std::size_t WaitQueue::next_pos(std::size_t pos) const {
  if (IsStatic()) return NextLive(pos + 1);
  ++pos;
  while (pos < order_.size() && removed_[order_[pos]]) ++pos;
  return pos;
}

}  // namespace clustersim

namespace clustersim {

std::size_t WaitQueue::FirstPosAfter(JobId id) const {
  return static_cast<std::size_t>(std::upper_bound(order_.begin(), order_.end(), id) - order_.begin());
}

}  // namespace clustersim
