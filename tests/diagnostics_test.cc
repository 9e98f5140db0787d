// Diagnostics: what is echoed and what is counted. A whole-file message
// about several records counts each record, so a summary's warning count
// says how many jobs it concerns whichever way the reader reported them.

#include <sstream>

#include <gtest/gtest.h>

#include "model/diagnostics.h"

namespace clustersim {
namespace {

TEST(Diagnostics, PerRecordReportsEchoUpToTheLimitThenOnlyCount) {
  std::ostringstream echo;
  Diagnostics diag(&echo, 2);
  for (int line = 1; line <= 4; ++line) diag.Report("t.csv", line, "bad_row", "broken");
  EXPECT_EQ(diag.Count("bad_row"), 4);
  EXPECT_EQ(echo.str(),
            "t.csv:1: bad_row: broken\nt.csv:2: bad_row: broken\n"
            "t.csv: bad_row: further reports of this rule are only counted\n");
}

TEST(Diagnostics, AWholeFileMessageAboutRecordsIsEchoedOnceAndCountedPerRecord) {
  std::ostringstream echo;
  Diagnostics diag(&echo, 5);
  // More records than the echo limit: still echoed, since it is one message.
  diag.ReportRecords("t.csv", "sampled_duration_clamped", 7, "7 sampled run times were clamped", Severity::kWarning);
  EXPECT_EQ(diag.Count("sampled_duration_clamped"), 7);
  EXPECT_EQ(diag.CountsOf(Severity::kWarning).at("sampled_duration_clamped"), 7);
  EXPECT_EQ(echo.str(), "t.csv: sampled_duration_clamped: 7 sampled run times were clamped\n");
  ASSERT_EQ(diag.entries().size(), 1u);
  EXPECT_EQ(diag.entries()[0].line, 0);
}

}  // namespace
}  // namespace clustersim
