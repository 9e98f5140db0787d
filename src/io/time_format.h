#pragma once
// How SimTime values are written in outputs.
//   kExact:   integer seconds when whole, else decimal seconds with up to 6
//             digits and no trailing zeros (round-trips exactly)
//   kSeconds: integer seconds, truncated toward zero (dr_evt's default)
//   kMillis:  3 decimals, rounded to the nearest millisecond (dr_evt -M)

#include <cstdint>
#include <string>

#include "model/time.h"

namespace clustersim {

enum class TimeFormat : std::uint8_t { kExact, kSeconds, kMillis };

// Writes t at p (at most kMaxTimeChars characters); returns the end.
inline constexpr std::size_t kMaxTimeChars = 28;
char* PutTime(char* p, SimTime t, TimeFormat f);
std::string FormatTime(SimTime t, TimeFormat f);
// Decimal seconds with exactly 6 digits ("12.500000", "-0.000001"), as
// C's "%f" prints t / 1e6 up to about 272 years (2^33 s); beyond, the
// double has lost the last microseconds and this still writes them exactly.
char* PutFixedMicros(char* p, SimTime t);

}  // namespace clustersim
