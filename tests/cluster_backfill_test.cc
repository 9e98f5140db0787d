// EASY on a per-node pool (README "Scheduling on a cluster"): the head's
// shadow is when releases let it be placed, and the extra-nodes rule
// (--extra-nodes on) asks whether the head can still be placed by then with
// the candidate holding its nodes. The rule was never applied on a cluster
// while the banner and summary.json said "extra nodes" (review of seed
// 002's power policies, twenty-fifth session). Schedules computed by hand;
// only start times and nodes are checked, since work-based end times depend
// on the power model.

#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "subprocess.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

std::string Perf(const std::string& id, const std::string& cpu, double units) {
  return Jsonl(id, 0, cpu, units, 0, 0, R"("intentClass":"performance")");
}

// "pod@begin/node ..." by job index.
std::string Starts(const WorkRun& run) {
  std::string s;
  for (JobId id = 0; id < run.w.jobs.size(); ++id)
    s += fmt::format("{}{}@{}/{}", s.empty() ? "" : " ", run.w.pods[run.w.work[id].first_pod].name,
                     ToSeconds(run.r.runs[id].begin), run.nodes[id]);
  return s;
}

int Backfilled(const WorkRun& run) {
  int n = 0;
  for (const JobRun& r : run.r.runs) n += r.backfilled ? 1 : 0;
  return n;
}

// One performance node n-0 and two eco nodes, 16 cores each. Performance
// jobs of 10 cores j1 (4000 units: 400 s), j2 (2000: 200 s), j3 (7000), and
// a standard s1 of 4 cores and 4000 units (1000 s nominal), all at 0.
//   t=0    j1 takes n-0; j2, the head, can only use n-0: shadow 400. s1
//          runs past 400, but on an eco node (worst fit: e-0), where j2
//          can never go: j2 still fits n-0 at 400, so s1 starts at 0.
//   t=400  j1 ends: j2 starts; j3 waits for n-0.
//   t=600  j2 ends: j3 starts.
// Without the rule s1 waited for the queue to drain to it: 600.
constexpr char kOneFastTwoEco[] =
    "nodes:\n  - node_name: n-0\n  - node_name_prefix: e\n    replicas: 2\n    power_profile: eco\n";

std::string FastHeadAndAStandardJob() {
  return Perf("j1", "10", 4000) + Perf("j2", "10", 2000) + Perf("j3", "10", 7000) + Jsonl("s1", 0, "4", 4000);
}

TEST(ClusterBackfill, ALongJobStartsOnNodesTheHeadCannotUse) {
  const WorkRun run = RunWork(FastHeadAndAStandardJob(), kOneFastTwoEco);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Starts(run), "j1@0/n-0 j2@400/n-0 j3@600/n-0 s1@0/e-0");
  EXPECT_EQ(Backfilled(run), 1);
}

TEST(ClusterBackfill, TheRuleHoldsInEveryBackfillOrderAndIsOffWhenAsked) {
  Policy sjbf;
  sjbf.backfill_order = BackfillOrderKey::kSjf;
  EXPECT_EQ(Starts(RunWork(FastHeadAndAStandardJob(), kOneFastTwoEco, {}, sjbf)),
            "j1@0/n-0 j2@400/n-0 j3@600/n-0 s1@0/e-0");
  Policy off;
  off.extra_nodes = false;
  EXPECT_EQ(Starts(RunWork(FastHeadAndAStandardJob(), kOneFastTwoEco, {}, off)),
            "j1@0/n-0 j2@400/n-0 j3@600/n-0 s1@600/e-0");
}

// From the command line the rule is off on a cluster unless asked for, and
// the banner says which.
TEST(ClusterBackfill, OnTheCommandLineTheRuleIsOnlyOnWhenAsked) {
  const std::filesystem::path d = ScratchDir("cluster_extra_nodes");
  std::ofstream(d / "c.yaml") << kOneFastTwoEco;
  std::ofstream(d / "t.jsonl") << FastHeadAndAStandardJob();
  const auto s1_start = [&](const std::vector<std::string>& extra, const std::string& banner) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                     (d / "c.yaml").string(), "-o", (d / "out").string(), "--outputs", "placements"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("(compat none, window <=, " + banner + ")"), std::string::npos) << r.out;
    for (const CsvRow& row : ReadCsvRows(d / "out" / "placements.csv"))
      if (row.at("pod") == "s1") return row.at("start_time");
    return std::string("none");
  };
  EXPECT_EQ(s1_start({}, "no extra nodes"), "600");
  EXPECT_EQ(s1_start({"--extra-nodes", "on"}, "extra nodes"), "0");
}

// Two 16-core nodes a and b. r1 (12 cores, 4800 units: 400 s) takes a, r2
// (12 cores, 12000 units: 1000 s) takes b; 4 cores are free on each. The
// head h (14 cores) fits a when r1 ends: shadow 400. c (4 cores, 8000
// units: 2000 s) runs past 400 and the pool would put it on a (tie, first
// in file order): a would have 12 free at 400, so h would wait for b at
// 1000. c is refused, though a count of units (16 + 4 free at 400, h needs
// 14: 6 extra) would have let it start. At 400: h takes a (2 left), c takes b.
TEST(ClusterBackfill, ALongJobThatWouldTakeTheHeadsNodeWaits) {
  const std::string cluster = "nodes:\n  - node_name: a\n  - node_name: b\n";
  const std::string trace = Jsonl("r1", 0, "12", 4800) + Jsonl("r2", 0, "12", 12000) + Jsonl("h", 0, "14", 1400) +
                            Jsonl("c", 0, "4", 8000);
  const WorkRun run = RunWork(trace, cluster);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Starts(run), "r1@0/a r2@0/b h@400/a c@400/b");
  EXPECT_EQ(Backfilled(run), 0);
}

// A gang marked for packing by the head's shadow walk starts in the same
// invocation when it packs as things stand (schedulers.md §1: one
// invocation, looped until no further job can start). Nodes a (5 cores) and
// b (8). x (1 core, 100 s) takes b at 0 (worst fit). At 10 the gang p1
// (1.5 cores), p2 (2.5), p3 (6) arrives; one by one p1 and p2 take b and p3
// fits nowhere, even with x gone: the walk marks it, and a packing exists
// now (p1, p2 on a; p3 on b beside x). It started at 100, when x ended; at
// 50 if an unrelated job arrived then.
TEST(ClusterBackfill, AGangTheShadowWalkMarksStartsInTheSamePass) {
  const std::string cluster = "nodes:\n  - {node_name: a, cpu_cores: 5}\n  - {node_name: b, cpu_cores: 8}\n";
  const std::string gang = R"("gang":true,"workloadId":"g")";
  const std::string trace = Jsonl("x", 0, "1", 100) + Jsonl("p1", 10, "1500m", 15, 0, 0, gang) +
                            Jsonl("p2", 10, "2500m", 25, 0, 0, gang) + Jsonl("p3", 10, "6", 60, 0, 0, gang);
  const WorkRun run = RunWork(trace, cluster);
  ASSERT_TRUE(run.status.ok()) << run.status.message();
  EXPECT_EQ(Starts(run), "x@0/b p1@10/a;b");
}

// The pool's guard (a one-pod head's spare room per node at the shadow)
// answers as the reference does: the candidate allocated, EarliestFit asked,
// released. Generated days of AI work, dense enough to queue, on the example
// cluster under three placements and power policy B.
TEST(ClusterBackfill, TheGuardAnswersAsEarliestFitDoes) {
  const std::filesystem::path d = ScratchDir("cluster_guard");
  const std::string cluster = Slurp(std::filesystem::path(CLUSTERSIM_SOURCE_DIR) / "examples" / "cluster.yaml");
  int differs_from_rule_off = 0, runs = 0;
  for (const char* seed : {"1", "2", "3"}) {
    const std::string trace = (d / (std::string("w") + seed + ".jsonl")).string();
    ASSERT_EQ(RunProcess({ClustersimBinary(), "generate", "-o", trace, "--seed", seed, "--horizon", "4h",
                          "--mean-interarrival", "6", "--quiet"}).exit_code, 0);
    const std::string jsonl = Slurp(trace);
    for (const PlacementStrategy placement :
         {PlacementStrategy::kWorstFit, PlacementStrategy::kFirstFit, PlacementStrategy::kJoulie}) {
      for (const bool policy_b : {false, true}) {
        SCOPED_TRACE(fmt::format("seed {} placement {} policy B {}", seed, static_cast<int>(placement), policy_b));
        ClusterConfig k;
        k.placement = placement;
        if (policy_b) k.power_policy.policy = power::PowerPolicy::kStatic;
        const WorkRun guarded = RunWork(jsonl, cluster, k);
        const WorkRun asked = RunWork(jsonl, cluster, k, {}, [](ClusterSetup& s) { s.pool->AskEarliestFitOnly(); });
        ASSERT_TRUE(guarded.status.ok()) << guarded.status.message();
        ASSERT_TRUE(asked.status.ok()) << asked.status.message();
        EXPECT_EQ(Starts(guarded), Starts(asked));
        Policy off;
        off.extra_nodes = false;
        differs_from_rule_off += Starts(RunWork(jsonl, cluster, k, off)) != Starts(guarded) ? 1 : 0;
        ++runs;
      }
    }
  }
  EXPECT_GT(differs_from_rule_off, runs / 2);  // the rule decided something in most runs
}

}  // namespace
}  // namespace clustersim::test
