// What a new user read in `--help` and tried (new-user review, twenty-second
// session): options listed where the command refuses them, and SWF options
// taken without effect on a trace of another format. Each test fails on the
// old behaviour.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The option list of a --help, without the examples after it.
std::string OptionList(const std::string& help) { return help.substr(0, help.find("\nExamples")); }

// `clustersim replay --help` listed the scheduling and run-time options a
// replay refuses, with their defaults; `simulator --help` listed the ~35
// seed-002 options (`--cluster`, `--tick`, ...) that `simulator` refuses, and
// `--bsld-tau`, which it took without effect (it writes no slowdown).
TEST(CliHelp, HelpListsOnlyWhatTheCommandTakes) {
  ProcessResult simulate = RunProcess({ClustersimBinary(), "simulate", "--help"});
  ProcessResult replay = RunProcess({ClustersimBinary(), "replay", "--help"});
  ProcessResult simulator = RunProcess({SimulatorBinary(), "--help"});
  ASSERT_EQ(simulate.exit_code, 0);
  ASSERT_EQ(replay.exit_code, 0);
  ASSERT_EQ(simulator.exit_code, 0);
  for (ProcessResult* r : {&simulate, &replay, &simulator}) {
    ASSERT_TRUE(Has(r->out, "\nExamples"));
    r->out = OptionList(r->out);
  }
  for (const char* flag : {"--policy", "--backfill", "--seed", "--overrun", "--plan_with", "--event-order",
                           "--run_time_mode", "--run_time_distribution", "--run_time_compat", "--force-simulation",
                           "--infile_list", "--sim_start_time", "--capacity_schedule"}) {
    EXPECT_TRUE(Has(simulate.out, flag)) << flag;
    EXPECT_FALSE(Has(replay.out, flag)) << flag;
  }
  EXPECT_TRUE(Has(replay.out, "--total_nodes"));
  // A replay has no cluster (`replay --cluster` is refused) and no
  // RLScheduler windows (a simulation): their options went too.
  for (const char* flag : {"Clusters and work", "--cluster", "--placement", "--rl-windows", "--SIM_BASE_IDLE_W",
                           "rlscheduler, joulie", "jsonl"})
    EXPECT_FALSE(Has(replay.out, flag)) << flag;
  for (const char* flag : {"Clusters and work", "--cluster", "--placement", "--tick", "--power-policy", "--bsld-tau"}) {
    EXPECT_TRUE(Has(simulate.out, flag)) << flag;
    EXPECT_FALSE(Has(simulator.out, flag)) << flag;
  }
  EXPECT_TRUE(Has(simulator.out, "--priority_policy"));

  // Unlisted, still refused by name rather than as unknown.
  const fs::path d = ScratchDir("help_refused");
  std::ofstream(d / "h.csv") << "job_submit_time,begin_time,end_time,num_nodes\n0,0,10,1\n";
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,5\n";
  const ProcessResult policy = RunProcess({ClustersimBinary(), "replay", (d / "h.csv").string(), "-n", "4",
                                           "--policy", "sjf", "-o", (d / "r").string()});
  EXPECT_EQ(policy.exit_code, 1);
  EXPECT_TRUE(Has(policy.err, "--policy: a replay keeps the trace's recorded times")) << policy.err;
  // --run_time_compat was taken and ignored; -D and --force-simulation were
  // answered with advice that led nowhere in a replay.
  // Explicit defaults (--policy fcfs, -D normal, --conservative compress)
  // were taken: they would be ignored as any other value.
  for (const std::vector<std::string>& extra : {std::vector<std::string>{"--run_time_compat", "dr_evt"},
                                                std::vector<std::string>{"-D", "lognormal"},
                                                std::vector<std::string>{"-D", "normal"},
                                                std::vector<std::string>{"--policy", "fcfs"},
                                                std::vector<std::string>{"--conservative", "compress"},
                                                std::vector<std::string>{"--force-simulation"}}) {
    std::vector<std::string> argv = {ClustersimBinary(), "replay", (d / "h.csv").string(), "-n", "4", "-o",
                                     (d / "r").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 1) << extra[0] << " " << extra.back();
    EXPECT_TRUE(Has(r.err, extra[0] == "-D" ? "--run_time_distribution: a replay keeps" : extra[0] + ": a replay keeps"))
        << r.err;
  }
  // What a replay does anyway is taken.
  const ProcessResult actual = RunProcess({ClustersimBinary(), "replay", (d / "h.csv").string(), "-n", "4",
                                           "--run_time_mode", "actual", "-o", (d / "r").string()});
  EXPECT_EQ(actual.exit_code, 0) << actual.err;
  ProcessOptions in_dir;
  in_dir.cwd = d.string();
  const ProcessResult cluster = RunProcess({SimulatorBinary(), "t.csv", "-n", "4", "--tick", "5"}, in_dir);
  EXPECT_EQ(cluster.exit_code, 1);
  EXPECT_TRUE(Has(cluster.err, "--cluster")) << cluster.err;
  const ProcessResult tau = RunProcess({SimulatorBinary(), "t.csv", "-n", "4", "--bsld-tau", "30"}, in_dir);
  EXPECT_EQ(tau.exit_code, 1);
  EXPECT_TRUE(Has(tau.err, "--bsld-tau")) << tau.err;
}

// --swf-policy, --size-source, --estimate-fill and --procs-per-node on a CSV
// or JSONL trace ran without them and exited 0; the strict/clean knobs given
// at their default values beside another SWF policy were taken too (other
// values were refused).
TEST(CliHelp, SwfOptionsOnAnotherFormatAreRefused) {
  const fs::path d = ScratchDir("swf_only");
  std::ofstream(d / "t.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,5\n";
  std::ofstream(d / "t.swf") << "1 0 0 5 1 -1 -1 1 10 -1 1 1 1 1 1 -1 -1 -1\n";
  const std::string csv = (d / "t.csv").string(), swf = (d / "t.swf").string(), out = (d / "out").string();
  struct Case {
    std::vector<std::string> args;
    const char* message;  // "" = runs
  };
  const std::vector<Case> cases = {
      {{csv, "-n", "4", "--swf-policy", "pyss"}, "t.csv: --swf-policy applies to SWF traces only; this is a dr_evt CSV"},
      {{csv, "-n", "4", "--estimate-fill", "maxruntime", "--procs-per-node", "2"},
       "t.csv: --estimate-fill, --procs-per-node apply to SWF traces only; this is a dr_evt CSV"},
      {{swf, "-n", "4", "--swf-policy", "pyss", "--size-source", "requested"}, "pyss has its tool's own rules"},
      {{swf, "-n", "4", "--swf-policy", "strict", "--estimate-fill", "run"}, "--estimate-fill applies to --swf-policy clean"},
      {{swf, "-n", "4", "--size-source", "requested", "--estimate-fill", "run", "--procs-per-node", "1"}, ""},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate"};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    argv.insert(argv.end(), {"-o", out, "--quiet"});
    fs::remove_all(out);
    const ProcessResult r = RunProcess(argv);
    if (*c.message == '\0') {
      EXPECT_EQ(r.exit_code, 0) << c.args[1] << ": " << r.err;
      continue;
    }
    EXPECT_EQ(r.exit_code, 1) << c.message;
    EXPECT_TRUE(Has(r.err, c.message)) << r.err;
    EXPECT_FALSE(fs::exists(out)) << c.message;
  }
  // The tracer: the same.
  const ProcessResult trace =
      RunProcess({ClustersimBinary(), "trace", csv, "-n", "4", "--swf-policy", "pyss", "-o", (d / "t.out").string()});
  EXPECT_EQ(trace.exit_code, 1);
  EXPECT_TRUE(Has(trace.err, "t.csv: --swf-policy applies to SWF traces only; this is a dr_evt CSV")) << trace.err;
  EXPECT_FALSE(fs::exists(d / "t.out"));
  // A JSONL trace on a cluster: the same.
  const ProcessResult jsonl =
      RunProcess({ClustersimBinary(), "simulate", CLUSTERSIM_SOURCE_DIR "/examples/ai-day.jsonl", "--cluster",
                  CLUSTERSIM_SOURCE_DIR "/examples/cluster.yaml", "--swf-policy", "clean", "-o", out, "--quiet"});
  EXPECT_EQ(jsonl.exit_code, 1);
  EXPECT_TRUE(Has(jsonl.err, "--swf-policy applies to SWF traces only; this is a JSONL trace")) << jsonl.err;
}

// One blank line before the examples or the notes that end a help: the run
// front ends printed three (CLI11 ends the last shown group with one more
// when hidden options come after it), and every footer added one of its own.
TEST(CliHelp, OneBlankLineBeforeTheFooter) {
  const std::vector<std::vector<std::string>> commands = {
      {ClustersimBinary(), "--help"},           {ClustersimBinary(), "simulate", "--help"},
      {ClustersimBinary(), "replay", "--help"}, {ClustersimBinary(), "generate", "--help"},
      {ClustersimBinary(), "report", "--help"}, {ClustersimBinary(), "compare", "--help"},
      {ClustersimBinary(), "trace", "--help"},  {SimulatorBinary(), "--help"},
      {TracerBinary(), "--help"}};
  for (const auto& argv : commands) {
    const ProcessResult r = RunProcess(argv);
    ASSERT_EQ(r.exit_code, 0) << argv[1];
    int footers = 0;
    for (const char* footer : {"Examples", "Example:", "Reports", "The page", "The first"}) {
      EXPECT_FALSE(Has(r.out, std::string("\n\n\n") + footer)) << argv[1] << "\n" << r.out;
      footers += Has(r.out, std::string("\n\n") + footer) ? 1 : 0;
    }
    EXPECT_EQ(footers, 1) << argv[0] << " " << argv[1] << "\n" << r.out;  // after one blank line, not none
  }
}

}  // namespace
}  // namespace clustersim::test
