#pragma once
// AvailabilityProfile: free units as a step function of time, for
// conservative backfilling. Step k holds `free` from its time until the next
// step's. Running jobs occupy [begin, begin + estimate); waiting jobs occupy
// their reservation. Mutated in place; never rebuilt per pass.
//
// Layout: a sorted sequence of steps cut into blocks of 16-32 (a flat
// "sqrt-decomposition" B-tree): each block keeps the min and max of its
// values plus a pending add, so range adds, range maxima and earliest-fit
// searches skip whole blocks. A std::map version was 5x slower on RICC:
// pointer chasing dominated.

#include <cstdint>
#include <utility>
#include <vector>

#include "model/time.h"

namespace clustersim {

class AvailabilityProfile {
 public:
  explicit AvailabilityProfile(std::int64_t capacity);

  // Earliest t >= from with free(τ) >= units for all τ in [t, t + duration).
  // kTimeInfinity if never. duration 0 counts as 1 tick.
  SimTime EarliestFit(SimTime from, SimTime duration, std::int64_t units) const;
  // For a job already reserved at [own, own + duration): the earliest start
  // it could move to if its own reservation were released, or `own` if none
  // is earlier. Same answer as Release + EarliestFit, without mutating.
  SimTime EarliestFitBefore(SimTime from, SimTime duration, std::int64_t units, SimTime own) const;
  void Reserve(SimTime t0, SimTime t1, std::int64_t units) { Add(t0, t1, -units); }
  void Release(SimTime t0, SimTime t1, std::int64_t units) { Add(t0, t1, units); }
  // Largest free value on [a, b); a very negative number if a >= b.
  std::int64_t MaxFree(SimTime a, SimTime b) const;
  std::int64_t FreeAt(SimTime t) const;
  // (step start, max free from `from` to the end of that step), one entry per
  // step from the one holding `from`: MaxFree(from, r) for many r by binary
  // search, while the profile does not change.
  void PrefixMaxFrom(SimTime from, std::vector<std::pair<SimTime, std::int64_t>>* out) const;
  // Forgets the past: drops every step that ends before `now`.
  void Prune(SimTime now);
  std::size_t breakpoints() const;

 private:
  struct Block {
    std::vector<SimTime> t;
    std::vector<std::int64_t> v;  // stored values; the real value is v + lazy
    std::int64_t lazy = 0;
    std::int64_t mn = 0, mx = 0;  // of v (without lazy)
    void Recompute();
  };
  struct Pos {
    std::size_t b, i;
  };
  Pos Locate(SimTime t) const;  // step containing t
  Pos Split(SimTime t);         // ensures a step starts exactly at t
  void Add(SimTime t0, SimTime t1, std::int64_t delta);
  SimTime StepEnd(Pos p) const;
  void MergeEqualNeighbours();

  std::vector<Block> blocks_;
  std::size_t prunes_ = 0;
};

}  // namespace clustersim
