// Hand-computed schedules of the work-based engine (power-model.md §a.2,
// §a.4, seed 002's page): each expected time below is worked out in the
// comment above it, from the spec's formulas with the numbers of the case,
// never from the code under test. All on nodes at f = 1 without caps unless
// a case says otherwise, so throttleImpact = 1 and a pod's CPU rate is
// C_req * B_core / max(1, k).

#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sim/metrics.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

const char* kOneNode = "nodes:\n  - node_name: n0\n    cpu_cores: 8\n";

// k = 2 jobs of 2 cores share the node fairly: each progresses at
// 2 * 1 / 2 = 1 unit/s. B (500 units) ends at 500; A has 500 of its 1000
// left and runs alone at 2 units/s: 250 s more, ending at 750.
TEST(WorkSchedule, CoLocatedJobsShareFairly) {
  const WorkRun run = RunWork(Jsonl("a", 0, "2", 1000) + Jsonl("b", 0, "2", 500), kOneNode);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Times(run), "a:0-750 b:0-500");
  EXPECT_EQ(run.setup->nominal_s[0], 500);  // alone: 1000 / 2
}

// The planned (nominal) duration is rounded as the run's finish is: 4.9
// units on 0.7 cores is 7 s, 7.000000000000001 in doubles. It was planned
// as 7.000001 s (a plain ceiling) while the job ran 7 s, so EASY refused a
// candidate that ends exactly at the shadow. With the capacity share (no
// slowing by co-location) b (0.7 cores) ends at 7, the shadow of c (8
// cores) when a (1 core, 7 s) ends: b starts at 0 (it waited for c: 8-15).
TEST(WorkSchedule, APlannedDurationIsTheDurationRun) {
  ClusterConfig config;
  config.work.switches.cpu_share = power::CpuShare::kCapacity;
  const WorkRun run =
      RunWork(Jsonl("a", 0, "1", 7) + Jsonl("c", 0, "8", 8) + Jsonl("b", 0, "700m", 4.9), kOneNode, config);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(run.w.jobs[2].time_limit, Seconds(7));
  EXPECT_EQ(Times(run), "a:0-7 c:7-8 b:0-7");
}

// A co-runner arrives and leaves. A: 4 cores, 1000 units, alone 4 units/s.
// At 100, A has 600 left; B (4 cores, 200 units) arrives: both at 2 units/s.
// B ends at 100 + 200/2 = 200; A has 600 - 200 = 400 left, alone again at 4
// units/s: ends at 300.
TEST(WorkSchedule, ACoRunnerArrivesAndLeaves) {
  const WorkRun run = RunWork(Jsonl("a", 0, "4", 1000) + Jsonl("b", 100, "4", 200), kOneNode);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Times(run), "a:0-300 b:100-200");
}

// A RAPL cap that binds midway. Node: 10 cores, analytic power
// P = 100 + 200 * u * f (Idle 100, PMax 300, alpha = beta = 1), cap 210 W.
// Both jobs: 5 cores, U_cpu 1, cpu.compute_bound, M = I = 0 (act = 1,
// base = 1, so throttleImpact = m).
//   A alone: u = 0.5, P(1) = 200 <= 210: f = 1, rate 5 units/s.
//   B arrives at 200 (A has 5000 - 1000 = 4000 left): u = 1, P(1) = 300 >
//   210, so f = (210 - 100) / 200 = 0.55 (< knee 0.5625).
//   m(0.55): weights c .8625, m .11, io .0275 (§c.4 with M = I = 0);
//   s_c = .55, s_m = 1 - .12*.4375 - .45*(.0125/.5625) = .9375,
//   s_io = 1 - .05*.45 = .9775; m = .474375 + .103125 + .02688125
//   = .60438125. Each pod: 5 * .60438125 / 2 = 1.510953125 units/s.
//   B (500 units) ends 500/1.510953125 = 330.916950... s later: at
//   530.916951 (the next microsecond). A: 4000 - 500 = 3500 left (less a
//   sliver for that microsecond), alone at f = 1: 700 s, ends 1230.916951.
TEST(WorkSchedule, ACapThatBindsMidwaySlowsBothJobs) {
  const char* cluster =
      "nodes:\n  - node_name: n0\n    cpu_cores: 10\n    cpu_model: {idle_w: 100, pmax_w: 300, alpha: 1, beta: 1}\n"
      "    operating_point: {cpu_cap: 210W}\n";
  const std::string prof =
      R"("workloadClass":{"cpu":"cpu.compute_bound"},"workloadProfile":{"cpuUtilization":1,"memoryIntensity":0,)"
      R"("ioIntensity":0})";
  const WorkRun run = RunWork(Jsonl("a", 0, "5", 5000, 0, 0, prof) + Jsonl("b", 200, "5", 500, 0, 0, prof), cluster);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Times(run), "a:0-1230.916951 b:200-530.916951");
}

// A gang waits for its last pod: two nodes of 4 cores; x holds n0 until
// 100 (400 units at 4/s). The gang (two 4-core pods, 400 units each) comes
// at 10 but cannot place both pods until 100; then each pod runs alone on a
// node at 4/s for 100 s.
TEST(WorkSchedule, AGangWaitsForItsLastPod) {
  const char* cluster = "nodes:\n  - node_name_prefix: n\n    replicas: 2\n    cpu_cores: 4\n";
  const std::string gang = R"("workloadId":"g","gang":true)";
  const WorkRun run = RunWork(Jsonl("x", 0, "4", 400) + Jsonl("g-0", 10, "4", 400, 0, 0, gang) +
                                  Jsonl("g-1", 10, "4", 400, 0, 0, gang),
                              cluster);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Times(run), "x:0-100 g-0:100-200");
  EXPECT_EQ(run.w.work[1].num_pods, 2u);
}

// A gang pod that finishes first frees its cores at once: each pod is a job
// of its own to Kubernetes (power-model.md §a.1, §a.4). One node of 8 cores;
// the gang w (two 4-core pods, 400 and 4000 units) starts at 0 and fills
// it; x (4 cores, 40 units) comes at 1 and waits. The gang's pods share the
// node (k = 2): 4 / 2 = 2 units/s each, so w-0 ends at 200 and frees 4
// cores; x starts then, k stays 2, and x ends at 200 + 40 / 2 = 220. w-1 has
// 4000 - 400 - 40 = 3560 left at 220, alone at 4 units/s: 890 s more, so the
// gang ends at 1110. (Held until the gang's end, x would start at 1100.)
// Node-seconds count w-0's cores until 200 only.
TEST(WorkSchedule, AGangPodThatFinishesFirstFreesItsCores) {
  const std::string gang = R"("workloadId":"w","gang":true)";
  const WorkRun run = RunWork(Jsonl("w-0", 0, "4", 400, 0, 0, gang) + Jsonl("w-1", 0, "4", 4000, 0, 0, gang) +
                                  Jsonl("x", 1, "4", 40),
                              kOneNode);
  ASSERT_TRUE(run.status.ok()) << run.status.message();  // both checkers, which follow the pod's release
  EXPECT_EQ(Times(run), "w-0:0-1110 x:200-220");
  ASSERT_EQ(run.r.pod_releases.size(), 1u);
  EXPECT_EQ(run.r.pod_releases[0].job, 0u);
  EXPECT_EQ(run.r.pod_releases[0].time, Seconds(200));
  EXPECT_EQ(run.r.pod_releases[0].units, 4000);  // millicores
  const Summary s = ComputeSummary(run.w, run.r);
  EXPECT_DOUBLE_EQ(s.node_seconds_used, 4000.0 * 200 + 4000.0 * 1110 + 4000.0 * 20);
  // RAPS's tick mean too: 1110 ticks of 8000 millicores (it counted w-0's
  // cores to the gang's end).
  EXPECT_DOUBLE_EQ(s.utilisation_tick_mean, (4000.0 * 200 + 4000.0 * 1110 + 4000.0 * 20) / (8000.0 * 1110));
}

// A job ends when both its CPU and its GPU work are done: 2 cores with 100
// CPU units (50 s) and 1 GPU with 300 GPU units (300 s at B_gpu = 1,
// uncapped): it ends at 300. The CPU side finishing at 50 changes the
// node's load but not this job's rates.
TEST(WorkSchedule, AJobEndsWhenBothSidesAreDone) {
  const char* cluster = "nodes:\n  - node_name: g\n    cpu_cores: 8\n    product: NVIDIA H100 NVL\n    gpu_count: 2\n";
  const WorkRun run = RunWork(Jsonl("a", 0, "2", 100, 1, 300), cluster);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Times(run), "a:0-300");
}

// §l.1: work.cpuUnits <= 0 counts as missing, so the default 1000 units
// apply.
TEST(WorkSchedule, NonPositiveCpuUnitsTakeTheDefault) {
  const WorkRun run = RunWork(Jsonl("z", 5, "2", 0) + Jsonl("d", 0, "1", -1), kOneNode);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  // z: cpuUnits 0 counts as missing: the default 1000 units at 2/s = 500 s.
  // d: -1 as well: 1000 units at 1/s, sharing with z from 5 to 505...
  // both alone-rates: d 1/s, z 2/s; from 5 both k = 2: d .5/s, z 1/s.
  // d: 5 units by 5, then 995 left. z: 1000 at 1/s -> ends 1005; d has
  // 995 - 500 = 495 left at 1005, alone 1/s: ends 1500.
  EXPECT_EQ(Times(run), "d:0-1500 z:5-1005");  // job order is submit order
}

// A required node affinity on joulie.io/power-profile binds wherever the
// class would send the pod (Kubernetes binds only where the affinity admits).
// 4 cores, 400 units: 100 s on the performance node, 100 / .8604882775 =
// 116.213089 s on the eco node (CPU 60 %, cpu.mixed defaults, G6). Ties go
// to the first node in file order.
TEST(WorkSchedule, ARequiredAffinityBindsWhateverTheClass) {
  auto pod = [](const char* op, const char* intent) {
    return fmt::format(
        R"({{"jobId":"s","intentClass":"{}","work":{{"cpuUnits":400}},"podTemplate":{{"requests":{{"cpu":"4"}},)"
        R"("affinity":{{"nodeAffinity":{{"requiredDuringSchedulingIgnoredDuringExecution":{{"nodeSelectorTerms":)"
        R"([{{"matchExpressions":[{{"key":"joulie.io/power-profile","operator":"{}","values":["eco"]}}]}}]}}}}}}}}}})"
        "\n",
        intent, op);
  };
  const char* perf_first = "nodes:\n  - node_name: p0\n    cpu_cores: 4\n"
                           "  - node_name: e0\n    cpu_cores: 4\n    power_profile: eco\n";
  const char* eco_first = "nodes:\n  - node_name: e0\n    cpu_cores: 4\n    power_profile: eco\n"
                          "  - node_name: p0\n    cpu_cores: 4\n";
  // Joulie's eco-ratio form: a standard pod that asks for eco nodes.
  const WorkRun in_eco = RunWork(pod("In", "standard"), perf_first);
  ASSERT_TRUE(in_eco.status.ok()) << in_eco.status.message();
  EXPECT_EQ(Times(in_eco), "s:0-116.213089") << in_eco.diagnostics;
  // v1 takes the declared class (standard), yet the pod still avoids eco.
  const WorkRun not_in_eco = RunWork(pod("NotIn", "standard"), eco_first);
  ASSERT_TRUE(not_in_eco.status.ok()) << not_in_eco.status.message();
  EXPECT_EQ(Times(not_in_eco), "s:0-100");
  EXPECT_EQ(not_in_eco.setup->performance[0], 0);
}

}  // namespace
}  // namespace clustersim::test
