// -L/--infile_list (progressive loading): a list of trace files runs as their
// concatenation, byte for byte, under every run-time model and policy; files
// out of time order and replay-format files are refused.

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/file_reader.h"
#include "io/trace_list.h"
#include "model/diagnostics.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// 300 random jobs (fixed seed) with queue names and overruns, as one file and
// as three parts listed in list.txt (paths relative to the list).
fs::path WriteParts(const std::string& name) {
  const fs::path d = ScratchDir(name);
  std::mt19937_64 rng(5);
  auto uni = [&](int a, int b) { return std::uniform_int_distribution<int>(a, b)(rng); };
  const std::string header = "job_submit_time,num_nodes,queue,time_limit,actual_run_time\n";
  std::vector<std::string> rows;
  for (int i = 0, t = 0; i < 300; ++i) {
    t += uni(0, 30);
    const int limit = uni(10, 500);
    rows.push_back(std::to_string(t) + "," + std::to_string(uni(1, 40)) + "," + (uni(0, 1) ? "pbatch" : "pdebug") +
                   "," + std::to_string(limit) + "," + std::to_string(uni(1, limit + 100)) + "\n");
  }
  std::ofstream all(d / "all.csv");
  all << header;
  for (const auto& r : rows) all << r;
  fs::create_directories(d / "parts");
  const int cuts[] = {0, 100, 220, 300};
  for (int k = 0; k < 3; ++k) {
    std::ofstream part(d / "parts" / ("p" + std::to_string(k) + ".csv"));
    part << header;
    for (int i = cuts[k]; i < cuts[k + 1]; ++i) part << rows[static_cast<std::size_t>(i)];
  }
  std::ofstream(d / "parts" / "list.txt") << "# three parts\np0.csv\n\np1.csv\np2.csv\n";
  return d;
}

TEST(TraceList, ListRunsAsTheConcatenatedFile) {
  const fs::path d = WriteParts("list_same");
  const std::vector<std::vector<std::string>> variants = {
      {},
      {"-r", "distribution", "-D", "normal", "-S", "0.8", "-V", "0.3", "-s", "7"},
      {"-r", "distribution", "-D", "uniform", "-S", "0.5", "-V", "0.6", "--run_time_compat", "dr_evt", "-s", "3"},
      {"-p", "sjf"},
      {"-b", "conservative"}};
  for (const auto& extra : variants) {
    std::string label;
    for (const auto& e : extra) label += e + " ";
    SCOPED_TRACE(label);
    std::vector<std::string> one = {SimulatorBinary(), (d / "all.csv").string(), "-n", "64", "-o",
                                    (d / "one.csv").string()};
    // Run from another folder: the list's paths resolve against the list.
    std::vector<std::string> list = {SimulatorBinary(), "-L", (d / "parts" / "list.txt").string(), "-n", "64", "-o",
                                     (d / "list.csv").string()};
    one.insert(one.end(), extra.begin(), extra.end());
    list.insert(list.end(), extra.begin(), extra.end());
    ASSERT_EQ(RunProcess(one).exit_code, 0);
    ProcessOptions elsewhere;
    elsewhere.cwd = d.string();
    const ProcessResult r = RunProcess(list, elsewhere);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(Slurp(d / "list.csv"), Slurp(d / "one.csv"));
    EXPECT_EQ(Slurp(d / "list_resources.csv"), Slurp(d / "one_resources.csv"));
  }
  // clustersim too: the schedule and resources are the concatenated run's.
  ASSERT_EQ(RunProcess({ClustersimBinary(), "simulate", "-L", (d / "parts" / "list.txt").string(), "-n", "64",
                        "--quiet", "-o", (d / "cl").string()})
                .exit_code,
            0);
  ASSERT_EQ(RunProcess({ClustersimBinary(), "simulate", (d / "all.csv").string(), "-n", "64", "--quiet", "-o",
                        (d / "ca").string()})
                .exit_code,
            0);
  EXPECT_EQ(Slurp(d / "cl" / "schedule.csv"), Slurp(d / "ca" / "schedule.csv"));
  EXPECT_EQ(Slurp(d / "cl" / "resources.csv"), Slurp(d / "ca" / "resources.csv"));
}

// swf-and-metrics §4.1 across a list: a job number an earlier file used is
// warned (once per job, naming the list line and the file), as a repeat
// within one file is; both jobs are kept. Each file's normaliser saw only
// its own numbers before.
TEST(TraceList, JobNumberRepeatedAcrossFilesIsWarned) {
  const fs::path d = ScratchDir("list_repeat");
  auto swf = [](int id, int submit) {
    return std::to_string(id) + " " + std::to_string(submit) + " 0 10 1 -1 -1 1 10 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
  };
  std::ofstream(d / "a.swf") << "; MaxProcs: 4\n" << swf(1, 0) << swf(2, 5);
  std::ofstream(d / "b.swf") << "; MaxProcs: 4\n" << swf(2, 10) << swf(3, 11) << swf(3, 12) << swf(2, 13);
  std::ofstream(d / "list.txt") << "a.swf\nb.swf\n";
  Diagnostics diag;
  auto loaded = LoadTraceList((d / "list.txt").string(), LoadOptions{}, &diag);
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(loaded.value().workload.jobs.size(), 6u);
  // b's 2 (its first: once) repeats a's; b's second 3 and second 2 repeat b's own.
  EXPECT_EQ(diag.Count("duplicate_job_id"), 3);
  std::vector<std::string> cross;
  for (const Diagnostic& e : diag.entries())
    if (e.rule == "duplicate_job_id" && e.file == (d / "list.txt").string()) cross.push_back(e.message);
  ASSERT_EQ(cross.size(), 1u);
  EXPECT_NE(cross[0].find("b.swf: job number 2 is used by a job of an earlier file"), std::string::npos) << cross[0];
}

TEST(TraceList, OverlappingOrReplayFilesAreRefused) {
  const fs::path d = WriteParts("list_bad");
  std::ofstream(d / "parts" / "swapped.txt") << "p1.csv\np0.csv\n";
  const ProcessResult swapped =
      RunProcess({SimulatorBinary(), "-L", (d / "parts" / "swapped.txt").string(), "-n", "64", "-o",
                  (d / "x.csv").string()});
  EXPECT_EQ(swapped.exit_code, 1);
  EXPECT_NE(swapped.err.find("swapped.txt:2: "), std::string::npos) << swapped.err;
  EXPECT_NE(swapped.err.find("must be in time order and must not overlap"), std::string::npos) << swapped.err;
  EXPECT_FALSE(fs::exists(d / "x.csv"));
  std::ofstream(d / "parts" / "r.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,10,1,10\n";
  std::ofstream(d / "parts" / "replay.txt") << "r.csv\n";
  const ProcessResult replay = RunProcess(
      {SimulatorBinary(), "-L", (d / "parts" / "replay.txt").string(), "-n", "64", "-o", (d / "x.csv").string()});
  EXPECT_EQ(replay.exit_code, 1);
  EXPECT_NE(replay.err.find("replay-format"), std::string::npos) << replay.err;
  std::ofstream(d / "parts" / "empty.txt") << "# nothing\n";
  const ProcessResult empty = RunProcess(
      {SimulatorBinary(), "-L", (d / "parts" / "empty.txt").string(), "-n", "64", "-o", (d / "x.csv").string()});
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_NE(empty.err.find("names no trace files"), std::string::npos) << empty.err;
  // A listed file that does not exist is named with the list's line.
  std::ofstream(d / "parts" / "missing.txt") << "p0.csv\n# then\nnot_there.csv\n";
  const ProcessResult missing = RunProcess(
      {SimulatorBinary(), "-L", (d / "parts" / "missing.txt").string(), "-n", "64", "-o", (d / "x.csv").string()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("missing.txt:3: " + (d / "parts" / "not_there.csv").string() + ": no such file"),
            std::string::npos)
      << missing.err;
}

}  // namespace
}  // namespace clustersim::test
