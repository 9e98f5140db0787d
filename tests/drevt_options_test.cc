// dr_evt's performance knobs on `simulator`: accepted without effect on the
// schedule, but with dr_evt's value checks, and -A/-G abort's stop.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/file_reader.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// Four 4-node jobs on 4 nodes, one a second: the queue peaks at 3.
fs::path Trace(const fs::path& d) {
  std::ofstream(d / "q.csv") << "job_submit_time,num_nodes,time_limit\n0,4,100\n1,4,100\n2,4,100\n3,4,100\n";
  return d / "q.csv";
}

ProcessResult Simulator(const fs::path& d, std::vector<std::string> extra) {
  std::vector<std::string> argv = {SimulatorBinary(), Trace(d).string(), "-n", "4", "-o", (d / "s.csv").string()};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return RunProcess(argv);
}

TEST(DrEvtKnobs, BadValuesAreRefusedWithOneLine) {
  const fs::path d = ScratchDir("knobs_bad");
  for (const auto& [flag, value, says] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"-Q", "3", "not a power of 2 in 4..256"},
           {"-Q", "512", "not a power of 2 in 4..256"},
           {"-q", "ring", "circular"},
           {"-G", "explode", "grow"},
           {"-W", "explode", "grow"},
           {"--num_max_candidates", "0", "at least 1"},
           {"-T", "foo", "epoch"}}) {
    SCOPED_TRACE(flag + " " + value);
    const ProcessResult r = Simulator(d, {flag, value});
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(d / "s.csv"));
  }
}

// Valid knobs leave the schedule alone: the same file as without them.
TEST(DrEvtKnobs, ValidValuesDoNotChangeTheSchedule) {
  const fs::path d = ScratchDir("knobs_ok");
  ASSERT_EQ(Simulator(d, {}).exit_code, 0);
  const std::string plain = ReadFileContents((d / "s.csv").string()).value();
  const ProcessResult r =
      Simulator(d, {"-q", "block", "-Q", "64", "-A", "3", "-G", "abort", "--num_max_candidates", "8"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ReadFileContents((d / "s.csv").string()).value(), plain);
}

// -G abort with a capacity the queue outgrows stops with exit 1, a line
// naming both flags, and no output file.
TEST(DrEvtKnobs, WaitQueueOverflowAbortStops) {
  const fs::path d = ScratchDir("knobs_abort");
  const ProcessResult r = Simulator(d, {"-A", "2", "-G", "abort"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("beyond --wait_queue_capacity 2"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d / "s.csv"));
  EXPECT_EQ(Simulator(d, {"-A", "2", "-G", "grow"}).exit_code, 0);
}

// Each front end's --help states its own defaults (they differ: dr_evt lets
// jobs overrun, clustersim kills at the limit).
// dr_evt's older names (dr_evt-compat.md §5.3): --runtime_mode chose what
// the scheduler plans with, --duration_* how long jobs run. J0 (70 nodes,
// limit 200, runs 50) blocks J1 (50 nodes) until 50; J2 (20 nodes, limit and
// run 100) arrives at 20. Planning with limits J0 ends at 200, so J2
// backfills at 20 (ends 120 < 200); planning with run times J0 ends at 50
// and J2 (ending 120) would delay J1: it waits until 50.
TEST(DrEvtKnobs, OlderOptionNamesKeepTheirMeaning) {
  const fs::path d = ScratchDir("knobs_old_names");
  std::ofstream(d / "e.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,70,200,50\n10,50,300,300\n"
                                "20,20,100,100\n";
  const auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> argv = {SimulatorBinary(), (d / "e.csv").string(), "-n", "100", "-o",
                                     (d / "s.csv").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return ReadFileContents((d / "s.csv").string()).value();
  };
  const std::string header = "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit\n";
  EXPECT_EQ(run({}), header + "0,0,50,70,0,200\n10,50,350,50,0,300\n20,20,120,20,0,100\n");
  EXPECT_EQ(run({"--runtime_mode", "actual"}), header + "0,0,50,70,0,200\n10,50,350,50,0,300\n20,50,150,20,0,100\n");
  EXPECT_EQ(run({"--runtime_mode", "actual"}), run({"--plan_with", "actual"}));
  // --duration_mode exact = every job runs its limit.
  EXPECT_EQ(run({"--duration_mode", "exact"}), run({"-r", "limit"}));
  EXPECT_EQ(run({"--duration_mode", "distribution", "--duration_distribution", "uniform", "--duration_scale", "0.5",
                 "--duration_stddev", "0.9"}),
            run({"-r", "distribution", "-D", "uniform", "-S", "0.5", "-V", "0.9"}));
}

TEST(Help, EachFrontEndStatesItsOwnDefaults) {
  const ProcessResult sim = RunProcess({SimulatorBinary(), "--help"});
  EXPECT_NE(sim.out.find("allow (default here"), std::string::npos) << sim.out;
  EXPECT_NE(sim.out.find("default <input stem>_sim.csv"), std::string::npos);
  const ProcessResult cs = RunProcess({ClustersimBinary(), "simulate", "--help"});
  EXPECT_NE(cs.out.find("clip (default: killed at the limit"), std::string::npos) << cs.out;
  EXPECT_NE(cs.out.find("(default out)"), std::string::npos);
  EXPECT_NE(cs.out.find("fcfs (default)"), std::string::npos);
}

}  // namespace
}  // namespace clustersim::test
