// RowWriter must write what the field-by-field appends wrote: std::to_chars
// for numbers (its integer shortcut for doubles included), the documented
// time formats, and text of any length, across buffer flushes.

#include "io/row_writer.h"

#include <gtest/gtest.h>

#include <charconv>
#include <limits>
#include <string>
#include <utility>

namespace clustersim {
namespace {

std::string ToChars(double v) {
  char buf[64];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

TEST(RowWriterTest, DoublesMatchShortestToChars) {
  for (double v : {0.0, -0.0, 1.0, 2.0, 9999.0, 10000.0, 99999.0, 1e16, 0.5, 1.25, 3.0000000000000004,
                   -1.0, -7.5, 1e300, 5e-324, std::numeric_limits<double>::infinity(), 1234.5678, 123456.5,
                   1e-5}) {
    std::string out;
    RowWriter(&out).Double(v);
    EXPECT_EQ(out, ToChars(v)) << v;
  }
}

// Whole numbers are written in full below 2^53, where the shortest form
// would switch to an exponent ("1e+05" beside "80000" in nodes.csv; it did
// from 10^15 on too).
TEST(RowWriterTest, WholeNumbersAreWrittenInFull) {
  const std::pair<double, const char*> cases[] = {
      {100000.0, "100000"}, {-100000.0, "-100000"}, {120000.0, "120000"}, {1e14, "100000000000000"},
      {999999999999999.0, "999999999999999"}, {1e15, "1000000000000000"}, {-1e15, "-1000000000000000"},
      {9007199254740991.0, "9007199254740991"}, {9007199254740992.0, "9007199254740992"}, {1e16, "1e+16"}};
  for (const auto& [v, want] : cases) {
    std::string out;
    RowWriter(&out).Double(v);
    EXPECT_EQ(out, want) << v;
  }
}

TEST(RowWriterTest, FieldsAndLongTextSurviveFlushes) {
  std::string out, expect;
  {
    RowWriter row(&out);
    for (int i = 0; i < 200; ++i) {  // ~3 KB through a 512-byte buffer
      row.Int(-1234567890123).Char(',').Time(1'500'000, TimeFormat::kExact).Char(',');
      expect += "-1234567890123,1.5,";
    }
    const std::string long_text(2000, 'q');  // longer than the buffer
    row.Text("ab").Text(long_text).Text("cd");
    expect += "ab" + long_text + "cd";
    // Millis round to the nearest millisecond; seconds truncate toward zero.
    row.Time(-2'000'001, TimeFormat::kMillis).Char(',').Time(3'999'999, TimeFormat::kSeconds);
    row.Char(',').Time(-999'999, TimeFormat::kSeconds).Char(',').Time(1'000'010, TimeFormat::kExact);
    expect += "-2.000,3,0,1.00001";
  }  // the destructor flushes the rest
  EXPECT_EQ(out, expect);
}

}  // namespace
}  // namespace clustersim
