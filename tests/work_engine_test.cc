// The work-based engine as a whole: tick mode converges to the exact event
// times, runs are deterministic, SWF on a cluster of interchangeable nodes
// gives seed 001's schedule (fixed durations, and as work at nominal speed),
// and the cluster checker catches an over-committed node.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/run_config.h"
#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"
#include "io/jsonl_trace.h"
#include "sim/cluster_checker.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Example(const char* name) { return std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/" + name; }

// Independent jobs, one per node: in tick mode a job is submitted at the
// first tick at or after its creation and ends at the first tick at or after
// its work runs out, so each end is within two ticks of the exact one, and
// the error shrinks with the tick.
TEST(WorkEngine, TickModeConvergesToExactEvents) {
  std::string trace;
  for (int i = 0; i < 20; ++i)
    trace += Jsonl("j" + std::to_string(i), 3.7 * i + 0.123, "3", 1000 + 37.3 * i);
  const std::string cluster = "nodes:\n  - node_name_prefix: n\n    replicas: 20\n    cpu_cores: 4\n";
  const WorkRun exact = RunWork(trace, cluster);
  ASSERT_TRUE(exact.status.ok()) << exact.status.message();
  double last_error = 1e300;
  for (double tick : {10.0, 1.0, 0.1, 0.01}) {
    ClusterConfig c;
    c.work.tick = static_cast<SimTime>(std::llround(tick * kTicksPerSecond));
    const WorkRun ticked = RunWork(trace, cluster, c);
    ASSERT_TRUE(ticked.status.ok()) << ticked.status.message();
    double worst = 0;
    for (JobId id = 0; id < exact.w.jobs.size(); ++id) {
      const double d = ToSeconds(ticked.r.runs[id].end - exact.r.runs[id].end);
      EXPECT_GE(d, 0) << tick;  // never earlier than the exact end
      EXPECT_LE(d, 2 * tick) << tick;
      EXPECT_EQ(ticked.r.runs[id].end % c.work.tick, 0) << "ends on a tick";
      worst = std::max(worst, d);
    }
    EXPECT_LT(worst, last_error) << tick;
    last_error = worst;
  }
}

// Interacting jobs (the shipped example: sharing, gangs, caps on eco nodes):
// the largest difference in end times falls as the tick shrinks.
TEST(WorkEngine, TickModeConvergesOnTheShippedExample) {
  auto run = [](double tick) {
    RunConfig c;
    c.trace = Example("ai-day.jsonl");
    c.cluster.cluster_file = Example("cluster.yaml");
    c.cluster.work.tick = static_cast<SimTime>(std::llround(tick * kTicksPerSecond));
    c.output_dir = ScratchDir("tick_" + std::to_string(tick)).string();
    c.check = true;
    c.quiet = true;
    std::ostringstream o, e;
    EXPECT_EQ(RunPipeline(c, o, e), 0) << e.str();
    return ReadAll(fs::path(c.output_dir) / "schedule.csv");
  };
  auto ends = [](const std::string& csv) {
    std::vector<double> v;
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
      const auto a = line.find(','), b = line.find(',', a + 1), c = line.find(',', b + 1);
      v.push_back(std::stod(line.substr(b + 1, c - b - 1)));
    }
    return v;
  };
  const std::vector<double> exact = ends(run(0));
  double previous = 1e300;
  for (double tick : {60.0, 5.0, 0.5}) {
    const std::vector<double> t = ends(run(tick));
    ASSERT_EQ(t.size(), exact.size());
    double worst = 0;
    for (std::size_t i = 0; i < t.size(); ++i) worst = std::max(worst, std::fabs(t[i] - exact[i]));
    EXPECT_LT(worst, previous) << tick;
    previous = worst;
  }
  EXPECT_LT(previous, 60.0);  // at a half-second tick, within a minute on a day of work
}

TEST(WorkEngine, RunsAreByteIdentical) {
  auto run = [](const char* sub) {
    RunConfig c;
    c.trace = Example("ai-day.jsonl");
    c.cluster.cluster_file = Example("cluster.yaml");
    c.cluster.caps_file = Example("caps.yaml");
    c.timeseries_interval = 30 * kTicksPerSecond;
    c.timeseries_nodes_given = true;  // every node
    c.output_dir = ScratchDir(std::string(sub)).string();
    c.quiet = true;
    std::ostringstream o, e;
    EXPECT_EQ(RunPipeline(c, o, e), 0) << e.str();
    return c.output_dir;
  };
  const fs::path a = run("det_a"), b = run("det_b");
  for (const char* f : {"schedule.csv", "jobs.csv", "placements.csv", "summary.json", "resources.csv", "timeseries.csv",
                        "node_timeseries.csv", "nodes.csv", "devices.csv"}) {
    const std::string x = ReadAll(a / f);
    EXPECT_GT(x.size(), 100u) << f;
    EXPECT_EQ(x, ReadAll(b / f)) << f;
  }
}

// 100 interchangeable one-core nodes are the 100 processors of KTH's
// machine: whole-node placement must give seed 001's schedule, with fixed
// durations and with the run times as work at nominal speed.
TEST(WorkEngine, SwfOnInterchangeableNodesGivesTheCountingSchedule) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "no KTH trace";
  const fs::path d = ScratchDir("kth_cluster");
  fs::create_directories(d);
  std::ofstream(d / "c100.yaml") << "nodes:\n  - node_name_prefix: n\n    replicas: 100\n    cpu_cores: 1\n";
  auto run = [&](const char* sub, bool cluster, bool work) {
    RunConfig c;
    c.trace = kth;
    c.load.swf.procs_per_node = cluster ? 1 : 0;
    if (cluster) c.cluster.cluster_file = (d / "c100.yaml").string();
    c.cluster.work_execution = work;
    c.output_dir = (d / sub).string();
    c.check = true;
    c.quiet = true;
    c.write_placements = false;
    std::ostringstream o, e;
    EXPECT_EQ(RunPipeline(c, o, e), 0) << e.str();
    return ReadAll(d / sub / "schedule.csv");
  };
  const std::string counting = run("count", false, false);
  EXPECT_GT(counting.size(), 1000u);
  EXPECT_EQ(run("fixed", true, false), counting);
  EXPECT_EQ(run("work", true, true), counting);
}

// An SWF/CSV job's nodes are one batch allocation: under --execution work
// the part on a faster node finishes first but stays allocated until the
// job ends (only a JSONL gang's pods end alone). Job 0 takes both nodes
// with 1000 s of work on each; on the eco node (CPU at 60 %, cpu.mixed:
// throttleImpact .8604882775, G6) it takes 1000 / .8604882775 = 1162.130881
// s, so job 1 (one node, submitted at 10) starts then, not at 1000.
TEST(WorkEngine, ABatchJobHoldsAllItsNodesUntilItEnds) {
  const fs::path d = ScratchDir("batch_nodes");
  fs::create_directories(d);
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: a\n    cpu_cores: 4\n"
                                 "  - node_name: b\n    cpu_cores: 4\n    power_profile: eco\n";
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,2,2000,1000\n10,1,2000,100\n";
  RunConfig c;
  c.trace = (d / "t.csv").string();
  c.cluster.cluster_file = (d / "c.yaml").string();
  c.cluster.work_execution = true;
  c.output_dir = (d / "out").string();
  c.check = true;
  c.quiet = true;
  std::ostringstream o, e;
  ASSERT_EQ(RunPipeline(c, o, e), 0) << e.str();
  const auto jobs = ReadCsvRows(d / "out" / "jobs.csv");
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].at("finish_time"), "1162.130881");
  EXPECT_EQ(jobs[1].at("starting_time"), "1162.130881");
}

// Under --overrun clip a job is killed at its limit as Slurm would: also
// when caps slow it past the limit (it used to run on and count as
// completed). The case above with a limit of 1100 s: job 0 needs 1162.13 s
// on the eco node, so it is killed at 1100 and job 1 starts then; killed,
// it has no power slowdown. Under --overrun allow it runs to 1162.130881.
TEST(WorkEngine, ASlowedJobIsKilledAtItsLimit) {
  const fs::path d = ScratchDir("killed_at_limit");
  fs::create_directories(d);
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: a\n    cpu_cores: 4\n"
                                 "  - node_name: b\n    cpu_cores: 4\n    power_profile: eco\n";
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,2,1100,1000\n10,1,2000,100\n";
  for (const bool clip : {true, false}) {
    RunConfig c;
    c.trace = (d / "t.csv").string();
    c.cluster.cluster_file = (d / "c.yaml").string();
    c.cluster.work_execution = true;
    c.cluster.clip_to_limit = clip;
    c.engine.overrun = clip ? Overrun::kClip : Overrun::kAllow;
    c.output_dir = (d / (clip ? "clip" : "allow")).string();
    c.check = true;
    std::ostringstream o, e;
    ASSERT_EQ(RunPipeline(c, o, e), 0) << e.str();
    // The kill removed work, not trace time: said so (not "shortened by 0 s").
    EXPECT_EQ(o.str().find("stopped 1 job with work left") != std::string::npos, clip) << o.str();
    EXPECT_EQ(o.str().find("by 0 s"), std::string::npos) << o.str();
    const auto jobs = ReadCsvRows(d / c.output_dir / "jobs.csv");
    ASSERT_EQ(jobs.size(), 2u);
    EXPECT_EQ(jobs[0].at("finish_time"), clip ? "1100" : "1162.130881");
    EXPECT_EQ(jobs[0].at("status"), clip ? "timeout" : "completed");
    EXPECT_EQ(jobs[0].at("power_slowdown").empty(), clip);
    EXPECT_EQ(jobs[1].at("starting_time"), clip ? "1100" : "1162.130881");
    const auto summary = nlohmann::json::parse(std::ifstream(d / c.output_dir / "summary.json"));
    EXPECT_EQ(summary["work"]["classes"]["all"]["killed_at_limit"], clip ? 1 : 0);
    EXPECT_EQ(summary["work"]["classes"]["all"]["completed"], clip ? 1 : 2);
  }
}

// Of two jobs killed at their limit, one because the eco node slowed it
// (its trace run fits its limit) and one whose trace run is 100 s over it:
// the summary said "shortened 2 jobs' run times by 100 s, 50.0 s mean".
// Job 2 (1 node, limit 200, run 300) starts at 1100 beside job 1 and is
// cut by 100 s.
TEST(WorkEngine, OnlyJobsRunningPastTheirLimitInTheTraceCountAsCut) {
  const fs::path d = ScratchDir("killed_cut");
  fs::create_directories(d);
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: a\n    cpu_cores: 4\n"
                                 "  - node_name: b\n    cpu_cores: 4\n    power_profile: eco\n";
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,2,1100,1000\n10,1,2000,100\n"
                                "20,1,200,300\n";
  RunConfig c;
  c.trace = (d / "t.csv").string();
  c.cluster.cluster_file = (d / "c.yaml").string();
  c.cluster.work_execution = true;
  c.output_dir = (d / "out").string();
  std::ostringstream o, e;
  ASSERT_EQ(RunPipeline(c, o, e), 0) << e.str();
  EXPECT_NE(o.str().find("shortened the run times of 1 job by 100 s in total, 100.0 s mean"), std::string::npos) << o.str();
  EXPECT_NE(o.str().find("stopped 1 job with work left"), std::string::npos) << o.str();
  const auto summary = nlohmann::json::parse(std::ifstream(d / "out" / "summary.json"));
  EXPECT_EQ(summary["killed_at_limit"]["jobs"], 2);
  EXPECT_EQ(summary["killed_at_limit"]["jobs_cut"], 1);
  EXPECT_EQ(summary["killed_at_limit"]["run_time_cut_s"], 100.0);
  EXPECT_EQ(summary["killed_at_limit"]["mean_cut_s"], 100.0);
}

// Tick mode: the kill comes at the tick that sees the limit, and a job
// whose work runs out exactly at its limit is not killed although both land
// on the same tick. Limit 95 s, tick 10 s: run 96 s is killed (at 100), run
// 95 s completes (at 100).
TEST(WorkEngine, TickModeKillsOnlyJobsPastTheirExactLimit) {
  const fs::path d = ScratchDir("tick_kill");
  fs::create_directories(d);
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: a\n    cpu_cores: 1\n  - node_name: b\n    cpu_cores: 1\n";
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,95,96\n0,1,95,95\n";
  RunConfig c;
  c.trace = (d / "t.csv").string();
  c.cluster.cluster_file = (d / "c.yaml").string();
  c.cluster.work_execution = true;
  c.cluster.work.tick = 10 * kTicksPerSecond;
  c.output_dir = (d / "out").string();
  c.check = true;
  c.quiet = true;
  std::ostringstream o, e;
  ASSERT_EQ(RunPipeline(c, o, e), 0) << e.str();
  const auto jobs = ReadCsvRows(d / "out" / "jobs.csv");
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].at("status"), "timeout");
  EXPECT_EQ(jobs[0].at("finish_time"), "100");
  EXPECT_EQ(jobs[1].at("status"), "completed");
  EXPECT_EQ(jobs[1].at("finish_time"), "100");
}

// Joulie counts completions per pod (§a.1: each job is one pod; §a.6): a
// gang of two pods is one job here, so the class counts carry both.
TEST(WorkEngine, ClassCountsCarryPodsBesideJobs) {
  const fs::path d = ScratchDir("pod_counts");
  fs::create_directories(d);
  const std::string gang = R"("workloadId":"w","gang":true)";
  std::ofstream(d / "t.jsonl") << Jsonl("w-0", 0, "1", 10, 0, 0, gang) + Jsonl("w-1", 0, "1", 20, 0, 0, gang) +
                                      Jsonl("x", 1, "1", 5);
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: a\n    cpu_cores: 4\n";
  RunConfig c;
  c.trace = (d / "t.jsonl").string();
  c.cluster.cluster_file = (d / "c.yaml").string();
  c.output_dir = (d / "out").string();
  c.quiet = true;
  std::ostringstream o, e;
  ASSERT_EQ(RunPipeline(c, o, e), 0) << e.str();
  const auto summary = nlohmann::json::parse(std::ifstream(d / "out" / "summary.json"));
  const auto& all = summary["work"]["classes"]["all"];
  EXPECT_EQ(all["jobs"], 2);
  EXPECT_EQ(all["completed"], 2);
  EXPECT_EQ(all["pods"], 3);
  EXPECT_EQ(all["pods_completed"], 3);
  // Cut at 25 s: the gang ends at 35 s, its pod w-0 (half the work of w-1)
  // at about 17.5 s; x at 16 s. The gang is unfinished, one of its pods
  // completed.
  c.engine.max_time = 25 * kTicksPerSecond;
  ASSERT_EQ(RunPipeline(c, o, e), 0) << e.str();
  const auto cut = nlohmann::json::parse(std::ifstream(d / "out" / "summary.json"))["work"]["classes"]["all"];
  EXPECT_EQ(cut["completed"], 1);
  EXPECT_EQ(cut["unfinished"], 1);
  EXPECT_EQ(cut["pods_completed"], 2);
}

// The cluster checker is not a rubber stamp: a start it sees twice (as if
// the pool had handed the same cores and GPUs out again) is an error.
TEST(WorkEngine, ClusterCheckerCatchesDoubleAllocation) {
  auto cluster = LoadClusterText("nodes:\n  - node_name: g\n    cpu_cores: 4\n    product: H100 SXM\n    gpu_count: 2\n",
                                 "cluster.yaml", ShippedCatalog());
  ASSERT_TRUE(cluster.ok());
  Diagnostics diag;
  auto w = LoadJsonlTraceText(Jsonl("a", 0, "3", 10, 1, 10), "t.jsonl", {}, &diag);
  ASSERT_TRUE(w.ok());
  Workload wl = w.take();
  wl.jobs[0].units = 3000;
  ClusterPool pool(cluster.value(), wl, {0}, PoolUnits::kMillicores, PlacementStrategy::kFirstFit);
  ASSERT_TRUE(pool.Fits(0, wl.jobs[0]));
  pool.Allocate(0, wl.jobs[0]);
  ClusterChecker checker(wl, pool, nullptr, 0, true);
  checker.OnStart(0, 0, 3000);
  EXPECT_TRUE(checker.status().ok());
  checker.OnStart(0, 0, 6000);
  EXPECT_EQ(checker.status().message(), "check failed: at 0 s job 0 was given a GPU of g that another pod holds");
}

// --time-scale scales JSONL submit offsets only: on a CSV (or SWF) trace it
// would change nothing, so the run refuses it (it ran and ignored it).
TEST(WorkEngine, TimeScaleOnACsvTraceIsRefused) {
  const fs::path d = ScratchDir("time_scale_csv");
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: a\n    cpu_cores: 4\n";
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,100,10\n";
  RunConfig c;
  c.trace = (d / "t.csv").string();
  c.cluster.cluster_file = (d / "c.yaml").string();
  c.output_dir = (d / "out").string();
  c.quiet = true;
  c.load.jsonl.time_scale = 120;
  std::ostringstream o, e;
  EXPECT_EQ(RunPipeline(c, o, e), 1);
  EXPECT_NE(e.str().find("--time-scale scales a JSONL trace's submit offsets"), std::string::npos) << e.str();
  EXPECT_FALSE(fs::exists(d / "out" / "summary.json"));
  c.load.jsonl.time_scale = 1;
  std::ostringstream o1, e1;
  EXPECT_EQ(RunPipeline(c, o1, e1), 0) << e1.str();
}

// Names from the inputs reach the CSVs quoted (RFC 4180) when they hold a
// comma or a quote: a pod "a,\"b\"" on nodes of prefix "x,y" and class
// "c,1" kept their rows' columns (they split them before).
TEST(WorkEngine, NamesWithCommasAndQuotesKeepTheirColumns) {
  const fs::path d = ScratchDir("csv_quoting");
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name_prefix: \"x,y\"\n    class: \"c,1\"\n    cpu_cores: 4\n";
  std::ofstream(d / "t.jsonl") << R"({"jobId":"a,\"b\"","podTemplate":{"requests":{"cpu":"1"}}})" << "\n";
  RunConfig c;
  c.trace = (d / "t.jsonl").string();
  c.cluster.cluster_file = (d / "c.yaml").string();
  c.output_dir = (d / "out").string();
  c.quiet = true;
  std::ostringstream o, e;
  ASSERT_EQ(RunPipeline(c, o, e), 0) << e.str();
  const auto placements = ReadCsvRows(d / "out" / "placements.csv");
  ASSERT_EQ(placements.size(), 1u);
  EXPECT_EQ(placements[0].at("pod"), "a,\"b\"");
  EXPECT_EQ(placements[0].at("node"), "x,y-0");
  EXPECT_EQ(placements[0].at("node_class"), "c,1");
  EXPECT_NE(ReadAll(d / "out" / "placements.csv").find(",\"a,\"\"b\"\"\",\"x,y-0\","), std::string::npos);
  const auto nodes = ReadCsvRows(d / "out" / "nodes.csv");
  ASSERT_EQ(nodes.size(), 1u);
  EXPECT_EQ(nodes[0].at("node"), "x,y-0");
  EXPECT_EQ(nodes[0].at("class"), "c,1");
  EXPECT_EQ(nodes[0].at("power_profile"), "performance");
}

}  // namespace
}  // namespace clustersim::test
