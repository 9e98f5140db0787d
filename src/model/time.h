#pragma once
// Simulated time. A SimTime is an exact count of microseconds (int64), so
// `end = begin + duration` holds bit for bit and sums never drift. Text is
// converted to SimTime once, in io/, and back only when writing outputs.
//
// Bounds. int64 microseconds reach ±292,000 years, but a sum of times can
// still overflow, so every time and duration read from an input is bounded
// by kMaxInputSeconds (1e12 s, about 31,700 years: epoch timestamps and any
// real duration fit; the trace readers also refuse times before 0, where the
// clock starts) and the whole simulation by kMaxSimTime
// (2^62 us, about 146,000 years). With every operand below these, the sums
// the engine and schedulers form (begin + estimate, reservation + estimate)
// stay below int64's limit; the pipeline refuses a trace whose jobs, run one
// after another from its last submit, would pass kMaxSimTime.

#include <cstdint>
#include <limits>

namespace clustersim {

using SimTime = std::int64_t;

inline constexpr SimTime kTicksPerSecond = 1'000'000;
inline constexpr SimTime kTimeInfinity = std::numeric_limits<SimTime>::max();
inline constexpr SimTime kNoTime = std::numeric_limits<SimTime>::min();

inline constexpr std::int64_t kMaxInputSeconds = 1'000'000'000'000;
inline constexpr SimTime kMaxInputTime = kMaxInputSeconds * kTicksPerSecond;
inline constexpr SimTime kMaxSimTime = SimTime{1} << 62;

constexpr SimTime Seconds(std::int64_t s) { return s * kTicksPerSecond; }
constexpr double ToSeconds(SimTime t) { return static_cast<double>(t) / kTicksPerSecond; }

}  // namespace clustersim
