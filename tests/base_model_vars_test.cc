// Joulie's SIM_* base-model variables (power-model.md §i): read from a
// config file, the command line or the environment of a cluster run, with
// Joulie's units, and equal to the same model spelled in the cluster file.

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/base_model_vars.h"
#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

TEST(BaseModelVars, UnitsAndRatiosAreJoulies) {
  BaseHardware b;
  ASSERT_TRUE(ResolveBaseModel({{"SIM_F_MIN_MHZ", "1000"},
                                {"SIM_F_MAX_MHZ", "2000"},
                                {"SIM_CPU_LOWEST_NONLINEAR_FREQ_MHZ", "1500"},
                                {"SIM_DVFS_RAMP_MS", "250"},
                                {"SIM_GPU_THERMAL_TAU_MS", "5000"},
                                {"SIM_CPU_WATTS_PER_DELTA_C", "9"},
                                {"SIM_CPU_SOCKETS", "1"},
                                {"SIM_GPU_MEMORY_EPSILON", "0.3"}},
                               false, &b)
                  .ok());
  EXPECT_DOUBLE_EQ(b.cpu.fmin, 0.5);
  EXPECT_DOUBLE_EQ(b.cpu.knee, 0.75);
  EXPECT_DOUBLE_EQ(b.cpu.dvfs_tau_s, 0.25);
  EXPECT_DOUBLE_EQ(b.gpu.thermal.tau_s, 5);
  EXPECT_DOUBLE_EQ(b.cpu.thermal.k_w_per_c, 9);
  EXPECT_TRUE(b.cpu.thermal.k_given);  // used as given, as a cluster file's K
  EXPECT_FALSE(b.gpu.thermal.k_given);
  EXPECT_EQ(b.cpu.sockets, 1);
  EXPECT_DOUBLE_EQ(b.gpu.epsilon, 0.3);
  EXPECT_FALSE(b.gpu.cap_tau_given);
  // Untouched values keep §i's defaults.
  EXPECT_DOUBLE_EQ(b.cpu.idle_w, 80);
  EXPECT_DOUBLE_EQ(b.gpu.max_w, 300);

  const auto error = [](std::map<std::string, std::string> given) {
    BaseHardware x;
    return ResolveBaseModel(given, false, &x).message();
  };
  EXPECT_NE(error({{"SIM_BASE_IDLE_W", "abc"}}).find("SIM_BASE_IDLE_W"), std::string::npos);
  EXPECT_NE(error({{"SIM_BASE_IDLE_W", "500"}}).find("SIM_BASE_IDLE_W 500 exceeds SIM_P_MAX_W 420"), std::string::npos);
  EXPECT_NE(error({{"SIM_F_MIN_MHZ", "4000"}}).find("F_MIN < F_MAX"), std::string::npos);
  EXPECT_NE(error({{"SIM_CPU_SOCKETS", "1.5"}}).find("whole number"), std::string::npos);
  EXPECT_NE(error({{"SIM_GPU_MIN_CAP_WATTS_PER_GPU", "400"}}).find("must not exceed"), std::string::npos);
}

double ItEnergy(const fs::path& dir) {
  return nlohmann::json::parse(Slurp(dir / "summary.json"))["work"]["energy"]["it_energy_j"].get<double>();
}

// One 16-core job on a base node: the variables in a config file, in the
// environment and on the command line give the energy of the node whose
// cluster file spells the same model (idle 100 W, Pmax 500 W); without
// them, §i's 80/420 W.
TEST(BaseModelVars, ConfigEnvironmentAndFlagsSetTheBaseNode) {
  const fs::path d = ScratchDir("base_model_vars");
  std::ofstream(d / "t.jsonl") << R"({"jobId":"j","podTemplate":{"requests":{"cpu":"16"}},"work":{"cpuUnits":16000}})"
                               << "\n";
  std::ofstream(d / "base.yaml") << "nodes:\n  - node_name: n0\n    cpu_cores: 16\n";
  std::ofstream(d / "spelled.yaml") << "nodes:\n  - node_name: n0\n    cpu_cores: 16\n"
                                       "    cpu_model: {idle_w: 100, pmax_w: 500}\n";
  std::ofstream(d / "run.toml") << "SIM_BASE_IDLE_W = 100\nSIM_P_MAX_W = 500\n";
  const auto run = [&](const std::string& out, const std::string& cluster, std::vector<std::string> extra,
                       ProcessOptions options = {}) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                     (d / cluster).string(), "-o", (d / out).string(), "--quiet"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const ProcessResult r = RunProcess(argv, options);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return ItEnergy(d / out);
  };
  const double spelled = run("spelled", "spelled.yaml", {});
  const double plain = run("plain", "base.yaml", {});
  EXPECT_GT(spelled, plain);
  EXPECT_DOUBLE_EQ(run("config", "base.yaml", {"--config", (d / "run.toml").string()}), spelled);
  EXPECT_DOUBLE_EQ(run("flags", "base.yaml", {"--SIM_BASE_IDLE_W", "100", "--SIM_P_MAX_W", "500"}), spelled);
  ProcessOptions env;
  env.env = {"SIM_BASE_IDLE_W=100", "SIM_P_MAX_W=500"};
  EXPECT_DOUBLE_EQ(run("env", "base.yaml", {}, env), spelled);
}

// A catalog row sets what it defines on top of the base, but MI300X's own
// cap settling time (0.35 s) applies only when SIM_GPU_CAP_APPLY_TAU_MS is
// unset (§i: "150 (350 for MI300X if unset)").
TEST(BaseModelVars, CatalogRowsOverrideTheBaseExceptAGivenCapTau) {
  const std::string yaml = "nodes:\n  - node_name: m\n    product: AMD Instinct MI300X\n    gpu_count: 8\n";
  BaseHardware base;
  ASSERT_TRUE(ResolveBaseModel({{"SIM_GPU_IDLE_WATTS_PER_GPU", "40"}, {"SIM_GPU_TELEMETRY_WINDOW_MS", "500"}}, false,
                               &base)
                  .ok());
  auto c = LoadClusterText(yaml, "c.yaml", ShippedCatalog(), nullptr, base);
  ASSERT_TRUE(c.ok()) << c.status().message();
  const GpuSpec& g = c.value().types[0].gpu;
  EXPECT_NE(g.idle_w, 40);                      // the catalog's idle power
  EXPECT_DOUBLE_EQ(g.telemetry_window_s, 0.5);  // the base's (the catalog has none)
  EXPECT_DOUBLE_EQ(g.cap_tau_s, 0.35);
  ASSERT_TRUE(ResolveBaseModel({{"SIM_GPU_CAP_APPLY_TAU_MS", "200"}}, false, &base).ok());
  auto given = LoadClusterText(yaml, "c.yaml", ShippedCatalog(), nullptr, base);
  ASSERT_TRUE(given.ok());
  EXPECT_DOUBLE_EQ(given.value().types[0].gpu.cap_tau_s, 0.2);
}

// Joulie's environment belongs to cluster runs: a shell that exports a
// value (here a bad one, so any read of it would fail) leaves every run
// without --cluster alone. Five of them broke SWF runs, `simulator` and
// replays ("SIM_EMULATE_TICK: 'abc' is not a decimal number").
TEST(BaseModelVars, JoulieEnvironmentNeverTouchesARunWithoutACluster) {
  const fs::path d = ScratchDir("joulie_env_no_cluster");
  const std::string swf = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/small.swf";
  const std::string history = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/history.csv";
  for (const char* var : {"SIM_WORKLOAD_MODEL=bogus", "SIM_EMULATE_TICK=abc", "SIM_GPU_RECEIVER_GATE=maybe",
                          "SIM_BASE_SPEED_PER_CORE=-1", "SIM_BASE_SPEED_PER_GPU=x", "SIM_FACILITY_AMBIENT_TEMP_C=abc",
                          "SIM_STANDALONE_BASELINE=Z", "SIM_BASE_IDLE_W=abc"}) {
    ProcessOptions o;
    o.env = {var};
    const ProcessResult sim = RunProcess({ClustersimBinary(), "simulate", swf, "--quiet", "-o", (d / "a").string()}, o);
    EXPECT_EQ(sim.exit_code, 0) << var << ": " << sim.err;
    const ProcessResult replay =
        RunProcess({ClustersimBinary(), "replay", history, "-n", "32", "--quiet", "-o", (d / "b").string()}, o);
    EXPECT_EQ(replay.exit_code, 0) << var << ": " << replay.err;
    const ProcessResult drevt = RunProcess({SimulatorBinary(), swf, "-o", (d / "s.csv").string()}, o);
    EXPECT_EQ(drevt.exit_code, 0) << var << ": " << drevt.err;
  }
}

}  // namespace
}  // namespace clustersim::test
