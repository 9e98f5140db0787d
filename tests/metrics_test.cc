// swf-and-metrics §3: the per-job metrics and their aggregates on §3.6's toy
// example, every value worked out by hand, and τ as the caller gives it.

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "sim/metrics.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

// §3.6: 100 nodes, J0 (0, 70, 200), J1 (10, 50, 300), J2 (20, 20, 50). EASY
// gives J0 [0, 200], J1 [200, 500] (30 free before), J2 [20, 70] (backfilled).
const char* const kToy =
    "job_submit_time,num_nodes,time_limit,actual_run_time\n0,70,200,200\n10,50,300,300\n20,20,50,50\n";

TEST(Metrics, ToyExampleMeansMaximaAndRms) {
  SimSetup setup;
  setup.policy = ClassicEasy();
  const SimOutcome o = SimulateText(kToy, setup);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  ASSERT_EQ(RenderSchedule(o), "0:0-200 1:200-500 2:20-70");
  const Summary s = ComputeSummary(o.workload, o.result);
  // Waits 0, 190, 0; turnarounds 200, 490, 50; slowdowns 1, 490/300, 1
  // (every run >= 10 s, so bsld is the same).
  EXPECT_NEAR(s.mean_wait_s, 190.0 / 3, 1e-9);
  EXPECT_DOUBLE_EQ(s.max_wait_s, 190);
  EXPECT_NEAR(s.rms_wait_s, std::sqrt(190.0 * 190 / 3), 1e-9);
  EXPECT_NEAR(s.mean_turnaround_s, 740.0 / 3, 1e-9);
  EXPECT_DOUBLE_EQ(s.max_turnaround_s, 490);
  EXPECT_NEAR(s.rms_turnaround_s, std::sqrt((200.0 * 200 + 490.0 * 490 + 50.0 * 50) / 3), 1e-9);
  const double sd1 = 490.0 / 300;
  EXPECT_NEAR(s.mean_slowdown, (2 + sd1) / 3, 1e-12);
  EXPECT_NEAR(s.max_slowdown, sd1, 1e-12);
  EXPECT_NEAR(s.rms_slowdown, std::sqrt((2 + sd1 * sd1) / 3), 1e-12);
  EXPECT_NEAR(s.mean_bsld, s.mean_slowdown, 1e-12);
  EXPECT_NEAR(s.rms_bsld, s.rms_slowdown, 1e-12);
  EXPECT_DOUBLE_EQ(s.makespan_s, 500);
  EXPECT_NEAR(s.utilisation, 30000.0 / (100 * 500), 1e-12);  // 0.60
}

// τ is the caller's: a 2 s job that waited 8 s has bsld max(1, 10/10) = 1
// with τ = 10 and max(1, 10/2) = 5 with τ = 1 (slowdown 5 either way).
TEST(Metrics, BoundedSlowdownUsesTheGivenTau) {
  SimSetup setup;
  setup.capacity = 1;
  const SimOutcome o =
      SimulateText("job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,8,8\n0,1,2,2\n", setup);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  ASSERT_EQ(RenderSchedule(o), "0:0-8 1:8-10");
  EXPECT_DOUBLE_EQ(ComputeSummary(o.workload, o.result, 10).max_bsld, 1);
  const Summary tau1 = ComputeSummary(o.workload, o.result, 1);
  EXPECT_DOUBLE_EQ(tau1.max_bsld, 5);
  EXPECT_DOUBLE_EQ(tau1.mean_bsld, (1 + 5) / 2.0);
  EXPECT_DOUBLE_EQ(tau1.max_slowdown, 5);
}

// One column of a CSV text, by its header name (no quoted commas here).
std::vector<std::string> ColumnByName(const std::string& csv, const std::string& name) {
  std::istringstream in(csv);
  std::string line, cell;
  std::getline(in, line);
  std::istringstream header(line);
  std::size_t index = 0;
  while (std::getline(header, cell, ',') && cell != name) ++index;
  std::vector<std::string> column;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    for (std::size_t i = 0; i <= index && std::getline(row, cell, ','); ++i) {
    }
    column.push_back(cell);
  }
  return column;
}

// Through the CLI: --bsld-tau reaches jobs.csv and summary.json, which
// records it, with the RMS of §3.2 and the throughput of §3.5 (2 finished
// jobs in a 10 s makespan: 720 per hour).
TEST(Metrics, BsldTauOptionIsUsedAndRecorded) {
  const std::filesystem::path d = ScratchDir("metrics_tau");
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,8,8\n0,1,2,2\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "1",
                                      "--bsld-tau", "1", "--quiet", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto s = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  EXPECT_DOUBLE_EQ(s["definitions"]["bsld_tau"].get<double>(), 1);
  // The definition report.html shows names the tau too.
  EXPECT_EQ(s["definitions"]["bounded_slowdown"], "max(1, turnaround / max(end - begin, tau)), tau = 1 s");
  EXPECT_DOUBLE_EQ(s["max_bounded_slowdown"].get<double>(), 5);
  EXPECT_DOUBLE_EQ(s["rms_turnaround_time"].get<double>(), std::sqrt((64.0 + 100.0) / 2));
  EXPECT_DOUBLE_EQ(s["rms_slowdown"].get<double>(), std::sqrt((1.0 + 25.0) / 2));
  EXPECT_DOUBLE_EQ(s["throughput_per_hour"].get<double>(), 720);
  EXPECT_EQ(ColumnByName(Slurp(d / "out" / "jobs.csv"), "bounded_slowdown"),
            (std::vector<std::string>{"1", "5"}));  // tau 10 would give 1 and 1

  const ProcessResult bad = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "1",
                                        "--bsld-tau", "0", "-o", (d / "bad").string()});
  EXPECT_EQ(bad.exit_code, 1);
}

// `clustersim COMMAND d/NAME.csv ARGS... -o d/NAME` on `text`; its summary.
nlohmann::json RunSummary(const std::filesystem::path& d, const std::string& name, const std::string& text,
                          const std::string& command, const std::vector<std::string>& args) {
  std::ofstream(d / (name + ".csv")) << text;
  std::vector<std::string> argv = {ClustersimBinary(), command, (d / (name + ".csv")).string()};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.insert(argv.end(), {"--quiet", "-o", (d / name).string()});
  const ProcessResult r = RunProcess(argv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(Slurp(d / name / "summary.json"));
}

// §3.4: capacity_weighted divides by ∫ max(C, allocated). A replay whose
// trace holds more than the 10 nodes it is given (12, 16, 18 nodes over
// [100, 130)) counts the excess; makespan keeps C · makespan. By hand:
// ∫ allocated = 6·140 + 4·50 + 2·20 + 6·30 + 4·20 = 1340; ∫ max(10, alloc)
// = 100 + 400 + 500 + 120 + 160 + 180 + 100 + 100 = 1660.
TEST(Metrics, CapacityWeightedCountsAReplaysExcess) {
  const std::filesystem::path d = ScratchDir("metrics_capw");
  const auto s = RunSummary(d, "over",
                            "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,10,150,6,200\n0,0,50,4,100\n"
                            "80,120,140,2,100\n100,100,130,6,50\n110,110,130,4,20\n",
                            "replay", {"-n", "10"});
  EXPECT_DOUBLE_EQ(s["utilisation"]["capacity_weighted"].get<double>(), 1340.0 / 1660);
  EXPECT_DOUBLE_EQ(s["utilisation"]["makespan"].get<double>(), 1340.0 / 1500);
}

// Under --max_time the units in use include the jobs still running at T:
// J0 (5 nodes) runs [0, 100), cut at 60; J1 (5 nodes) ends at 50, the
// makespan's end. 10 of 10 nodes in use over [0, 50]: capacity_weighted and
// tick_mean are 1; makespan (finished jobs' node-seconds) stays 0.5.
TEST(Metrics, UnitsInUseCountJobsRunningAtTheCut) {
  const std::filesystem::path d = ScratchDir("metrics_cut");
  const auto s = RunSummary(d, "cut", "job_submit_time,num_nodes,time_limit,actual_run_time\n0,5,100,100\n0,5,50,50\n",
                            "simulate", {"-n", "10", "-t", "60"});
  EXPECT_DOUBLE_EQ(s["utilisation"]["capacity_weighted"].get<double>(), 1);
  EXPECT_DOUBLE_EQ(s["utilisation"]["tick_mean"].get<double>(), 1);
  EXPECT_DOUBLE_EQ(s["utilisation"]["makespan"].get<double>(), 0.5);
  // A cut job submitted before the first finished one counts from the
  // makespan's start only: J0 [0, cut at 200), J1 [100, 110), 10 of 10 nodes.
  const auto early = RunSummary(d, "early", "job_submit_time,num_nodes,time_limit,actual_run_time\n0,5,1000,1000\n"
                                "100,5,10,10\n", "simulate", {"-n", "10", "-t", "200"});
  EXPECT_DOUBLE_EQ(early["utilisation"]["capacity_weighted"].get<double>(), 1);
  EXPECT_DOUBLE_EQ(early["utilisation"]["tick_mean"].get<double>(), 1);
}

// The time-weighted queue length runs to T when --max_time cuts the run:
// J1 waits from 10 until the cut at 50 behind J0 (1 node, [0, 100)), so
// 40 / 50 = 0.8, in a simulation and in the replay of the same schedule.
TEST(Metrics, TimeWeightedQueueRunsToTheCut) {
  const std::filesystem::path d = ScratchDir("metrics_queue_cut");
  const auto sim = RunSummary(d, "sim",
                              "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,100,100\n10,1,100,10\n",
                              "simulate", {"-n", "1", "-t", "50"});
  EXPECT_DOUBLE_EQ(sim["queue_length"]["mean_time_weighted"].get<double>(), 0.8);
  const auto rep = RunSummary(d, "rep", "job_submit_time,begin_time,end_time,num_nodes\n0,0,100,1\n10,100,110,1\n",
                              "replay", {"-n", "1", "-t", "50"});
  EXPECT_DOUBLE_EQ(rep["queue_length"]["mean_time_weighted"].get<double>(), 0.8);
}

// A job rejected at arrival (20 nodes of 10) is no arrival and no event, so
// it moves no window, first or last: J1 and J2 (10 nodes, 10 s) arrive at 10
// and J2 waits 10 s of the 20 from there to the last end: 0.5 (it said 10/30
// and 10/90). first_submit_time, makespan and utilisation already left it out.
TEST(Metrics, ARejectedJobMovesNoQueueWindow) {
  const std::filesystem::path d = ScratchDir("metrics_queue_rejected");
  const std::string header = "job_submit_time,num_nodes,time_limit,actual_run_time\n";
  for (const auto& [name, rows] : {std::pair{"first", "0,20,10,10\n10,10,10,10\n10,10,10,10\n"},
                                   std::pair{"last", "10,10,10,10\n10,10,10,10\n100,20,10,10\n"}}) {
    const auto s = RunSummary(d, name, header + rows, "simulate", {"-n", "10"});
    EXPECT_EQ(s["nb_jobs_rejected"], 1) << name;
    EXPECT_DOUBLE_EQ(s["queue_length"]["mean_time_weighted"].get<double>(), 0.5) << name;
    EXPECT_DOUBLE_EQ(s["first_submit_time"].get<double>(), 10) << name;
    EXPECT_DOUBLE_EQ(s["makespan"].get<double>(), 20) << name;
    EXPECT_DOUBLE_EQ(s["utilisation"]["makespan"].get<double>(), 1) << name;
    // dr_evt's front end prints the same mean.
    const std::string base = (d / name).string();
    const ProcessResult r = RunProcess({SimulatorBinary(), base + ".csv", "-n", "10", "-o", base + "_s.csv"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("(per scheduling pass; time-weighted 0.5)"), std::string::npos) << r.out;
  }
}

}  // namespace
}  // namespace clustersim::test
