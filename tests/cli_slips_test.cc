// Slips a user makes on the command line or in a cluster file, each of
// which the tool used to take without a word or answer with a message that
// did not say what was wrong (new-user review, fifteenth session), and two
// cluster-run results that depended on something they should not (review of
// the engines and power model, sixteenth session). Each test fails on the
// old behaviour.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "subprocess.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

nlohmann::json Summary(const fs::path& dir) { return nlohmann::json::parse(Slurp(dir / "summary.json")); }

// CLI11 said "--total_nodes: At Most 1 required but received 2": it did not
// say that -n and --total-nodes are one option, nor which value was meant.
TEST(CliSlips, AnOptionGivenTwiceNamesItsNamesAndBothValues) {
  const fs::path d = ScratchDir("cli_twice");
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,5\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "32",
                                      "--total-nodes", "16", "-o", (d / "out").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "was given more than once")) << r.err;
  EXPECT_TRUE(Has(r.err, "-n,--total_nodes,--total-nodes")) << r.err;
  EXPECT_TRUE(Has(r.err, "values: 32, 16")) << r.err;
  EXPECT_FALSE(fs::exists(d / "out" / "summary.json"));
}

TEST(CliSlips, TracerAnswersVersion) {
  const ProcessResult r = RunProcess({TracerBinary(), "--version"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(Has(r.out, "tracer (clustersim ")) << r.out;
}

// `clustersim trace --version` (and every other subcommand) was "argument
// not expected"; `tracer --version` and `clustersim --version` answered.
TEST(CliSlips, EverySubcommandAnswersVersion) {
  for (const char* sub : {"simulate", "replay", "trace", "report", "compare", "generate", "switches"}) {
    const ProcessResult r = RunProcess({ClustersimBinary(), sub, "--version"});
    EXPECT_EQ(r.exit_code, 0) << sub << ": " << r.err;
    EXPECT_TRUE(Has(r.out, "clustersim ")) << sub << ": " << r.out;
  }
  EXPECT_NE(RunProcess({ClustersimBinary(), "bogus", "--version"}).exit_code, 0);
  const ProcessResult anywhere = RunProcess({ClustersimBinary(), "simulate", "some.swf", "--version"});
  EXPECT_EQ(anywhere.exit_code, 0) << anywhere.err;
  EXPECT_TRUE(Has(anywhere.out, "clustersim ")) << anywhere.out;
}

// `--format swf` on a CSV trace rejected every line as too short and then
// said "empty_file", of a file of 3 lines.
TEST(CliSlips, SwfFormatOnACsvTraceSaysItLooksLikeCsv) {
  const fs::path d = ScratchDir("cli_swf_on_csv");
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,5\n3,2,10,5\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "--format", "swf",
                                      "-n", "4", "-o", (d / "out").string(), "--quiet"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "no_job_lines: none of its 3 non-comment lines is an SWF job line")) << r.err;
  EXPECT_TRUE(Has(r.err, "is it a CSV trace")) << r.err;
  EXPECT_FALSE(Has(r.err, "empty_file")) << r.err;
}

// An rlscheduler evaluation printed its windows' means only: the records its
// policy dropped (KTH: 8 with run time 0) were echoed five at a time and
// "only counted", in summary.json alone.
TEST(CliSlips, AnRlSchedulerRunPrintsTheInputRulesCounts) {
  const fs::path d = ScratchDir("cli_rl_counts");
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  ASSERT_TRUE(fs::exists(kth)) << kth;
  const ProcessResult r =
      RunProcess({ClustersimBinary(), "simulate", kth, "--compat", "rlscheduler", "-o", (d / "rl").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(Has(r.out, "\n  skipped 8 input records: zero_run_time 8\n")) << r.out;
}

// Outputs asked for and never written: rlscheduler's windows have no one
// job file, and schedule.swf exists only for a simulated SWF log. Both runs
// exited 0 leaving only what they could write.
TEST(CliSlips, OutputsARunCannotWriteAreRefusedBeforeItRuns) {
  const fs::path d = ScratchDir("cli_outputs");
  const std::string lublin = TracesDir() + "/lublin_256.swf";
  ASSERT_TRUE(fs::exists(lublin)) << lublin;
  const ProcessResult rl = RunProcess({ClustersimBinary(), "simulate", lublin, "--compat", "rlscheduler", "--outputs",
                                       "jobs,summary", "-o", (d / "rl").string()});
  EXPECT_EQ(rl.exit_code, 1);
  EXPECT_TRUE(Has(rl.err, "--outputs jobs: --compat rlscheduler evaluates windows")) << rl.err;
  EXPECT_FALSE(fs::exists(d / "rl"));
  // Its own outputs, and a report that knows the machine's size (it said "0 units").
  const ProcessResult ok = RunProcess({ClustersimBinary(), "simulate", lublin, "--compat", "rlscheduler",
                                       "--outputs", "summary", "-o", (d / "rl").string(), "--quiet"});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  ASSERT_EQ(RunProcess({ClustersimBinary(), "report", (d / "rl").string()}).exit_code, 0);
  const std::string page = Slurp(d / "rl" / "report.html");
  EXPECT_TRUE(Has(page, "<th>machine</th><td>256 nodes</td>"));
  // Its windows' mean utilisation, and no "not in this directory" for files
  // such a run never writes.
  EXPECT_TRUE(Has(page, "mean utilisation over the windows"));
  EXPECT_TRUE(Has(page, "An --compat rlscheduler evaluation"));
  EXPECT_FALSE(Has(page, "Not in this directory"));

  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,5\n";
  const ProcessResult swf = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "4",
                                        "--outputs", "swf,summary", "-o", (d / "swf").string()});
  EXPECT_EQ(swf.exit_code, 1);
  EXPECT_TRUE(Has(swf.err, "--outputs swf: schedule.swf rewrites one simulated SWF log")) << swf.err;
  EXPECT_FALSE(fs::exists(d / "swf" / "summary.json"));
  // A warm start simulates a recorded SWF log from T: its schedule.swf is written.
  std::ofstream(d / "w.swf") << "1 0 0 100 2 -1 -1 2 100 -1 1 1 1 1 1 -1 -1 -1\n"
                                "2 50 20 30 2 -1 -1 2 40 -1 1 1 1 1 1 -1 -1 -1\n"
                                "3 70 0 10 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1\n";
  const ProcessResult warm = RunProcess({ClustersimBinary(), "simulate", (d / "w.swf").string(), "-n", "4",
                                         "--sim_start_time", "60", "--outputs", "swf,summary", "-o",
                                         (d / "warm").string(), "--quiet"});
  EXPECT_EQ(warm.exit_code, 0) << warm.err;
  EXPECT_TRUE(fs::exists(d / "warm" / "schedule.swf"));
  // The options of timeseries.csv without it: node_timeseries.csv was not
  // written, without a word.
  for (const char* flag : {"--timeseries-nodes", "--timeseries-every-event", "--timeseries-interval"}) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate", CLUSTERSIM_SOURCE_DIR "/examples/ai-day.jsonl",
                                     "--cluster", CLUSTERSIM_SOURCE_DIR "/examples/cluster.yaml", "--outputs",
                                     "summary", "-o", (d / "ts").string(), flag};
    if (std::string(flag) == "--timeseries-nodes") argv.push_back("class=gpu-h100");
    if (std::string(flag) == "--timeseries-interval") argv.push_back("5");
    const ProcessResult ts = RunProcess(argv);
    EXPECT_EQ(ts.exit_code, 1) << flag;
    EXPECT_TRUE(Has(ts.err, std::string(flag) + " shapes timeseries.csv")) << ts.err;
    EXPECT_FALSE(fs::exists(d / "ts"));
  }
}

const char* kOneNode = "nodes:\n  - node_name: n0\n    cpu_cores: 16\n";

std::string ComputeJob(double cpu_units) {
  return Jsonl("x", 0, "16", cpu_units, 0, 0,
               "\"workloadClass\":{\"cpu\":\"cpu.compute_bound\"},"
               "\"workloadProfile\":{\"cpuUtilization\":1,\"memoryIntensity\":0,\"ioIntensity\":0}");
}

ProcessResult RunCluster(const fs::path& d, const std::string& cluster, const std::string& jsonl,
                         const std::vector<std::string>& extra) {
  std::ofstream(d / "c.yaml") << cluster;
  std::ofstream(d / "t.jsonl") << jsonl;
  std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                   (d / "c.yaml").string(), "-o", (d / "out").string()};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return RunProcess(argv);
}

// The same with one of Joulie's variables set ("NAME=value") and no flag.
ProcessResult RunClusterWithEnv(const fs::path& d, const std::string& cluster, const std::string& var) {
  std::ofstream(d / "c.yaml") << cluster;
  std::ofstream(d / "t.jsonl") << ComputeJob(1600);
  ProcessOptions env;
  env.env = {var};
  return RunProcess({ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster", (d / "c.yaml").string(),
                     "-o", (d / "out").string(), "--quiet"},
                    env);
}

// `--cpu-cap 50` is 50 W (a percent is written 50%), below the analytic
// CPU's 80 W RAPL minimum: it was clamped to 80 W without a word.
TEST(CliSlips, ACapOutsideTheNodesRangeIsClampedWithAWarning) {
  const fs::path d = ScratchDir("cli_cap_clamped");
  const ProcessResult low = RunCluster(d, kOneNode, ComputeJob(1600), {"--cpu-cap", "50"});
  ASSERT_EQ(low.exit_code, 0) << low.err;
  EXPECT_TRUE(Has(low.err, "--cpu-cap: cap_clamped: 'all:50W' is outside the RAPL cap range")) << low.err;
  EXPECT_TRUE(Has(low.err, "-> 80 W")) << low.err;
  EXPECT_TRUE(Has(low.err, "a CPU percent is written with %")) << low.err;
  EXPECT_EQ(Summary(d / "out").at("warnings_by_rule").at("cap_clamped"), 1);
  // Within the range, or a percent (a DVFS target): nothing to say.
  for (const char* cap : {"300W", "50%"}) {
    const ProcessResult ok = RunCluster(d, kOneNode, ComputeJob(1600), {"--cpu-cap", cap});
    ASSERT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_FALSE(Has(ok.err, "cap_clamped")) << cap << ": " << ok.err;
  }
}

// `none` removes a cap from the command line as the cap schedule's `none`
// does (it was refused there): an eco node (CPU 60 %, a DVFS target) with
// `--cpu-cap profile=eco:none` runs the compute-bound job as fast as a
// performance node, and both slower with the eco default left in place.
TEST(CliSlips, NoneOnTheCommandLineRemovesTheEcoCap) {
  const fs::path d = ScratchDir("cli_cap_none");
  const std::string eco = std::string(kOneNode) + "    power_profile: eco\n";
  auto span = [&](const std::string& cluster, const std::vector<std::string>& extra) {
    const ProcessResult r = RunCluster(d, cluster, ComputeJob(1600), extra);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return Summary(d / "out").at("work").at("energy").at("span_seconds").get<double>();
  };
  const double performance = span(kOneNode, {});
  EXPECT_DOUBLE_EQ(span(eco, {"--cpu-cap", "profile=eco:none"}), performance);
  EXPECT_GT(span(eco, {}), performance * 1.2);
  // A --freq-scale stays: `none` removes the caps, not the frequency asked
  // for beside it (in either order on the line; frequency rules apply first).
  const double scaled = span(kOneNode, {"--freq-scale", "0.5"});
  EXPECT_GT(scaled, performance * 1.2);
  EXPECT_DOUBLE_EQ(span(eco, {"--freq-scale", "0.5", "--cpu-cap", "profile=eco:none"}), scaled);
  EXPECT_DOUBLE_EQ(span(eco, {"--cpu-cap", "profile=eco:none", "--freq-scale", "0.5"}), scaled);
  const ProcessResult bad = RunCluster(d, kOneNode, ComputeJob(1600), {"--cpu-cap", "nothing"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_TRUE(Has(bad.err, "expected watts (300 or 300W), a percent (60%) or none")) << bad.err;
}

// The facility ambient was clamped into the PUE formula's range silently.
TEST(CliSlips, AnAmbientOutsidePhysicalAirTemperaturesIsRefused) {
  const fs::path d = ScratchDir("cli_ambient");
  const ProcessResult cold = RunCluster(d, kOneNode, ComputeJob(1600), {"--ambient=-300"});
  EXPECT_EQ(cold.exit_code, 1);
  EXPECT_TRUE(Has(cold.err, "--ambient: -300 °C, below absolute zero")) << cold.err;
  // 20 ± 90 °C swings to 110 °C.
  const ProcessResult hot = RunCluster(d, kOneNode, ComputeJob(1600), {"--ambient", "20,90,24"});
  EXPECT_EQ(hot.exit_code, 1);
  EXPECT_TRUE(Has(hot.err, "--ambient: the ambient 20 ± 90 °C reaches 110 °C, above 100 °C")) << hot.err;
  // From Joulie's variables, the error names them (and the default amplitude, 5 °C).
  const ProcessResult from_env = RunClusterWithEnv(d, kOneNode, "SIM_FACILITY_AMBIENT_TEMP_C=-300");
  EXPECT_EQ(from_env.exit_code, 1);
  EXPECT_TRUE(Has(from_env.err, "SIM_FACILITY_AMBIENT_TEMP_C, _TEMP_AMPLITUDE_C and _TEMP_PERIOD_H: the ambient -300 ± "
                                "5 °C reaches -305 °C")) << from_env.err;
  // A period of 0 named the two other variables only.
  const ProcessResult period = RunClusterWithEnv(d, kOneNode, "SIM_FACILITY_TEMP_PERIOD_H=0");
  EXPECT_EQ(period.exit_code, 1);
  EXPECT_TRUE(Has(period.err, "_TEMP_PERIOD_H: the period must be > 0 hours")) << period.err;
  const ProcessResult ok = RunCluster(d, kOneNode, ComputeJob(1600), {"--ambient", "22,8,24", "--quiet"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

// A time that is a number the clock does not take read "cannot parse".
TEST(CliSlips, ANumberOutsideTheClockIsNamedAsSuch) {
  const fs::path d = ScratchDir("cli_time_range");
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit\n0,1,10\n";
  for (const char* t : {"1e20", "1000000000001"}) {  // -5 is an epoch time before 0, refused as such
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "4", "-t", t,
                                        "-o", (d / "out").string()});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, fmt::format("clustersim: error: --max_time: '{}' is not a time on the trace's clock: give seconds "
                                 "as digits in [0, 1000000000000] (86400) or a duration (90m, 24h, 1d)\n",
                                 t));
  }
}

// One switch set twice to two values ran with the last, without a word.
TEST(CliSlips, ASwitchSetTwiceToTwoValuesIsRefused) {
  const fs::path d = ScratchDir("cli_set_twice");
  const ProcessResult r =
      RunCluster(d, kOneNode, ComputeJob(1600), {"--set", "cpu_share=capacity", "--set", "cpu_share=per_k"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "--set cpu_share=capacity and --set cpu_share=per_k: one switch, two values")) << r.err;
  EXPECT_FALSE(fs::exists(d / "out"));
  EXPECT_EQ(RunCluster(d, kOneNode, ComputeJob(1600), {"--set", "cpu_share=capacity", "--set", "cpu_share=capacity",
                                                       "--quiet"}).exit_code, 0);
}

// An ambient CSV's first row was skipped as a header whatever it held: a
// typo there (`-4O`) dropped the row without a word and changed the energy.
// A header is names; a first row with a number in it is a row.
TEST(CliSlips, AnAmbientCsvsBadFirstRowIsNoHeader) {
  const fs::path d = ScratchDir("cli_ambient_csv");
  for (const char* first : {"0,-4O", "0,-40,", "1e13,20"}) {
    std::ofstream(d / "amb.csv") << first << "\n3600,25\n";
    const ProcessResult r = RunCluster(d, kOneNode, ComputeJob(1600), {"--ambient", (d / "amb.csv").string()});
    EXPECT_EQ(r.exit_code, 1) << first;
    EXPECT_TRUE(Has(r.err, (d / "amb.csv").string() + ":1: ")) << r.err;
    EXPECT_FALSE(fs::exists(d / "out"));
  }
  std::ofstream(d / "amb.csv") << "time_s,temp_c\n0,-40\n3600,25\n";
  const ProcessResult ok = RunCluster(d, kOneNode, ComputeJob(1600), {"--ambient", (d / "amb.csv").string(), "--quiet"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  const std::string summary = Slurp(d / "out" / "summary.json");
  EXPECT_TRUE(Has(summary, "\"ambient\": \"steps (0, -40) (3600, 25)\"")) << summary;
}

// Work-based jobs run as long as their work takes: a run-time mode was
// accepted, printed as "run times: distribution ...", and had no effect.
TEST(CliSlips, ARunTimeModeOnWorkBasedJobsIsRefused) {
  const fs::path d = ScratchDir("cli_run_time_mode");
  const ProcessResult r = RunCluster(d, kOneNode, ComputeJob(1600), {"-r", "distribution"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "--run_time_mode: work-based jobs run as long as their work takes")) << r.err;
  EXPECT_FALSE(fs::exists(d / "out" / "summary.json"));
  // A CSV under --execution work turns the chosen run time into work: the
  // mode counts there. Limits of 100 s instead of run times of 10 s.
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,100,10\n";
  const auto finish = [&](const char* mode) {
    const ProcessResult w = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "--cluster",
                                        (d / "c.yaml").string(), "--execution", "work", "-r", mode, "-o",
                                        (d / "w").string(), "--quiet", "--outputs", "jobs,summary"});
    EXPECT_EQ(w.exit_code, 0) << w.err;
    return std::stod(ReadCsvRows(d / "w" / "jobs.csv").at(0).at("finish_time"));
  };
  EXPECT_EQ(finish("actual"), 10);
  EXPECT_EQ(finish("limit"), 100);
}

// A tick finer than the clock's microsecond became 0 (exact events) or was
// rounded without a word; and a bad value from Joulie's environment
// variable was blamed on the flag the user never gave.
TEST(CliSlips, ATickTheClockCannotHoldIsRefusedAndEnvironmentValuesAreNamed) {
  const fs::path d = ScratchDir("cli_tick");
  for (const char* tick : {"1e-7", "0.0000015", "1.0000004"}) {
    const ProcessResult r = RunCluster(d, kOneNode, ComputeJob(1600), {"--tick", tick, "--quiet"});
    EXPECT_EQ(r.exit_code, 1) << tick;
    EXPECT_TRUE(Has(r.err, "is not a whole number of microseconds")) << r.err;
  }
  const ProcessResult ok = RunCluster(d, kOneNode, ComputeJob(1600), {"--tick", "0.25", "--quiet"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  const ProcessResult from_env = RunClusterWithEnv(d, kOneNode, "SIM_EMULATE_TICK=-1");
  EXPECT_EQ(from_env.exit_code, 1);
  EXPECT_TRUE(Has(from_env.err, "SIM_EMULATE_TICK: -1 is out of range")) << from_env.err;
  const ProcessResult hp = RunClusterWithEnv(d, kOneNode, "SIM_SA_HP_FRAC=2");
  EXPECT_EQ(hp.exit_code, 1);
  EXPECT_TRUE(Has(hp.err, "SIM_SA_HP_FRAC: 2 is out of range")) << hp.err;
}

// --power-step 1e-6 was accepted: a run of minutes and gigabytes, each
// settling node evaluated a million times a second (new-user review).
TEST(CliSlips, APowerStepBelowATenthOfAMillisecondIsRefused) {
  const fs::path d = ScratchDir("cli_power_step");
  const ProcessResult r = RunCluster(d, kOneNode, ComputeJob(1600), {"--power-step", "0.00005", "--quiet"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "--power-step: 0.00005 is out of range [0.0001, 3600]")) << r.err;
  const ProcessResult ok = RunCluster(d, kOneNode, ComputeJob(1600), {"--power-step", "0.0001", "--quiet"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

// A directory given as the cluster file or the caps was "not a trace file".
TEST(CliSlips, ADirectoryGivenAsAFileIsNamedAsSuch) {
  const fs::path d = ScratchDir("cli_directory_file");
  fs::create_directories(d / "dir");
  const ProcessResult r = RunCluster(d, kOneNode, ComputeJob(1600), {"--caps", (d / "dir").string(), "--quiet"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "dir: is a directory, not a file\n")) << r.err;
  EXPECT_FALSE(Has(r.err, "trace")) << r.err;
}

// Policy C with --hp-min above --hp-max ran with "performance nodes 3-3"
// (new-user review, twenty-fifth session).
TEST(CliSlips, AQueueAwareRangeUpsideDownIsRefused) {
  const fs::path d = ScratchDir("cli_hp_range");
  const ProcessResult r =
      RunCluster(d, kOneNode, ComputeJob(1600), {"--power-policy", "C", "--hp-min", "5", "--hp-max", "2", "--quiet"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "--hp-min 5 is above --hp-max 2")) << r.err;
  const ProcessResult env = RunClusterWithEnv(d, kOneNode, "SIM_SA_HP_MIN=30");
  EXPECT_EQ(env.exit_code, 0) << env.err;  // Joulie's variables apply to C only; none here
}

// Joulie names its workload with SIM_WORKLOAD_TRACE_PATH (power-model.md
// §i); clustersim said "no trace file given" with it set.
TEST(CliSlips, TheTraceMayComeFromJouliesVariable) {
  const fs::path d = ScratchDir("cli_trace_env");
  std::ofstream(d / "c.yaml") << kOneNode;
  fs::create_directories(d / "parts");
  std::ofstream(d / "parts" / "a.jsonl") << ComputeJob(1600);
  ProcessOptions env;
  env.env = {"SIM_WORKLOAD_TRACE_PATH=" + (d / "parts").string()};
  const std::vector<std::string> no_trace = {ClustersimBinary(), "simulate", "--cluster", (d / "c.yaml").string(),
                                             "-o", (d / "out").string(), "--quiet"};
  const ProcessResult r = RunProcess(no_trace, env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Summary(d / "out").at("counts").at("completed"), 1);
  // A trace on the command line wins over the variable.
  env.env = {"SIM_WORKLOAD_TRACE_PATH=" + (d / "missing.jsonl").string()};
  std::vector<std::string> with_trace = no_trace;
  with_trace.insert(with_trace.begin() + 2, (d / "parts").string());
  EXPECT_EQ(RunProcess(with_trace, env).exit_code, 0);
  const ProcessResult missing = RunProcess(no_trace, env);
  EXPECT_EQ(missing.exit_code, 1);
  // Named by where it came from: the user never typed the path.
  EXPECT_TRUE(Has(missing.err, "missing.jsonl: cannot open")) << missing.err;
  EXPECT_TRUE(Has(missing.err, "(the trace SIM_WORKLOAD_TRACE_PATH names)")) << missing.err;
  ProcessOptions catalog = env;
  catalog.env = {"SIM_HARDWARE_CATALOG_PATH=" + (d / "parts").string()};  // a directory
  std::vector<std::string> bad_catalog = with_trace;
  const ProcessResult dir = RunProcess(bad_catalog, catalog);
  EXPECT_EQ(dir.exit_code, 1);
  EXPECT_TRUE(Has(dir.err, "(the catalog SIM_HARDWARE_CATALOG_PATH names)")) << dir.err;
  // Without either, the error names the variable.
  const ProcessResult none = RunProcess(no_trace);
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_TRUE(Has(none.err, "SIM_WORKLOAD_TRACE_PATH")) << none.err;
}

// A cluster file gives the machine, so an SWF log without MaxProcs or
// MaxNodes runs on it; it was refused (no_capacity), and --total_nodes
// with --cluster is refused too, so the log could not run at all.
TEST(CliSlips, AnSwfLogWithoutMachineSizeRunsOnACluster) {
  const fs::path d = ScratchDir("cli_swf_no_header");
  std::ofstream(d / "c.yaml") << kOneNode;
  std::ofstream(d / "t.swf") << "1 0 -1 1000 4 -1 -1 4 5000 -1 1 1 1 1 1 -1 -1 -1\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "--cluster",
                                      (d / "c.yaml").string(), "-o", (d / "out").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Summary(d / "out").at("counts").at("completed"), 1);
  // Without a cluster the size is still needed.
  const ProcessResult n = RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "-o",
                                      (d / "out2").string(), "--quiet"});
  EXPECT_EQ(n.exit_code, 1);
  EXPECT_TRUE(Has(n.err, "no_capacity")) << n.err;
}

// Work of under one tick at nominal speed ends one tick after it starts;
// its slowdown read 1000 for 1e-9 s, and a denormal gave infinity, null in
// summary.json and an internal error (exit 3) after the outputs were written.
TEST(CliSlips, WorkUnderOneTickHasSlowdownOne) {
  const fs::path d = ScratchDir("cli_tiny_work");
  // One core by default: 5e-324 s of work, a denormal but not 0.
  const std::string denormal = R"({"type":"job","jobId":"m","work":{"cpuUnits":4.9e-324}})";
  for (const std::string& job : {ComputeJob(1e-9), denormal}) {
    const ProcessResult r = RunCluster(d, kOneNode, job + "\n", {});  // the terminal summary printed the null
    ASSERT_EQ(r.exit_code, 0) << job << ": " << r.err;
    const nlohmann::json ps = Summary(d / "out").at("work").at("classes").at("standard").at("power_slowdown");
    EXPECT_EQ(ps.at("jobs"), 1) << job;
    EXPECT_EQ(ps.at("max").get<double>(), 1.0) << job;
  }
}

// An empty value meant "the default" for most options (`-b "$UNSET"` ran
// EASY) and was an error for a few (new-user review, twenty-fifth session).
TEST(CliSlips, AnEmptyValueIsAnError) {
  const fs::path d = ScratchDir("cli_empty_value");
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,5\n";
  for (const char* flag : {"-b", "--compat", "--seed", "--max_time", "--cluster", "--overrun", "--jobs"}) {
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "4", flag, "",
                                        "-o", (d / "out").string()});
    EXPECT_EQ(r.exit_code, 1) << flag;
    EXPECT_TRUE(Has(r.err, ": an empty value; give one or leave the option out")) << flag << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(d / "out"));
}

// `--outputs placements` on a run without --cluster wrote nothing and
// exited 0 (new-user review, twenty-fifth session).
TEST(CliSlips, OutputsOnlyAClusterRunWritesNeedACluster) {
  const fs::path d = ScratchDir("cli_cluster_outputs");
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,5\n";
  for (const char* name : {"placements", "timeseries", "nodes", "policy"}) {
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "4", "--outputs",
                                        std::string("summary,") + name, "-o", (d / "out").string()});
    EXPECT_EQ(r.exit_code, 1) << name;
    EXPECT_TRUE(Has(r.err, std::string("--outputs ") + name + ": " + name + ".csv is written by runs on a cluster"))
        << r.err;
  }
  EXPECT_EQ(RunProcess({ClustersimBinary(), "simulate", (d / "t.csv").string(), "-n", "4", "--outputs", "summary",
                        "-o", (d / "out").string(), "--quiet"}).exit_code, 0);
  // policy.csv on a cluster run without power policy C wrote nothing, exit 0.
  const ProcessResult b = RunCluster(d, kOneNode, ComputeJob(1600), {"--power-policy", "B", "--outputs", "summary,policy"});
  EXPECT_EQ(b.exit_code, 1);
  EXPECT_TRUE(Has(b.err, "--outputs policy: policy.csv records --power-policy C's reconciles")) << b.err;
  EXPECT_EQ(RunCluster(d, kOneNode, ComputeJob(1600), {"--power-policy", "C", "--outputs", "summary,policy", "--quiet"})
                .exit_code, 0);
}

// SIM_HARDWARE_CATALOG_PATH naming a missing file stopped the run; Joulie
// falls back to its embedded catalog (power-model §i). --catalog, typed by
// the user, still stops.
TEST(CliSlips, AMissingCatalogFromTheEnvironmentFallsBackToTheShippedOne) {
  const fs::path d = ScratchDir("cli_catalog_env");
  const ProcessResult shipped = RunCluster(d, kOneNode, ComputeJob(1600), {"--quiet"});
  ASSERT_EQ(shipped.exit_code, 0) << shipped.err;
  const std::string expected = Slurp(d / "out" / "jobs.csv");
  const std::string missing = (d / "no-such-catalog.yaml").string();
  ProcessOptions env;
  env.env = {"SIM_HARDWARE_CATALOG_PATH=" + missing};
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                      (d / "c.yaml").string(), "-o", (d / "out").string()},
                                     env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(Has(r.err, missing + ": catalog_not_found: SIM_HARDWARE_CATALOG_PATH names no file; the shipped catalog is used")) << r.err;
  EXPECT_EQ(Slurp(d / "out" / "jobs.csv"), expected);
  const ProcessResult flag = RunCluster(d, kOneNode, ComputeJob(1600), {"--catalog", missing, "--quiet"});
  EXPECT_EQ(flag.exit_code, 1);
  EXPECT_TRUE(Has(flag.err, missing)) << flag.err;
}

// A run cut by -t ended its energy at the last event before T, so the
// sampling interval decided it: 0 J with no samples, 144 kJ with one a
// minute, for one 300 W node over 500 s. It is now integrated to T.
TEST(CliSlips, EnergyOfARunCutByMaxTimeDoesNotDependOnTheSamplingInterval) {
  const fs::path d = ScratchDir("cli_cut_energy");
  const std::string capped = std::string(kOneNode) + "    operating_point: {cpu_cap: 300W}\n";
  for (const char* interval : {"0", "7", "60"}) {
    // 16,000 units on 16 cores at the capped speed take ~1,319 s: running at T.
    const ProcessResult r =
        RunCluster(d, capped, ComputeJob(16000), {"-t", "500", "--timeseries-interval", interval, "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto energy = Summary(d / "out").at("work").at("energy");
    EXPECT_NEAR(energy.at("it_energy_j").get<double>(), 300.0 * 500, 1e-6) << interval;
    EXPECT_EQ(energy.at("span_seconds").get<double>(), 500) << interval;
    EXPECT_TRUE(Has(Slurp(d / "out" / "jobs.csv"), "unfinished")) << interval;
  }
}

// A cluster file's thermal.k_w_per_c was raised to power-model §e.3's
// scaled floor (420 W / 56 °C = 7.5 W/°C): the node settled at 80 °C
// instead of the 24 + 420/6 = 94 °C its K gives.
TEST(CliSlips, AConductanceTheClusterFileGivesIsUsedAsGiven) {
  const fs::path d = ScratchDir("cli_k_given");
  const std::string cluster = std::string(kOneNode) + "    cpu_model:\n      thermal: {k_w_per_c: 6}\n";
  const ProcessResult r = RunCluster(d, cluster, ComputeJob(20000), {"--outputs", "summary,nodes", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto nodes = ReadCsvRows(d / "out" / "nodes.csv");
  ASSERT_EQ(nodes.size(), 1u);
  EXPECT_NEAR(std::stod(nodes[0].at("peak_cpu_temp_c")), 24 + 420.0 / 6, 1e-6);
  // Without the key, §e.3's default holds: max(8, 420/56) = 8 W/°C, 76.5 °C.
  const ProcessResult dflt = RunCluster(d, kOneNode, ComputeJob(20000), {"--outputs", "summary,nodes", "--quiet"});
  ASSERT_EQ(dflt.exit_code, 0) << dflt.err;
  EXPECT_NEAR(std::stod(ReadCsvRows(d / "out" / "nodes.csv")[0].at("peak_cpu_temp_c")), 24 + 420.0 / 8, 1e-6);
}

// power-model §e.2 defines full_c <= start_c (a step at full_c); the
// cluster file refused it.
TEST(CliSlips, ThermalThresholdsMeetingAreAStepNotAnError) {
  const fs::path d = ScratchDir("cli_step");
  const std::string cluster =
      std::string(kOneNode) + "    cpu_model:\n      thermal: {k_w_per_c: 6, start_c: 90, full_c: 90}\n";
  const ProcessResult r = RunCluster(d, cluster, ComputeJob(1600), {"--outputs", "summary,nodes", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Summary(d / "out").at("counts").at("completed"), 1);
}

// An SWF log that repeats a job number (swf-and-metrics §4.1 wants job_id
// unique) is warned about, and compare pairs the repeats in file order. On
// one processor: J1 (0, 10 s), J2 (1, 5 s), J2 again (2, 1 s). FCFS without
// backfilling: waits 0, 9, 13; SJF: the 1 s job first at 10, waits 0, 10,
// 8. So the first J2 lost 1 s and the second gained 5 s (the first-match
// join paired both with the first: -1 and +1).
TEST(CliSlips, RepeatedSwfJobNumbersAreWarnedAndComparedInOrder) {
  const fs::path d = ScratchDir("slips_dup_ids");
  std::ofstream(d / "dup.swf") << "; MaxProcs: 1\n"
                                  "1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1\n"
                                  "2 1 -1 5 1 -1 -1 1 5 -1 1 1 1 1 1 1 -1 -1\n"
                                  "2 2 -1 1 1 -1 -1 1 1 -1 1 1 1 1 1 1 -1 -1\n";
  const ProcessResult a = RunProcess({ClustersimBinary(), "simulate", (d / "dup.swf").string(), "--backfill", "none",
                                      "-o", (d / "a").string()});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_NE((a.out + a.err).find("warnings: duplicate_job_id 1"), std::string::npos) << a.out << a.err;
  EXPECT_EQ(Summary(d / "a").at("warnings_by_rule").at("duplicate_job_id"), 1);
  const ProcessResult b = RunProcess({ClustersimBinary(), "simulate", (d / "dup.swf").string(), "--backfill", "none",
                                      "-p", "sjf", "--quiet", "-o", (d / "b").string()});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const ProcessResult c = RunProcess({ClustersimBinary(), "compare", (d / "a").string(), (d / "b").string(), "-o",
                                      (d / "cmp.html").string()});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const std::string html = Slurp(d / "cmp.html");
  EXPECT_NE(html.find("3 jobs started in both runs: <span class=\"gain\">1 waited less</span> in b, <span "
                      "class=\"loss\">1 waited longer</span>, 1 waited the same."),
            std::string::npos)
      << html.substr(0, 2000);
}

}  // namespace
}  // namespace clustersim::test
