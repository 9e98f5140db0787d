// A trace whose every record the input rules drop must not "simulate" to
// zeros with exit 0: the run stops with one line naming the rules and the
// policy that keeps the jobs, and publishes no output directory. Checked on
// a hand-made SWF without requested times, on the shipped model traces that
// have none (lublin_256, NASA-iPSC) under --swf-policy strict, and on the
// policy that keeps them (clean, the default).

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/trace_loader.h"
#include "model/diagnostics.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// The one line both front ends stop with: every rule that dropped records,
// with its count, then the hint for the most likely cause.
TEST(DroppedTrace, NoJobReasonNamesTheRulesAndTheOptionThatKeepsTheRecords) {
  Diagnostics none;
  EXPECT_EQ(NoJobReason("t.swf", TraceFormat::kSwf, none, ", so there is nothing to simulate"),
            "t.swf: holds no job records, so there is nothing to simulate");

  Diagnostics swf;
  swf.Report("t.swf", 3, "unknown_requested_time", "requested time -1");
  swf.Report("t.swf", 4, "unknown_requested_time", "requested time -1");
  swf.Report("t.swf", 5, "zero_processors", "0 processors");
  EXPECT_EQ(NoJobReason("t.swf", TraceFormat::kSwf, swf, ""),
            "t.swf: the input rules dropped every record (unknown_requested_time 2, zero_processors 1); "
            "--swf-policy clean (or pyss) fills unknown requested times from the run times");
  // Not an SWF: that policy would not apply, so no such hint.
  EXPECT_EQ(NoJobReason("t.csv", TraceFormat::kCsv, swf, "").find("--swf-policy"), std::string::npos);

  Diagnostics overruns;
  overruns.Report("t.csv", 2, "actual_exceeds_limit", "over");
  EXPECT_NE(NoJobReason("t.csv", TraceFormat::kCsv, overruns, "").find("--compat none keeps them"),
            std::string::npos);

  // The queue filter's drops are notes, yet they count as dropped records.
  Diagnostics filtered;
  filtered.Report("h.trace", 2, Diagnostics::kQueueFiltered, "queue pdebug", Severity::kNote);
  EXPECT_EQ(NoJobReason("h.trace", TraceFormat::kLegacyTrace, filtered, ", so there is nothing to simulate"),
            "h.trace: the input rules dropped every record (queue_filtered 1), so there is nothing to simulate; "
            "dr_evt's legacy queue filter keeps only queues containing pbatch or pall");
}

TEST(DroppedTrace, EveryRecordDroppedStopsWithThePolicyThatKeepsThem) {
  const fs::path d = ScratchDir("dropped_handmade");
  // Two jobs with requested time -1 (field 9): strict drops both.
  std::ofstream(d / "no_estimates.swf") << "; MaxProcs: 4\n"
                                        << "1 0 0 100 2 -1 -1 2 -1 -1 1 1 1 1 1 1 -1 -1\n"
                                        << "2 10 0 50 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n";
  const fs::path out = d / "out";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "no_estimates.swf").string(), "-o",
                                      out.string(), "--swf-policy", "strict"});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.err.find("the input rules dropped every record (unknown_requested_time 2)"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--swf-policy clean"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out)) << "no output set is published for a run that did not happen";

  // clean, the default, keeps them.
  const ProcessResult kept =
      RunProcess({ClustersimBinary(), "simulate", (d / "no_estimates.swf").string(), "-o", out.string(), "--quiet"});
  EXPECT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_TRUE(fs::exists(out / "summary.json"));

  // The tracer too: no "0 jobs have been loaded" with exit 0, and the hint
  // it gives is one it accepts.
  for (const std::vector<std::string>& argv :
       {std::vector<std::string>{ClustersimBinary(), "trace", (d / "no_estimates.swf").string()},
        std::vector<std::string>{TracerBinary(), (d / "no_estimates.swf").string()}}) {
    std::vector<std::string> strict = argv;
    strict.insert(strict.end(), {"--swf-policy", "strict"});
    const ProcessResult t = RunProcess(strict);
    EXPECT_EQ(t.exit_code, 1) << t.out;
    EXPECT_NE(t.err.find("the input rules dropped every record (unknown_requested_time 2); --swf-policy clean"),
              std::string::npos)
        << t.err;
    std::vector<std::string> clean = argv;  // the default
    clean.insert(clean.end(), {"-o", (d / "per_job.csv").string()});
    const ProcessResult c = RunProcess(clean);
    EXPECT_EQ(c.exit_code, 0) << c.err;
    EXPECT_NE(c.out.find("2 jobs have been loaded."), std::string::npos) << c.out;
  }
}

// Every job larger than the machine: all would be rejected and the summary
// would be zeros (mean bounded slowdown 0.000) with exit 0. clustersim
// stops with the size that would run them; one job that fits is a run.
TEST(DroppedTrace, EveryJobLargerThanTheMachineStopsWithTheSizeNeeded) {
  const fs::path d = ScratchDir("all_rejected");
  std::ofstream(d / "big.csv") << "job_submit_time,num_nodes,time_limit\n0,12,100\n5,16,100\n9,20,50\n";
  const fs::path out = d / "out";
  const ProcessResult r =
      RunProcess({ClustersimBinary(), "simulate", (d / "big.csv").string(), "-n", "10", "-o", out.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.err.find("every job asks for more than the machine's 10 nodes (the smallest asks 12)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--total_nodes 12 or more"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out));
  // dr_evt's own front end rejects them and writes its empty schedule.
  const ProcessResult s = RunProcess({SimulatorBinary(), (d / "big.csv").string(), "--total_nodes", "10", "-o",
                                      (d / "sched.csv").string()});
  EXPECT_EQ(s.exit_code, 0) << s.err;
  // Replay rejects nothing (an oversubscribed machine is a warning).
  std::ofstream(d / "rep.csv") << "job_submit_time,begin_time,end_time,num_nodes\n0,0,10,12\n";
  const ProcessResult rep =
      RunProcess({ClustersimBinary(), "replay", (d / "rep.csv").string(), "-n", "10", "-o", (d / "rep").string()});
  EXPECT_EQ(rep.exit_code, 0) << rep.err;
  // Its record names no scheduler it never ran (it used to say fcfs+easy).
  std::ifstream summary(d / "rep" / "summary.json");
  const std::string text((std::istreambuf_iterator<char>(summary)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"policy\": \"replay (recorded times)\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"run_time_mode\": \"recorded\""), std::string::npos);
  const ProcessResult ok = RunProcess(
      {ClustersimBinary(), "simulate", (d / "big.csv").string(), "-n", "12", "-o", out.string(), "--quiet"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

// The same zeros came out (exit 0) under a capacity schedule, which rejects
// by --total_nodes as a fixed machine does, and when the only jobs -t lets
// in are too large (a later one would fit).
TEST(DroppedTrace, EveryJobLargerThanTheMachineUnderAScheduleOrByTheCut) {
  const fs::path d = ScratchDir("all_rejected_cut");
  std::ofstream(d / "big.csv") << "job_submit_time,num_nodes,time_limit\n0,12,100\n9,20,50\n";
  std::ofstream(d / "cap.csv") << "5,3\n9,10\n";
  ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "big.csv").string(), "-n", "10",
                                "--capacity_schedule", (d / "cap.csv").string(), "-o", (d / "a").string()});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.err.find("every job asks for more than the machine's 10 nodes (the smallest asks 12)"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(d / "a"));
  std::ofstream(d / "mixed.csv") << "job_submit_time,num_nodes,time_limit\n0,12,100\n10,2,50\n";
  r = RunProcess({ClustersimBinary(), "simulate", (d / "mixed.csv").string(), "-n", "10", "-t", "9.25", "-o",
                  (d / "b").string()});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.err.find("every job submitted by --max_time (t = 9.25 s) asks for more than the machine's 10 nodes "
                       "(the smallest asks 12), so all would be rejected and none would run; give --total_nodes 12 or "
                       "more or a later --max_time"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(d / "b"));
  r = RunProcess({ClustersimBinary(), "simulate", (d / "mixed.csv").string(), "-n", "10", "-t", "10", "--quiet", "-o",
                  (d / "c").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;  // the 2-node job is submitted at T (inclusive)
}

// Replay's oversubscription is one message, from the first START past the
// capacity, and counted per such START (it was counted 1 whatever the number).
TEST(DroppedTrace, ReplayOversubscriptionIsCountedPerStartPastTheCapacity) {
  const fs::path d = ScratchDir("oversubscribed");
  // 10 nodes: 8 in use at 0; the job at 5 makes 14, the one at 6 makes 18;
  // the one at 20 starts after both ended (4 of 10).
  std::ofstream(d / "rep.csv") << "job_submit_time,begin_time,end_time,num_nodes\n"
                                  "0,0,10,8\n0,5,15,6\n0,6,16,4\n0,20,30,4\n";
  const ProcessResult r =
      RunProcess({ClustersimBinary(), "replay", (d / "rep.csv").string(), "-n", "10", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("oversubscribed: at t=5 s the trace uses 14 of 10 nodes (replay does not clamp); 2 starts in "
                       "all went past the capacity"),
            std::string::npos)
      << r.err;
  std::ifstream summary(d / "out" / "summary.json");
  const std::string text((std::istreambuf_iterator<char>(summary)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"oversubscribed\": 2"), std::string::npos) << text;
}

// One such START reads as one ("1 start in all"), not "1 starts".
TEST(DroppedTrace, OneOversubscribingStartReadsInTheSingular) {
  const fs::path d = ScratchDir("oversubscribed_one");
  std::ofstream(d / "rep.csv") << "job_submit_time,begin_time,end_time,num_nodes\n0,0,10,8\n0,5,15,6\n";
  const ProcessResult r =
      RunProcess({ClustersimBinary(), "replay", (d / "rep.csv").string(), "-n", "10", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("(replay does not clamp); 1 start in all went past the capacity"), std::string::npos) << r.err;
}

// The shipped model traces have no requested times: strict drops every job
// and says which policy keeps them; the default, clean (swf-and-metrics
// §2.7), runs them with their run times as estimates, counted.
TEST(DroppedTrace, ShippedModelTracesRunUnderTheDefaultAndStrictSaysWhy) {
  for (const char* name : {"lublin_256.swf", "NASA-iPSC-1993-3.1-cln.swf.gz"}) {
    const std::string trace = TracesDir() + "/" + name;
    if (!fs::exists(trace)) GTEST_SKIP() << trace << " not found";
    const fs::path out = ScratchDir("dropped_shipped") / "out";
    const ProcessResult r =
        RunProcess({ClustersimBinary(), "simulate", trace, "-o", out.string(), "--swf-policy", "strict"});
    EXPECT_EQ(r.exit_code, 1) << name;
    EXPECT_NE(r.err.find("--swf-policy clean"), std::string::npos) << name << ": " << r.err;
    EXPECT_FALSE(fs::exists(out)) << name;
    const ProcessResult sim = RunProcess({SimulatorBinary(), trace, "--total_nodes", "128", "--swf-policy", "strict"});
    EXPECT_EQ(sim.exit_code, 1) << name << " through simulator: " << sim.out;

    const ProcessResult def = RunProcess({ClustersimBinary(), "simulate", trace, "-o", out.string(), "--quiet"});
    ASSERT_EQ(def.exit_code, 0) << name << ": " << def.err;
    const auto s = nlohmann::json::parse(Slurp(out / "summary.json"));
    EXPECT_EQ(s["config"]["swf_policy"], "clean") << name;
    EXPECT_GT(s["changed_by_rule"]["clairvoyant_estimate"].get<long>(), 0) << name;
  }
}

// simulator skips rows that run past their limit, as dr_evt does; when that
// is every row, the hint names the option that keeps them.
TEST(DroppedTrace, EveryRowPastItsLimitNamesTheOptionThatKeepsThem) {
  const fs::path d = ScratchDir("dropped_overrun");
  std::ofstream(d / "jobs.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,20\n5,1,10,30\n";
  const ProcessResult r =
      RunProcess({SimulatorBinary(), (d / "jobs.csv").string(), "-n", "4", "-o", (d / "s.csv").string()});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.err.find("(actual_exceeds_limit 2), so there is nothing to simulate; dr_evt skips rows that run past "
                       "their limit; --compat none keeps them"),
            std::string::npos)
      << r.err;
  const ProcessResult kept = RunProcess(
      {SimulatorBinary(), (d / "jobs.csv").string(), "-n", "4", "--compat", "none", "-o", (d / "s.csv").string()});
  EXPECT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_NE(kept.out.find("Total jobs: 2"), std::string::npos) << kept.out;
}

// The other ways to end up with no job stop too, each saying why; and -j 0
// means "all jobs", as in dr_evt (its loaders' default limit is 0).
TEST(ZeroJobRun, EmptySliceEarlyStopAndEmptyTraceStopWithTheReason) {
  const fs::path d = ScratchDir("zero_jobs");
  std::ofstream(d / "jobs.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n"
                                << "1559412000,2,100,50\n1559412005,1,100,80\n1559412010,1,30,30\n";
  std::ofstream(d / "empty.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n";
  auto simulate = [&](const std::string& trace, std::vector<std::string> extra) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / trace).string(), "-n", "4",
                                     "-o", (d / "out").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return RunProcess(argv);
  };
  for (const auto& [trace, extra, says] : std::vector<std::tuple<std::string, std::vector<std::string>, std::string>>{
           {"jobs.csv", {"--jobs", "3:5"}, "--jobs 3:5: " + (d / "jobs.csv").string() + " has 3 jobs; the slice holds no job"},
           {"jobs.csv", {"--jobs", "0:0"}, "--jobs 0:0: COUNT is 0; the slice holds no job"},
           {"jobs.csv", {"-t", "24h"}, "--max_time is t = 86400 s, before the first job is submitted (t = 1559412000 s)"},
           {"empty.csv", {}, "empty.csv: holds no job records, so there is nothing to simulate"}}) {
    SCOPED_TRACE(trace + " " + (extra.empty() ? "" : extra[0]));
    const ProcessResult r = simulate(trace, extra);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(d / "out"));
  }
  const ProcessResult all = simulate("jobs.csv", {"-j", "0", "--quiet"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(Slurp(d / "out" / "summary.json").find("\"loaded\": 3"), std::string::npos) << Slurp(d / "out" / "summary.json");
  const ProcessResult sim = RunProcess({SimulatorBinary(), (d / "jobs.csv").string(), "-n", "4", "-j", "0", "-o",
                                        (d / "s.csv").string()});
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_NE(sim.out.find("Total jobs: 3"), std::string::npos) << sim.out;
}

}  // namespace
}  // namespace clustersim::test
