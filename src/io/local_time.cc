#include "io/local_time.h"

#include <chrono>

#include <cctz/civil_time.h>
#include <cctz/time_zone.h>
#include <fmt/format.h>

namespace clustersim {

struct LocalClock::Zone {
  cctz::time_zone tz;
};

namespace {

// Whole seconds (floor) and the microseconds left, for negative times too.
cctz::time_point<cctz::seconds> Seconds(SimTime t, std::int64_t* micros) {
  std::int64_t s = t / kTicksPerSecond, us = t % kTicksPerSecond;
  if (us < 0) us += kTicksPerSecond, --s;
  *micros = us;
  return cctz::time_point<cctz::seconds>(cctz::seconds(s));
}

}  // namespace

Result<std::unique_ptr<LocalClock>> LocalClock::Create(const std::string& zone) {
  auto z = std::make_unique<Zone>();
  if (!cctz::load_time_zone(zone, &z->tz))
    return Status::Error("unknown time zone '" + zone + "' (expected an IANA name such as PST8PDT or UTC)");
  return std::unique_ptr<LocalClock>(new LocalClock(std::move(z)));
}

LocalClock::LocalClock(std::unique_ptr<Zone> zone) : zone_(std::move(zone)) {}
LocalClock::~LocalClock() = default;

std::string LocalClock::Format(SimTime t) const {
  char buf[64];
  return std::string(buf, Put(buf, t));
}

char* LocalClock::Put(char* p, SimTime t) const {
  std::int64_t us = 0;
  const cctz::civil_second cs = cctz::convert(Seconds(t, &us), zone_->tz);
  // The tracer writes three per job (57 MB on RICC): digits by hand, not
  // a format string per field.
  if (cs.year() < 0 || cs.year() > 9999)
    return fmt::format_to(p, "{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{:06}", cs.year(), cs.month(), cs.day(), cs.hour(),
                          cs.minute(), cs.second(), us);
  auto put = [&p](std::int64_t v, int digits, char after) {
    for (int i = digits - 1; i >= 0; --i, v /= 10) p[i] = static_cast<char>('0' + v % 10);
    p += digits;
    if (after) *p++ = after;
  };
  put(cs.year(), 4, '-');
  put(cs.month(), 2, '-');
  put(cs.day(), 2, ' ');
  put(cs.hour(), 2, ':');
  put(cs.minute(), 2, ':');
  put(cs.second(), 2, '.');
  put(us, 6, 0);
  return p;
}

int LocalClock::Weekday(SimTime t) const {
  std::int64_t us = 0;
  const cctz::civil_day d(cctz::convert(Seconds(t, &us), zone_->tz));
  switch (cctz::get_weekday(d)) {
    case cctz::weekday::sunday: return 0;
    case cctz::weekday::monday: return 1;
    case cctz::weekday::tuesday: return 2;
    case cctz::weekday::wednesday: return 3;
    case cctz::weekday::thursday: return 4;
    case cctz::weekday::friday: return 5;
    case cctz::weekday::saturday: return 6;
  }
  return 0;
}

int LocalClock::Hour(SimTime t) const {
  std::int64_t us = 0;
  return cctz::convert(Seconds(t, &us), zone_->tz).hour();
}

SimTime LocalClock::StartOfHour(SimTime t, std::int64_t days, std::int64_t hour) const {
  std::int64_t us = 0;
  const cctz::civil_day d = cctz::civil_day(cctz::convert(Seconds(t, &us), zone_->tz)) + days;
  const cctz::civil_second cs = cctz::civil_hour(d) + hour;
  const auto lookup = zone_->tz.lookup(cs);
  // A skipped hour starts where the gap ends (`trans`); otherwise the
  // earlier reading of a repeated hour, the only one for a unique hour.
  const auto tp = lookup.kind == cctz::time_zone::civil_lookup::SKIPPED ? lookup.trans : lookup.pre;
  return static_cast<SimTime>(tp.time_since_epoch().count()) * kTicksPerSecond;
}

}  // namespace clustersim
