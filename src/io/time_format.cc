#include "io/time_format.h"

#include <fmt/format.h>

#include <iterator>

namespace clustersim {

void AppendTime(std::string* out, SimTime t, TimeFormat f) {
  auto it = std::back_inserter(*out);
  const bool neg = t < 0;
  const std::uint64_t a = neg ? static_cast<std::uint64_t>(-(t + 1)) + 1 : static_cast<std::uint64_t>(t);
  const std::uint64_t whole = a / kTicksPerSecond, frac = a % kTicksPerSecond;
  switch (f) {
    case TimeFormat::kSeconds:
      fmt::format_to(it, "{}{}", neg && whole ? "-" : "", whole);
      return;
    case TimeFormat::kMillis: {
      const std::uint64_t ms = (a + 500) / 1000;
      fmt::format_to(it, "{}{}.{:03}", neg ? "-" : "", ms / 1000, ms % 1000);
      return;
    }
    case TimeFormat::kExact: {
      if (frac == 0) {
        fmt::format_to(it, "{}{}", neg ? "-" : "", whole);
        return;
      }
      std::uint64_t digits = frac;
      int width = 6;
      while (digits % 10 == 0) digits /= 10, --width;
      fmt::format_to(it, "{}{}.{:0{}}", neg ? "-" : "", whole, digits, width);
      return;
    }
  }
}

std::string FormatTime(SimTime t, TimeFormat f) {
  std::string s;
  AppendTime(&s, t, f);
  return s;
}

}  // namespace clustersim
