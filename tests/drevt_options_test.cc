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
      Simulator(d, {"-q", "block", "-Q", "64", "-A", "4", "-G", "abort", "--num_max_candidates", "8"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ReadFileContents((d / "s.csv").string()).value(), plain);
}

// -G abort with a capacity the queue outgrows stops with exit 1, a line
// naming both flags, and no output file. dr_evt queues every loaded job up
// front (dr_evt-compat §6.1, the default capacity is "#jobs"): 4 jobs
// overflow a capacity of 3 even though at most 1 ever waits (the check used
// to count only waiting jobs).
TEST(DrEvtKnobs, WaitQueueOverflowAbortStops) {
  const fs::path d = ScratchDir("knobs_abort");
  const ProcessResult r = Simulator(d, {"-A", "3", "-G", "abort"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("the wait queue holds 4 jobs, beyond --wait_queue_capacity 3"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d / "s.csv"));
  EXPECT_EQ(Simulator(d, {"-A", "3", "-G", "grow"}).exit_code, 0);
  EXPECT_EQ(Simulator(d, {"-A", "4", "-G", "abort"}).exit_code, 0);
}

// Found by the review of dr_evt's features (sixteenth session); each used
// to pass without a word.

// A capacity schedule on a trace with recorded times: the trace is replayed
// and the schedule was ignored (exit 0, 130 nodes busy on a 100-node machine).
TEST(DrEvtReview, ACapacityScheduleOnAReplayedTraceIsRefused) {
  const fs::path d = ScratchDir("review_cap_replay");
  std::ofstream(d / "r.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,100,4,100\n";
  std::ofstream(d / "cap.csv") << "40,2\n";
  for (const std::string& prog : {SimulatorBinary(), ClustersimBinary()}) {
    std::vector<std::string> argv = {prog, (d / "r.csv").string(), "-n", "4", "--capacity_schedule",
                                     (d / "cap.csv").string(), "-o", (d / "o").string()};
    if (prog == ClustersimBinary()) argv.insert(argv.begin() + 1, "simulate");
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 1) << prog;
    EXPECT_NE(r.err.find("--capacity_schedule shapes a simulation, but the trace records start and end times"),
              std::string::npos)
        << r.err;
  }
}

// dr_evt's clock after a run to --max_time is the target (dr_evt-compat
// §6.4); the summary printed the last event (t = 2 here).
TEST(DrEvtReview, CurrentTimeIsTheMaxTimeTarget) {
  const fs::path d = ScratchDir("review_current_time");
  const ProcessResult cut = Simulator(d, {"-t", "250"});
  ASSERT_EQ(cut.exit_code, 0) << cut.err;
  EXPECT_NE(cut.out.find("Current time: 250\n"), std::string::npos) << cut.out;
  const ProcessResult whole = Simulator(d, {});
  EXPECT_NE(whole.out.find("Current time: 400\n"), std::string::npos) << whole.out;  // the last end
}

TEST(DrEvtReview, RangesAndWarningsOfSection11) {
  const fs::path d = ScratchDir("review_section11");
  // -m is a fraction in (0, 1].
  const ProcessResult m = Simulator(d, {"-m", "2"});
  EXPECT_EQ(m.exit_code, 1);
  EXPECT_NE(m.err.find("--check_memory_pressure: 2 is out of range (0, 1]"), std::string::npos) << m.err;
  EXPECT_EQ(Simulator(d, {"-m", "0.5"}).exit_code, 0);
  // SJF and LJF keep their multimap whatever -q says, and dr_evt says so.
  const ProcessResult q = Simulator(d, {"-p", "sjf", "-q", "circular"});
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_NE(q.err.find("warning: -q circular: -p sjf keeps its queue in a multimap"), std::string::npos) << q.err;
  EXPECT_EQ(Simulator(d, {"-p", "sjf", "-q", "multimap"}).err.find("warning: -q"), std::string::npos);
  // No run time column: "Run time: actual" said what was asked, not what ran.
  const ProcessResult r = Simulator(d, {});
  EXPECT_NE(r.out.find("Run time: actual (no run time column: jobs run their limit)"), std::string::npos) << r.out;
}

// Under --force-simulation, end_time without begin_time is ignored: no run
// time, so `actual` falls back to the limit with its warning and --strict
// fails (dr_evt-compat §2.1), as for a file without a run-time column.
TEST(DrEvtReview, ForcedEndTimeAloneFallsBackToTheLimitAloud) {
  const fs::path d = ScratchDir("review_end_only");
  // (The column is not read: a value in it no row would accept is no reason to skip the row.)
  std::ofstream(d / "e.csv") << "job_submit_time,end_time,num_nodes,time_limit\n0,50,10,100\n5,-5,10,100\n";
  const std::string trace = (d / "e.csv").string();
  const ProcessResult r = RunProcess({SimulatorBinary(), trace, "-n", "100", "--force-simulation", "-o",
                                      (d / "s.csv").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Run time: actual (no run time column: jobs run their limit)"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("actual_falls_back_to_limit"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("negative_time"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("Jobs completed: 2"), std::string::npos) << r.out;
  const ProcessResult strict = RunProcess({SimulatorBinary(), trace, "-n", "100", "--force-simulation", "--strict",
                                           "-o", (d / "t.csv").string()});
  EXPECT_EQ(strict.exit_code, 1) << strict.out;
  EXPECT_NE(strict.err.find("missing_column: --run_time_mode actual needs an actual run time column"),
            std::string::npos)
      << strict.err;
  EXPECT_FALSE(fs::exists(d / "t.csv"));
}

// dr_evt replays a trace with start and end times whatever -p or -b say;
// `simulator` did too, without a word, so `-p sjf` looked like a result.
TEST(DrEvtReview, SchedulingOptionsOnAReplayGetANote) {
  const fs::path d = ScratchDir("review_replay_note");
  std::ofstream(d / "h.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,50,4,100\n";
  const std::string trace = (d / "h.csv").string();
  const ProcessResult r = RunProcess({SimulatorBinary(), trace, "-n", "4", "-p", "sjf", "-b", "conservative", "-o",
                                      (d / "s.csv").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find(trace + ": the trace records start and end times and is replayed, as dr_evt does: --policy, "
                               "--backfill had no effect; add --force_simulation to schedule it"),
            std::string::npos)
      << r.err;
  // An option given at its default value is ignored as well, and named.
  const ProcessResult fcfs = RunProcess({SimulatorBinary(), trace, "-n", "4", "-p", "fcfs", "-o", (d / "s.csv").string()});
  EXPECT_NE(fcfs.err.find("is replayed, as dr_evt does: --policy had no effect"), std::string::npos) << fcfs.err;
  // Without such options, or simulating, nothing to say.
  const ProcessResult plain = RunProcess({SimulatorBinary(), trace, "-n", "4", "-o", (d / "s.csv").string()});
  EXPECT_EQ(plain.err.find("had no effect"), std::string::npos) << plain.err;
  const ProcessResult forced = RunProcess({SimulatorBinary(), trace, "-n", "4", "-p", "sjf", "--force_simulation",
                                           "-o", (d / "s.csv").string()});
  EXPECT_EQ(forced.err.find("had no effect"), std::string::npos) << forced.err;
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
  // --outputs showed "=[schedule,...,policy]" as its default, a list a plain
  // run refuses; the SIM_* base model options were in no help at all.
  EXPECT_EQ(cs.out.find("=[schedule"), std::string::npos) << cs.out;
  EXPECT_NE(cs.out.find("--SIM_BASE_IDLE_W TEXT      Joulie's base model: this and every other SIM_* variable"),
            std::string::npos)
      << cs.out;
  EXPECT_NE(cs.out.find("default 0 (1 under --compat rlscheduler)"), std::string::npos);
  // Nor does simulator's help offer JSONL or Joulie, which it refuses
  // (replay's: cli_help_slips_test).
  EXPECT_EQ(sim.out.find("jsonl"), std::string::npos);
  EXPECT_EQ(sim.out.find("rlscheduler, joulie"), std::string::npos);
}

// `simulator --rl-windows 3` without --compat rlscheduler ran as if the
// option were not there; `clustersim simulate` refused it. Both refuse it.
TEST(DrEvtReview, RlWindowOptionsNeedRlschedulerInSimulatorToo) {
  const fs::path d = ScratchDir("review_rl_windows");
  std::ofstream(d / "j.csv") << "job_submit_time,num_nodes,time_limit,run_time\n0,4,100,50\n";
  const ProcessResult r = RunProcess({SimulatorBinary(), (d / "j.csv").string(), "-n", "4", "--rl-windows", "3", "-o",
                                      (d / "s.csv").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--rl-windows sets RLScheduler's window evaluation; it needs --compat rlscheduler"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(d / "s.csv"));
}

}  // namespace
}  // namespace clustersim::test
