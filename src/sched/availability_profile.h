#pragma once
// AvailabilityProfile: free units as a step function of time, for
// conservative backfilling. Key t holds the free units from t until the next
// key. Running jobs occupy [begin, begin + estimate); waiting jobs occupy
// their reservation. Mutated in place; never rebuilt per pass.

#include <cstdint>
#include <map>

#include "model/time.h"

namespace clustersim {

class AvailabilityProfile {
 public:
  explicit AvailabilityProfile(std::int64_t capacity);

  // Earliest t >= from with free(τ) >= units for all τ in [t, t + duration).
  // kTimeInfinity if never (units > capacity). duration 0 counts as 1 tick.
  SimTime EarliestFit(SimTime from, SimTime duration, std::int64_t units) const;
  void Reserve(SimTime t0, SimTime t1, std::int64_t units) { Add(t0, t1, -units); }
  void Release(SimTime t0, SimTime t1, std::int64_t units) { Add(t0, t1, units); }
  // Forgets the past: merges every step before `now` into the one at `now`.
  void Prune(SimTime now);
  std::int64_t FreeAt(SimTime t) const;
  std::size_t breakpoints() const { return steps_.size(); }

 private:
  void Add(SimTime t0, SimTime t1, std::int64_t delta);
  std::map<SimTime, std::int64_t>::iterator Split(SimTime t);
  std::map<SimTime, std::int64_t> steps_;
};

}  // namespace clustersim
