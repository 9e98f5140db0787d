// ParseSeconds on the edges of its exact integer path: long runs of digits
// (leading zeros), the 1e12-second limit (kMaxInputSeconds), and fractions finer than a tick.
// Expected values are written out in ticks (microseconds).

#include "io/number_parse.h"

#include <gtest/gtest.h>

namespace clustersim {
namespace {

SimTime Seconds(std::string_view s) {
  SimTime v = -7;
  EXPECT_EQ(ParseSeconds(s, &v), ParseError::kOk) << s;
  return v;
}

TEST(ParseSeconds, LongRunsOfDigitsAreExact) {
  EXPECT_EQ(Seconds("0000000000000000000012"), 12'000'000);  // 22 digits, the value is small
  EXPECT_EQ(Seconds("000000000000000012.5"), 12'500'000);
  EXPECT_EQ(Seconds("1000000000000"), 1'000'000'000'000'000'000);  // the limit itself
  EXPECT_EQ(Seconds("-1000000000000"), -1'000'000'000'000'000'000);
  EXPECT_EQ(Seconds("999999999999.999999"), 999'999'999'999'999'999);
  EXPECT_EQ(Seconds("1e12"), 1'000'000'000'000'000'000);
  EXPECT_EQ(Seconds("1.0000005"), 1'000'001);  // the seventh decimal rounds
}

TEST(ParseSeconds, BeyondTheLimitIsARangeError) {
  SimTime v = 0;
  EXPECT_EQ(ParseSeconds("1000000000001", &v), ParseError::kRange);
  EXPECT_EQ(ParseSeconds("1000000000000.000001", &v), ParseError::kRange);  // a tick past it
  EXPECT_EQ(ParseSeconds("-1000000000000.5", &v), ParseError::kRange);
  EXPECT_EQ(ParseSeconds("1.0000001e12", &v), ParseError::kRange);
  EXPECT_EQ(ParseSeconds("9000000000000", &v), ParseError::kRange);  // the old limit
  EXPECT_EQ(ParseSeconds("123456789012345678", &v), ParseError::kRange);     // 18 digits
  EXPECT_EQ(ParseSeconds("1234567890123456789012", &v), ParseError::kRange);  // past int64
  EXPECT_EQ(ParseSeconds("00000000000000000009000000000001", &v), ParseError::kRange);
  EXPECT_EQ(ParseSeconds("12345678901234x", &v), ParseError::kRange);  // range is found first
  EXPECT_EQ(ParseSeconds("12x", &v), ParseError::kSyntax);
}

}  // namespace
}  // namespace clustersim
