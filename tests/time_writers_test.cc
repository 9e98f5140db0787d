// The hand-written time writers the tracer's per-job report uses: checked
// against the format strings they replace ("%.6f" of seconds as a double,
// and fmt's zero-padded calendar fields), on edge values and a random sweep.

#include <chrono>
#include <cstdio>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "io/local_time.h"
#include "io/time_format.h"

namespace clustersim {
namespace {

std::string Fixed(SimTime t) {
  char buf[kMaxTimeChars];
  return std::string(buf, PutFixedMicros(buf, t));
}

TEST(TimeWriters, FixedMicrosIsPercentFOfTheSeconds) {
  EXPECT_EQ(Fixed(0), "0.000000");
  EXPECT_EQ(Fixed(1), "0.000001");
  EXPECT_EQ(Fixed(-1), "-0.000001");
  EXPECT_EQ(Fixed(Seconds(222)), "222.000000");
  EXPECT_EQ(Fixed(-Seconds(3) - 500000), "-3.500000");
  EXPECT_EQ(Fixed(kTimeInfinity), fmt::format("{}.{:06}", kTimeInfinity / 1000000, kTimeInfinity % 1000000));
  std::mt19937_64 rng(11);
  // Up to 10^15 µs (31 years): the double's rounding cannot reach the 6th
  // decimal there, so "%f" is exact and both must agree.
  std::uniform_int_distribution<SimTime> us(-1'000'000'000'000'000, 1'000'000'000'000'000);
  for (int k = 0; k < 20000; ++k) {
    const SimTime t = us(rng);
    char ref[64];
    std::snprintf(ref, sizeof ref, "%.6f", ToSeconds(t));
    ASSERT_EQ(Fixed(t), ref) << t;
  }
}

// In UTC the calendar fields follow from std::chrono alone: random instants
// from year -2000 to 12000 (zero padding below 1000, signs, five-digit
// years) against fmt's padded fields.
TEST(TimeWriters, LocalClockPutMatchesFmtOnRandomUtcTimes) {
  using namespace std::chrono;
  auto clock = LocalClock::Create("UTC");
  ASSERT_TRUE(clock.ok());
  std::mt19937_64 rng(5);
  const std::int64_t lo = sys_days{year{-2000} / 1 / 1}.time_since_epoch().count() * 86400;
  const std::int64_t hi = sys_days{year{12000} / 1 / 1}.time_since_epoch().count() * 86400;
  std::uniform_int_distribution<std::int64_t> secs(lo, hi), micros(0, 999999);
  for (int k = 0; k < 20000; ++k) {
    const std::int64_t s = k == 0 ? 0 : secs(rng), us = micros(rng);
    const sys_seconds tp{seconds{s}};
    const sys_days day = floor<days>(tp);
    const year_month_day ymd{day};
    const hh_mm_ss<seconds> hms{tp - day};
    const std::string ref = fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{:06}", static_cast<int>(ymd.year()),
                                        static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                                        hms.hours().count(), hms.minutes().count(), hms.seconds().count(), us);
    char buf[LocalClock::kMaxFormattedChars];
    char* end = clock.value()->Put(buf, Seconds(s) + us);
    ASSERT_EQ(std::string(buf, end), ref) << s;
  }
}

TEST(TimeWriters, LocalClockPutMatchesTheCalendarFormat) {
  auto clock = LocalClock::Create("America/Los_Angeles");
  ASSERT_TRUE(clock.ok());
  const LocalClock& c = *clock.value();
  EXPECT_EQ(c.Format(0), "1969-12-31 16:00:00.000000");
  EXPECT_EQ(c.Format(Seconds(1272672295) + 7), "2010-04-30 17:04:55.000007");  // PDT
  EXPECT_EQ(c.Format(-1), "1969-12-31 15:59:59.999999");
  // Years past 9999 keep every digit.
  EXPECT_EQ(c.Format(Seconds(253402387200)), "10000-01-01 16:00:00.000000");
}

}  // namespace
}  // namespace clustersim
