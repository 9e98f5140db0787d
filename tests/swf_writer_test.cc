// schedule.swf (io/swf_writer.h): the input log with the simulated waits and
// run times in fields 3 and 4, every other token kept.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "io/file_reader.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// 4 processors, EASY, strict. Job 1 (2 procs) runs 0-10. Job 2 has a
// negative submit: strict drops it. Job 3 (4 procs, 20 tokens) waits for job
// 1: 10-15, wait 9. Job 4 (8 procs) can never fit: rejected. Comments stay
// where they were; the note goes before the first record.
TEST(SwfWriter, SimulatedWaitsAndRunsReplaceFieldsThreeAndFour) {
  const fs::path d = ScratchDir("swf_writer");
  std::ofstream(d / "t.swf") << "; MaxProcs: 4\n"
                                "1 0 -1 10 2 -1 -1 2 20 -1 1 1 1 1 1 -1 -1 -1\n"
                                "2 -5 -1 10 2 -1 -1 2 20 -1 1 1 1 1 1 -1 -1 -1\n"
                                "; a comment between records\n"
                                "3 1 -1 5 4 -1 -1 4 20 -1 1 1 1 1 1 -1 -1 -1 7 8\n"
                                "4 2 -1 5 8 -1 -1 8 20 -1 1 1 1 1 1 -1 -1 -1\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "--quiet", "--outputs",
                                      "schedule,swf", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ReadFileContents((d / "out" / "schedule.swf").string()).value(),
            "; MaxProcs: 4\n"
            "; clustersim: fields 3 (wait) and 4 (run time) are the simulated ones; -1 for a job that did not finish\n"
            "1 0 0 10 2 -1 -1 2 20 -1 1 1 1 1 1 -1 -1 -1\n"
            "2 -5 -1 -1 2 -1 -1 2 20 -1 1 1 1 1 1 -1 -1 -1\n"
            "; a comment between records\n"
            "3 1 9 5 4 -1 -1 4 20 -1 1 1 1 1 1 -1 -1 -1 7 8\n"
            "4 2 -1 -1 8 -1 -1 8 20 -1 1 1 1 1 1 -1 -1 -1\n");
  // Not asked for (the default), not written; asked for on a CSV trace,
  // refused before the run (it used to be skipped without a word).
  const ProcessResult s =
      RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "--quiet", "-o", (d / "out2").string()});
  ASSERT_EQ(s.exit_code, 0) << s.err;
  EXPECT_FALSE(fs::exists(d / "out2" / "schedule.swf"));
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit\n0,1,10\n";
  const ProcessResult c =
      RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "2", "--quiet", "--outputs",
                  "schedule,swf", "-o", (d / "out3").string()});
  EXPECT_EQ(c.exit_code, 1) << c.err;
  EXPECT_NE(c.err.find("--outputs swf: schedule.swf rewrites one simulated SWF log"), std::string::npos) << c.err;
  EXPECT_FALSE(fs::exists(d / "out3"));
}

}  // namespace
}  // namespace clustersim::test
