#pragma once
// CandidateIndex: finds the next backfill candidate in queue order without
// visiting every waiting job. A segment tree over queue positions keeps, per
// subtree, the smallest request (units) and the smallest estimate. A job J
// can backfill iff  units_J <= free  and  (units_J <= extra or q_J <= window);
// a subtree is skipped when min units > free, or when min units > extra and
// min estimate > window (then no job in it can pass either test). Removed
// positions hold +infinity and are skipped the same way.
//
// Those two minima come from different jobs: on an overloaded machine the
// small jobs are long and the short jobs large, so a subtree can pass both
// tests while no job in it passes, and the search descended into most of a
// long queue (quadratic in queue length overall). Subtrees of 32 leaves or
// more therefore also keep, per size class T_b (1..8, then four steps per
// power of two: 10, 12, 14, 16, 20, ...), the smallest estimate among their
// jobs of at most T_b units: with c the smallest class such that T_c >=
// free, min_q_by_units[c] > window proves that no job that fits has a short
// enough estimate (the classes overshoot free by at most a quarter). The search visits the same positions in the same
// order, so it returns the same job, only sooner.

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

  // Size classes T_0 .. T_(kBuckets-1) (up to 57,344 units); nodes 1 ..
  // bucketed_-1 (those spanning kBlock leaves or more) keep kBuckets values.
  static constexpr std::size_t kBuckets = 60, kBlock = 64;
  static std::size_t Bucket(std::int64_t units);  // smallest b with T_b >= units (kBuckets if none)
  void PullBuckets(std::size_t node);
  void PullAllBuckets();
  bool BucketsPrune(std::size_t node, std::int64_t free, SimTime window) const;

  std::size_t leaves_ = 0;  // power of two
  std::vector<std::int64_t> min_units_, min_q_;  // 1-based heap layout, size 2 * leaves_
  std::size_t bucketed_ = 0;
  std::vector<SimTime> min_q_by_units_;  // node * kBuckets + b
};

}  // namespace clustersim
