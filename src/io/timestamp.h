#pragma once
// Timestamp fields of dr_evt CSV traces: epoch seconds (integer or
// fractional) or ISO-8601 calendar times (`YYYY-MM-DD[ T]HH:MM:SS[.f]` with
// optional `Z` / `±HH:MM`). Calendar times without an offset are local times
// in an IANA zone, resolved with cctz (never through the process's TZ).
// As in dr_evt, the first timestamp parsed fixes the encoding for the file;
// a field in the other encoding is an error (`mixed_timestamps`).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "model/status.h"
#include "model/time.h"

namespace clustersim {

struct ParsedTime {
  SimTime t = 0;       // the chosen instant (µs since the epoch)
  SimTime alt = 0;     // for a repeated local time: the later instant
  bool skipped = false;   // local time fell in a DST gap: shifted forward
  bool repeated = false;  // local time was ambiguous: `t` is the earlier one
};

class TimestampParser {
 public:
  enum class Encoding : std::uint8_t { kUnknown, kEpoch, kCalendar };
  enum class Outcome : std::uint8_t { kOk, kBadNumber, kBadDate, kRange, kMixed };

  // `zone` is an IANA name ("UTC", "America/Los_Angeles").
  static Result<std::unique_ptr<TimestampParser>> Create(const std::string& zone);
  ~TimestampParser();

  Outcome Parse(std::string_view field, ParsedTime* out);
  Encoding encoding() const { return encoding_; }

 private:
  struct Zone;
  explicit TimestampParser(std::unique_ptr<Zone> zone);
  Outcome ParseCalendar(std::string_view s, ParsedTime* out);
  std::unique_ptr<Zone> zone_;
  Encoding encoding_ = Encoding::kUnknown;
};

// One calendar time given outside a trace (a command-line -t or
// --sim_start_time), read in `zone`; a repeated local time is its earlier
// reading, as in a trace. An unknown zone is an error; text that is not a
// time gives nullopt, for the caller to say what it expected.
Result<std::optional<SimTime>> ParseCalendarTime(std::string_view text, const std::string& zone);

// A replay row's submit, begin and end (or begin + duration when `end` is
// null), each possibly an ambiguous local time (DST fall-back): picks the
// first combination of readings, earliest first, with submit <= begin <=
// end, writes it to *s, *b, *e and says whether a later reading was used.
// False (outputs untouched) if no combination is ordered.
bool OrderReplayTimes(const ParsedTime& submit, const ParsedTime& begin, const ParsedTime* end, SimTime duration,
                      SimTime* s, SimTime* b, SimTime* e, bool* used_alt);

}  // namespace clustersim
