// Joulie's power policies A, B and C (power-model.md §h.2): the count of
// performance nodes (G14's B and C rows), the family floor, the selection in
// name order, and runs that report what the policy decided (C's reconciles
// in policy.csv; its run-time behaviour is in power_controller_test.cc).

#include "power/power_policy.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"
#include "sched/joulie_score.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// G14, policy B: round half away from zero, then the family floor, then N.
TEST(PowerPolicy, StaticCountsOfG14) {
  EXPECT_EQ(power::StaticPerformanceNodes(40, 0.3, 3), 12);
  EXPECT_EQ(power::StaticPerformanceNodes(5000, 0.2, 8), 1000);
  EXPECT_EQ(power::StaticPerformanceNodes(41, 0.3, 6), 12);   // 12.3 -> 12
  EXPECT_EQ(power::StaticPerformanceNodes(5, 0.3, 3), 3);     // 1.5 -> 2, floor 3
  EXPECT_EQ(power::StaticPerformanceNodes(5, 0.5, 1), 3);     // 2.5 -> 3 (away from zero)
  EXPECT_EQ(power::StaticPerformanceNodes(2, 0.0, 3), 2);     // the floor never exceeds N
}

// G14, policy C: clamp(max(round(base·N), ceil(perfPods/perHP)), min, max),
// then the family floor and N.
TEST(PowerPolicy, QueueAwareCountsOfG14) {
  auto c = [](double base, std::int64_t lo, std::int64_t hi, double per_hp) {
    power::PowerPolicyOptions o;
    o.policy = power::PowerPolicy::kQueueAware;
    o.base_frac = base, o.hp_min = lo, o.hp_max = hi, o.perf_per_hp = per_hp;
    return o;
  };
  EXPECT_EQ(power::QueueAwarePerformanceNodes(40, c(0.3, 1, 30, 20), 250, 3), 13);     // ceil(12.5) > 12
  EXPECT_EQ(power::QueueAwarePerformanceNodes(5000, c(0.05, 50, 4000, 3), 900, 8), 300);
  EXPECT_EQ(power::QueueAwarePerformanceNodes(5000, c(0.05, 50, 4000, 3), 20000, 8), 4000);  // 6667 -> max
  EXPECT_EQ(power::QueueAwarePerformanceNodes(40, c(0.3, 1, 30, 20), 0, 3), 12);
  // Beyond the rows: the minimum, the family floor above the maximum, N,
  // and a queue far larger than the cluster.
  EXPECT_EQ(power::QueueAwarePerformanceNodes(40, c(0.0, 5, 30, 20), 0, 3), 5);
  EXPECT_EQ(power::QueueAwarePerformanceNodes(40, c(0.3, 1, 2, 20), 0, 3), 3);
  EXPECT_EQ(power::QueueAwarePerformanceNodes(4, c(0.3, 1, 30, 1), 9, 1), 4);
  EXPECT_EQ(power::QueueAwarePerformanceNodes(40, c(0.3, 1, 1000, 1e-9), std::int64_t{1} << 62, 3), 40);
}

// G14's placement score rows (§h.3): headroom from cores used after the
// placement, then the score; the last row's clamp at 0 before the +15.
TEST(PowerPolicy, PlacementScoreOfG14) {
  struct Row {
    bool standard;
    PowerProfile node;
    std::int64_t used, cores, request;
    double pressure, headroom, score;
  };
  const Row rows[] = {
      {true, PowerProfile::kEco, 32, 64, 8, 50, 37.5, 51.25},
      {true, PowerProfile::kPerformance, 32, 64, 8, 50, 37.5, 26.25},
      {false, PowerProfile::kPerformance, 32, 64, 8, 50, 37.5, 41.25},
      {true, PowerProfile::kEco, 0, 192, 16, 10, 91.66666667, 89.16666667},
      {false, PowerProfile::kPerformance, 60, 64, 4, 80, 0, 15},
  };
  for (const Row& r : rows) {
    const double h = JoulieHeadroom(r.cores * 1000, (r.used + r.request) * 1000);
    EXPECT_NEAR(h, r.headroom, 1e-8) << r.used << "/" << r.cores;
    EXPECT_NEAR(JoulieScore(h, r.standard, r.node, r.pressure), r.score, 1e-8) << r.used << "/" << r.cores;
  }
  // Clamped: a full standard node under heavy pressure scores 0, not below.
  EXPECT_EQ(JoulieScore(0, true, PowerProfile::kPerformance, 100), 0);
  EXPECT_EQ(JoulieScore(100, true, PowerProfile::kEco, 0), 95);
  // A draining node is not eco: a standard pod there pays the pressure.
  EXPECT_DOUBLE_EQ(JoulieScore(50, true, PowerProfile::kDraining, 50), 35);
}

// Names out of file order; two families of GPU nodes and one of CPU nodes.
// Name order: a-cpu, b-gpu, c-cpu, d-gpu, e-l40, f-cpu. One per family first
// (a-cpu, b-gpu, e-l40), then the next names (c-cpu).
const char* kCluster =
    "nodes:\n"
    "  - node_name: f-cpu\n    cpu_cores: 8\n"
    "  - node_name: d-gpu\n    cpu_cores: 8\n    product: H100 SXM\n    gpu_count: 2\n"
    "  - node_name: a-cpu\n    cpu_cores: 8\n"
    "  - node_name: e-l40\n    cpu_cores: 8\n    product: L40S\n    gpu_count: 2\n"
    "  - node_name: b-gpu\n    cpu_cores: 8\n    product: H100 SXM\n    gpu_count: 2\n"
    "  - node_name: c-cpu\n    cpu_cores: 8\n";

std::string Performance(const Cluster& c) {
  std::string out;
  for (const Node& n : c.nodes)
    if (n.profile == PowerProfile::kPerformance) out += (out.empty() ? "" : " ") + n.name;
  return out;
}

TEST(PowerPolicy, SelectsOnePerFamilyThenByName) {
  auto c = LoadClusterText(kCluster, "c.yaml", ShippedCatalog());
  ASSERT_TRUE(c.ok()) << c.status().message();
  Cluster cl = c.take();
  EXPECT_EQ(power::NodeFamily(cl.types[cl.nodes[1].type]), "gpu:NVIDIA_H100_SXM");
  const power::PolicyOutcome b = power::ApplyPowerPolicy({power::PowerPolicy::kStatic, 0.6}, &cl);  // round(3.6) = 4
  EXPECT_EQ(b.families, 3);
  EXPECT_EQ(b.performance_nodes, 4);
  EXPECT_EQ(Performance(cl), "a-cpu e-l40 b-gpu c-cpu");  // listed in file order
  for (const Node& n : cl.nodes) {
    if (n.name == "f-cpu" || n.name == "d-gpu") {
      EXPECT_EQ(n.profile, PowerProfile::kEco) << n.name;
    }
  }
  // Below the floor: one of each family only.
  power::ApplyPowerPolicy({power::PowerPolicy::kStatic, 0.1}, &cl);
  EXPECT_EQ(Performance(cl), "a-cpu e-l40 b-gpu");
  // --hp-order density: GPU nodes (mean(8/192, 2/8) = 14.6 %) before CPU
  // nodes (2.1 %), names within: b-gpu, d-gpu, e-l40, a-cpu, c-cpu, f-cpu;
  // one per family (b-gpu, e-l40, a-cpu), then d-gpu.
  power::PowerPolicyOptions dense{power::PowerPolicy::kStatic, 0.6};
  dense.order = power::SelectionOrder::kDensity;
  power::ApplyPowerPolicy(dense, &cl);
  EXPECT_EQ(Performance(cl), "d-gpu a-cpu e-l40 b-gpu");
  const power::PolicyOutcome a = power::ApplyPowerPolicy({power::PowerPolicy::kAllPerformance, 0.3}, &cl);
  EXPECT_EQ(a.performance_nodes, 6);
  EXPECT_EQ(Performance(cl), "f-cpu d-gpu a-cpu e-l40 b-gpu c-cpu");
}

// A model the catalog does not know is its own family (§h.2: the node's
// `cpu:<model>` / `gpu:<product>`), not the base model's: two unknown CPUs
// and two unknown GPUs are four families, so the floor makes four nodes
// performance where one of each kind was.
TEST(PowerPolicy, UnknownModelsAreFamiliesOfTheirOwn) {
  auto c = LoadClusterText(
      "nodes:\n"
      "  - {node_name_prefix: a, replicas: 2, cpu: Intel Xeon Platinum 8480}\n"
      "  - {node_name_prefix: b, replicas: 2, cpu: AMD EPYC 7763}\n"
      "  - {node_name_prefix: c, replicas: 2, product: NVIDIA H200, vendor: nvidia, gpu_count: 1}\n"
      "  - {node_name_prefix: d, replicas: 2, product: NVIDIA B200, vendor: nvidia, gpu_count: 1}\n",
      "c.yaml", ShippedCatalog());
  ASSERT_TRUE(c.ok()) << c.status().message();
  Cluster cl = c.take();
  const power::PolicyOutcome b = power::ApplyPowerPolicy({power::PowerPolicy::kStatic, 0}, &cl);
  EXPECT_EQ(b.families, 4);
  EXPECT_EQ(Performance(cl), "a-0 b-0 c-0 d-0");
  EXPECT_EQ(power::NodeFamily(cl.types[cl.nodes[0].type]), "cpu:Intel Xeon Platinum 8480");
}

// Names are compared byte by byte, as Go's sort compares strings (§h.2):
// of n-0 .. n-11, round(0.3 x 12) = 4 performance nodes are n-0, n-1,
// n-10 and n-11, not n-0 .. n-3.
TEST(PowerPolicy, NodeNamesAreOrderedByteByByte) {
  auto c = LoadClusterText("nodes:\n  - {node_name_prefix: n, replicas: 12, cpu: AMD EPYC 7763}\n", "c.yaml",
                           ShippedCatalog());
  ASSERT_TRUE(c.ok()) << c.status().message();
  Cluster cl = c.take();
  const power::PolicyOutcome b = power::ApplyPowerPolicy({power::PowerPolicy::kStatic, 0.3}, &cl);
  EXPECT_EQ(b.performance_nodes, 4);
  EXPECT_EQ(Performance(cl), "n-0 n-1 n-10 n-11");
}

// End to end: B's eco nodes run at the eco defaults (CPU 60 %), so a
// standard job placed there runs slower than under A; the summary says
// what the policy decided. C writes policy.csv, one row per reconcile.
TEST(PowerPolicy, ARunReportsThePolicyAndItsEcoNodesRunAtEcoSettings) {
  const fs::path d = ScratchDir("power_policy_run");
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: n-0\n    cpu_cores: 4\n  - node_name: n-1\n    cpu_cores: 4\n";
  // Two standard 4-core jobs at once: one per node (worst fit).
  std::ofstream(d / "t.jsonl") << R"({"jobId":"x","podTemplate":{"requests":{"cpu":"4"}},"work":{"cpuUnits":400}})" "\n"
                               << R"({"jobId":"y","podTemplate":{"requests":{"cpu":"4"}},"work":{"cpuUnits":400}})" "\n";
  auto run = [&](const std::string& policy) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                     (d / "c.yaml").string(), "--power-policy", policy,
                                     "--check", "--quiet", "-o", (d / policy).string()};
    if (policy == "B") argv.insert(argv.end(), {"--hp-frac", "0.3"});
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(Slurp(d / policy / "summary.json"))["work"];
  };
  const auto a = run("A"), b = run("B");
  EXPECT_EQ(a["power_policy"]["performance_nodes"], 2);
  EXPECT_EQ(b["power_policy"]["performance_nodes"], 1);  // round(0.6) = 1 = the one family
  EXPECT_EQ(b["power_policy"]["hp_frac"], 0.3);
  EXPECT_DOUBLE_EQ(a["classes"]["all"]["power_slowdown"]["max"].get<double>(), 1.0);
  EXPECT_GT(b["classes"]["all"]["power_slowdown"]["max"].get<double>(), 1.1);  // the job on the eco node
  // C with base 0: one performance node (n-0); the 400-unit jobs end at
  // 100 s (n-0) and after 116 s (n-1, eco), so reconciles every 50 s run at
  // 50 and 100 with no performance pod and change nothing: the second
  // repeats the first and has no row.
  const ProcessResult c = RunProcess({ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                      (d / "c.yaml").string(), "--power-policy", "C", "--hp-base-frac", "0",
                                      "--reconcile-interval", "50", "--check", "-o", (d / "C").string()});
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(Slurp(d / "C" / "policy.csv"), "time,perf_pods,performance,draining,eco,changed\n"
                                           "50,0,1,0,1,0\n");
  const auto cj = nlohmann::json::parse(Slurp(d / "C" / "summary.json"))["work"]["power_policy"];
  EXPECT_EQ(cj["reconciles"], 2);
  EXPECT_EQ(cj["node_state_changes"], 0);
  EXPECT_EQ(cj["hp_max"], 25);
  EXPECT_DOUBLE_EQ(cj["performance_nodes_mean"].get<double>(), 1.0);
  EXPECT_NE(c.out.find("policy C: 2 reconciles every 50 s changed 0 node states"), std::string::npos) << c.out;
  // C's options belong to C: given with another policy they would do nothing.
  const ProcessResult wrong = RunProcess({ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                          (d / "c.yaml").string(), "--power-policy", "B", "--hp-max", "3"});
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_NE(wrong.err.find("apply to --power-policy C"), std::string::npos) << wrong.err;
  const ProcessResult frac = RunProcess({ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                         (d / "c.yaml").string(), "--power-policy", "C", "--hp-frac", "0.9"});
  EXPECT_EQ(frac.exit_code, 1);
  EXPECT_NE(frac.err.find("--hp-frac applies to --power-policy B"), std::string::npos) << frac.err;
}

}  // namespace
}  // namespace clustersim::test
