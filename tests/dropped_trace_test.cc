// A trace whose every record the input rules drop must not "simulate" to
// zeros with exit 0: the run stops with one line naming the rules and the
// policy that keeps the jobs, and publishes no output directory. Checked on
// a hand-made SWF without requested times, on the shipped model traces that
// have none (lublin_256, NASA-iPSC) under the default strict policy, and on
// the policy that keeps them.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

TEST(DroppedTrace, EveryRecordDroppedStopsWithThePolicyThatKeepsThem) {
  const fs::path d = ScratchDir("dropped_handmade");
  // Two jobs with requested time -1 (field 9): strict drops both.
  std::ofstream(d / "no_estimates.swf") << "; MaxProcs: 4\n"
                                        << "1 0 0 100 2 -1 -1 2 -1 -1 1 1 1 1 1 1 -1 -1\n"
                                        << "2 10 0 50 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n";
  const fs::path out = d / "out";
  const ProcessResult r =
      RunProcess({ClustersimBinary(), "simulate", (d / "no_estimates.swf").string(), "-o", out.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.err.find("the input rules dropped every record (unknown_requested_time 2)"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--swf-policy clean"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out)) << "no output set is published for a run that did not happen";

  const ProcessResult kept = RunProcess({ClustersimBinary(), "simulate", (d / "no_estimates.swf").string(), "-o",
                                         out.string(), "--swf-policy", "clean", "--quiet"});
  EXPECT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_TRUE(fs::exists(out / "summary.json"));
}

TEST(DroppedTrace, ShippedModelTracesNeedCleanAndSayIt) {
  for (const char* name : {"lublin_256.swf", "NASA-iPSC-1993-3.1-cln.swf.gz"}) {
    const std::string trace = TracesDir() + "/" + name;
    if (!fs::exists(trace)) GTEST_SKIP() << trace << " not found";
    const fs::path out = ScratchDir("dropped_shipped") / "out";
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", trace, "-o", out.string()});
    EXPECT_EQ(r.exit_code, 1) << name;
    EXPECT_NE(r.err.find("--swf-policy clean"), std::string::npos) << name << ": " << r.err;
    EXPECT_FALSE(fs::exists(out)) << name;
    const ProcessResult sim = RunProcess({SimulatorBinary(), trace, "--total_nodes", "128"});
    EXPECT_EQ(sim.exit_code, 1) << name << " through simulator: " << sim.out;
  }
}

}  // namespace
}  // namespace clustersim::test
