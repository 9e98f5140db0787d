// Fuzzes the timestamp parser (epoch seconds, ISO-8601 with offsets, local
// times through IANA zones with DST gaps and repeats): every outcome is a
// value or an error, and a parsed instant lies within the input bound (a
// calendar offset can move it by less than a day).

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/timestamp.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clustersim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const char* zone : {"UTC", "America/Los_Angeles"}) {
    auto parser = TimestampParser::Create(zone);
    ParsedTime t;
    if (parser.value()->Parse(text, &t) != TimestampParser::Outcome::kOk) continue;
    constexpr SimTime kDay = 86400 * kTicksPerSecond;
    if (t.t > kMaxInputTime + kDay || t.t < -kMaxInputTime - kDay) __builtin_trap();
  }
  return 0;
}
