// --sim_start_time (warm start, dr_evt-compat §9) through both front ends:
// a hand-computed case, the identity when T precedes every job, a real
// trace under the invariant checker, and the refusals.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/file_reader.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// C = 10, T = 50.
//   J0 (submit 0, begin 0, end 100, 6 nodes, limit 100): running at T, replayed
//   J1 (10, 10-40, 2 nodes): over by T, dropped
//   J2 (20, 60-90, 2 nodes): waiting at T, excluded
//   J3 (50, 8 nodes, limit 20, run 10): 4 free at 50 (J0 holds 6), waits for
//       J0's end at 100 -> 100-110
//   J4 (60, 4 nodes, limit 40, run 30): J3's shadow is 100 (J0's planned end
//       0 + 100); 60 + 40 <= 100, so classic EASY backfills it -> 60-90;
//       dr_evt's strict 60 + 40 < 100 fails -> after J3, 110-140.
constexpr const char* kTrace =
    "job_submit_time,begin_time,end_time,num_nodes,time_limit\n"
    "0,0,100,6,100\n10,10,40,2,100\n20,60,90,2,100\n50,70,80,8,20\n60,60,90,4,40\n";

TEST(WarmStart, HistoricalJobsHoldTheMachineAndLeaveTheOutputs) {
  const fs::path d = ScratchDir("warm_hand");
  std::ofstream(d / "ws.csv") << kTrace;
  const ProcessResult cs = RunProcess({ClustersimBinary(), "simulate", (d / "ws.csv").string(), "-n", "10",
                                       "--sim_start_time", "50", "--check", "-o", (d / "out").string()});
  ASSERT_EQ(cs.exit_code, 0) << cs.err;
  EXPECT_NE(cs.err.find("1 job running then is replayed"), std::string::npos) << cs.err;
  EXPECT_NE(cs.err.find("1 had ended, 1 job waiting then is excluded; 2 jobs are scheduled"), std::string::npos);
  EXPECT_EQ(Slurp(d / "out" / "schedule.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit,job_id\n"
            "50,100,110,8,0,20,3\n60,60,90,4,0,40,4\n");
  // The baseline row is at T: samples before it are discarded (dr_evt-compat
  // §9). J0's start at T shows the occupancy it left; its END frees its nodes.
  EXPECT_EQ(Slurp(d / "out" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n50,10,0\n50,4,6\n60,0,10\n90,4,6\n100,10,0\n100,2,8\n110,10,0\n");
  const auto summary = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  EXPECT_EQ(summary["nb_jobs"], 2);
  EXPECT_DOUBLE_EQ(summary["mean_waiting_time"].get<double>(), 25.0);  // (50 + 0) / 2

  const ProcessResult sim = RunProcess({SimulatorBinary(), (d / "ws.csv").string(), "-n", "10", "--sim_start_time",
                                        "50", "-o", (d / "sim.csv").string()});
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_EQ(Slurp(d / "sim.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit\n"
            "50,100,110,8,0,20\n60,110,140,4,0,40\n");
}

// The queue's time average runs from the warm start, whether or not a job
// is running then (formats.md §4.4: "from the first arrival (or the warm
// start)"). 1 node, T = 5: two jobs submitted at 10, each run 10; one waits
// over [10, 20): 10 job-seconds over [5, 30] = 0.4. It began at the first
// arrival (0.5) unless a historical job was running at T.
TEST(WarmStart, QueueTimeAverageRunsFromTheWarmStart) {
  const fs::path d = ScratchDir("warm_queue");
  for (const std::string& history : {std::string(), std::string("0,0,8,1,10\n")}) {
    std::ofstream(d / "q.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n" + history +
                                      "10,10,20,1,10\n10,20,30,1,10\n";
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "q.csv").string(), "-n", "1",
                                        "--sim_start_time", "5", "-o", (d / "out").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto summary = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
    EXPECT_NEAR(summary["queue_length"]["mean_time_weighted"].get<double>(), 0.4, 1e-12) << history;
  }
}

// A historical job past its limit is planned to begin + limit, as every
// running job (dr_evt-compat §5), not to its recorded end, which the
// scheduler cannot know. C = 10, T = 100.
//   J0 (0, 0-300, 6 nodes, limit 120): historical, past its limit from 120
//   J1 (100, 5 nodes, limit 50, run 30): 4 free, waits for J0's end: 300-330
//   J2 (130, 1 node, limit 30, run 40): J0 is overrunning at 130, so the
//       head's shadow is 130 + 1 tick (classic) or now (dr_evt): no window,
//       J2 waits for 300. Planned to J0's end (300), it was backfilled at 130.
// Conservative backfilling plans J0 to its end (its profile cannot hold a
// job past its reservation) and backfills J2 at 130.
TEST(WarmStart, HistoricalJobPastItsLimitIsPlannedToItsLimit) {
  const fs::path d = ScratchDir("warm_overrun");
  std::ofstream(d / "ws.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n"
                                 "0,0,300,6,120\n100,100,130,5,50\n130,130,170,1,30\n";
  auto simulate = [&](const std::string& out, std::vector<std::string> extra) {
    std::vector<std::string> args = {ClustersimBinary(), "simulate", (d / "ws.csv").string(), "-n", "10",
                                     "--sim_start_time", "100", "--check", "--quiet", "-o", (d / out).string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const ProcessResult r = RunProcess(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return Slurp(d / out / "schedule.csv");
  };
  const std::string header = "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit,job_id\n";
  EXPECT_EQ(simulate("easy", {"--extra-nodes", "off"}), header + "100,300,330,5,0,50,1\n130,300,330,1,0,30,2\n");
  EXPECT_EQ(simulate("conservative", {"--backfill", "conservative"}),
            header + "100,300,330,5,0,50,1\n130,130,160,1,0,30,2\n");
  // The oracle (--plan_with actual) knows J0's recorded end, 300, even under
  // the kill at the limit (which never applies to a historical job): J2,
  // killed at its 30 s limit, fits before it and is backfilled at 130.
  EXPECT_EQ(simulate("oracle", {"--extra-nodes", "off", "--plan_with", "actual"}),
            header + "100,300,330,5,0,50,1\n130,130,160,1,0,30,2\n");
  const ProcessResult sim = RunProcess({SimulatorBinary(), (d / "ws.csv").string(), "-n", "10", "--sim_start_time",
                                        "100", "-o", (d / "sim.csv").string()});
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_EQ(Slurp(d / "sim.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit\n"
            "100,300,330,5,0,50\n130,300,340,1,0,30\n");
}

// T before every job: nothing is historical or excluded, so the run is the
// plain simulation of the trace, byte for byte.
TEST(WarmStart, StartBeforeEveryJobIsThePlainSimulation) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "shared traces not found: " << kth;
  const fs::path d = ScratchDir("warm_zero");
  ASSERT_EQ(RunProcess({ClustersimBinary(), "simulate", kth, "--sim_start_time", "0", "--quiet", "-o",
                        (d / "warm").string()})
                .exit_code,
            0);
  ASSERT_EQ(RunProcess({ClustersimBinary(), "simulate", kth, "--quiet", "-o", (d / "plain").string()}).exit_code, 0);
  for (const char* f : {"schedule.csv", "jobs.csv", "resources.csv"})
    EXPECT_TRUE(Slurp(d / "warm" / f) == Slurp(d / "plain" / f)) << f;
}

// KTH from day 30: the invariants hold with the history on the machine, no
// output row is submitted before T, and every loaded job is accounted for.
TEST(WarmStart, RealTraceFromDayThirtyKeepsTheInvariants) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "shared traces not found: " << kth;
  const fs::path d = ScratchDir("warm_kth");
  for (const char* backfill : {"conservative", "none", "easy"}) {  // easy last: its schedule is read below
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", kth, "--sim_start_time", "30d", "--backfill",
                                        backfill, "--check", "-o", (d / "o").string()});
    ASSERT_EQ(r.exit_code, 0) << backfill << ": " << r.err;
    EXPECT_NE(r.out.find("check: all invariants hold"), std::string::npos) << backfill;
  }
  std::istringstream rows(Slurp(d / "o" / "schedule.csv"));
  std::string line;
  std::getline(rows, line);
  int n = 0;
  while (std::getline(rows, line)) {
    ++n;
    ASSERT_GE(std::stod(line.substr(0, line.find(','))), 30 * 86400.0) << line;
  }
  EXPECT_GT(n, 20000);
}

TEST(WarmStart, RefusedWithoutRecordedStartsOrInReplay) {
  const fs::path d = ScratchDir("warm_refused");
  std::ofstream(d / "sim.csv") << "job_submit_time,num_nodes,time_limit\n0,1,10\n";
  std::ofstream(d / "ws.csv") << kTrace;
  const ProcessResult a = RunProcess({ClustersimBinary(), "simulate", (d / "sim.csv").string(), "-n", "4",
                                      "--sim_start_time", "5", "-o", (d / "a").string()});
  EXPECT_EQ(a.exit_code, 1);
  EXPECT_NE(a.err.find("needs a replay-format trace"), std::string::npos) << a.err;
  const ProcessResult b = RunProcess({ClustersimBinary(), "replay", (d / "ws.csv").string(), "-n", "10",
                                      "--sim_start_time", "5", "-o", (d / "b").string()});
  EXPECT_NE(b.exit_code, 0);
  EXPECT_NE(b.err.find("--sim_start_time"), std::string::npos) << b.err;
  // --force-simulation discards the starts a warm start replays: named as
  // the conflict, not as a trace without starts.
  const ProcessResult f = RunProcess({ClustersimBinary(), "simulate", (d / "ws.csv").string(), "-n", "10",
                                      "--force-simulation", "--sim_start_time", "5", "-o", (d / "f").string()});
  EXPECT_EQ(f.exit_code, 1);
  EXPECT_NE(f.err.find("which --force-simulation discards"), std::string::npos) << f.err;
  // Before 0, where the clock starts: the resource trace would begin there.
  const ProcessResult n = RunProcess({ClustersimBinary(), "simulate", (d / "ws.csv").string(), "-n", "10",
                                      "--sim_start_time", "-5", "-o", (d / "n").string()});
  EXPECT_EQ(n.exit_code, 1);
  EXPECT_NE(n.err.find("--sim_start_time -5 s is before time 0, where the simulation clock starts"), std::string::npos)
      << n.err;
  EXPECT_FALSE(fs::exists(d / "n"));
  // An SWF log keeps its starts (wait times) under a warm start: the flag
  // changes nothing there and is not refused.
  std::ofstream(d / "w.swf") << "1 0 0 100 2 -1 -1 2 100 -1 1 1 1 1 1 -1 -1 -1\n"
                                "2 50 20 30 2 -1 -1 2 40 -1 1 1 1 1 1 -1 -1 -1\n"
                                "3 70 0 10 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1\n";
  const ProcessResult swf = RunProcess({ClustersimBinary(), "simulate", (d / "w.swf").string(), "-n", "4",
                                        "--force-simulation", "--sim_start_time", "60", "--quiet", "-o",
                                        (d / "swf").string()});
  EXPECT_EQ(swf.exit_code, 0) << swf.err;
  EXPECT_FALSE(fs::exists(d / "a" / "summary.json"));
  EXPECT_FALSE(fs::exists(d / "b" / "summary.json"));
  EXPECT_FALSE(fs::exists(d / "f" / "summary.json"));
}

// Nothing left to schedule after a warm start is an error too: every job
// historical (J0 running at T, J1 over), or --max_time before the first
// job submitted from T on (J2 at 60), however early the historical ones were.
TEST(WarmStart, NothingToScheduleStopsWithTheReason) {
  const fs::path d = ScratchDir("warm_nothing");
  std::ofstream(d / "hist.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n"
                                << "0,0,100,6,100\n10,10,40,2,100\n";
  const ProcessResult all = RunProcess({ClustersimBinary(), "simulate", (d / "hist.csv").string(), "-n", "10",
                                        "--sim_start_time", "50", "-o", (d / "a").string()});
  EXPECT_EQ(all.exit_code, 1) << all.out;
  EXPECT_NE(all.err.find("no job is submitted from the warm start time on"), std::string::npos) << all.err;
  std::ofstream(d / "hist.csv", std::ios::app) << "60,70,80,2,100\n";
  const ProcessResult early = RunProcess({ClustersimBinary(), "simulate", (d / "hist.csv").string(), "-n", "10",
                                          "--sim_start_time", "50", "-t", "55", "-o", (d / "b").string()});
  EXPECT_EQ(early.exit_code, 1) << early.out;
  EXPECT_NE(early.err.find("--max_time is t = 55 s, before the first job is submitted (t = 60 s)"), std::string::npos)
      << early.err;
  EXPECT_FALSE(fs::exists(d / "a"));
  EXPECT_FALSE(fs::exists(d / "b"));
}

}  // namespace
}  // namespace clustersim::test
