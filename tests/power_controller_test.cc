// Power policy C during a run (power-model.md §h.1-§h.2): reconciles at
// multiples of the interval, the count from running and waiting
// performance pods, draining before eco, the scheduling pass after a
// change, and the end of a run whose waiting jobs no reconcile can help.
// Schedules computed by hand.

#include "sim/power_controller.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sched/cluster_pool.h"
#include "subprocess.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

ClusterConfig PolicyC(double perf_per_hp, std::int64_t hp_max = 3) {
  ClusterConfig k;
  k.power_policy.policy = power::PowerPolicy::kQueueAware;
  k.power_policy.base_frac = 0;
  k.power_policy.hp_min = 1;
  k.power_policy.hp_max = hp_max;
  k.power_policy.perf_per_hp = perf_per_hp;
  k.power_policy.reconcile = 100 * kTicksPerSecond;
  return k;
}

std::string Perf(const std::string& id, double submit, const std::string& cpu, double units) {
  return Jsonl(id, submit, cpu, units, 0, 0, R"("intentClass":"performance")");
}

// "time:perf_pods/performance/draining/eco/changed" per reconcile.
std::string Log(const WorkRun& run) {
  std::string s;
  for (const ReconcileRecord& r : run.setup->controller->log())
    s += fmt::format("{}{}:{}/{}/{}/{}/{}", s.empty() ? "" : " ", ToSeconds(r.time), r.perf_pods, r.hp, r.draining,
                     r.eco, r.changed);
  return s;
}

// Three 4-core nodes of one family; base 0, at least 1, one performance node
// per performance pod, reconciles every 100 s.
//   t=0    C starts with hp = 1: a performance, b and c eco. p1 (4 cores,
//          1000 units: 250 s) takes a.
//   t=10   p2 waits: no performance node is free.
//   t=100  2 performance pods (p1 running, p2 waiting): hp 2, b turns
//          performance, and the pass after the reconcile starts p2 there.
//   t=200  still 2: nothing changes.
//   t=250  p1 ends.
//   t=300  1 pod: hp 1 (a, first by name); b still runs p2, so it drains.
//   t~350  p2 ends (b's frequency ramped up from eco after 100: a little late).
//   t=400  no pod: b turns eco.
//   t=420  s, a standard pod that requires an eco node, takes b (worst fit,
//          tie to the first in file order); had b still been draining, c.
TEST(PowerController, ReconcilesGrowDrainThenTurnEcoByHand) {
  const std::string trace =
      Perf("p1", 0, "4", 1000) + Perf("p2", 10, "4", 1000) +
      R"({"jobId":"s","submitTimeOffsetSec":420,"work":{"cpuUnits":50},"podTemplate":{"requests":{"cpu":"1"},)"
      R"("affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":)"
      R"([{"matchExpressions":[{"key":"joulie.io/power-profile","operator":"In","values":["eco"]}]}]}}}}})"
      "\n";
  const char* cluster = "nodes:\n  - node_name: a\n    cpu_cores: 4\n  - node_name: b\n    cpu_cores: 4\n"
                        "  - node_name: c\n    cpu_cores: 4\n";
  const WorkRun run = RunWork(trace, cluster, PolicyC(1));
  ASSERT_TRUE(run.status.ok()) << run.status.message() << run.diagnostics;
  // 200 repeats 100's counts: no row of its own.
  EXPECT_EQ(Log(run), "100:2/2/0/1/1 300:1/1/1/1/1 400:0/1/0/2/1");
  EXPECT_EQ(run.setup->controller->reconciles(), 4);
  const JobRun &p1 = run.r.runs[0], &p2 = run.r.runs[1], &s = run.r.runs[2];
  EXPECT_EQ(p1.begin, 0);
  EXPECT_EQ(p1.end, 250 * kTicksPerSecond);
  EXPECT_EQ(p2.begin, 100 * kTicksPerSecond);  // the pass after the reconcile
  EXPECT_GT(p2.end, 350 * kTicksPerSecond);
  EXPECT_LT(p2.end, 351 * kTicksPerSecond);
  EXPECT_EQ(s.begin, 420 * kTicksPerSecond);
  // s ran at the eco settings: 50 units on one core, slower than 50 s.
  EXPECT_GT(s.end, 470 * kTicksPerSecond);
  const Cluster& c = run.setup->cluster;
  EXPECT_EQ(c.nodes[0].profile, PowerProfile::kPerformance);
  EXPECT_EQ(c.nodes[1].profile, PowerProfile::kEco);
  EXPECT_EQ(c.nodes[2].profile, PowerProfile::kEco);
  EXPECT_EQ(run.setup->controller->min_performance(), 1);
  EXPECT_EQ(run.setup->controller->max_performance(), 2);
  // Performance nodes: 1 on [0, 100), 2 on [100, 300), 1 after; the run
  // ends with s, after 470 s.
  const double end = ToSeconds(s.end);
  EXPECT_NEAR(run.setup->controller->mean_performance(), (end + 200) / end, 1e-9);
  EXPECT_EQ(run.nodes, (std::vector<std::string>{"a", "b", "b"}));
}

// A performance pod of 8 cores fits only node b, which C starts as eco.
// With one performance node per pod the count stays 1 (a, first by name):
// a reconcile changes nothing and the run ends with the pod waiting. With
// two per pod it rises to 2 at the first reconcile and the pod starts on b
// then. With at most one performance node b can never take it: rejected
// at submit, not left waiting.
TEST(PowerController, APodThatOnlyAnEcoNodeFitsWaitsForTheCountToRise) {
  const char* cluster = "nodes:\n  - node_name: a\n    cpu_cores: 4\n  - node_name: b\n    cpu_cores: 8\n";
  const std::string trace = Perf("big", 0, "8", 800);
  const WorkRun stays = RunWork(trace, cluster, PolicyC(1));
  ASSERT_TRUE(stays.status.ok()) << stays.status.message();
  EXPECT_EQ(Times(stays), "big:unfinished");
  EXPECT_EQ(Log(stays), "");  // nothing could change: no reconcile ran
  const WorkRun rises = RunWork(trace, cluster, PolicyC(0.5));
  ASSERT_TRUE(rises.status.ok()) << rises.status.message();
  EXPECT_EQ(Log(rises).substr(0, 13), "100:1/2/0/0/1");
  EXPECT_EQ(rises.r.runs[0].begin, 100 * kTicksPerSecond);
  EXPECT_EQ(rises.nodes[0], "b");
  // Through the CLI the run that ends with the pod waiting says why.
  const fs::path d = ScratchDir("power_controller_waiting");
  std::ofstream(d / "c.yaml") << cluster;
  std::ofstream(d / "t.jsonl") << trace;
  const ProcessResult cli = RunProcess({ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                        (d / "c.yaml").string(), "--power-policy", "C", "--hp-base-frac", "0",
                                        "--perf-per-hp", "1", "-o", (d / "out").string()});
  EXPECT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_NE(cli.err.find("waiting_at_end: 1 waiting job never started"), std::string::npos) << cli.err;
  EXPECT_NE(cli.err.find("with 1 performance node at the end"), std::string::npos) << cli.err;
  const WorkRun never = RunWork(trace, cluster, PolicyC(0.5, 1));
  ASSERT_TRUE(never.status.ok()) << never.status.message();
  EXPECT_EQ(Times(never), "big:rejected");
}

// Nodes a (8 cores), b (16), z (32); H (32 cores) fits only z, P (12
// cores) b or z. C starts with a alone performance. At the first reconcile
// (2 performance pods: hp 2, a and b) b turns performance and P, refused by
// the pass just before, must start: EASY's pass after a reconcile may not
// reuse its earlier refusals. H needs z, which only hp 3 would choose: it
// stays waiting, and the run ends. Submitted at 300, the first reconcile
// is at 300 itself (Joulie's elapsed >= interval), not one interval later.
TEST(PowerController, AJobRefusedBeforeAReconcileStartsAtOnceAfterIt) {
  const char* cluster = "nodes:\n  - node_name: a\n    cpu_cores: 8\n  - node_name: b\n    cpu_cores: 16\n"
                        "  - node_name: z\n    cpu_cores: 32\n";
  for (double at : {0.0, 300.0}) {
    ClusterConfig k = PolicyC(1);
    k.power_policy.reconcile = 300 * kTicksPerSecond;
    const WorkRun run = RunWork(Perf("H", at, "32", 3200) + Perf("P", at + (at == 0 ? 1 : 0), "12", 1200), cluster, k);
    ASSERT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_EQ(run.r.runs[1].begin, 300 * kTicksPerSecond) << at;
    EXPECT_EQ(run.nodes[1], "b") << at;
    EXPECT_EQ(Times(run).substr(0, 12), "H:unfinished") << at;
    EXPECT_EQ(Log(run).substr(0, 13), "300:2/2/0/1/1") << at;
  }
}

// --hp-order density under C: the start's one performance node, and the
// second one a reconcile adds, are the densest (c, 16 cores; then b, 8),
// not the first by name (a, 4 cores).
TEST(PowerController, DensityOrderChoosesTheDensestNodesFirst) {
  const char* cluster = "nodes:\n  - node_name: a\n    cpu_cores: 4\n  - node_name: b\n    cpu_cores: 8\n"
                        "  - node_name: c\n    cpu_cores: 16\n";
  ClusterConfig k = PolicyC(1);
  k.power_policy.order = power::SelectionOrder::kDensity;
  const WorkRun run = RunWork(Perf("p1", 0, "16", 16000) + Perf("p2", 0, "8", 800), cluster, k);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(run.nodes[0], "c");  // the only performance node at the start
  EXPECT_EQ(run.nodes[1], "b");  // the second, from the first reconcile
  EXPECT_EQ(run.r.runs[1].begin, 100 * kTicksPerSecond);
  EXPECT_EQ(Log(run).substr(0, 13), "100:2/2/0/1/1");
}

// Tick mode (--tick 7 s, interval 300 s): Joulie reconciles at the first
// tick with elapsed - last >= 300, so every 301 s; and it places before it
// reconciles, so p2, waiting for a second performance node, starts at the
// tick after the reconcile that makes b performance. p1 (8408 units on 4
// cores: 2102 s) ends at the tick 2107, which is the 7th reconcile: it sees
// one performance pod and drains b. Rounding each multiple of 300 up would
// reconcile at 2100, before p1 ends, and next at 2401.
TEST(PowerController, TickModeReconcilesEveryRoundedIntervalAndPlacesAtTheNextTick) {
  const char* cluster = "nodes:\n  - node_name: a\n    cpu_cores: 4\n  - node_name: b\n    cpu_cores: 4\n";
  ClusterConfig k = PolicyC(1);
  k.power_policy.reconcile = 300 * kTicksPerSecond;
  k.work.tick = 7 * kTicksPerSecond;
  const WorkRun run = RunWork(Perf("p1", 0, "4", 8408) + Perf("p2", 0, "4", 10000), cluster, k);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(run.r.runs[0].end, 2107 * kTicksPerSecond);
  EXPECT_EQ(run.r.runs[1].begin, 308 * kTicksPerSecond);
  EXPECT_EQ(run.nodes[1], "b");
  EXPECT_EQ(Log(run), "301:2/2/0/0/1 2107:1/1/1/0/1");
  EXPECT_EQ(run.setup->controller->period(), 301 * kTicksPerSecond);
}

}  // namespace
}  // namespace clustersim::test
