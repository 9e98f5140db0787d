// Energy is conserved across every output a user adds up (issue: seed 002
// part 2, §3): the jobs' energy plus the nodes' idle energy is the nodes'
// energy, the nodes' CPU and GPU parts make their total, a node's devices
// make its GPU energy, the nodes make the IT energy of summary.json, and
// the classes make the jobs' total. Checked on the files as written (the
// shortest round-trip decimals), run by the clustersim binary as a user
// would, on the shipped example (with and without its cap schedule, in tick
// mode, under --compat joulie, with throttling on) and on a generated
// 1,000-node day.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/workload_generator.h"
#include "subprocess.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

std::string Example(const char* name) { return std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/" + name; }

double Num(const std::string& s) { return s.empty() ? 0 : std::stod(s); }

// Relative agreement to 1e-9 of the larger magnitude (sums of thousands of
// doubles, each printed to round-trip precision).
void ExpectSame(double a, double b, const std::string& what) {
  EXPECT_LE(std::fabs(a - b), 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)})) << what << ": " << a << " vs " << b;
}

struct Totals {
  int jobs_with_energy = 0;
  double it = 0;
};

Totals CheckConservation(const fs::path& out) {
  Totals t;
  const nlohmann::json summary = nlohmann::json::parse(std::ifstream(out / "summary.json"));
  const nlohmann::json& e = summary.at("work").at("energy");

  double jobs = 0;
  for (const CsvRow& r : ReadCsvRows(out / "jobs.csv")) {
    if (r.at("energy_j").empty()) {
      EXPECT_EQ(r.at("consumed_energy"), "-1") << r.at("job_id");  // never started
      continue;
    }
    EXPECT_GE(Num(r.at("energy_j")), 0) << r.at("job_id");
    EXPECT_EQ(r.at("consumed_energy"), r.at("energy_j")) << "Batsim's column carries the job's energy";
    jobs += Num(r.at("energy_j"));
    ++t.jobs_with_energy;
  }
  std::map<std::string, double> device_sum;
  for (const CsvRow& r : ReadCsvRows(out / "devices.csv")) device_sum[r.at("node")] += Num(r.at("energy_j"));
  double nodes = 0, idle = 0;
  for (const CsvRow& r : ReadCsvRows(out / "nodes.csv")) {
    const double total = Num(r.at("energy_j")), cpu = Num(r.at("cpu_energy_j")), gpu = Num(r.at("gpu_energy_j"));
    ExpectSame(cpu + gpu, total, "cpu + gpu of " + r.at("node"));
    ExpectSame(device_sum[r.at("node")], gpu, "devices of " + r.at("node"));
    EXPECT_LE(Num(r.at("idle_energy_j")), total * (1 + 1e-12)) << r.at("node");
    nodes += total;
    idle += Num(r.at("idle_energy_j"));
  }
  ExpectSame(jobs + idle, nodes, "jobs + idle = nodes");
  ExpectSame(nodes, e.at("it_energy_j").get<double>(), "nodes = IT");
  EXPECT_EQ(summary.at("consumed_joules"), e.at("it_energy_j")) << "Batsim's total is the IT energy";
  ExpectSame(jobs, e.at("jobs_energy_j").get<double>(), "jobs.csv = summary jobs");
  ExpectSame(idle, e.at("idle_energy_j").get<double>(), "nodes.csv idle = summary idle");
  EXPECT_GE(e.at("facility_energy_j").get<double>(), e.at("it_energy_j").get<double>());

  // Classes: each class's energy once (the "all" row is their sum).
  double classes = 0;
  for (const auto& [name, c] : summary.at("work").at("classes").items())
    if (name != "all") classes += c.at("energy_j").get<double>();
  ExpectSame(classes, summary.at("work").at("classes").at("all").at("energy_j").get<double>(), "classes = all");
  ExpectSame(classes, jobs, "classes = jobs");
  t.it = nodes;
  return t;
}

ProcessResult Simulate(const std::vector<std::string>& extra, const fs::path& out) {
  std::vector<std::string> argv = {ClustersimBinary(), "simulate"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.insert(argv.end(), {"--check", "--quiet", "-o", out.string()});
  return RunProcess(argv);
}

struct ExampleCase {
  const char* name;
  std::vector<std::string> flags;
};

class ShippedExample : public ::testing::TestWithParam<ExampleCase> {};

TEST_P(ShippedExample, ConservesEnergyAcrossOutputs) {
  const fs::path d = ScratchDir("energy_" + std::string(GetParam().name));
  std::vector<std::string> argv = {Example("ai-day.jsonl"), "--cluster", Example("cluster.yaml")};
  argv.insert(argv.end(), GetParam().flags.begin(), GetParam().flags.end());
  const ProcessResult r = Simulate(argv, d / "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Totals t = CheckConservation(d / "out");
  EXPECT_GT(t.jobs_with_energy, 100);
  EXPECT_GT(t.it, 0);
  fs::remove_all(d);
}

INSTANTIATE_TEST_SUITE_P(
    Energy, ShippedExample,
    ::testing::Values(ExampleCase{"plain", {}}, ExampleCase{"caps", {"--caps", Example("caps.yaml")}},
                      ExampleCase{"tick", {"--caps", Example("caps.yaml"), "--tick", "5"}},
                      ExampleCase{"joulie", {"--compat", "joulie"}},
                      ExampleCase{"throttle", {"--caps", Example("caps.yaml"), "--set", "thermal_throttle=on"}},
                      ExampleCase{"every_event", {"--timeseries-every-event", "--power-step", "0.25"}}),
    [](const ::testing::TestParamInfo<ExampleCase>& i) { return std::string(i.param.name); });

// A generated day on 1,000 nodes of Joulie's inventory mix (a fifth of
// them eco), with the eco nodes capped in the afternoon.
TEST(Energy, ConservedOnAGeneratedThousandNodeRun) {
  const fs::path d = ScratchDir("energy_k1000");
  {
    std::ofstream c(d / "cluster.yaml");
    c << "nodes:\n";
    struct Group {
      const char* prefix;
      int count;
      const char* gpu;
      int gpus;
      const char* cpu;
    };
    const Group groups[] = {{"h100nvl", 200, "NVIDIA H100 NVL", 8, "AMD EPYC 9654"},
                            {"h100sxm", 200, "NVIDIA H100 80GB HBM3", 4, "INTEL_XEON_GOLD_6530"},
                            {"l40s", 240, "NVIDIA L40S", 4, "AMD_EPYC_9534"},
                            {"mi300x", 100, "AMD Instinct MI300X", 8, "AMD_EPYC_9534"},
                            {"w7900", 95, "AMD Radeon Pro W7900", 4, "AMD_EPYC_9534"},
                            {"cpu", 165, "", 0, "AMD EPYC 9965"}};
    for (const Group& g : groups) {
      for (const bool eco : {false, true}) {
        const int n = eco ? g.count / 5 : g.count - g.count / 5;
        c << "  - node_name_prefix: " << g.prefix << (eco ? "-eco" : "-perf") << "\n    replicas: " << n
          << "\n    cpu: " << g.cpu << "\n    class: " << g.prefix << "\n";
        if (g.gpus > 0) c << "    product: " << g.gpu << "\n    gpu_count: " << g.gpus << "\n";
        if (eco) c << "    power_profile: eco\n";
      }
    }
    std::ofstream(d / "caps.yaml") << "changes:\n  - at: 13h\n    nodes: profile=eco\n    cpu_cap: 40%\n"
                                      "    gpu_cap: 50%\n  - at: 17h\n    nodes: profile=eco\n    gpu_cap: none\n";
  }
  GeneratorOptions g;
  g.seed = 7;
  g.max_workloads = 0;
  g.horizon_s = 24 * 3600;
  g.mean_interarrival_s = 20;
  std::int64_t pods = 0;
  {
    std::string text;
    for (const GeneratedWorkload& w : GenerateAll(g)) {
      AppendJobRecords(g, w, &text);
      pods += static_cast<std::int64_t>(w.pods.size());
    }
    std::ofstream(d / "trace.jsonl") << text;
  }
  ASSERT_GT(pods, 2000);
  const ProcessResult r = Simulate({(d / "trace.jsonl").string(), "--cluster", (d / "cluster.yaml").string(), "--caps",
                                    (d / "caps.yaml").string(), "--timeseries-interval", "300"},
                                   d / "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Totals t = CheckConservation(d / "out");
  EXPECT_GT(t.jobs_with_energy, 1000);
  // 1,000 nodes idle alone draw well over 100 kW: a day is at least 1e10 J.
  EXPECT_GT(t.it, 1e10);
  fs::remove_all(d);
}

// power-model.md §e.5: GPU dynamic power is split by device. The node's
// load gives every active device the same utilisation (§d.5), so two 1-GPU
// jobs on one node draw alike whatever their own U_gpu (0.95 and 0.3): equal
// energy (with no CPU demand, all of it GPU). A demand-weighted split gave A
// 3.2 times B's, more than the whole dynamic energy of the one GPU it held.
TEST(Energy, GpuPowerIsSharedByDevice) {
  const fs::path d = ScratchDir("energy_by_device");
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: g0\n    cpu_cores: 64\n    product: H100 SXM\n"
                                 "    gpu_count: 8\n";
  std::ofstream(d / "t.jsonl")
      << R"({"type":"job","jobId":"A","submitTimeOffsetSec":0,"podTemplate":{"requests":{"cpu":"1","nvidia.com/gpu":"1"}},"work":{"cpuUnits":0.001,"gpuUnits":100},"workloadClass":{"gpu":"gpu.compute_bound"},"workloadProfile":{"gpuUtilization":0.95,"cpuUtilization":0.0}})"
      << "\n"
      << R"({"type":"job","jobId":"B","submitTimeOffsetSec":0,"podTemplate":{"requests":{"cpu":"1","nvidia.com/gpu":"1"}},"work":{"cpuUnits":0.001,"gpuUnits":100},"workloadClass":{"gpu":"gpu.compute_bound"},"workloadProfile":{"gpuUtilization":0.3,"cpuUtilization":0.0}})"
      << "\n";
  const ProcessResult r = Simulate({(d / "t.jsonl").string(), "--cluster", (d / "c.yaml").string()}, d / "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  CheckConservation(d / "out");
  std::map<std::string, double> energy;
  for (const CsvRow& row : ReadCsvRows(d / "out" / "jobs.csv")) energy[row.at("job_id")] = Num(row.at("energy_j"));
  ASSERT_EQ(energy.size(), 2u);
  // Jobs are numbered in file order: 0 is A, 1 is B.
  EXPECT_GT(energy["0"], 0);
  EXPECT_NEAR(energy["0"], energy["1"], 1e-9 * energy["0"]);
}

// A fuzzer's input (kept in tests/data/regressions): its one job is
// submitted at t = 3.5e10 s, where a time in seconds as a double keeps only
// about 4 us; IT energy, integrated as the difference of two such absolute
// times, drifted 2e-8 from the nodes' sum. The interval now comes from the
// integer clock, as each node takes it.
TEST(Energy, ALateStartKeepsItEqualToTheNodesSum) {
  const fs::path d = ScratchDir("energy_drift");
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name_prefix: g\n    replicas: 2\n    cpu_cores: 8\n"
                                 "    product: H100 SXM\n    gpu_count: 4\n"
                                 "  - node_name: e\n    cpu_cores: 4\n    power_profile: eco\n";
  const ProcessResult r = Simulate({std::string(CLUSTERSIM_TEST_DATA) + "/regressions/energy_drift_late_start.jsonl",
                                    "--cluster", (d / "c.yaml").string(), "--gpu-receiver-gate", "on"},
                                   d / "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  CheckConservation(d / "out");
}

// A fuzzer's input: 1-millicore gang pods sharing a node for ~10^6 s. Each
// advance of the node subtracts rate * dt from their work left, and the
// float error of those subtractions (about 1e-16 of the work each) left one
// job 1.005 us of work at its finish, over --check's bound of one tick
// (exit 2 on a valid run). The bound now allows 1e-10 of the job's run time.
TEST(Energy, FloatNoiseInTheWorkLeftOfTinyRatesPassesTheCheck) {
  const fs::path d = ScratchDir("work_left_noise");
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name_prefix: g\n    replicas: 2\n    cpu_cores: 8\n"
                                 "    product: H100 SXM\n    gpu_count: 4\n"
                                 "  - node_name: e\n    cpu_cores: 4\n    power_profile: eco\n";
  const ProcessResult r = Simulate({std::string(CLUSTERSIM_TEST_DATA) + "/regressions/work_left_float_noise.jsonl",
                                    "--cluster", (d / "c.yaml").string()},
                                   d / "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  CheckConservation(d / "out");
}

// Jobs still running at --max_time are counted out at the end without
// finishing: the work-left check took them as ending at t = 0 (a negative
// allowance, exit 2 on a valid run).
TEST(Energy, MaxTimeLeavesRunningJobsOutOfTheWorkCheck) {
  const fs::path d = ScratchDir("work_left_max_time");
  const ProcessResult r =
      Simulate({Example("ai-day.jsonl"), "--cluster", Example("cluster.yaml"), "-t", "10h"}, d / "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

// docs/energy.md §5: a node's idle energy is its power with nothing
// running at the same frequency, caps and temperature. Under --compat
// joulie a RAPL cap on a curve node clips the curve (power-model §c.5,
// cpu_curve_cap=clip), then the C-state factor of the eco node (§c.6)
// scales it. One 1-core job at U 0.5 on 16 cores of a 9654 node (curve
// 128 W at 0 %) at f 0.6 under a 100 W cap: u = 0.03125, c(u) = 1 - 0.5 *
// (1 - u/0.2) = 0.578125, so the node draws 0.578125 * 100 = 57.8125 W; with
// nothing running c(0) * 100 = 50 W. So idle is 50 W over the run, the job
// 7.8125 W. Idle taken without the cap was c(0) * 128 = 64 W, above the
// loaded power: all 57.8125 W were booked as idle and the job got 0 J.
TEST(Energy, IdleUnderACurveCapClipIsTheCappedPowerWithNothingRunning) {
  const fs::path d = ScratchDir("energy_idle_clip");
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: n0\n    cpu: AMD EPYC 9654\n    cpu_cores: 16\n"
                                 "    operating_point: {freq_scale: 0.6, cpu_cap: 100W}\n";
  std::ofstream(d / "t.jsonl")
      << R"({"type":"job","jobId":"a","submitTimeOffsetSec":0,"podTemplate":{"requests":{"cpu":"1"}},"work":{"cpuUnits":100},"workloadProfile":{"cpuUtilization":0.5}})"
      << "\n";
  const ProcessResult r =
      Simulate({(d / "t.jsonl").string(), "--cluster", (d / "c.yaml").string(), "--compat", "joulie"}, d / "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  CheckConservation(d / "out");
  const nlohmann::json summary = nlohmann::json::parse(std::ifstream(d / "out" / "summary.json"));
  const double span = summary.at("work").at("energy").at("span_seconds").get<double>();
  ASSERT_GT(span, 0);  // the job runs for the whole span (113.708619 s)
  const auto nodes = ReadCsvRows(d / "out" / "nodes.csv");
  const auto jobs = ReadCsvRows(d / "out" / "jobs.csv");
  ASSERT_EQ(nodes.size(), 1u);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_NEAR(Num(nodes[0].at("energy_j")), 57.8125 * span, 1e-9 * 57.8125 * span);  // the total is unchanged
  EXPECT_NEAR(Num(nodes[0].at("idle_energy_j")), 50 * span, 1e-9 * 50 * span);
  EXPECT_NEAR(Num(jobs[0].at("energy_j")), 7.8125 * span, 1e-9 * 57.8125 * span);
}

}  // namespace
}  // namespace clustersim::test
