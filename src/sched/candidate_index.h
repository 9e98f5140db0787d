#pragma once
// CandidateIndex: finds the next backfill candidate in queue order without
// visiting every waiting job. A segment tree over queue positions keeps, per
// subtree, the smallest request (units) and the smallest estimate. A job J
// can backfill iff  units_J <= free  and  (units_J <= extra or q_J <= window);
// a subtree is skipped when min units > free, or when min units > extra and
// min estimate > window (then no job in it can pass either test). Removed
// positions hold +infinity and are skipped the same way.

#include <cstdint>
#include <limits>
#include <vector>

#include "model/time.h"

namespace clustersim {

class CandidateIndex {
 public:
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  // Sets position `pos` (growing the tree as needed).
  void Set(std::size_t pos, std::int64_t units, SimTime estimate);
  void Clear(std::size_t pos) { Set(pos, kInf, kInf); }
  void Reset(std::size_t n);  // n empty positions
  // Bulk load after Reset(n): SetLeaf for positions < n, then PullAll once.
  void SetLeaf(std::size_t pos, std::int64_t units, SimTime estimate) {
    min_units_[pos + leaves_] = units;
    min_q_[pos + leaves_] = estimate;
  }
  void PullAll();
  // Smallest units over all positions (kInf when empty).
  std::int64_t SmallestUnits() const { return leaves_ ? min_units_[1] : kInf; }

  // Smallest units over positions [lo, hi) (kInf if none are present).
  std::int64_t MinUnits(std::size_t lo, std::size_t hi) const;
  // First position >= from whose job passes the test above; kNone if none.
  std::size_t FindFirst(std::size_t from, std::int64_t free, std::int64_t extra, SimTime window) const;

 private:
  static constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max();
  std::size_t Find(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from, std::int64_t free,
                   std::int64_t extra, SimTime window) const;
  void Grow(std::size_t n);

  std::size_t leaves_ = 0;  // power of two
  std::vector<std::int64_t> min_units_, min_q_;  // 1-based heap layout, size 2 * leaves_
};

}  // namespace clustersim
