#include "sched/candidate_index.h"

#include <algorithm>
#include <array>

namespace clustersim {

void CandidateIndex::Reset(std::size_t n) {
  leaves_ = 1;
  while (leaves_ < std::max<std::size_t>(n, 1)) leaves_ *= 2;
  min_units_.assign(2 * leaves_, kInf);
  min_q_.assign(2 * leaves_, kInf);
  // Node i spans leaves_ >> floor(log2 i) leaves: kBlock or more for i < 2 * leaves_ / kBlock.
  bucketed_ = leaves_ >= kBlock ? 2 * leaves_ / kBlock : 0;
  min_q_by_units_.assign(bucketed_ * kBuckets, kInf);
}

namespace {

// 1..8, then four classes per power of two: 10, 12, 14, 16, 20, 24, ...
constexpr auto kClassLimits = [] {
  std::array<std::int64_t, 60> t{};
  std::size_t k = 0;
  for (std::int64_t v = 1; v <= 8; ++v) t[k++] = v;
  for (std::int64_t p = 8; k < t.size(); p *= 2)
    for (std::int64_t s = 1; s <= 4 && k < t.size(); ++s) t[k++] = p + s * p / 4;
  return t;
}();

}  // namespace

std::size_t CandidateIndex::Bucket(std::int64_t units) {
  static_assert(kClassLimits.size() == kBuckets);
  return static_cast<std::size_t>(std::lower_bound(kClassLimits.begin(), kClassLimits.end(), units) -
                                  kClassLimits.begin());
}

// Node's buckets from its children's, or from its kBlock leaves at the
// lowest bucketed level.
void CandidateIndex::PullBuckets(std::size_t node) {
  SimTime* out = &min_q_by_units_[node * kBuckets];
  if (2 * node >= bucketed_) {
    std::fill(out, out + kBuckets, kInf);
    std::size_t lo = node, hi = node + 1;
    while (lo < leaves_) lo *= 2, hi *= 2;
    for (std::size_t leaf = lo; leaf < hi; ++leaf) {
      const std::size_t b = Bucket(min_units_[leaf]);
      if (b < kBuckets) out[b] = std::min(out[b], min_q_[leaf]);
    }
    for (std::size_t b = 1; b < kBuckets; ++b) out[b] = std::min(out[b], out[b - 1]);
    return;
  }
  const SimTime* l = &min_q_by_units_[2 * node * kBuckets];
  const SimTime* r = &min_q_by_units_[(2 * node + 1) * kBuckets];
  for (std::size_t b = 0; b < kBuckets; ++b) out[b] = std::min(l[b], r[b]);
}

void CandidateIndex::PullAllBuckets() {
  for (std::size_t i = bucketed_; i-- > 1;) PullBuckets(i);
}

bool CandidateIndex::BucketsPrune(std::size_t node, std::int64_t free, SimTime window) const {
  if (node >= bucketed_) return false;
  const std::size_t c = Bucket(free);
  return c < kBuckets && min_q_by_units_[node * kBuckets + c] > window;
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
  PullAllBuckets();
}

void CandidateIndex::Set(std::size_t pos, std::int64_t units, SimTime estimate) {
  if (pos >= leaves_) Grow(pos + 1);
  std::size_t i = pos + leaves_;
  const std::int64_t old_units = min_units_[i];
  const SimTime old_q = min_q_[i];
  min_units_[i] = units;
  min_q_[i] = estimate;
  for (i /= 2; i >= 1; i /= 2) {
    const std::int64_t u = std::min(min_units_[2 * i], min_units_[2 * i + 1]);
    const std::int64_t q = std::min(min_q_[2 * i], min_q_[2 * i + 1]);
    if (u == min_units_[i] && q == min_q_[i]) break;  // ancestors unchanged
    min_units_[i] = u;
    min_q_[i] = q;
  }
  if (bucketed_ == 0) return;
  std::size_t lowest = (pos + leaves_) / 2;
  while (lowest >= bucketed_) lowest /= 2;
  // The leaf's old job leaves its classes: only a class whose minimum it
  // was can change (the minima grow with the class, so if the smallest
  // class holding it has a smaller minimum, none changes).
  const std::size_t old_b = Bucket(old_units);
  if (old_b < kBuckets && old_q != kInf && min_q_by_units_[lowest * kBuckets + old_b] >= old_q) {
    for (std::size_t b = lowest; b >= 1; b /= 2) {
      std::array<SimTime, kBuckets> before;
      std::copy_n(&min_q_by_units_[b * kBuckets], kBuckets, before.begin());
      PullBuckets(b);
      if (std::equal(before.begin(), before.end(), &min_q_by_units_[b * kBuckets])) break;
    }
  }
  // The new job joins its classes: minima can only fall.
  const std::size_t new_b = Bucket(units);
  if (new_b >= kBuckets || estimate == kInf) return;
  for (std::size_t b = lowest; b >= 1; b /= 2) {
    SimTime* out = &min_q_by_units_[b * kBuckets];
    bool changed = false;
    for (std::size_t c = new_b; c < kBuckets && estimate < out[c]; ++c) out[c] = estimate, changed = true;
    if (!changed) break;
  }
}

std::size_t CandidateIndex::Find(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from,
                                 std::int64_t free, std::int64_t extra, SimTime window) const {
  if (hi <= from) return kNone;
  const std::int64_t u = min_units_[node];
  if (u > free || (u > extra && (min_q_[node] > window || BucketsPrune(node, free, window)))) return kNone;
  if (hi - lo == 1) return lo;  // a leaf passing the prune test passes the job test
  if (hi - lo <= kBlock) {
    // A block of leaves: the exact test on each, in order (contiguous,
    // cheaper than descending through nodes whose minima mislead).
    for (std::size_t p = std::max(lo, from); p < hi; ++p) {
      const std::int64_t pu = min_units_[p + leaves_];
      if (pu <= free && (pu <= extra || min_q_[p + leaves_] <= window)) return p;
    }
    return kNone;
  }
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
