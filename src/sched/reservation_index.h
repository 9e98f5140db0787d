#pragma once
// ReservationIndex: the waiting jobs of conservative backfilling, by
// position in submit order, in a segment tree keeping the earliest
// reservation start per subtree. It answers, without visiting every waiting
// job, which jobs are due (reservation start <= now), in submit order, and
// when the next one will be.

#include <cstdint>
#include <limits>
#include <vector>

#include "model/time.h"

namespace clustersim {

class ReservationIndex {
 public:
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  void Set(std::size_t pos, SimTime start);
  void Clear(std::size_t pos);
  void Reset(std::size_t n);
  SimTime min_start() const { return leaves_ ? min_r_[1] : kTimeInfinity; }

  // First position >= from with start <= now.
  std::size_t FindDue(std::size_t from, SimTime now) const;
  // First live position (any job), or kNone.
  std::size_t FirstLive() const;

 private:
  static constexpr SimTime kCleared = kTimeInfinity;  // every live reservation is finite
  void Pull(std::size_t i);
  void Grow(std::size_t n);
  std::size_t Due(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from, SimTime now) const;

  std::size_t leaves_ = 0;
  std::vector<SimTime> min_r_;  // kCleared where no job is
};

}  // namespace clustersim
