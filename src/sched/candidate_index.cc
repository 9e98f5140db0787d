#include "sched/candidate_index.h"

#include <algorithm>

namespace clustersim {

void CandidateIndex::Reset(std::size_t n) {
  leaves_ = 1;
  while (leaves_ < std::max<std::size_t>(n, 1)) leaves_ *= 2;
  min_units_.assign(2 * leaves_, kInf);
  min_q_.assign(2 * leaves_, kInf);
}

void CandidateIndex::Grow(std::size_t n) {
  // Rebuild into a tree twice as large, keeping the leaves.
  std::vector<std::int64_t> u(min_units_.begin() + static_cast<std::ptrdiff_t>(leaves_), min_units_.end());
  std::vector<std::int64_t> q(min_q_.begin() + static_cast<std::ptrdiff_t>(leaves_), min_q_.end());
  Reset(std::max(n, 2 * leaves_));
  std::copy(u.begin(), u.end(), min_units_.begin() + static_cast<std::ptrdiff_t>(leaves_));
  std::copy(q.begin(), q.end(), min_q_.begin() + static_cast<std::ptrdiff_t>(leaves_));
  PullAll();
}

void CandidateIndex::PullAll() {
  for (std::size_t i = leaves_ - 1; i >= 1; --i) {
    min_units_[i] = std::min(min_units_[2 * i], min_units_[2 * i + 1]);
    min_q_[i] = std::min(min_q_[2 * i], min_q_[2 * i + 1]);
  }
}

void CandidateIndex::Set(std::size_t pos, std::int64_t units, SimTime estimate) {
  if (pos >= leaves_) Grow(pos + 1);
  std::size_t i = pos + leaves_;
  min_units_[i] = units;
  min_q_[i] = estimate;
  for (i /= 2; i >= 1; i /= 2) {
    const std::int64_t u = std::min(min_units_[2 * i], min_units_[2 * i + 1]);
    const std::int64_t q = std::min(min_q_[2 * i], min_q_[2 * i + 1]);
    if (u == min_units_[i] && q == min_q_[i]) break;  // ancestors unchanged
    min_units_[i] = u;
    min_q_[i] = q;
  }
}

std::size_t CandidateIndex::Find(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from,
                                 std::int64_t free, std::int64_t extra, SimTime window) const {
  if (hi <= from) return kNone;
  const std::int64_t u = min_units_[node];
  if (u > free || (u > extra && min_q_[node] > window)) return kNone;
  if (hi - lo == 1) return lo;  // a leaf passing the prune test passes the job test
  const std::size_t mid = (lo + hi) / 2;
  const std::size_t l = Find(2 * node, lo, mid, from, free, extra, window);
  if (l != kNone) return l;
  return Find(2 * node + 1, mid, hi, from, free, extra, window);
}

std::int64_t CandidateIndex::MinUnits(std::size_t lo, std::size_t hi) const {
  std::int64_t m = kInf;
  hi = std::min(hi, leaves_);
  for (lo += leaves_, hi += leaves_; lo < hi; lo /= 2, hi /= 2) {
    if (lo & 1) m = std::min(m, min_units_[lo++]);
    if (hi & 1) m = std::min(m, min_units_[--hi]);
  }
  return m;
}

std::size_t CandidateIndex::FindFirst(std::size_t from, std::int64_t free, std::int64_t extra,
                                      SimTime window) const {
  if (leaves_ == 0 || from >= leaves_) return kNone;
  return Find(1, 0, leaves_, from, free, extra, window);
}

}  // namespace clustersim
