#include "io/time_format.h"

#include <charconv>
#include <cstring>

namespace clustersim {

char* PutTime(char* p, SimTime t, TimeFormat f) {
  const bool neg = t < 0;
  const std::uint64_t a = neg ? static_cast<std::uint64_t>(-(t + 1)) + 1 : static_cast<std::uint64_t>(t);
  const std::uint64_t whole = a / kTicksPerSecond, frac = a % kTicksPerSecond;
  auto put_uint = [](char* q, std::uint64_t v) { return std::to_chars(q, q + 20, v).ptr; };
  switch (f) {
    case TimeFormat::kSeconds:
      if (neg && whole) *p++ = '-';
      return put_uint(p, whole);
    case TimeFormat::kMillis: {
      const std::uint64_t ms = (a + 500) / 1000;
      if (neg) *p++ = '-';
      p = put_uint(p, ms / 1000);
      const unsigned m = static_cast<unsigned>(ms % 1000);
      *p++ = '.';
      *p++ = static_cast<char>('0' + m / 100);
      *p++ = static_cast<char>('0' + m / 10 % 10);
      *p++ = static_cast<char>('0' + m % 10);
      return p;
    }
    case TimeFormat::kExact: {
      if (neg) *p++ = '-';
      p = put_uint(p, whole);
      if (frac == 0) return p;
      char digits[7] = {'.'};
      std::uint64_t f6 = frac;
      for (int i = 6; i >= 1; --i, f6 /= 10) digits[i] = static_cast<char>('0' + f6 % 10);
      int len = 7;
      while (digits[len - 1] == '0') --len;
      std::memcpy(p, digits, static_cast<std::size_t>(len));
      return p + len;
    }
  }
  return p;
}

char* PutFixedMicros(char* p, SimTime t) {
  const bool neg = t < 0;
  const std::uint64_t a = neg ? static_cast<std::uint64_t>(-(t + 1)) + 1 : static_cast<std::uint64_t>(t);
  if (neg) *p++ = '-';
  p = std::to_chars(p, p + 20, a / kTicksPerSecond).ptr;
  *p++ = '.';
  std::uint64_t f6 = a % kTicksPerSecond;
  for (int i = 5; i >= 0; --i, f6 /= 10) p[i] = static_cast<char>('0' + f6 % 10);
  return p + 6;
}

std::string FormatTime(SimTime t, TimeFormat f) {
  char buf[kMaxTimeChars];
  return std::string(buf, PutTime(buf, t, f));
}

}  // namespace clustersim
