// Work-based runs whose length the input makes absurd stop at once with a
// line that says why, instead of running for hours or misreporting: a job
// whose nominal duration exceeds the input time bound (its finish would
// fall past the clock, which read as a thermal stall), and a run so long
// that timeseries.csv would hold billions of rows.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "model/time.h"
#include "subprocess.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

const char* kNode = "nodes:\n  - node_name: n\n    cpu_cores: 4\n";

TEST(WorkHorizon, AJobLongerThanAnyTimeMayBeIsRejectedByName) {
  // 4e12 units on 4 cores: 1e12 s, the bound itself, still runs as input;
  // 4.4e12 units: 1.1e12 s, rejected at arrival naming the reason, and the
  // run goes on (it stopped the whole run before).
  const WorkRun at = RunWork(Jsonl("edge", 0, "4", 4e12), kNode);
  EXPECT_TRUE(at.status.ok()) << at.status.message();
  EXPECT_EQ(at.r.runs[0].state, JobState::kCompleted);
  const WorkRun past = RunWork(Jsonl("huge", 0, "4", 4.4e12) + Jsonl("small", 1, "4", 400), kNode);
  ASSERT_TRUE(past.status.ok()) << past.status.message();
  EXPECT_EQ(past.r.runs[0].state, JobState::kRejected);
  EXPECT_EQ(past.r.runs[1].state, JobState::kCompleted);
  EXPECT_NE(past.diagnostics.find("Job huge rejected: its work takes 1.1e+12 s at nominal speed"), std::string::npos)
      << past.diagnostics;
}

TEST(WorkHorizon, ATimeseriesOfBillionsOfRowsIsRefusedWithTheIntervalThatWouldDo) {
  const fs::path d = ScratchDir("work_horizon");
  std::ofstream(d / "c.yaml") << kNode;
  // 1e12 units on 4 cores: 2.5e11 s, 4.2e9 samples of 60 s.
  std::ofstream(d / "t.jsonl") << Jsonl("long", 0, "4", 1e12);
  const auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                     (d / "c.yaml").string(), "-o", (d / "out").string(), "--quiet"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return RunProcess(argv);
  };
  const ProcessResult refused = run({});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("timeseries.csv would hold at least 4.17e+09 rows"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--timeseries-interval 2500 or more"), std::string::npos) << refused.err;
  EXPECT_FALSE(fs::exists(d / "out" / "summary.json"));
  // Without the series, the same run finishes: one job of 2.5e11 s.
  const ProcessResult without = run({"--outputs", "summary"});
  EXPECT_EQ(without.exit_code, 0) << without.err;
  EXPECT_NE(Slurp(d / "out" / "summary.json").find("\"completed\": 1"), std::string::npos);
}

// Policy C reconciles every interval while the run goes on: an interval
// that makes more than 10^8 of them is refused with one that would do.
TEST(WorkHorizon, AReconcileIntervalGivingBillionsOfReconcilesIsRefused) {
  ClusterConfig k;
  k.power_policy.policy = power::PowerPolicy::kQueueAware;
  k.power_policy.reconcile = 1;  // 1 us over a 2500 s job: 2.5e9 reconciles
  const WorkRun tiny = RunWork(Jsonl("j", 0, "4", 10000), kNode, k);
  ASSERT_FALSE(tiny.status.ok());
  EXPECT_NE(tiny.status.message().find("would reconcile at least 2.5e+09 times"), std::string::npos)
      << tiny.status.message();
  k.power_policy.reconcile = 100;  // 100 us: 2.5e7, allowed
  EXPECT_TRUE(RunWork(Jsonl("j", 0, "4", 10000), kNode, k).status.ok());
}

}  // namespace
}  // namespace clustersim::test
