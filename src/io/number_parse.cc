#include "io/number_parse.h"

#include <charconv>
#include <cmath>

namespace clustersim {

std::string_view Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  return s.substr(b, e - b);
}

const char* ParseErrorText(ParseError e) {
  switch (e) {
    case ParseError::kOk: return "ok";
    case ParseError::kEmpty: return "empty field";
    case ParseError::kSyntax: return "not a number";
    case ParseError::kRange: return "number out of range";
  }
  return "?";
}

ParseError ParseInt(std::string_view s, std::int64_t* out) {
  s = Trim(s);
  if (s.empty()) return ParseError::kEmpty;
  if (s.front() == '+') s.remove_prefix(1);
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, *out);
  if (ec == std::errc::result_out_of_range) return ParseError::kRange;
  if (ec != std::errc() || p != end) return ParseError::kSyntax;
  return ParseError::kOk;
}

ParseError ParseSeconds(std::string_view s, SimTime* out) {
  s = Trim(s);
  if (s.empty()) return ParseError::kEmpty;
  size_t i = 0;
  bool neg = false;
  if (s[0] == '-' || s[0] == '+') {
    neg = s[0] == '-';
    i = 1;
  }
  // Fast exact path: digits[.digits] with no exponent.
  constexpr std::int64_t kMaxWhole = kMaxInputSeconds;
  std::int64_t whole = 0;
  const size_t first_digit = i;
  // Up to 18 digits cannot overflow int64, so the range is checked once
  // after the loop; longer runs (leading zeros, or out of range) are
  // checked digit by digit.
  while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - first_digit < 18) whole = whole * 10 + (s[i++] - '0');
  if (whole > kMaxWhole) return ParseError::kRange;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    whole = whole * 10 + (s[i++] - '0');
    if (whole > kMaxWhole) return ParseError::kRange;
  }
  size_t digits = i - first_digit;
  std::int64_t frac = 0;
  int frac_digits = 0;
  bool round_up = false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (frac_digits < 6) {
        frac = frac * 10 + (s[i] - '0');
        ++frac_digits;
      } else if (frac_digits == 6) {
        round_up = s[i] >= '5';
        ++frac_digits;
      }
      ++i;
      ++digits;
    }
  }
  if (digits == 0) return ParseError::kSyntax;
  if (i == s.size()) {
    for (int k = frac_digits; k < 6; ++k) frac *= 10;
    SimTime v = whole * kTicksPerSecond + frac + (round_up ? 1 : 0);
    if (v > kMaxInputTime) return ParseError::kRange;  // 1e12 s and a fraction
    *out = neg ? -v : v;
    return ParseError::kOk;
  }
  if (s[i] != 'e' && s[i] != 'E') return ParseError::kSyntax;
  // Exponent form (rare): go through double, then round once to ticks.
  double d = 0;
  std::string_view body = s;
  if (body.front() == '+') body.remove_prefix(1);
  auto [p, ec] = std::from_chars(body.data(), body.data() + body.size(), d);
  if (ec != std::errc() || p != body.data() + body.size() || !std::isfinite(d))
    return ParseError::kSyntax;
  if (std::fabs(d) > static_cast<double>(kMaxWhole)) return ParseError::kRange;
  *out = std::llround(d * static_cast<double>(kTicksPerSecond));
  if (*out > kMaxInputTime || *out < -kMaxInputTime) return ParseError::kRange;
  return ParseError::kOk;
}

bool ParseDurationText(std::string_view text, double* seconds) {
  std::string_view t = Trim(text);
  double unit = 1;
  if (!t.empty()) {
    switch (t.back()) {
      case 's': unit = 1; break;
      case 'm': unit = 60; break;
      case 'h': unit = 3600; break;
      case 'd': unit = 86400; break;
      default: unit = 0;
    }
    if (unit != 0) t.remove_suffix(1);
    else unit = 1;
  }
  if (t.empty()) return false;
  for (char c : t)
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  double v = 0;
  const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size() || !std::isfinite(v)) return false;
  *seconds = v * unit;
  return *seconds <= static_cast<double>(kMaxInputSeconds);
}

}  // namespace clustersim
