#pragma once
// Simulated time. A SimTime is an exact count of microseconds (int64), so
// `end = begin + duration` holds bit for bit and sums never drift. Text is
// converted to SimTime once, in io/, and back only when writing outputs.
// Range: ±292,000 years, which covers epoch timestamps with room to spare.

#include <cstdint>
#include <limits>

namespace clustersim {

using SimTime = std::int64_t;

inline constexpr SimTime kTicksPerSecond = 1'000'000;
inline constexpr SimTime kTimeInfinity = std::numeric_limits<SimTime>::max();
inline constexpr SimTime kNoTime = std::numeric_limits<SimTime>::min();

constexpr SimTime Seconds(std::int64_t s) { return s * kTicksPerSecond; }
constexpr double ToSeconds(SimTime t) { return static_cast<double>(t) / kTicksPerSecond; }

}  // namespace clustersim
