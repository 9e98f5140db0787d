// Enum name tables (model/name_table.h): every name parses to its value,
// every value prints as its first (canonical) name, and aliases are accepted
// but not listed. A table that lost an entry or listed an alias fails here.

#include "model/name_table.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "io/swf_policy.h"
#include "sched/policy.h"
#include "sim/run_time_model.h"

namespace clustersim {
namespace {

template <typename E, std::size_t N>
void ExpectRoundTrips(const EnumName<E> (&table)[N]) {
  for (const EnumName<E>& e : table) {
    E parsed{};
    ASSERT_TRUE(ParseEnumName(table, e.name, &parsed)) << e.name;
    EXPECT_EQ(parsed, e.value) << e.name;
    // The printed name is canonical, and it parses back to the same value.
    E again{};
    ASSERT_TRUE(ParseEnumName(table, EnumNameOf(table, e.value), &again));
    EXPECT_EQ(again, e.value);
  }
  E unused{};
  EXPECT_FALSE(ParseEnumName(table, "no-such-name", &unused));
  EXPECT_FALSE(ParseEnumName(table, "", &unused));
}

TEST(NameTableTest, EveryTableRoundTrips) {
  ExpectRoundTrips(kOrderingNames);
  ExpectRoundTrips(kBackfillNames);
  ExpectRoundTrips(kCompatNames);
  ExpectRoundTrips(kSwfPolicyNames);
  ExpectRoundTrips(kRunTimeModeNames);
  ExpectRoundTrips(kDistributionNames);
  ExpectRoundTrips(kRunTimeCompatNames);
}

TEST(NameTableTest, AliasesParseButAreNotListedOrPrinted) {
  using Names = std::vector<std::string_view>;
  EXPECT_EQ(CanonicalNames(kRunTimeModeNames), (Names{"actual", "limit", "distribution"}));
  EXPECT_EQ(CanonicalNames(kSwfPolicyNames), (Names{"strict", "clean", "pyss", "pyss-strong", "rlscheduler", "batsim"}));
  EXPECT_EQ(CanonicalNames(kRunTimeCompatNames), (Names{"spec", "dr_evt"}));
  RunTimeMode m{};
  ASSERT_TRUE(ParseRunTimeMode("column", &m));  // dr_evt's old name for actual
  EXPECT_EQ(m, RunTimeMode::kActual);
  EXPECT_STREQ(RunTimeModeName(m), "actual");
  SwfPolicy p{};
  ASSERT_TRUE(ParseSwfPolicy("batsim-delay", &p));
  EXPECT_STREQ(SwfPolicyName(p), "batsim");
}

}  // namespace
}  // namespace clustersim
