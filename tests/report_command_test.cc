// `clustersim report`, `clustersim compare` and `--report`, run as a user
// runs them: pages land where documented, stale reports never survive a
// run, and every refusal is one clear line.

#include <gtest/gtest.h>

#include <filesystem>

#include "subprocess.h"
#include "test_util.h"

namespace clustersim {
namespace {

namespace fs = std::filesystem;

const std::string kSwf = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/small.swf";

test::ProcessResult Clustersim(std::vector<std::string> args) {
  args.insert(args.begin(), test::ClustersimBinary());
  return test::RunProcess(args);
}

TEST(ReportCommand, RunWithReportThenWithoutLeavesNoStaleReport) {
  const fs::path out = test::ScratchDir("report_cmd") / "run";
  auto r = Clustersim({"simulate", kSwf, "--report", "-o", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  report: " + (out / "report.html").string() + "\n"), std::string::npos) << r.out;
  const std::string html = test::Slurp(out / "report.html");
  EXPECT_NE(html.find("<title>clustersim report: run</title>"), std::string::npos);  // named by the target
  EXPECT_EQ(html.find(".tmp-"), std::string::npos);  // never by the private directory it was built in
  r = Clustersim({"simulate", kSwf, "--backfill", "conservative", "-o", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(out / "report.html"));  // it described the EASY run
  r = Clustersim({"report", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "report: " + (out / "report.html").string() + "\n");
  EXPECT_NE(test::Slurp(out / "report.html").find("fcfs+conservative"), std::string::npos);
}

TEST(ReportCommand, ClearRefusals) {
  const fs::path dir = test::ScratchDir("report_cmd_bad");
  auto r = Clustersim({"report", (dir / "nope").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim report: error: " + (dir / "nope").string() + ": not a directory\n");
  r = Clustersim({"report", dir.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no summary.json here: not a clustersim output directory"), std::string::npos) << r.err;
  r = Clustersim({"compare", dir.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim compare: error: give at least two output directories to compare\n");
  r = Clustersim({"simulate", kSwf, "--report", "--outputs", "jobs", "-o", (dir / "x").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--report: the report is built from summary.json; add summary to --outputs"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "x"));
}

TEST(ReportCommand, CompareWritesThePageNamed) {
  const fs::path dir = test::ScratchDir("report_cmd_cmp");
  for (const char* bf : {"easy", "conservative"}) {
    auto r = Clustersim({"simulate", kSwf, "--backfill", bf, "--quiet", "-o", (dir / bf).string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const fs::path page = dir / "cmp.html";
  auto r = Clustersim({"compare", (dir / "easy").string(), (dir / "conservative").string(), "-o", page.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "comparison: " + page.string() + "\n");
  const std::string html = test::Slurp(page);
  EXPECT_NE(html.find("Per-job wait: conservative against easy"), std::string::npos);
  EXPECT_NE(html.find("120 jobs started in both runs"), std::string::npos);
}

}  // namespace
}  // namespace clustersim
