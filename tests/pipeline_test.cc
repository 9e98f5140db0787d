// End-to-end behaviour of a run (cli/run.cc): determinism, the replay round
// trip, slicing, rejection of oversized jobs, run-time sampling that depends
// only on (seed, job id), and the dr_evt-compatible `simulator` front end.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/options.h"
#include "cli/run_config.h"
#include "io/file_reader.h"
#include "io/input_hash.h"
#include "io/trace_loader.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

void WriteText(const fs::path& p, const std::string& s) { std::ofstream(p) << s; }

RunConfig BaseConfig(const std::string& trace, const fs::path& out) {
  RunConfig c;
  c.trace = trace;
  c.output_dir = out.string();
  c.check = true;
  c.quiet = true;
  return c;
}

int RunOnce(const RunConfig& c, std::string* out = nullptr, std::string* err = nullptr) {
  std::ostringstream o, e;
  int rc = RunPipeline(c, o, e);
  if (out) *out = o.str();
  if (err) *err = e.str();
  return rc;
}

const char* kSmall =
    "job_submit_time,num_nodes,time_limit,actual_run_time\n"
    "0,70,200,150\n10,50,300,300\n20,20,50,40\n20,100,60,60\n35,10,500,10\n";

TEST(Pipeline, TwoRunsAreByteIdentical) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP();
  fs::path a = ScratchDir("det_a"), b = ScratchDir("det_b");
  RunConfig ca = BaseConfig(kth, a), cb = BaseConfig(kth, b);
  ASSERT_EQ(RunOnce(ca), 0);
  ASSERT_EQ(RunOnce(cb), 0);
  for (const char* f : {"schedule.csv", "resources.csv", "jobs.csv", "summary.json"}) {
    const std::string x = Slurp(a / f), y = Slurp(b / f);
    EXPECT_GT(x.size(), 100u) << f;
    EXPECT_TRUE(x == y) << f << " differs between two identical runs";
  }
}

TEST(Pipeline, SeededDistributionRunsAreReproducibleAndSeedMatters) {
  fs::path d = ScratchDir("seed");
  WriteText(d / "jobs.csv", kSmall);
  auto run = [&](std::uint64_t seed, const char* sub) {
    RunConfig c = BaseConfig((d / "jobs.csv").string(), d / sub);
    c.load.capacity = 100;
    c.run_time.mode = RunTimeMode::kDistribution;
    c.run_time.scale = 0.5;
    c.run_time.stddev = 0.3;
    c.run_time.seed = seed;
    EXPECT_EQ(RunOnce(c), 0);
    return Slurp(d / sub / "schedule.csv");
  };
  const std::string s1 = run(1, "a"), s1b = run(1, "b"), s2 = run(2, "c");
  EXPECT_EQ(s1, s1b);
  EXPECT_NE(s1, s2);
}

// The resource trace's last row at each time: the state once every event at
// that time is done.
std::string StatePerTime(const std::string& csv) {
  std::istringstream in(csv);
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line);) {
    const std::string t = line.substr(0, line.find(','));
    if (!rows.empty() && rows.back().substr(0, rows.back().find(',')) == t) rows.pop_back();
    rows.push_back(line);
  }
  std::string out;
  for (const std::string& r : rows) out += r + "\n";
  return out;
}

// The filtered KTH log replays to the same resource trace row for row. The
// full log also has zero-length jobs: a scheduler may start one in a pass and
// give its units to a job of the next pass at the same instant, which a
// schedule does not record, so replay (zero-length jobs first) orders the rows
// of such an instant differently; the state after each instant must match,
// and no instant may use more nodes than exist.
TEST(Pipeline, ReplayOfTheScheduleReproducesTheResourceTrace) {
  int checked = 0;
  for (const char* name : {"KTH-SP2.filtered.swf", "KTH-SP2-1996-2.1-cln.swf.gz"}) {
    SCOPED_TRACE(name);
    const std::string kth = TracesDir() + "/" + name;
    if (!fs::exists(kth)) continue;
    ++checked;
    fs::path d = ScratchDir("roundtrip");
    RunConfig sim = BaseConfig(kth, d / "sim");
    ASSERT_EQ(RunOnce(sim), 0);
    RunConfig rep = BaseConfig((d / "sim" / "schedule.csv").string(), d / "replay");
    rep.replay_requested = true;
    rep.load.capacity = 100;
    rep.quiet = false;
    std::string out, err;
    ASSERT_EQ(RunOnce(rep, &out, &err), 0);
    EXPECT_EQ(err.find("oversubscribed"), std::string::npos) << err;
    const std::string sim_res = Slurp(d / "sim" / "resources.csv"), rep_res = Slurp(d / "replay" / "resources.csv");
    if (std::string(name).ends_with(".swf")) {
      EXPECT_TRUE(sim_res == rep_res);
    }
    EXPECT_GT(sim_res.size(), 1000u);
    EXPECT_TRUE(StatePerTime(sim_res) == StatePerTime(rep_res));
    EXPECT_TRUE(Slurp(d / "sim" / "schedule.csv") == Slurp(d / "replay" / "schedule.csv"));
  }
  if (checked == 0) GTEST_SKIP() << "no KTH trace";
}

TEST(Pipeline, SliceStartsOnAnEmptyClusterWithTheRequestedJobs) {
  const std::string kth = TracesDir() + "/KTH-SP2.filtered.swf";
  if (!fs::exists(kth)) GTEST_SKIP();
  fs::path d = ScratchDir("slice");
  RunConfig c = BaseConfig(kth, d);
  c.slice_start = 1000;
  c.slice_count = 50;
  ASSERT_EQ(RunOnce(c), 0);
  std::istringstream jobs(Slurp(d / "jobs.csv"));
  std::string line;
  std::getline(jobs, line);  // header
  int rows = 0;
  std::string first_id, first_wait;
  while (std::getline(jobs, line)) {
    if (rows++ == 0) {
      first_id = line.substr(0, line.find(','));
      // waiting_time is column 12 (0-based 11)
      std::istringstream f(line);
      std::string cell;
      for (int i = 0; i <= 11 && std::getline(f, cell, ','); ++i) first_wait = cell;
    }
  }
  EXPECT_EQ(rows, 50);
  EXPECT_EQ(first_id, "1001");  // KTH job numbers start at 1, no job dropped before
  EXPECT_EQ(first_wait, "0");   // the machine is empty when the slice starts
}

TEST(Pipeline, OversizedJobIsRejectedWithAMessageAndCounted) {
  fs::path d = ScratchDir("oversized");
  WriteText(d / "jobs.csv", "job_submit_time,num_nodes,time_limit\n0,50,100\n5,200,100\n10,50,100\n");
  RunConfig c = BaseConfig((d / "jobs.csv").string(), d / "out");
  c.load.capacity = 100;
  c.run_time.mode = RunTimeMode::kLimit;
  c.quiet = false;
  std::string out, err;
  ASSERT_EQ(RunOnce(c, &out, &err), 0);
  EXPECT_NE(err.find("Job 1 rejected: requests 200 nodes, exceeds total_nodes (100); this job can never be "
                     "scheduled."),
            std::string::npos)
      << err;
  const std::string sched = Slurp(d / "out" / "schedule.csv");
  // schedule.csv ends with the job id of jobs.csv; the rejected job is in
  // rejected.csv, so every output joins on job id.
  EXPECT_EQ(sched,
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit,job_id\n"
            "0,0,100,50,0,100,0\n10,10,110,50,0,100,2\n");
  EXPECT_EQ(Slurp(d / "out" / "rejected.csv"), "job_id,job_submit_time,num_nodes,time_limit\n1,5,200,100\n");
  EXPECT_NE(Slurp(d / "out" / "summary.json").find("\"nb_jobs_rejected\": 1"), std::string::npos);
}

// jobs.csv ends each row with the job's status (JobStateName) and the units
// it was allocated: a job killed at its limit is `timeout`, a rejected job
// was allocated nothing.
TEST(Pipeline, JobsCsvStatusAndAllocatedUnits) {
  fs::path d = ScratchDir("jobs_status");
  WriteText(d / "in.csv",
            "job_submit_time,num_nodes,time_limit,actual_run_time\n0,50,100,150\n5,200,100,50\n10,50,100,50\n");
  RunConfig c = BaseConfig((d / "in.csv").string(), d / "out");
  c.load.capacity = 100;
  ASSERT_EQ(RunOnce(c), 0);
  std::istringstream jobs(Slurp(d / "out" / "jobs.csv"));
  std::string line;
  std::vector<std::string> tails;
  while (std::getline(jobs, line)) {
    std::size_t p = line.size();
    for (int k = 0; k < 3; ++k) p = line.rfind(',', p - 1);
    tails.push_back(line.substr(p + 1));
  }
  EXPECT_EQ(tails, (std::vector<std::string>{"clipped,status,allocated_units", "1,timeout,50", "0,rejected,0",
                                             "0,completed,50"}));
}

// A job's sampled run time depends on (seed, job id) only: sampling the
// whole trace or one slice of it gives the same value for the same job.
TEST(Pipeline, SampledRunTimeDependsOnlyOnSeedAndJobId) {
  Workload all;
  all.mode = TraceMode::kSimulation;
  for (int i = 0; i < 100; ++i) {
    Job j;
    j.trace_id = i;
    j.time_limit = Seconds(1000 + i);
    all.jobs.push_back(j);
  }
  Workload part = all;
  part.jobs.erase(part.jobs.begin(), part.jobs.begin() + 60);
  RunTimeOptions o;
  o.mode = RunTimeMode::kDistribution;
  o.distribution = Distribution::kLognormal;
  o.scale = 0.5;
  o.stddev = 0.4;
  o.seed = 99;
  Diagnostics diag;
  ASSERT_TRUE(ApplyRunTimeModel(o, &all, &diag).ok());
  ASSERT_TRUE(ApplyRunTimeModel(o, &part, &diag).ok());
  for (std::size_t i = 0; i < part.jobs.size(); ++i) EXPECT_EQ(part.jobs[i].run_time, all.jobs[i + 60].run_time);
}

// `simulator` takes dr_evt's command line verbatim and writes dr_evt's files.
TEST(Pipeline, SimulatorBinaryAcceptsTheSeedCommandLine) {
  fs::path d = ScratchDir("simulator");
  WriteText(d / "jobs.csv", "job_submit_time,num_nodes,queue,time_limit\n0,70,pbatch,200\n10,50,pbatch,300\n"
                            "20,20,pbatch,50\n");
  const std::string bin = std::string(CLUSTERSIM_BINARY_DIR) + "/src/simulator";
  const std::string cmd = "cd " + d.string() + " && " + bin +
                          " jobs.csv --total_nodes 100 --run_time_mode limit > stdout.txt 2> stderr.txt";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << Slurp(d / "stderr.txt");
  EXPECT_EQ(Slurp(d / "jobs_sim.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,queue,time_limit\n"
            "0,0,200,70,0,pbatch,200\n10,200,500,50,0,pbatch,300\n20,20,70,20,0,pbatch,50\n");
  EXPECT_EQ(Slurp(d / "jobs_sim_resources.csv"),
            "time,free_nodes,allocated_nodes\n0,100,0\n0,30,70\n20,10,90\n70,30,70\n200,100,0\n200,50,50\n"
            "500,100,0\n");
  const std::string out = Slurp(d / "stdout.txt");
  EXPECT_NE(out.find("=== Simulation Statistics ==="), std::string::npos);
  EXPECT_NE(out.find("Average wait time: 63.333333 sec"), std::string::npos) << out;
  EXPECT_NE(out.find("Makespan: 500 sec"), std::string::npos);
}

// dr_evt counts a job as submitted when it starts (compat §10.3): cut at
// 199, J0 (0-200) and J2 (20-70) started, J1 waits for J0. The summary also
// names the run's configuration, counts bad rows per reason and, for sampled
// run times, gives the seed (§3, §5.4).
TEST(Pipeline, SimulatorSummaryCountsStartedJobsAndNamesItsInputsAndSeed) {
  fs::path d = ScratchDir("simulator_summary");
  WriteText(d / "jobs.csv", "job_submit_time,num_nodes,time_limit\n0,70,200\n10,50,300\n20,20,50\n5,abc,10\n"
                            "6,-3,10\n");
  const std::string bin = std::string(CLUSTERSIM_BINARY_DIR) + "/src/simulator";
  const std::string cut = "cd " + d.string() + " && " + bin +
                          " jobs.csv -n 100 -r limit -t 199 > stdout.txt 2> stderr.txt";
  ASSERT_EQ(std::system(cut.c_str()), 0) << Slurp(d / "stderr.txt");
  std::string out = Slurp(d / "stdout.txt");
  EXPECT_NE(out.find("Jobs submitted: 2\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Skipped 2 input records: bad_number 1 negative_nodes 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Run time: limit\n"), std::string::npos) << out;
  const std::string sampled = "cd " + d.string() + " && " + bin +
                              " jobs.csv -n 100 -r distribution -S 0.8 -V 0.2 -s 42 > stdout.txt 2> stderr.txt";
  ASSERT_EQ(std::system(sampled.c_str()), 0) << Slurp(d / "stderr.txt");
  out = Slurp(d / "stdout.txt");
  EXPECT_NE(out.find("Run time: distribution normal, scale 0.8, stddev 0.2, spec formulas, seed 42\n"),
            std::string::npos)
      << out;
  EXPECT_LT(out.find("Run time:"), out.find("=== Simulation Statistics ==="));
}

// Every option can come from a config file (CLI11's TOML/INI): the same
// settings as flags give byte-identical outputs.
TEST(Pipeline, ConfigFileEqualsCommandLineFlags) {
  fs::path d = ScratchDir("config");
  WriteText(d / "jobs.csv", kSmall);
  WriteText(d / "run.toml",
            "total_nodes = 100\nbackfill = \"conservative\"\nrun_time_mode = \"distribution\"\n"
            "run_time_distribution = \"uniform\"\nrun_time_scale = 0.5\nrun_time_stddev = 0.9\nseed = \"3\"\n");
  const std::string bin = std::string(CLUSTERSIM_BINARY_DIR) + "/src/clustersim";
  const std::string j = (d / "jobs.csv").string();
  const std::string a = bin + " simulate " + j + " --config " + (d / "run.toml").string() + " --quiet -o " +
                        (d / "a").string();
  const std::string b = bin + " simulate " + j + " -n 100 --backfill conservative --run_time_mode distribution "
                        "--run_time_distribution uniform --run_time_scale 0.5 --run_time_stddev 0.9 --seed 3 --quiet -o " +
                        (d / "b").string();
  ASSERT_EQ(std::system(a.c_str()), 0);
  ASSERT_EQ(std::system(b.c_str()), 0);
  const std::string sa = Slurp(d / "a" / "summary.json");
  EXPECT_NE(sa.find("\"policy\": \"fcfs+conservative"), std::string::npos) << sa;
  EXPECT_EQ(sa, Slurp(d / "b" / "summary.json"));
  EXPECT_EQ(Slurp(d / "a" / "schedule.csv"), Slurp(d / "b" / "schedule.csv"));
}

// --outputs picks files; the summary of a summary-only run is the summary of
// the full run (skipping the per-job files changes nothing else).
TEST(Pipeline, OutputsOptionWritesOnlyTheNamedFiles) {
  fs::path d = ScratchDir("outputs");
  WriteText(d / "jobs.csv", kSmall);
  const std::string bin = std::string(CLUSTERSIM_BINARY_DIR) + "/src/clustersim";
  const std::string j = (d / "jobs.csv").string();
  const std::string full = bin + " simulate " + j + " -n 100 --quiet -o " + (d / "full").string();
  const std::string some = bin + " simulate " + j + " -n 100 --quiet --outputs summary,schedule -o " + (d / "some").string();
  const std::string bad = bin + " simulate " + j + " -n 100 --quiet --outputs summary,job -o " + (d / "bad").string() +
                          " 2>" + (d / "bad.err").string();
  ASSERT_EQ(std::system(full.c_str()), 0);
  fs::create_directories(d / "some");
  WriteText(d / "some" / "jobs.csv", "stale: from an earlier run\n");  // must not pass for this run's
  ASSERT_TRUE(fs::exists(d / "some" / "jobs.csv"));
  ASSERT_EQ(std::system(some.c_str()), 0);
  EXPECT_TRUE(fs::exists(d / "some" / "summary.json"));
  EXPECT_TRUE(fs::exists(d / "some" / "schedule.csv"));
  // timing.json parses as JSON with the four documented numbers, in seconds.
  const auto timing = nlohmann::json::parse(Slurp(d / "some" / "timing.json"));
  EXPECT_EQ(timing.size(), 4u);
  for (const char* key : {"load_s", "simulate_s", "write_s", "wall_time_s"}) {
    ASSERT_TRUE(timing.contains(key) && timing[key].is_number()) << key;
    EXPECT_GE(timing[key].get<double>(), 0) << key;
    EXPECT_LE(timing[key].get<double>(), timing["wall_time_s"].get<double>()) << key;
  }
  EXPECT_FALSE(fs::exists(d / "some" / "jobs.csv"));
  EXPECT_FALSE(fs::exists(d / "some" / "resources.csv"));
  EXPECT_EQ(Slurp(d / "some" / "summary.json"), Slurp(d / "full" / "summary.json"));
  EXPECT_EQ(Slurp(d / "some" / "schedule.csv"), Slurp(d / "full" / "schedule.csv"));
  EXPECT_NE(std::system(bad.c_str()), 0);
  EXPECT_NE(Slurp(d / "bad.err").find("--outputs"), std::string::npos) << Slurp(d / "bad.err");
  EXPECT_FALSE(fs::exists(d / "bad" / "summary.json"));
}

// dr_evt never kills a job at its limit: with its uniform run times
// U(L*s, L*(s+v)) and s + v > 1 some jobs run past their limit, and under
// --compat dr_evt they complete; the clean default kills them at the limit.
TEST(Pipeline, DrEvtPresetLetsJobsOverrunTheirLimit) {
  fs::path d = ScratchDir("overrun");
  std::string csv = "job_submit_time,num_nodes,time_limit\n";
  for (int i = 0; i < 40; ++i) csv += std::to_string(i * 1000) + ",10,100\n";
  WriteText(d / "jobs.csv", csv);
  auto run = [&](const char* compat, const char* sub) {
    OptionValues v;
    v.trace = (d / "jobs.csv").string();
    v.total_nodes = 100;
    v.compat = compat;
    v.run_time_mode = "distribution";
    v.run_time_distribution = "uniform";
    v.run_time_scale = 0.9;
    v.run_time_stddev = 0.3;  // dr_evt: U(90, 120); half the jobs overrun
    v.run_time_compat = "dr_evt";
    v.output_dir = (d / sub).string();
    v.quiet = true;
    auto c = Resolve(v, Frontend::kClustersim, false);
    EXPECT_TRUE(c.ok()) << c.status().message();
    EXPECT_EQ(RunOnce(c.value()), 0);
    return Slurp(d / sub / "jobs.csv");
  };
  const std::string dr = run("dr_evt", "dr"), clean = run("none", "clean");
  EXPECT_EQ(dr.find("COMPLETED_WALLTIME_REACHED"), std::string::npos);
  EXPECT_NE(clean.find("COMPLETED_WALLTIME_REACHED"), std::string::npos);
}

// Combinations the engine cannot honour are refused, never run as something
// else: conservative backfilling keeps submit order, RLScheduler has no
// conservative backfilling.
TEST(Pipeline, ContradictoryPolicyOptionsAreRefused) {
  struct Case {
    const char* policy;
    const char* backfill;
    const char* compat;
    const char* error;  // "" = accepted
  };
  const Case cases[] = {
      {"sjf", "conservative", "", "--policy sjf: conservative backfilling keeps submit order; use --policy fcfs, "
                                  "or --backfill easy for a priority ordering"},
      {"wfp3", "conservative", "pyss", "--policy wfp3: conservative backfilling keeps submit order; use --policy "
                                       "fcfs, or --backfill easy for a priority ordering"},
      {"fcfs", "conservative", "", ""},
      {"sjf", "easy", "", ""},
      {"sjf", "conservative", "dr_evt", ""},  // dr_evt's conservative is its EASY
      {"fcfs", "conservative", "rlscheduler",
       "--compat rlscheduler has no conservative backfilling (none or easy = its greedy backfill)"},
      {"sjf", "conservative", "rlscheduler",  // its own message, not the submit-order one
       "--compat rlscheduler has no conservative backfilling (none or easy = its greedy backfill)"},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(std::string(k.policy) + " " + k.backfill + " " + k.compat);
    OptionValues v;
    v.trace = "t.swf";
    v.policy = k.policy;
    v.backfill = k.backfill;
    v.compat = k.compat;
    auto c = Resolve(v, Frontend::kClustersim, false);
    if (*k.error == '\0') {
      EXPECT_TRUE(c.ok()) << c.status().message();
    } else {
      ASSERT_FALSE(c.ok());
      EXPECT_EQ(c.status().message(), k.error);
    }
  }
}

// --compat rlscheduler evaluates RLScheduler's windows: on a 10,000-job
// trace with the default seed 1 they start at the indexes of schedulers.md §9.
TEST(Pipeline, RlSchedulerPresetEvaluatesTheSeededWindows) {
  const std::string lublin = TracesDir() + "/lublin_256.swf";
  if (!fs::exists(lublin)) GTEST_SKIP();
  fs::path d = ScratchDir("rl");
  OptionValues v;
  v.trace = lublin;
  v.compat = "rlscheduler";
  v.output_dir = d.string();
  v.quiet = true;
  auto c = Resolve(v, Frontend::kClustersim, false);
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ(c.value().load.swf.policy, SwfPolicy::kRlScheduler);
  EXPECT_EQ(c.value().engine.policy.backfill, Backfill::kNone);
  ASSERT_EQ(RunOnce(c.value()), 0);
  std::istringstream csv(Slurp(d / "windows.csv"));
  std::string line, starts;
  std::getline(csv, line);
  EXPECT_EQ(line, "window,start_index,start_job_id,bounded_slowdown,utilisation,rejected");
  while (std::getline(csv, line)) {
    const auto a = line.find(',') + 1;
    starts += line.substr(a, line.find(',', a) - a) + " ";
  }
  EXPECT_EQ(starts, "1981 2756 4299 8850 3316 2714 5228 7762 4022 7085 ");
}

// Two processors per node (MaxProcs 20, MaxNodes 10): the windows count
// processors. Window of jobs 5-8, all at 100 (procs, estimate, run): 5 (8,
// 100, 100) and 6 (8, 200, 200) start; the head 7 (12, 50, 50) needs 6 nodes,
// 2 are free: the greedy shadow adds 4 + 8 processors = 12 at job 5's end,
// 200. Job 8 (4, 150, 100) would end at 250, not before 200: no backfill.
// bsld (1 + 1 + 150/50 + 250/100) / 4 = 1.875; utilisation 3400 processor
// seconds / (150 s * 20 processors) = 1.1333. Counting nodes as processors
// gave 1.5 and 3.4.
TEST(Pipeline, RlSchedulerWindowsCountProcessorsNotNodes) {
  fs::path d = ScratchDir("rl_ppn");
  std::string swf = "; MaxProcs: 20\n; MaxNodes: 10\n";
  const char* rows[] = {"1 0 -1 10 1", "2 0 -1 10 1", "3 0 -1 10 1", "4 0 -1 10 1", "5 100 -1 100 8",
                        "6 100 -1 200 8", "7 100 -1 50 12", "8 100 -1 100 4", "9 300 -1 10 1", "10 300 -1 10 1"};
  const int limits[] = {10, 10, 10, 10, 100, 200, 50, 150, 10, 10};
  for (int i = 0; i < 10; ++i) {
    const std::string r = rows[i];
    const std::string procs = r.substr(r.rfind(' ') + 1);
    swf += fmt::format("{} -1 -1 {} {} -1 1 1 1 1 1 1 -1 -1\n", r, procs, limits[i]);
  }
  WriteText(d / "rl.swf", swf);
  OptionValues v;
  v.trace = (d / "rl.swf").string();
  v.compat = "rlscheduler";
  v.backfill = "easy";
  v.rl_window_size = 4;
  v.rl_windows = 1;
  v.output_dir = (d / "out").string();
  v.quiet = true;
  auto c = Resolve(v, Frontend::kClustersim, false);
  ASSERT_TRUE(c.ok()) << c.status().message();
  ASSERT_EQ(RunOnce(c.value()), 0);
  const nlohmann::json j = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  EXPECT_EQ(j["config"]["procs_per_node"], 2);
  EXPECT_EQ(j["config"]["max_procs"], 20);
  ASSERT_EQ(j["windows"].size(), 1u);
  EXPECT_EQ(j["windows"][0]["start"], 4);
  EXPECT_DOUBLE_EQ(j["mean_bounded_slowdown"].get<double>(), 1.875);
  EXPECT_NEAR(j["mean_utilisation"].get<double>(), 3400.0 / 3000.0, 1e-12);
}

// RLScheduler sorts its jobs by job number (schedulers.md §9): the window of
// jobs 5-8 on 10 nodes, no backfilling, (submit, nodes, run = estimate):
// 5 (1000, 10, 100), 6 (1050, 5, 10), 7 (1001, 5, 500), 8 (1002, 5, 20).
// 5 starts at 1000; 6 arrives at 1050 and is the head, blocked; 7 and 8
// arrive at the clock (1050) while it waits; 5 ends at 1100: 6 starts, then
// 7 (FCFS by submit) at 1100 and 8 when 6 ends, 1110. bsld (1 + 60/10 +
// 599/500 + 128/20) / 4 = 3.6495. In submit order (7 and 8 before 6) it was
// 4.0245.
TEST(Pipeline, RlSchedulerWindowsTakeJobsInJobNumberOrder) {
  fs::path d = ScratchDir("rl_number_order");
  std::string swf = "; MaxProcs: 10\n; MaxNodes: 10\n";
  // (job, submit, run = estimate, nodes)
  const int rows[][4] = {{1, 0, 10, 1},     {2, 0, 10, 1},     {3, 0, 10, 1},     {4, 0, 10, 1},
                         {5, 1000, 100, 10}, {6, 1050, 10, 5},  {7, 1001, 500, 5}, {8, 1002, 20, 5},
                         {9, 5000, 10, 1},  {10, 5000, 10, 1}};
  for (const auto& r : rows)
    swf += fmt::format("{} {} -1 {} {} -1 -1 {} {} -1 1 1 1 1 1 1 -1 -1\n", r[0], r[1], r[2], r[3], r[3], r[2]);
  WriteText(d / "rl.swf", swf);
  OptionValues v;
  v.trace = (d / "rl.swf").string();
  v.compat = "rlscheduler";
  v.rl_window_size = 4;
  v.rl_windows = 1;
  v.output_dir = (d / "out").string();
  auto c = Resolve(v, Frontend::kClustersim, false);
  ASSERT_TRUE(c.ok()) << c.status().message();
  std::string err;
  ASSERT_EQ(RunOnce(c.value(), nullptr, &err), 0) << err;
  EXPECT_NE(err.find("rl.swf: job_number_order: --compat rlscheduler takes the jobs in job-number order"),
            std::string::npos) << err;
  const nlohmann::json j = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  ASSERT_EQ(j["windows"].size(), 1u);
  EXPECT_EQ(j["windows"][0]["start"], 4);
  EXPECT_NEAR(j["mean_bounded_slowdown"].get<double>(), 3.6495, 1e-12);
}

// swf-and-metrics.md §3.4 and §4.3: summary.json carries every utilisation
// variant and the input's hash. 4 processors; J1 (2 procs, run 10.5) and J2
// (2, run 4) start at 0; J3 (4, run 3) waits for J1: 10.5-13.5. Used 2*10.5 +
// 2*4 + 4*3 = 41 processor-seconds over a makespan of 13.5: 41/54.
// Ticks 0..13 (ceil 13.5 = 14): J1 at 0..10 (11 ticks), J2 0..3 (4), J3
// 11..13 (3): (22 + 8 + 12) / (4 * 14) = 0.75. RLScheduler's: 41 / ((10.5 -
// 0) * 4) = 41/42.
TEST(Pipeline, SummaryHasEveryUtilisationVariantAndTheInputHash) {
  fs::path d = ScratchDir("util_variants");
  const std::string swf = "; MaxProcs: 4\n1 0 -1 10.5 2 -1 -1 2 20 -1 1 1 1 1 1 -1 -1 -1\n"
                          "2 0 -1 4 2 -1 -1 2 20 -1 1 1 1 1 1 -1 -1 -1\n3 1 -1 3 4 -1 -1 4 5 -1 1 1 1 1 1 -1 -1 -1\n";
  WriteText(d / "u.swf", swf);
  WriteText(d / "v.swf", swf + "4 2 -1 3 1 -1 -1 1 5 -1 1 1 1 1 1 -1 -1 -1\n");
  const auto run = [&](const std::string& name) {
    OptionValues v;
    v.trace = (d / name).string();
    v.output_dir = (d / ("out_" + name)).string();
    v.quiet = true;
    auto c = Resolve(v, Frontend::kClustersim, false);
    EXPECT_TRUE(c.ok()) << c.status().message();
    EXPECT_EQ(RunOnce(c.value()), 0);
    return nlohmann::json::parse(Slurp(d / ("out_" + name) / "summary.json"));
  };
  const nlohmann::json j = run("u.swf");
  const nlohmann::json& u = j["utilisation"];
  EXPECT_DOUBLE_EQ(u["makespan"].get<double>(), 41.0 / 54.0);
  EXPECT_DOUBLE_EQ(u["capacity_weighted"].get<double>(), 41.0 / 54.0);
  EXPECT_DOUBLE_EQ(u["machine_states"].get<double>(), 41.0 / 54.0);
  EXPECT_DOUBLE_EQ(u["tick_mean"].get<double>(), 0.75);
  EXPECT_DOUBLE_EQ(u["rlscheduler"].get<double>(), 41.0 / 42.0);
  for (const char* k : {"makespan", "from_zero", "capacity_weighted", "machine_states", "tick_mean", "rlscheduler"})
    EXPECT_TRUE(j["definitions"].contains(std::string("utilisation.") + k)) << k;
  const std::string hash = j["definitions"]["input_sha256"].get<std::string>();
  // The file's SHA-256 as `sha256sum u.swf` (Python's hashlib) gives it.
  EXPECT_EQ(hash, "4e9b13cdaae7eaeb76db5ced09fd3fb4e018af4acea5f6ee1ed0803d59bc421e");
  EXPECT_NE(run("v.swf")["definitions"]["input_sha256"].get<std::string>(), hash);
  EXPECT_EQ(run("u.swf")["definitions"]["input_sha256"].get<std::string>(), hash);
}

// A JSONL folder's hash is its parts' bytes in the order they are read
// (sha256("abc" + "def")), not null: compare.html joined the jobs of two
// unrelated folders on job id. Entries that are not parts do not count.
TEST(Pipeline, AJsonlFolderIsHashedAsItsPartsInNameOrder) {
  const fs::path d = ScratchDir("folder_hash");
  fs::create_directories(d / "f");
  WriteText(d / "f" / "p2.jsonl", "def");
  WriteText(d / "f" / "p1.jsonl", "abc");
  WriteText(d / "f" / "README.txt", "not a part");
  auto h = InputSha256({(d / "f").string()});
  ASSERT_TRUE(h.ok()) << h.status().message();
  EXPECT_EQ(h.value(), "bef57ec7f53a6d40beb640a780a639c83bc29ac8a9816f1fc6c5c6dcd93c4721");
  WriteText(d / "f" / "p3.jsonl", "g");
  EXPECT_NE(InputSha256({(d / "f").string()}).value(), h.value());
  // Only JSONL comes as a folder: --format swf on one is refused (it was
  // read as JSONL without a word).
  LoadOptions swf;
  swf.format = TraceFormat::kSwf;
  Diagnostics diag;
  auto loaded = LoadTrace((d / "f").string(), swf, &diag);
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.status().message().find("only a JSONL trace may be a folder"), std::string::npos);
}

TEST(Pipeline, UnknownPolicyNameGetsADidYouMeanHint) {
  fs::path d = ScratchDir("hint");
  WriteText(d / "jobs.csv", kSmall);
  const std::string bin = std::string(CLUSTERSIM_BINARY_DIR) + "/src/clustersim";
  const std::string cmd = bin + " simulate " + (d / "jobs.csv").string() + " -n 100 --backfill conservativ -o " +
                          (d / "out").string() + " 2> " + (d / "err.txt").string();
  EXPECT_NE(std::system(cmd.c_str()), 0);
  EXPECT_EQ(Slurp(d / "err.txt"),
            "clustersim: error: --backfill: unknown value 'conservativ' (expected one of: none, easy, "
            "conservative); did you mean 'conservative'?\n");
  EXPECT_FALSE(fs::exists(d / "out"));
}

}  // namespace
}  // namespace clustersim::test
