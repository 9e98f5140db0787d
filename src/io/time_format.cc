#include "io/time_format.h"

#include "io/text_append.h"

namespace clustersim {

void AppendTime(std::string* out, SimTime t, TimeFormat f) {
  const bool neg = t < 0;
  const std::uint64_t a = neg ? static_cast<std::uint64_t>(-(t + 1)) + 1 : static_cast<std::uint64_t>(t);
  const std::uint64_t whole = a / kTicksPerSecond, frac = a % kTicksPerSecond;
  switch (f) {
    case TimeFormat::kSeconds:
      if (neg && whole) out->push_back('-');
      AppendInt(out, static_cast<std::int64_t>(whole));
      return;
    case TimeFormat::kMillis: {
      const std::uint64_t ms = (a + 500) / 1000;
      if (neg) out->push_back('-');
      AppendInt(out, static_cast<std::int64_t>(ms / 1000));
      const unsigned m = static_cast<unsigned>(ms % 1000);
      const char digits[4] = {'.', static_cast<char>('0' + m / 100), static_cast<char>('0' + m / 10 % 10),
                              static_cast<char>('0' + m % 10)};
      out->append(digits, 4);
      return;
    }
    case TimeFormat::kExact: {
      if (neg) out->push_back('-');
      AppendInt(out, static_cast<std::int64_t>(whole));
      if (frac == 0) return;
      char digits[7] = {'.'};
      std::uint64_t f6 = frac;
      for (int i = 6; i >= 1; --i, f6 /= 10) digits[i] = static_cast<char>('0' + f6 % 10);
      int len = 7;
      while (digits[len - 1] == '0') --len;
      out->append(digits, static_cast<size_t>(len));
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
