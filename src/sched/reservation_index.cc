#include "sched/reservation_index.h"

#include <algorithm>

namespace clustersim {

void ReservationIndex::Reset(std::size_t n) {
  leaves_ = 1;
  while (leaves_ < std::max<std::size_t>(n, 1)) leaves_ *= 2;
  min_r_.assign(2 * leaves_, kCleared);
}

void ReservationIndex::Pull(std::size_t i) { min_r_[i] = std::min(min_r_[2 * i], min_r_[2 * i + 1]); }

void ReservationIndex::Grow(std::size_t n) {
  const std::size_t old = leaves_;
  const std::vector<SimTime> leaves(min_r_.begin() + static_cast<std::ptrdiff_t>(old), min_r_.end());
  Reset(std::max(n, 2 * old));
  std::copy(leaves.begin(), leaves.end(), min_r_.begin() + static_cast<std::ptrdiff_t>(leaves_));
  for (std::size_t i = leaves_ - 1; i >= 1; --i) Pull(i);
}

void ReservationIndex::Set(std::size_t pos, SimTime start) {
  if (pos >= leaves_) Grow(pos + 1);
  std::size_t i = pos + leaves_;
  const SimTime old = min_r_[i];
  min_r_[i] = start;
  if (start <= old) {
    // An earlier start (a new reservation or a compression's move, nearly
    // every call) lowers the minima on the path only until one is already
    // no later: every ancestor above it is no later either.
    for (i /= 2; i >= 1 && min_r_[i] > start; i /= 2) min_r_[i] = start;
    return;
  }
  for (i /= 2; i >= 1; i /= 2) Pull(i);
}

void ReservationIndex::Clear(std::size_t pos) {
  std::size_t i = pos + leaves_;
  min_r_[i] = kCleared;
  for (i /= 2; i >= 1; i /= 2) Pull(i);
}

std::size_t ReservationIndex::Due(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from,
                                  SimTime now) const {
  if (hi <= from || min_r_[node] > now) return kNone;
  if (hi - lo == 1) return lo;
  const std::size_t mid = (lo + hi) / 2;
  const std::size_t l = Due(2 * node, lo, mid, from, now);
  return l != kNone ? l : Due(2 * node + 1, mid, hi, from, now);
}

std::size_t ReservationIndex::FindDue(std::size_t from, SimTime now) const {
  return leaves_ ? Due(1, 0, leaves_, from, now) : kNone;
}

std::size_t ReservationIndex::FirstLive() const {
  if (!leaves_ || min_r_[1] == kCleared) return kNone;
  std::size_t i = 1;
  while (i < leaves_) i = min_r_[2 * i] != kCleared ? 2 * i : 2 * i + 1;
  return i - leaves_;
}

}  // namespace clustersim
