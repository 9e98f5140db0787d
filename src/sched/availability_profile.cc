#include "sched/availability_profile.h"

#include <cassert>
#include <iterator>

namespace clustersim {

AvailabilityProfile::AvailabilityProfile(std::int64_t capacity) { steps_[kNoTime] = capacity; }

std::map<SimTime, std::int64_t>::iterator AvailabilityProfile::Split(SimTime t) {
  auto it = steps_.lower_bound(t);
  if (it != steps_.end() && it->first == t) return it;
  auto prev = std::prev(it);
  return steps_.emplace_hint(it, t, prev->second);
}

void AvailabilityProfile::Add(SimTime t0, SimTime t1, std::int64_t delta) {
  if (t1 <= t0) return;
  auto a = Split(t0);
  auto b = t1 == kTimeInfinity ? steps_.end() : Split(t1);
  for (auto it = a; it != b; ++it) it->second += delta;
  // Merge equal neighbours at the two edges to keep the map small.
  if (b != steps_.end() && std::prev(b)->second == b->second) steps_.erase(b);
  if (a != steps_.begin() && std::prev(a)->second == a->second) steps_.erase(a);
}

SimTime AvailabilityProfile::EarliestFit(SimTime from, SimTime duration, std::int64_t units) const {
  if (duration <= 0) duration = 1;
  auto it = std::prev(steps_.upper_bound(from));
  SimTime candidate = from;
  bool open = false;  // candidate window started and still feasible
  for (; it != steps_.end(); ++it) {
    const SimTime t = std::max(it->first, from);
    if (open && t >= candidate + duration) return candidate;
    if (it->second >= units) {
      if (!open) candidate = t, open = true;
    } else {
      open = false;
    }
  }
  return open ? candidate : kTimeInfinity;
}

void AvailabilityProfile::Prune(SimTime now) {
  auto it = steps_.upper_bound(now);
  auto at = std::prev(it);  // step holding `now`
  if (at == steps_.begin()) return;
  std::int64_t v = at->second;
  steps_.erase(std::next(steps_.begin()), it);
  steps_.begin()->second = v;
}

std::int64_t AvailabilityProfile::FreeAt(SimTime t) const { return std::prev(steps_.upper_bound(t))->second; }

}  // namespace clustersim
