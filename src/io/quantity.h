#pragma once
// Kubernetes resource quantities ("500m", "8Gi", "1.5", "2e3"), parsed
// exactly into integers: CPU into millicores, memory into bytes. The digits
// are kept as an integer mantissa and a power of ten, so no binary floating
// point touches the value.
//
// Grammar (after trimming spaces): [+|-] (digits [. digits] | . digits),
// then an optional exponent e<int> / E<int>, then an optional suffix:
// n u m (none) k M G T P E (powers of 10) or Ki Mi Gi Ti Pi Ei (powers of
// 1024). Kubernetes allows an exponent *or* a suffix; clustersim also
// accepts both ("2e3m" = 2000m), which is unambiguous.
//
// Rounding: an amount finer than the unit rounds *up* to the next unit, as
// Kubernetes' MilliValue() and Value() do: CPU "0.0005" is 1m, memory "0.5"
// (or "500m") is 1 byte. `rounded` says when that happened, so a reader can
// count it. At most 19 significant digits are accepted (kPrecision beyond),
// which keeps the arithmetic in 128-bit integers and exact.

#include <cstdint>
#include <string_view>

namespace clustersim {

enum class QuantityError : std::uint8_t {
  kOk,
  kEmpty,
  kSyntax,     // not a number
  kSuffix,     // a number followed by an unknown unit
  kNegative,   // below zero ("-0" is 0)
  kRange,      // does not fit an int64 count of the unit
  kPrecision,  // more than 19 significant digits
};

const char* QuantityErrorText(QuantityError e);

// CPU: "2" = 2000, "500m" = 500, "0.5" = 500, "1.5k" = 1'500'000.
QuantityError ParseCpuQuantity(std::string_view s, std::int64_t* millicores, bool* rounded = nullptr);

// Memory: "8Gi" = 8 * 2^30, "1G" = 10^9, "123" = 123 bytes.
QuantityError ParseMemoryQuantity(std::string_view s, std::int64_t* bytes, bool* rounded = nullptr);

// The same grammar with the result in units of 10^-unit_exp10 of the
// written quantity (3 = milli, 0 = whole units).
QuantityError ParseScaledQuantity(std::string_view s, int unit_exp10, std::int64_t* out, bool* rounded);

}  // namespace clustersim
