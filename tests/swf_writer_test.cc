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

// Repeated job numbers and numbers the reader reads but from_chars does
// not: a dropped repeat (job 2's first record, run -1) kept the values of
// the real job 2 and that one got -1; repeats out of submit order (job 7)
// swapped their values; "5.0", "+6" and "7e0" are jobs 5, 6 and 7 to the
// reader but their lines kept the log's values; a 17-field line the reader
// refused was rewritten. 8 processors, EASY, strict:
//   1 (4 procs)  0-100;  2 (4)  5-55;  4 (4)  55-85, wait 43;
//   5.0 (2) submit 15: 85-115, wait 70 (shadow 100 for 4 blocks it earlier).
TEST(SwfWriter, RepeatsAndOddNumbersPairWithTheirOwnJobs) {
  const fs::path d = ScratchDir("swf_writer_repeats");
  std::ofstream(d / "t.swf") << "; MaxProcs: 8\n"
                                "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                                "2 0 -1 -1 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                                "2 5 -1 50 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                                "3 10 -1 30 4 -1 -1 4 100 -1 1 1 1 1 1 1 -1\n"
                                "4 12 -1 30 4 -1 -1 4 100 -1 1 1 1 1 1 1 -1 -1\n"
                                "5.0 15 -1 30 2 -1 -1 2 100 -1 1 1 1 1 1 1 -1 -1\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "--quiet", "--outputs",
                                      "schedule,swf", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ReadFileContents((d / "out" / "schedule.swf").string()).value(),
            "; MaxProcs: 8\n"
            "; clustersim: fields 3 (wait) and 4 (run time) are the simulated ones; -1 for a job that did not finish\n"
            "1 0 0 100 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
            "2 0 -1 -1 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
            "2 5 0 50 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
            "3 10 -1 30 4 -1 -1 4 100 -1 1 1 1 1 1 1 -1\n"
            "4 12 43 30 4 -1 -1 4 100 -1 1 1 1 1 1 1 -1 -1\n"
            "5.0 15 70 30 2 -1 -1 2 100 -1 1 1 1 1 1 1 -1 -1\n");
  // Job 7 twice, the later submit first in the file: each line its own run.
  std::ofstream(d / "u.swf") << "; MaxProcs: 8\n"
                                "7 100 -1 10 8 -1 -1 8 20 -1 1 1 1 1 1 1 -1 -1\n"
                                "7 50 -1 40 8 -1 -1 8 50 -1 1 1 1 1 1 1 -1 -1\n"
                                "+6 60 -1 5 8 -1 -1 8 50 -1 1 1 1 1 1 1 -1 -1\n";
  const ProcessResult u = RunProcess({ClustersimBinary(), "simulate", (d / "u.swf").string(), "--quiet", "--outputs",
                                      "schedule,swf", "-o", (d / "out_u").string()});
  ASSERT_EQ(u.exit_code, 0) << u.err;
  const std::string text = ReadFileContents((d / "out_u" / "schedule.swf").string()).value();
  EXPECT_NE(text.find("\n7 100 0 10 8 "), std::string::npos) << text;
  EXPECT_NE(text.find("\n7 50 0 40 8 "), std::string::npos) << text;
  EXPECT_NE(text.find("\n+6 60 30 5 8 "), std::string::npos) << text;  // waits for 7@50 to end at 90
  // A dropped repeat with the same submit time: the run time tells them apart.
  std::ofstream(d / "v.swf") << "; MaxProcs: 8\n"
                                "2 5 -1 -1 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                                "2 5 -1 50 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n";
  const ProcessResult v = RunProcess({ClustersimBinary(), "simulate", (d / "v.swf").string(), "--quiet", "--outputs",
                                      "schedule,swf", "-o", (d / "out_v").string()});
  ASSERT_EQ(v.exit_code, 0) << v.err;
  const std::string vt = ReadFileContents((d / "out_v" / "schedule.swf").string()).value();
  EXPECT_NE(vt.find("\n2 5 -1 -1 4 "), std::string::npos) << vt;
  EXPECT_NE(vt.find("\n2 5 0 50 4 "), std::string::npos) << vt;
}

}  // namespace
}  // namespace clustersim::test
