#pragma once
// Hand-written number parsing for the hot path of the readers: no locale, no
// allocation, no iostreams. Decimal seconds are converted to SimTime exactly
// (up to 6 fractional digits; a 7th digit rounds half away from zero).

#include <cstdint>
#include <string_view>

#include "model/time.h"

namespace clustersim {

enum class ParseError : std::uint8_t { kOk, kEmpty, kSyntax, kRange };

// Trims ASCII spaces and tabs on both sides (and a trailing '\r').
std::string_view Trim(std::string_view s);

// "[-+]digits" (after trimming). Rejects fractions ("80.0").
ParseError ParseInt(std::string_view s, std::int64_t* out);

// "[-+]digits[.digits][e±digits]" in seconds -> microseconds. Values beyond
// ±kMaxInputSeconds (1e12 s, model/time.h) are kRange. inf/nan are kSyntax.
ParseError ParseSeconds(std::string_view s, SimTime* out);

// "90", "90s", "30m", "2h", "1.5d" -> seconds; false if malformed, negative
// or beyond kMaxInputSeconds.
bool ParseDurationText(std::string_view text, double* seconds);

// A job's size, a machine's (nodes, processors) and processors per node:
// more than any machine has, and small enough that sums over every job a
// trace could hold (units in use, processors) stay far inside int64.
// RowReader::Nodes (num_nodes), the SWF normaliser and the -n and
// --procs-per-node options check it.
inline constexpr std::int64_t kMaxInputCount = 1'000'000'000;

const char* ParseErrorText(ParseError e);

}  // namespace clustersim
