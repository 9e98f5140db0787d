#include "io/quantity.h"

#include <cstdint>
#include <limits>

#include "io/number_parse.h"

namespace clustersim {
namespace {

// GCC and Clang both provide 128-bit integers; __extension__ keeps
// -Wpedantic quiet about them.
__extension__ typedef unsigned __int128 U128;

constexpr int kMaxSignificant = 19;  // 10^19 - 1 < 2^64
constexpr std::int64_t kMaxExponent = 100000;  // beyond this only 0 or out-of-range remain
constexpr U128 kInt64Max = static_cast<U128>(std::numeric_limits<std::int64_t>::max());

struct Suffix {
  std::string_view text;
  int exp10;
  int exp2;
};

// Longest spellings first is unnecessary: the whole remainder must match.
constexpr Suffix kSuffixes[] = {
    {"", 0, 0},    {"n", -9, 0},  {"u", -6, 0},  {"m", -3, 0},  {"k", 3, 0},
    {"M", 6, 0},   {"G", 9, 0},   {"T", 12, 0},  {"P", 15, 0},  {"E", 18, 0},
    {"Ki", 0, 10}, {"Mi", 0, 20}, {"Gi", 0, 30}, {"Ti", 0, 40}, {"Pi", 0, 50}, {"Ei", 0, 60},
};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Parses an optional exponent at s[*i] ("e3", "E-2"). An 'E' not followed
// by a digit is left alone: it is the exa suffix.
bool ParseExponent(std::string_view s, size_t* i, std::int64_t* exp) {
  size_t j = *i;
  if (j >= s.size() || (s[j] != 'e' && s[j] != 'E')) return true;
  ++j;
  bool neg = false;
  if (j < s.size() && (s[j] == '+' || s[j] == '-')) neg = s[j++] == '-';
  if (j >= s.size() || !IsDigit(s[j])) return j == *i + 1;  // "E" alone: exa; "e+" : syntax
  std::int64_t v = 0;
  while (j < s.size() && IsDigit(s[j])) {
    if (v < kMaxExponent) v = v * 10 + (s[j] - '0');
    ++j;
  }
  *exp = neg ? -v : v;
  *i = j;
  return true;
}

}  // namespace

const char* QuantityErrorText(QuantityError e) {
  switch (e) {
    case QuantityError::kOk: return "ok";
    case QuantityError::kEmpty: return "empty";
    case QuantityError::kSyntax: return "not a number";
    case QuantityError::kSuffix: return "unknown unit suffix";
    case QuantityError::kNegative: return "negative";
    case QuantityError::kRange: return "too large";
    case QuantityError::kPrecision: return "more than 19 significant digits";
  }
  return "?";
}

QuantityError ParseScaledQuantity(std::string_view s, int unit_exp10, std::int64_t* out, bool* rounded) {
  if (rounded != nullptr) *rounded = false;
  s = Trim(s);
  if (s.empty()) return QuantityError::kEmpty;
  size_t i = 0;
  bool neg = false;
  if (s[0] == '+' || s[0] == '-') neg = s[i++] == '-';

  // Significant digits go into `mantissa`; `exp10` counts the decimal places
  // they are shifted by. Leading zeros are not significant.
  std::uint64_t mantissa = 0;
  int significant = 0;
  std::int64_t exp10 = 0;
  bool dropped_nonzero = false;
  int digits = 0;
  bool in_fraction = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '.' && !in_fraction) {
      in_fraction = true;
      continue;
    }
    if (!IsDigit(c)) break;
    ++digits;
    const int d = c - '0';
    if (significant == 0 && d == 0) {
      if (in_fraction) --exp10;
      continue;
    }
    if (significant < kMaxSignificant) {
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(d);
      ++significant;
      if (in_fraction) --exp10;
    } else {
      dropped_nonzero = dropped_nonzero || d != 0;
      if (!in_fraction) ++exp10;
    }
  }
  if (digits == 0) return QuantityError::kSyntax;
  std::int64_t exponent = 0;
  if (!ParseExponent(s, &i, &exponent)) return QuantityError::kSyntax;
  const std::string_view rest = s.substr(i);
  const Suffix* suffix = nullptr;
  for (const Suffix& x : kSuffixes)
    if (x.text == rest) suffix = &x;
  if (suffix == nullptr) return IsDigit(rest[0]) || rest[0] == '.' ? QuantityError::kSyntax : QuantityError::kSuffix;
  if (dropped_nonzero) return QuantityError::kPrecision;
  if (mantissa == 0) {
    *out = 0;
    return QuantityError::kOk;
  }
  if (neg) return QuantityError::kNegative;

  const std::int64_t e = exp10 + exponent + suffix->exp10 + unit_exp10;
  U128 v = mantissa;
  if (e >= 0) {
    // Every step only grows the value: stop as soon as it leaves int64.
    for (std::int64_t k = 0; k < e; ++k) {
      v *= 10;
      if (v > kInt64Max) return QuantityError::kRange;
    }
    v <<= suffix->exp2;  // v <= 2^63 and exp2 <= 60: no 128-bit overflow
    if (v > kInt64Max) return QuantityError::kRange;
    *out = static_cast<std::int64_t>(v);
    return QuantityError::kOk;
  }
  // A fraction of the unit: ceil(mantissa * 2^exp2 / 10^-e). The numerator
  // is below 2^124; 10^38 < 2^127 is the largest divisor needed, since any
  // larger one leaves a quotient of 0 (which rounds up to 1).
  v <<= suffix->exp2;
  U128 q = 0, r = v;
  if (-e <= 38) {
    U128 den = 1;
    for (std::int64_t k = 0; k < -e; ++k) den *= 10;
    q = v / den;
    r = v % den;
  }
  if (r != 0) {
    ++q;
    if (rounded != nullptr) *rounded = true;
  }
  if (q > kInt64Max) return QuantityError::kRange;
  *out = static_cast<std::int64_t>(q);
  return QuantityError::kOk;
}

QuantityError ParseCpuQuantity(std::string_view s, std::int64_t* millicores, bool* rounded) {
  return ParseScaledQuantity(s, 3, millicores, rounded);
}

QuantityError ParseMemoryQuantity(std::string_view s, std::int64_t* bytes, bool* rounded) {
  return ParseScaledQuantity(s, 0, bytes, rounded);
}

}  // namespace clustersim
