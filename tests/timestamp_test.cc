// TimestampParser (dr_evt-compat.md §2.5). Expected instants are computed by
// hand from 2024-01-01T00:00:00Z = 1704067200 (19723 days * 86400 s):
//   2024-03-10 (day 69 of 2024)  00:00Z = 1710028800
//   2024-07-01 (day 182)         00:00Z = 1719792000
//   2024-11-03 (day 307)         00:00Z = 1730592000
// America/Los_Angeles: PST = UTC-8, PDT = UTC-7; in 2024 DST starts on
// 2024-03-10 at 02:00 local and ends on 2024-11-03 at 02:00 local.

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "io/timestamp.h"

namespace clustersim {
namespace {

constexpr std::int64_t kJan1 = 1704067200;  // 2024-01-01T00:00:00Z
constexpr std::int64_t kMar10 = 1710028800;
constexpr std::int64_t kJul1 = 1719792000;
constexpr std::int64_t kNov3 = 1730592000;
constexpr std::int64_t kHour = 3600;

using Outcome = TimestampParser::Outcome;

std::unique_ptr<TimestampParser> Parser(const std::string& zone) {
  auto p = TimestampParser::Create(zone);
  EXPECT_TRUE(p.ok()) << p.status().message();
  return p.ok() ? p.take() : nullptr;
}

// Parses one field with a fresh parser (so the encoding is not yet fixed).
ParsedTime ParseOk(const std::string& zone, const std::string& field) {
  auto p = Parser(zone);
  ParsedTime t;
  EXPECT_EQ(p->Parse(field, &t), Outcome::kOk) << field;
  return t;
}

Outcome ParseOutcome(const std::string& zone, const std::string& field) {
  auto p = Parser(zone);
  ParsedTime t;
  return p->Parse(field, &t);
}

TEST(Timestamp, EpochIntegerSeconds) {
  EXPECT_EQ(ParseOk("UTC", "25").t, Seconds(25));
  EXPECT_EQ(ParseOk("UTC", "0").t, 0);
  EXPECT_EQ(ParseOk("UTC", "1704067200").t, Seconds(kJan1));
}

TEST(Timestamp, FractionalEpochIsExact) {
  // 25.412 s is not representable as a double; the parse must still be exact.
  EXPECT_EQ(ParseOk("UTC", "25.412").t, 25'412'000);
  EXPECT_EQ(ParseOk("UTC", "41.000001").t, 41'000'001);
  EXPECT_EQ(ParseOk("UTC", "1704067200.5").t, Seconds(kJan1) + 500'000);
}

TEST(Timestamp, EpochIsTheSameInEveryZone) {
  EXPECT_EQ(ParseOk("America/Los_Angeles", "25.412").t, 25'412'000);
}

TEST(Timestamp, SurroundingSpacesAreTrimmed) { EXPECT_EQ(ParseOk("UTC", "  25 ").t, Seconds(25)); }

TEST(Timestamp, IsoWithSpaceAndWithT) {
  EXPECT_EQ(ParseOk("UTC", "2024-01-01 00:00:00").t, Seconds(kJan1));
  EXPECT_EQ(ParseOk("UTC", "2024-01-01T00:00:00").t, Seconds(kJan1));
  EXPECT_EQ(ParseOk("UTC", "2024-01-01 08:00:00").t, Seconds(kJan1 + 8 * kHour));
}

TEST(Timestamp, IsoFraction) {
  EXPECT_EQ(ParseOk("UTC", "2024-01-01T00:00:00.25").t, Seconds(kJan1) + 250'000);
  EXPECT_EQ(ParseOk("UTC", "2024-01-01 00:00:01.000001").t, Seconds(kJan1 + 1) + 1);
}

TEST(Timestamp, ZuluSuffixIgnoresTheZone) {
  EXPECT_EQ(ParseOk("UTC", "2024-01-01T00:00:00Z").t, Seconds(kJan1));
  EXPECT_EQ(ParseOk("America/Los_Angeles", "2024-01-01T00:00:00Z").t, Seconds(kJan1));
  EXPECT_EQ(ParseOk("America/Los_Angeles", "2024-01-01T00:00:00.5Z").t, Seconds(kJan1) + 500'000);
}

TEST(Timestamp, ExplicitOffsetIsWallClockMinusOffset) {
  // 08:00 at UTC-8 is 16:00Z = 1704124800.
  EXPECT_EQ(ParseOk("UTC", "2024-01-01T08:00:00-08:00").t, Seconds(1704124800));
  // dr_evt gets this wrong when TZ != UTC; clustersim must not (§2.5).
  EXPECT_EQ(ParseOk("America/Los_Angeles", "2024-01-01T08:00:00-08:00").t, Seconds(1704124800));
  EXPECT_EQ(ParseOk("Europe/Paris", "2024-01-01T08:00:00-08:00").t, Seconds(1704124800));
  // 05:30 at UTC+5:30 is midnight UTC.
  EXPECT_EQ(ParseOk("UTC", "2024-01-01T05:30:00+05:30").t, Seconds(kJan1));
  EXPECT_EQ(ParseOk("UTC", "2024-01-01 00:00:00+00:00").t, Seconds(kJan1));
}

TEST(Timestamp, NaiveTimeInLosAngelesWinterIsPst) {
  // Midnight PST = 08:00Z.
  ParsedTime t = ParseOk("America/Los_Angeles", "2024-01-01 00:00:00");
  EXPECT_EQ(t.t, Seconds(kJan1 + 8 * kHour));
  EXPECT_FALSE(t.skipped);
  EXPECT_FALSE(t.repeated);
  EXPECT_EQ(ParseOk("America/Los_Angeles", "2024-01-01T00:00:00").t, Seconds(kJan1 + 8 * kHour));
}

TEST(Timestamp, NaiveTimeInLosAngelesSummerIsPdt) {
  // Midnight PDT = 07:00Z.
  EXPECT_EQ(ParseOk("America/Los_Angeles", "2024-07-01 00:00:00").t, Seconds(kJul1 + 7 * kHour));
}

TEST(Timestamp, NaiveTimeInUtc) {
  EXPECT_EQ(ParseOk("UTC", "2024-07-01 00:00:00").t, Seconds(kJul1));
}

TEST(Timestamp, DstGapShiftsForwardByTheGap) {
  // 02:30 on 2024-03-10 does not exist in Los Angeles: it is read as 03:30
  // PDT = 10:30Z, and flagged.
  ParsedTime gap = ParseOk("America/Los_Angeles", "2024-03-10 02:30:00");
  EXPECT_EQ(gap.t, Seconds(kMar10 + 10 * kHour + 1800));
  EXPECT_TRUE(gap.skipped);
  EXPECT_FALSE(gap.repeated);
  ParsedTime after = ParseOk("America/Los_Angeles", "2024-03-10 03:30:00");
  EXPECT_EQ(after.t, gap.t);
  EXPECT_FALSE(after.skipped);
  // Just before the gap: 01:59:59 PST = 09:59:59Z.
  EXPECT_EQ(ParseOk("America/Los_Angeles", "2024-03-10 01:59:59").t, Seconds(kMar10 + 10 * kHour - 1));
}

TEST(Timestamp, AmbiguousFallBackTimeGivesBothInstants) {
  // 01:30 on 2024-11-03 happens twice: 01:30 PDT = 08:30Z, then 01:30 PST = 09:30Z.
  ParsedTime t = ParseOk("America/Los_Angeles", "2024-11-03 01:30:00");
  EXPECT_TRUE(t.repeated);
  EXPECT_FALSE(t.skipped);
  EXPECT_EQ(t.t, Seconds(kNov3 + 8 * kHour + 1800));    // the earlier instant
  EXPECT_EQ(t.alt, Seconds(kNov3 + 9 * kHour + 1800));  // the later one
  // Unambiguous once the hour is over: 02:30 PST = 10:30Z.
  ParsedTime later = ParseOk("America/Los_Angeles", "2024-11-03 02:30:00");
  EXPECT_FALSE(later.repeated);
  EXPECT_EQ(later.t, Seconds(kNov3 + 10 * kHour + 1800));
}

TEST(Timestamp, NoDstInUtc) {
  ParsedTime t = ParseOk("UTC", "2024-11-03 01:30:00");
  EXPECT_FALSE(t.repeated);
  EXPECT_EQ(t.t, Seconds(kNov3 + kHour + 1800));
}

TEST(Timestamp, InvalidCalendarDates) {
  EXPECT_EQ(ParseOutcome("UTC", "2024-02-30 00:00:00"), Outcome::kBadDate);
  EXPECT_EQ(ParseOutcome("UTC", "2023-02-29 00:00:00"), Outcome::kBadDate);  // not a leap year
  EXPECT_EQ(ParseOutcome("UTC", "2024-02-29 00:00:00"), Outcome::kOk);       // leap year
  EXPECT_EQ(ParseOutcome("UTC", "2024-13-01 00:00:00"), Outcome::kBadDate);
  EXPECT_EQ(ParseOutcome("UTC", "2024-01-01 24:00:00"), Outcome::kBadDate);
  EXPECT_EQ(ParseOutcome("UTC", "2024-01-01 23:60:00"), Outcome::kBadDate);
  EXPECT_EQ(ParseOutcome("UTC", "2024-01-01"), Outcome::kBadDate);  // no time of day
  EXPECT_EQ(ParseOutcome("UTC", "2024-01-01 00:00:00."), Outcome::kBadDate);
  EXPECT_EQ(ParseOutcome("UTC", "2024-01-01T00:00:00+25:00"), Outcome::kBadDate);
  EXPECT_EQ(ParseOutcome("UTC", "2024-01-01T00:00:00Zjunk"), Outcome::kBadDate);
  EXPECT_EQ(ParseOutcome("UTC", "2024/01/01 00:00:00"), Outcome::kBadDate);
}

TEST(Timestamp, GarbageAndEmptyAreNotNumbers) {
  EXPECT_EQ(ParseOutcome("UTC", "garbage"), Outcome::kBadNumber);
  EXPECT_EQ(ParseOutcome("UTC", ""), Outcome::kBadNumber);
  EXPECT_EQ(ParseOutcome("UTC", "   "), Outcome::kBadNumber);
  EXPECT_EQ(ParseOutcome("UTC", "inf"), Outcome::kBadNumber);
  EXPECT_EQ(ParseOutcome("UTC", "nan"), Outcome::kBadNumber);
}

TEST(Timestamp, HugeEpochIsOutOfRange) {
  EXPECT_EQ(ParseOutcome("UTC", "99999999999999"), Outcome::kRange);
}

TEST(Timestamp, FirstParsedTimestampFixesTheEncoding) {
  auto epoch_first = Parser("UTC");
  ParsedTime t;
  EXPECT_EQ(epoch_first->encoding(), TimestampParser::Encoding::kUnknown);
  EXPECT_EQ(epoch_first->Parse("0", &t), Outcome::kOk);
  EXPECT_EQ(epoch_first->encoding(), TimestampParser::Encoding::kEpoch);
  EXPECT_EQ(epoch_first->Parse("2024-01-01 00:00:00", &t), Outcome::kMixed);
  EXPECT_EQ(epoch_first->Parse("12.5", &t), Outcome::kOk);
  EXPECT_EQ(t.t, 12'500'000);

  auto calendar_first = Parser("UTC");
  EXPECT_EQ(calendar_first->Parse("2024-01-01T00:00:00Z", &t), Outcome::kOk);
  EXPECT_EQ(calendar_first->encoding(), TimestampParser::Encoding::kCalendar);
  EXPECT_EQ(calendar_first->Parse("1704067200", &t), Outcome::kMixed);
  EXPECT_EQ(calendar_first->Parse("2024-01-01 00:00:01", &t), Outcome::kOk);
  EXPECT_EQ(t.t, Seconds(kJan1 + 1));
}

TEST(Timestamp, UnknownTimeZoneIsAnError) {
  auto p = TimestampParser::Create("Mars/Olympus_Mons");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "unknown time zone 'Mars/Olympus_Mons' (expected an IANA name such as UTC or Europe/Paris)");
  EXPECT_TRUE(TimestampParser::Create("America/Los_Angeles").ok());
  EXPECT_TRUE(TimestampParser::Create("UTC").ok());
}

}  // namespace
}  // namespace clustersim

namespace clustersim {
namespace {

// Calendar times past 2262 overflowed std::chrono's nanoseconds on the way
// to ticks (UBSan caught it). Expected values: days since 1970 * 86400, by
// hand: 2300-01-01 is day 120530; 9999-12-31 23:59:59 is 253402300799 s.
TEST(Timestamp, CalendarTimesPast2262AreExact) {
  auto p = TimestampParser::Create("UTC");
  ASSERT_TRUE(p.ok());
  ParsedTime t;
  ASSERT_EQ(p.value()->Parse("2300-01-01T00:00:00Z", &t), TimestampParser::Outcome::kOk);
  EXPECT_EQ(t.t, Seconds(10413792000));
  ASSERT_EQ(p.value()->Parse("9999-12-31 23:59:59", &t), TimestampParser::Outcome::kOk);
  EXPECT_EQ(t.t, Seconds(253402300799));
}

}  // namespace
}  // namespace clustersim

namespace clustersim {
namespace {

// A command-line calendar time in a zone: 2024-05-01 08:00 in PST8PDT is
// PDT (UTC-7), 15:00 UTC; 01:30 on 2024-11-03 happens twice there and is
// its earlier (PDT) reading, 08:30 UTC. Epoch seconds by hand from day
// numbers (2024-05-01 is day 19844, 2024-11-03 day 20030).
TEST(Timestamp, CalendarTimeOnTheCommandLineIsReadInItsZone) {
  auto may = ParseCalendarTime("2024-05-01 08:00:00", "PST8PDT");
  ASSERT_TRUE(may.ok());
  ASSERT_TRUE(may.value().has_value());
  EXPECT_EQ(*may.value(), Seconds(19844LL * 86400 + 15 * 3600));
  auto repeated = ParseCalendarTime("2024-11-03 01:30:00", "PST8PDT");
  ASSERT_TRUE(repeated.ok());
  EXPECT_EQ(*repeated.value(), Seconds(20030LL * 86400 + 8 * 3600 + 1800));
  auto utc = ParseCalendarTime("2024-05-01 08:00:00", "UTC");
  EXPECT_EQ(*utc.value(), Seconds(19844LL * 86400 + 8 * 3600));

  auto words = ParseCalendarTime("tomorrow", "UTC");
  ASSERT_TRUE(words.ok());
  EXPECT_FALSE(words.value().has_value());
  EXPECT_FALSE(ParseCalendarTime("2024-05-01 08:00:00", "Mars/Olympus_Mons").ok());
}

}  // namespace
}  // namespace clustersim
