// The seed page's claims about the work-based engine, as tests (§a.5 of
// power-model.md): under a cap, compute-bound work slows more than memory-
// or IO-bound work, on CPUs and on GPUs; CPU throttling slows GPU jobs with
// a high feed intensity; a peer ring that gets its demand costs nothing and
// a gated receiver slows it; legacy and v1 differ exactly where the page
// says. Expected durations come from the golden tables of power-golden.md
// (G2, G6, G8, G10, G11): duration = work / (resources * factor).

#include <cmath>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "power/switches.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

double Duration(const WorkRun& run, JobId id) {
  EXPECT_LT(id, run.r.runs.size()) << run.diagnostics;
  if (id >= run.r.runs.size()) return -1;
  return ToSeconds(run.r.runs[id].end - run.r.runs[id].begin);
}

// A finish falls on the next microsecond: allow that much.
constexpr double kTick = 1.001e-6;

// G6 (f = 0.6, knee 0.5625, S_cpu = 1): throttleImpact per class with the
// trace defaults of each class. 4 cores, 1000 units: 250 / TI seconds.
TEST(WorkClaims, ACpuCapSlowsComputeBoundMostAndIoBoundLeast) {
  const char* cluster =
      "nodes:\n  - node_name_prefix: n\n    replicas: 4\n    cpu_cores: 4\n    operating_point: {freq_scale: 0.6}\n";
  auto rec = [](const std::string& id, const char* cls, double u, double m, double io) {
    return Jsonl(id, 0, "4", 1000, 0, 0,
                 fmt::format(R"("workloadClass":{{"cpu":"{}"}},"workloadProfile":{{"cpuUtilization":{},)"
                             R"("memoryIntensity":{},"ioIntensity":{}}})",
                             cls, u, m, io));
  };
  const WorkRun run = RunWork(rec("compute", "cpu.compute_bound", .95, .1, .05) +
                                  rec("mixed", "cpu.mixed", .65, .45, .1) +
                                  rec("memory", "cpu.memory_bound", .6, .85, .1) +
                                  rec("io", "cpu.io_bound", .2, .2, .85),
                              cluster);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_NEAR(Duration(run, 0), 250 / 0.6924449878, kTick);
  EXPECT_NEAR(Duration(run, 1), 250 / 0.8604882775, kTick);
  EXPECT_NEAR(Duration(run, 2), 250 / 0.9436365311, kTick);
  EXPECT_NEAR(Duration(run, 3), 250 / 0.9772473165, kTick);
}

// G8 (H100 NVL, cap 70 % = 280 W, F .45): gpuThroughput compute .7869787643,
// mixed .9632226641, memory 1 (the cap is above its natural power). One GPU,
// 1000 GPU units, v1 with S_gpu = 1: 1000 / gt seconds.
TEST(WorkClaims, AGpuCapSlowsComputeBoundMoreThanMemoryBound) {
  const char* cluster =
      "nodes:\n  - node_name_prefix: g\n    replicas: 3\n    cpu_cores: 8\n    product: NVIDIA H100 NVL\n"
      "    gpu_count: 1\n    operating_point: {gpu_cap: 70%}\n";
  auto rec = [](const std::string& id, const char* cls, double u, double m) {
    return Jsonl(id, 0, "1", 1, 1, 1000,
                 fmt::format(R"("workloadClass":{{"gpu":"{}"}},"workloadProfile":{{"gpuUtilization":{},)"
                             R"("memoryIntensity":{},"cpuFeedIntensityGpu":0.45}})",
                             cls, u, m));
  };
  const WorkRun run = RunWork(rec("compute", "gpu.compute_bound", .95, .45) + rec("mixed", "gpu.mixed", .8, .45) +
                                  rec("memory", "gpu.memory_bound", .7, .85),
                              cluster);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_NEAR(Duration(run, 0), 1000 / 0.7869787643, 1e-6 * 1000);
  EXPECT_NEAR(Duration(run, 1), 1000 / 0.9632226641, 1e-6 * 1000);
  EXPECT_NEAR(Duration(run, 2), 1000, kTick);
}

// G10's feed factor: at f = 0.6 a job of CPU class mixed (M .45, I .10) has
// m = .7894162679 (G2); cpuFeedImpact = 1 - (1 - m) * F * S_cpu: .8315330143
// for F = .8, exactly 1 for F = 0. Uncapped GPU: 2000 units on 2 GPUs take
// 1000 / FI seconds.
TEST(WorkClaims, CpuThrottlingSlowsGpuJobsThatFeedHard) {
  const char* cluster =
      "nodes:\n  - node_name_prefix: g\n    replicas: 2\n    cpu_cores: 8\n    product: NVIDIA H100 NVL\n"
      "    gpu_count: 2\n    operating_point: {freq_scale: 0.6}\n";
  auto rec = [](const std::string& id, double feed) {
    return Jsonl(id, 0, "1", 1, 2, 2000,
                 fmt::format(R"("workloadProfile":{{"memoryIntensity":0.45,"ioIntensity":0.1,)"
                             R"("cpuFeedIntensityGpu":{}}})",
                             feed));
  };
  const WorkRun run = RunWork(rec("feeds", 0.8) + rec("self_fed", 0), cluster);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_NEAR(Duration(run, 0), 1000 / 0.8315330143, 1e-6 * 1000);
  EXPECT_NEAR(Duration(run, 1), 1000, kTick);
}

// §b, G11: a ring whose copies get their demand (g = 1, thr = 1) costs
// nothing: 4 GPUs, 4000 units, p = .25: 1000 s. With device 2 gated at
// phi = .5 the ring moves at g = .5: factor 1/(.75 + .25/.5) = .8, 1250 s.
// A 2-GPU job on devices 0 and 1 of the gated node is not slowed.
TEST(WorkClaims, APeerRingCostsNothingUntilAReceiverIsGated) {
  const char* cluster =
      "nodes:\n  - node_name: g\n    cpu_cores: 16\n    product: H100 SXM\n    gpu_count: 8\n"
      "    gpu_receiver_gate: {fraction: 0.5, gated_devices: [2]}\n";
  const std::string peer = R"("workloadProfile":{"peerTransferIntensity":0.25})";
  const std::string trace = Jsonl("ring", 0, "1", 1, 4, 4000, peer);
  ClusterConfig off;
  WorkRun run = RunWork(trace, cluster, off);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_NEAR(Duration(run, 0), 1000, kTick);
  ClusterConfig on;
  on.work.receiver_gate = true;
  run = RunWork(trace, cluster, on);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_NEAR(Duration(run, 0), 1250, kTick);
  run = RunWork(Jsonl("pair", 0, "1", 1, 2, 2000, peer), cluster, on);  // devices 0 and 1
  EXPECT_NEAR(Duration(run, 0), 1000, kTick);
}

// Legacy vs v1 (§a.3, §a.6, §b.1), G10: under a binding cap the legacy
// engine counts the cap once through gt and ignores S_gpu; v1 uses
// 1 - S_gpu (1 - gt). NVL, cap 280 W, compute-bound U .95 M .45 F .45:
// gt = .7869787643; with S_gpu = .5, v1's factor is .89348938215.
TEST(WorkClaims, LegacyAndV1DifferOnlyWhereThePageSays) {
  const char* cluster =
      "nodes:\n  - node_name: g\n    cpu_cores: 8\n    product: NVIDIA H100 NVL\n    gpu_count: 2\n"
      "    operating_point: {gpu_cap: 280W}\n";
  const std::string rec = Jsonl("j", 0, "1", 1, 2, 2000,
                                R"("sensitivity":{"cpu":1,"gpu":0.5},"workloadClass":{"gpu":"gpu.compute_bound"},)"
                                R"("workloadProfile":{"gpuUtilization":0.95,"memoryIntensity":0.45,)"
                                R"("cpuFeedIntensityGpu":0.45})");
  ClusterConfig legacy;
  legacy.work.engine = power::WorkEngine::kLegacy;
  const WorkRun l = RunWork(rec, cluster, legacy);
  const WorkRun v = RunWork(rec, cluster);
  ASSERT_TRUE(l.status.ok() && v.status.ok());
  ASSERT_EQ(l.w.jobs.size(), 1u) << l.diagnostics;
  EXPECT_NEAR(Duration(l, 0), 1000 / 0.7869787643, 1e-6 * 1000);
  EXPECT_NEAR(Duration(v, 0), 1000 / 0.89348938215, 1e-6 * 1000);

  // The class (§a.6): v1 reads intentClass first, legacy the affinity
  // first, each falling back on the other. A job that avoids eco nodes while
  // declaring standard is performance in legacy and standard in v1; in both
  // its required affinity binds it (Kubernetes), so on a cluster of eco
  // nodes only it can never run, and beside a performance node it runs
  // there (10 units on 1 core: 10 s) under either class. A job that declares
  // performance without the affinity is performance in both.
  const char* eco = "nodes:\n  - node_name: e\n    cpu_cores: 4\n    power_profile: eco\n";
  const std::string avoids_eco =
      R"({"type":"job","jobId":"s","podTemplate":{"requests":{"cpu":"1"},"affinity":{"nodeAffinity":{)"
      R"("requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[)"
      R"({"key":"joulie.io/power-profile","operator":"NotIn","values":["eco"]}]}]}}}},"work":{"cpuUnits":10},)"
      R"("intentClass":"standard"})"
      "\n";
  EXPECT_EQ(Times(RunWork(avoids_eco, eco, legacy)), "s:rejected");
  EXPECT_EQ(Times(RunWork(avoids_eco, eco)), "s:rejected");
  const char* mixed = "nodes:\n  - node_name: e\n    cpu_cores: 4\n    power_profile: eco\n"
                      "  - node_name: q\n    cpu_cores: 4\n";
  const WorkRun as_legacy = RunWork(avoids_eco, mixed, legacy), as_v1 = RunWork(avoids_eco, mixed);
  EXPECT_EQ(Times(as_legacy), "s:0-10");
  EXPECT_EQ(Times(as_v1), "s:0-10");
  EXPECT_EQ(as_legacy.setup->performance[0], 1);
  EXPECT_EQ(as_v1.setup->performance[0], 0);
  // Joulie's code reads intentClass first in both engines (§a.6), and
  // --compat joulie (the legacy engine) follows it: standard.
  ClusterConfig joulie = legacy;
  joulie.work.switches = power::PowerSwitches::Joulie();
  EXPECT_EQ(joulie.work.switches.intent_source, power::IntentSource::kIntentFirst);
  EXPECT_EQ(RunWork(avoids_eco, mixed, joulie).setup->performance[0], 0);
  const std::string declared = Jsonl("p", 0, "1", 10, 0, 0, R"("intentClass":"performance")");
  EXPECT_EQ(Times(RunWork(declared, eco)), "p:rejected");
  EXPECT_EQ(Times(RunWork(declared, eco, legacy)), "p:rejected");

  // Peer copies are v1 only: with the gate on, legacy's ring is not slowed.
  const char* gated = "nodes:\n  - node_name: g\n    cpu_cores: 16\n    product: H100 SXM\n    gpu_count: 4\n"
                      "    gpu_receiver_gate: {fraction: 0.5, gated_devices: [2]}\n";
  legacy.work.receiver_gate = true;
  const WorkRun ring = RunWork(Jsonl("r", 0, "1", 1, 4, 4000, R"("workloadProfile":{"peerTransferIntensity":0.25})"),
                               gated, legacy);
  EXPECT_NEAR(Duration(ring, 0), 1000, kTick);
}

// --compat joulie: Joulie's capacity share instead of /max(1, k), so the two
// jobs of WorkSchedule.CoLocatedJobsShareFairly do not slow each other.
TEST(WorkClaims, JoulieCapacityShareDoesNotDivideByK) {
  ClusterConfig joulie;
  joulie.work.switches = power::PowerSwitches::Joulie();
  joulie.work.engine = power::WorkEngine::kLegacy;
  const WorkRun run = RunWork(Jsonl("a", 0, "2", 1000) + Jsonl("b", 0, "2", 500),
                              "nodes:\n  - node_name: n0\n    cpu_cores: 8\n", joulie);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Times(run), "a:0-500 b:0-250");
}

}  // namespace
}  // namespace clustersim::test
