#pragma once
// ReservationIndex: the waiting jobs of conservative backfilling, by
// position in submit order, in a segment tree keeping per subtree the
// smallest request, and the earliest and latest reservation start. It
// answers, without visiting every waiting job:
//   - which job is due (reservation start <= now), in submit order;
//   - which job might move earlier during compression: job j can only move
//     if free capacity somewhere in [now, r_j) reaches n_j. That maximum
//     grows with r_j, so a subtree is skipped when even its smallest
//     request does not fit before its latest start (the caller's may_fit,
//     an upper bound: AvailabilityProfile::MayFitBefore).

#include <cstdint>
#include <limits>
#include <vector>

#include "model/time.h"

namespace clustersim {

class ReservationIndex {
 public:
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  void Set(std::size_t pos, std::int64_t units, SimTime start);
  void Clear(std::size_t pos);
  void Reset(std::size_t n);
  SimTime min_start() const { return leaves_ ? min_r_[1] : kTimeInfinity; }

  // First position >= from with start <= now.
  std::size_t FindDue(std::size_t from, SimTime now) const;
  // First live position (any job), or kNone.
  std::size_t FirstLive() const;
  // First position >= from whose job might move: may_fit(units, start) is
  // false only if no step in [now, start) has `units` free. It is asked
  // with a subtree's smallest request and latest start. Walks up from the
  // leaf `from` and down the first subtree to its right that yields a job,
  // so a scan in position order costs O(log distance) per hit, not O(log n).
  template <typename MayFit>
  std::size_t FindMovable(std::size_t from, const MayFit& may_fit) const {
    if (from >= leaves_) return kNone;
    std::size_t i = from + leaves_;
    if (Passes(i, may_fit)) return from;
    for (;;) {
      while (i & 1) {  // a right child: its parent's subtree is done
        i /= 2;
        if (i <= 1) return kNone;
      }
      const std::size_t hit = Leftmost(++i, may_fit);  // the right sibling
      if (hit != kNone) return hit;
    }
  }

 private:
  static constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max();
  static constexpr std::int64_t kMinusInf = std::numeric_limits<std::int64_t>::min();
  void Pull(std::size_t i);
  void Grow(std::size_t n);
  std::size_t Due(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from, SimTime now) const;
  template <typename M>
  bool Passes(std::size_t node, const M& may_fit) const {
    return min_n_[node] != kInf && may_fit(min_n_[node], max_r_[node]);
  }
  template <typename M>
  std::size_t Leftmost(std::size_t node, const M& may_fit) const {
    if (!Passes(node, may_fit)) return kNone;
    if (node >= leaves_) return node - leaves_;
    const std::size_t l = Leftmost(2 * node, may_fit);
    return l != kNone ? l : Leftmost(2 * node + 1, may_fit);
  }

  std::size_t leaves_ = 0;
  std::vector<std::int64_t> min_n_, min_r_, max_r_;
};

}  // namespace clustersim
