#pragma once
// LocalClock: SimTime (µs since the epoch) seen on the wall clock of an IANA
// zone, for reports that speak in local days and hours (the tracer's
// hour-of-week statistics, its timestamps). Backed by cctz: no process-wide
// TZ is ever set.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "model/status.h"
#include "model/time.h"

namespace clustersim {

class LocalClock {
 public:
  static Result<std::unique_ptr<LocalClock>> Create(const std::string& zone);
  ~LocalClock();

  // "YYYY-mm-dd HH:MM:SS.ffffff", local.
  std::string Format(SimTime t) const;
  // The same written at p (26 characters for years 0..9999; at most
  // kMaxFormattedChars for any SimTime, e.g. year -292277); returns the end.
  static constexpr std::size_t kMaxFormattedChars = 32;
  char* Put(char* p, SimTime t) const;
  // 0 = Sunday .. 6 = Saturday, local.
  int Weekday(SimTime t) const;
  // The instant local hour `hour` (0..23, or beyond: it carries into the
  // following days) of the day `days` after the local date of `t` begins;
  // hours skipped by DST map to the instant after the gap.
  SimTime StartOfHour(SimTime t, std::int64_t days, std::int64_t hour) const;
  // The instant the local week holding `t` began: Sunday 00:00.
  SimTime WeekStart(SimTime t) const { return StartOfHour(t, -Weekday(t), 0); }
  int Hour(SimTime t) const;

 private:
  struct Zone;
  explicit LocalClock(std::unique_ptr<Zone> zone);
  std::unique_ptr<Zone> zone_;
};

inline const char* WeekdayName(int d) {
  static constexpr const char* kNames[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  return kNames[d];
}

}  // namespace clustersim
