#include "io/timestamp.h"

#include <cctz/civil_time.h>
#include <cctz/time_zone.h>

#include <chrono>

#include "io/number_parse.h"

namespace clustersim {

struct TimestampParser::Zone {
  cctz::time_zone tz;
};

TimestampParser::TimestampParser(std::unique_ptr<Zone> zone) : zone_(std::move(zone)) {}
TimestampParser::~TimestampParser() = default;

Result<std::unique_ptr<TimestampParser>> TimestampParser::Create(const std::string& zone) {
  auto z = std::make_unique<Zone>();
  if (!cctz::load_time_zone(zone, &z->tz))
    return Status::Error("unknown time zone '" + zone + "' (expected an IANA name such as UTC or Europe/Paris)");
  return std::unique_ptr<TimestampParser>(new TimestampParser(std::move(z)));
}

Result<std::optional<SimTime>> ParseCalendarTime(std::string_view text, const std::string& zone) {
  auto parser = TimestampParser::Create(zone);
  if (!parser.ok()) return parser.status();
  ParsedTime pt;
  if (parser.value()->Parse(text, &pt) != TimestampParser::Outcome::kOk) return std::optional<SimTime>();
  return std::optional<SimTime>(pt.t);
}

namespace {

bool Digits(std::string_view s, size_t pos, size_t n, int* out) {
  if (pos + n > s.size()) return false;
  int v = 0;
  for (size_t i = pos; i < pos + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = v;
  return true;
}

bool LooksNumeric(std::string_view s) {
  // Calendar dates contain '-' after the year digits; epoch seconds do not
  // (apart from a leading sign).
  for (size_t i = 1; i < s.size(); ++i) {
    if (s[i] == ':' || s[i] == 'T') return false;
    if (s[i] == '-' && s[i - 1] != 'e' && s[i - 1] != 'E') return false;  // 1e-3 is a number
  }
  return true;
}

// cctz answers in whole seconds; going through system_clock's nanoseconds
// would overflow after the year 2262 (four-digit years reach 9999).
SimTime ToTicks(cctz::time_point<cctz::seconds> tp) {
  return static_cast<SimTime>(tp.time_since_epoch().count()) * kTicksPerSecond;
}

}  // namespace

TimestampParser::Outcome TimestampParser::ParseCalendar(std::string_view s, ParsedTime* out) {
  int y, mo, d, h, mi, sec;
  if (!Digits(s, 0, 4, &y) || s.size() < 19 || s[4] != '-' || !Digits(s, 5, 2, &mo) ||
      s[7] != '-' || !Digits(s, 8, 2, &d) || (s[10] != ' ' && s[10] != 'T') ||
      !Digits(s, 11, 2, &h) || s[13] != ':' || !Digits(s, 14, 2, &mi) || s[16] != ':' ||
      !Digits(s, 17, 2, &sec))
    return Outcome::kBadDate;
  size_t i = 19;
  SimTime frac = 0;
  if (i < s.size() && s[i] == '.') {
    ++i;
    SimTime scale = kTicksPerSecond / 10;
    size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      frac += (s[i] - '0') * scale;
      scale /= 10;
      ++i;
    }
    if (i == start) return Outcome::kBadDate;
  }
  const cctz::civil_second cs(y, mo, d, h, mi, sec);
  if (cs.year() != y || cs.month() != mo || cs.day() != d || cs.hour() != h ||
      cs.minute() != mi || cs.second() != sec)
    return Outcome::kBadDate;  // e.g. 2024-02-30 or 25:00:00
  if (i < s.size()) {
    // Explicit offset: UTC = wall clock - offset, independent of the zone.
    int oh = 0, om = 0, sign = 1;
    if (s[i] == 'Z' && i + 1 == s.size()) {
    } else if ((s[i] == '+' || s[i] == '-') &&
               ((s.size() == i + 6 && Digits(s, i + 1, 2, &oh) && s[i + 3] == ':' &&
                 Digits(s, i + 4, 2, &om)) ||
                (s.size() == i + 5 && Digits(s, i + 1, 2, &oh) && Digits(s, i + 3, 2, &om)) ||
                (s.size() == i + 3 && Digits(s, i + 1, 2, &oh))) &&
               oh <= 23 && om <= 59) {
      sign = s[i] == '-' ? -1 : 1;
    } else {
      return Outcome::kBadDate;
    }
    SimTime utc = ToTicks(cctz::convert(cs, cctz::utc_time_zone()));
    out->t = utc - sign * (oh * 3600 + om * 60) * kTicksPerSecond + frac;
    return Outcome::kOk;
  }
  const cctz::time_zone::civil_lookup cl = zone_->tz.lookup(cs);
  switch (cl.kind) {
    case cctz::time_zone::civil_lookup::UNIQUE:
      out->t = ToTicks(cl.pre) + frac;
      break;
    case cctz::time_zone::civil_lookup::SKIPPED:
      // In a spring-forward gap: the pre-transition offset maps the wall
      // time forward by the length of the gap.
      out->t = ToTicks(cl.pre) + frac;
      out->skipped = true;
      break;
    case cctz::time_zone::civil_lookup::REPEATED:
      out->t = ToTicks(cl.pre) + frac;
      out->alt = ToTicks(cl.post) + frac;
      out->repeated = true;
      break;
  }
  return Outcome::kOk;
}

TimestampParser::Outcome TimestampParser::Parse(std::string_view field, ParsedTime* out) {
  std::string_view s = Trim(field);
  *out = ParsedTime{};
  if (s.empty()) return Outcome::kBadNumber;
  if (encoding_ == Encoding::kEpoch) {
    // Hot path of epoch files: parse first, classify only on failure.
    const ParseError e = ParseSeconds(s, &out->t);
    if (e == ParseError::kOk) return Outcome::kOk;
    if (!LooksNumeric(s)) return Outcome::kMixed;
    return e == ParseError::kRange ? Outcome::kRange : Outcome::kBadNumber;
  }
  const Encoding enc = LooksNumeric(s) ? Encoding::kEpoch : Encoding::kCalendar;
  if (encoding_ != Encoding::kUnknown && enc != encoding_) return Outcome::kMixed;
  Outcome o;
  if (enc == Encoding::kEpoch) {
    ParseError e = ParseSeconds(s, &out->t);
    o = e == ParseError::kOk ? Outcome::kOk
        : e == ParseError::kRange ? Outcome::kRange
                                  : Outcome::kBadNumber;
  } else {
    o = ParseCalendar(s, out);
  }
  if (o == Outcome::kOk && encoding_ == Encoding::kUnknown) encoding_ = enc;
  return o;
}

bool OrderReplayTimes(const ParsedTime& submit, const ParsedTime& begin, const ParsedTime* end, SimTime duration,
                      SimTime* s, SimTime* b, SimTime* e, bool* used_alt) {
  for (int mask = 0; mask < 8; ++mask) {
    const SimTime ts = (mask & 1) ? (submit.repeated ? submit.alt : kNoTime) : submit.t;
    const SimTime tb = (mask & 2) ? (begin.repeated ? begin.alt : kNoTime) : begin.t;
    SimTime te = (mask & 4) ? (end != nullptr && end->repeated ? end->alt : kNoTime)
                            : (end != nullptr ? end->t : begin.t + duration);
    if (ts == kNoTime || tb == kNoTime || te == kNoTime) continue;
    if (end == nullptr) te = tb + duration;
    if (ts <= tb && tb <= te) {
      *s = ts, *b = tb, *e = te;
      *used_alt = mask != 0;
      return true;
    }
  }
  return false;
}

}  // namespace clustersim
