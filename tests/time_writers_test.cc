// The hand-written time writers the tracer's per-job report uses: checked
// against the format strings they replace ("%.6f" of seconds as a double,
// and fmt's zero-padded calendar fields), on edge values and a random sweep.

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
