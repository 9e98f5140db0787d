// SplitCsv and LineCursor: the field and line boundaries every CSV row
// goes through. Expected fields are written out by hand.

#include "io/text_lines.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace clustersim {
namespace {

std::vector<std::string> Split(std::string_view line, bool* ok = nullptr) {
  std::vector<std::string_view> fields;
  const bool r = SplitCsv(line, &fields);
  if (ok != nullptr) *ok = r;
  return {fields.begin(), fields.end()};
}

using Fields = std::vector<std::string>;

TEST(SplitCsv, PlainFieldsKeepEmptiesAndSpaces) {
  EXPECT_EQ(Split(""), Fields{""});
  EXPECT_EQ(Split("a"), Fields{"a"});
  EXPECT_EQ(Split("1,22,333"), (Fields{"1", "22", "333"}));
  EXPECT_EQ(Split(",a,,b,"), (Fields{"", "a", "", "b", ""}));
  EXPECT_EQ(Split(" 1 , 2\t"), (Fields{" 1 ", " 2\t"}));  // trimming is the caller's
}

TEST(SplitCsv, QuotedFieldsMayHoldCommas) {
  EXPECT_EQ(Split("\"a,b\",c"), (Fields{"a,b", "c"}));
  // A quote after plain fields: the fields found before it are not kept twice.
  EXPECT_EQ(Split("1,2,\"x,y\",3"), (Fields{"1", "2", "x,y", "3"}));
  EXPECT_EQ(Split("1, \"q\""), (Fields{"1", "q"}));
  EXPECT_EQ(Split("\"say \"\"hi\"\"\",2"), (Fields{"say \"\"hi\"\"", "2"}));  // inner "" stay
}

TEST(SplitCsv, UnterminatedQuoteIsRefused) {
  bool ok = true;
  Split("1,\"open,2", &ok);
  EXPECT_FALSE(ok);
}

TEST(LineCursor, SplitsOnNewlinesAndDropsCarriageReturnsAndBom) {
  LineCursor c("\xEF\xBB\xBF" "a,b\r\n\nlast");
  std::string_view line;
  std::vector<std::string> lines;
  while (c.Next(&line)) lines.emplace_back(line);
  EXPECT_EQ(lines, (Fields{"a,b", "", "last"}));
  EXPECT_EQ(c.line_number(), 3);
}

}  // namespace
}  // namespace clustersim
