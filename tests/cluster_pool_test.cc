// ClusterPool: the per-node pool's placement rules, checked on hand-made
// clusters (sched/cluster_pool.h): strategies and their tie order, class
// affinity, vendor matching, the lowest free GPU indices, gangs placed all
// at once or not at all, whole nodes, spread cores, and what can never fit.

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"
#include "sched/cluster_pool.h"

namespace clustersim {
namespace {

Cluster Load(const std::string& yaml) {
  auto c = LoadClusterText(yaml, "cluster.yaml", ShippedCatalog());
  EXPECT_TRUE(c.ok()) << c.status().message();
  return c.ok() ? c.take() : Cluster{};
}

// Three 8-core nodes; a, b and c; jobs of one pod each.
const char* kThree = "nodes:\n  - node_name_prefix: n\n    replicas: 3\n    cpu_cores: 8\n";

struct Harness {
  Cluster cluster;
  Workload w;
  std::vector<std::uint8_t> perf;
  void Add(std::int64_t millicores, int gpus = 0, GpuVendor vendor = GpuVendor::kNone, bool performance = false,
           int pods = 1) {
    WorkJob j;
    j.first_pod = static_cast<std::uint32_t>(w.pods.size());
    j.num_pods = static_cast<std::uint32_t>(pods);
    j.gang = pods > 1;
    std::int64_t total = 0;
    for (int p = 0; p < pods; ++p) {
      Pod pod;
      pod.name = "j" + std::to_string(w.work.size()) + "-" + std::to_string(p);
      pod.millicores = millicores;
      pod.gpus = gpus;
      pod.vendor = vendor;
      w.pods.push_back(pod);
      total += millicores;
    }
    w.work.push_back(j);
    Job job;
    job.units = total;
    w.jobs.push_back(job);
    perf.push_back(performance ? 1 : 0);
  }
};

std::string Where(const ClusterPool& pool, const Cluster& c, JobId id) {
  std::string s;
  for (const Piece& p : pool.pieces(id)) {
    if (!s.empty()) s += ' ';
    s += c.nodes[p.node].name;
    if (p.devices != 0) s += ":" + std::to_string(p.devices);
  }
  return s;
}

// Three empty nodes of 8, 4 and 16 cores and a 3-core pod: first-fit takes
// the first (a), best-fit the tightest (b, 1 core left), worst-fit the
// emptiest (c, 13 left). Two identical empty nodes tie: the first wins.
TEST(ClusterPool, StrategiesPickTheirNodeAndBreakTiesByClusterOrder) {
  const char* sizes =
      "nodes:\n  - node_name: a\n    cpu_cores: 8\n  - node_name: b\n    cpu_cores: 4\n"
      "  - node_name: c\n    cpu_cores: 16\n";
  for (auto [strategy, expected] : std::vector<std::pair<PlacementStrategy, std::string>>{
           {PlacementStrategy::kFirstFit, "a"}, {PlacementStrategy::kBestFit, "b"},
           {PlacementStrategy::kWorstFit, "c"}, {PlacementStrategy::kJoulie, "c"}}) {
    Harness h;
    h.cluster = Load(sizes);
    h.Add(3000);
    ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, strategy);
    ASSERT_TRUE(pool.Fits(0, h.w.jobs[0]));
    pool.Allocate(0, h.w.jobs[0]);
    EXPECT_EQ(Where(pool, h.cluster, 0), expected) << EnumNameOf(kPlacementNames, strategy);
    Harness t;
    t.cluster = Load(kThree);
    t.Add(3000);
    ClusterPool tie(t.cluster, t.w, t.perf, PoolUnits::kMillicores, strategy);
    ASSERT_TRUE(tie.Fits(0, t.w.jobs[0]));
    tie.Allocate(0, t.w.jobs[0]);
    EXPECT_EQ(Where(tie, t.cluster, 0), "n-0") << EnumNameOf(kPlacementNames, strategy);
  }
}

// Joulie's score clamps at 0, and then nodes of one group tie: §h.3 gives
// the tie to the first in name order, not to the most free. Two 100-core
// nodes holding 95 and 85 cores (pressure (95 + 85) / 2 = 90); a standard
// 3-core pod scores 0.7 * 2 + 15 - 27 < 0 on a-0 and 0.7 * 12 + 15 - 27 < 0
// on a-1: both 0, so a-0 (it went to a-1, the most free).
TEST(ClusterPool, JoulieScoresTiedAtZeroGoToTheFirstInNameOrder) {
  Harness h;
  h.cluster = Load("nodes:\n  - node_name_prefix: a\n    replicas: 2\n    cpu_cores: 100\n");
  h.Add(95000);
  h.Add(85000);
  h.Add(3000);
  ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, PlacementStrategy::kJoulie);
  for (JobId id = 0; id < 3; ++id) {
    ASSERT_TRUE(pool.Fits(id, h.w.jobs[id])) << id;
    pool.Allocate(id, h.w.jobs[id]);
  }
  EXPECT_EQ(Where(pool, h.cluster, 0), "a-0");
  EXPECT_EQ(Where(pool, h.cluster, 1), "a-1");
  EXPECT_EQ(Where(pool, h.cluster, 2), "a-0");
}

TEST(ClusterPool, PerformanceJobsNeverLandOnEcoOrDrainingNodes) {
  Harness h;
  h.cluster = Load(
      "nodes:\n  - node_name: eco\n    cpu_cores: 8\n    power_profile: eco\n"
      "  - node_name: drain\n    cpu_cores: 8\n    power_profile: draining\n"
      "  - node_name: perf\n    cpu_cores: 2\n");
  h.Add(4000, 0, GpuVendor::kNone, true);   // fits only eco/drain by size: never
  h.Add(2000, 0, GpuVendor::kNone, true);   // perf
  h.Add(4000, 0, GpuVendor::kNone, false);  // standard: eco (first-fit)
  ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, PlacementStrategy::kFirstFit);
  EXPECT_FALSE(pool.Fits(0, h.w.jobs[0]));
  std::string why;
  EXPECT_FALSE(pool.CanEverFit(0, h.w.jobs[0], &why));
  EXPECT_EQ(why, "pod j0-0 requests 4 cores, 0 GPUs and 0 bytes of memory; no performance node of the cluster has that");
  ASSERT_TRUE(pool.Fits(1, h.w.jobs[1]));
  pool.Allocate(1, h.w.jobs[1]);
  EXPECT_EQ(Where(pool, h.cluster, 1), "perf");
  ASSERT_TRUE(pool.Fits(2, h.w.jobs[2]));
  pool.Allocate(2, h.w.jobs[2]);
  EXPECT_EQ(Where(pool, h.cluster, 2), "eco");
}

TEST(ClusterPool, GpusMatchTheVendorAndTakeTheLowestFreeIndices) {
  Harness h;
  h.cluster = Load(
      "nodes:\n  - node_name: amd\n    cpu_cores: 32\n    product: AMD Instinct MI300X\n    gpu_count: 8\n"
      "  - node_name: nv\n    cpu_cores: 32\n    product: NVIDIA H100 NVL\n    gpu_count: 8\n");
  h.Add(1000, 2, GpuVendor::kNvidia);
  h.Add(1000, 3, GpuVendor::kNvidia);
  h.Add(1000, 1, GpuVendor::kAny);   // plain `gpu`: any vendor, first-fit -> amd
  h.Add(1000, 4, GpuVendor::kAmd);
  ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, PlacementStrategy::kFirstFit);
  for (JobId id = 0; id < 4; ++id) {
    ASSERT_TRUE(pool.Fits(id, h.w.jobs[id])) << id;
    pool.Allocate(id, h.w.jobs[id]);
  }
  EXPECT_EQ(Where(pool, h.cluster, 0), "nv:3");     // devices 0, 1
  EXPECT_EQ(Where(pool, h.cluster, 1), "nv:28");    // devices 2, 3, 4
  EXPECT_EQ(Where(pool, h.cluster, 2), "amd:1");    // device 0
  EXPECT_EQ(Where(pool, h.cluster, 3), "amd:30");   // devices 1-4
  // Freed devices are reused from the lowest index.
  pool.Release(0, h.w.jobs[0]);
  ASSERT_TRUE(pool.Fits(0, h.w.jobs[0]));
  pool.Allocate(0, h.w.jobs[0]);
  EXPECT_EQ(Where(pool, h.cluster, 0), "nv:3");
}

TEST(ClusterPool, AGangIsPlacedWholeOrNotAtAll) {
  Harness h;
  h.cluster = Load(kThree);
  h.Add(6000);                                       // n-0
  h.Add(4000, 0, GpuVendor::kNone, false, 3);       // 3 pods of 4 cores: n-1, n-1, n-2
  h.Add(8000, 0, GpuVendor::kNone, false, 3);       // 3 pods of 8: n-0 has only 2 free, so not now
  ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, PlacementStrategy::kFirstFit);
  pool.Allocate(0, h.w.jobs[0]);
  const std::int64_t free_before = pool.free();
  EXPECT_FALSE(pool.Fits(2, h.w.jobs[2]));  // a failed gang leaves nothing behind
  EXPECT_EQ(pool.free(), free_before);
  ASSERT_TRUE(pool.Fits(1, h.w.jobs[1]));
  pool.Allocate(1, h.w.jobs[1]);
  EXPECT_EQ(Where(pool, h.cluster, 1), "n-1 n-1 n-2");
  pool.Release(1, h.w.jobs[1]);
  pool.Release(0, h.w.jobs[0]);
  EXPECT_EQ(pool.free(), 24000);
  ASSERT_TRUE(pool.Fits(2, h.w.jobs[2]));
}

// A gang whose pods, placed one by one in file order, do not fit, though a
// packing exists: the 1-GPU pod takes node a (4 GPUs, first fit), and the
// 4-GPU pod then fits nowhere. This repeated at every pass, so the gang
// waited forever (§a.4); the packing puts the 1-GPU pod on b (GPU 0) and
// the 4-GPU pod on a (GPUs 0-3, mask 15). A gang first fit places stays.
TEST(ClusterPool, AGangTheOneByOnePlacementMissesIsPacked) {
  Harness h;
  h.cluster = Load(
      "nodes:\n  - {node_name: a, cpu_cores: 16, product: NVIDIA L40S, gpu_count: 4}\n"
      "  - {node_name: b, cpu_cores: 16, product: NVIDIA L40S, gpu_count: 1}\n");
  h.Add(1000, 1, GpuVendor::kNone, false, 2);
  h.w.pods[1].gpus = 4;
  h.Add(1000, 1, GpuVendor::kNone, false, 2);  // the same pods, the larger first
  h.w.pods[2].gpus = 4;
  for (PlacementStrategy s : {PlacementStrategy::kFirstFit, PlacementStrategy::kBestFit, PlacementStrategy::kWorstFit,
                              PlacementStrategy::kJoulie}) {
    ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, s);
    ASSERT_TRUE(pool.Fits(0, h.w.jobs[0]));
    pool.Allocate(0, h.w.jobs[0]);
    EXPECT_EQ(Where(pool, h.cluster, 0), "b:1 a:15");
    EXPECT_FALSE(pool.Fits(1, h.w.jobs[1]));  // nothing left for a second one
    pool.Release(0, h.w.jobs[0]);
    ASSERT_TRUE(pool.Fits(1, h.w.jobs[1]));
    pool.Allocate(1, h.w.jobs[1]);
    EXPECT_EQ(Where(pool, h.cluster, 1), "a:15 b:1");
  }
}

// The blocked head's shadow for such a gang on a busy cluster: first fit
// places Y (4 GPUs) on a, X (1 GPU) on b, W (1 core) on a; ends X 50, Y 100,
// W 150. One by one the gang misses even the drained cluster (its 1-GPU pod
// takes a), so the walk packs: by bisection over the releases, the first
// that packs is Y's at 100 (after X alone, a is still busy). The gang is
// then marked, and the pass at 100 packs it: b:1 a:15.
TEST(ClusterPool, AGangOnlyAPackingPlacesGetsItsShadowByBisection) {
  Harness h;
  h.cluster = Load(
      "nodes:\n  - {node_name: a, cpu_cores: 16, product: NVIDIA L40S, gpu_count: 4}\n"
      "  - {node_name: b, cpu_cores: 16, product: NVIDIA L40S, gpu_count: 1}\n");
  h.Add(1000, 4);  // Y
  h.Add(1000, 1);  // X
  h.Add(1000);     // W
  h.Add(1000, 1, GpuVendor::kNone, false, 2);
  h.w.pods[4].gpus = 4;
  ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, PlacementStrategy::kFirstFit);
  for (JobId id : {0u, 1u, 2u}) {
    ASSERT_TRUE(pool.Fits(id, h.w.jobs[id]));
    pool.Allocate(id, h.w.jobs[id]);
  }
  ASSERT_EQ(Where(pool, h.cluster, 1), "b:1");
  EXPECT_FALSE(pool.Fits(3, h.w.jobs[3]));
  const std::int64_t free_before = pool.free();
  EXPECT_EQ(pool.EarliestFit(3, h.w.jobs[3], {{50, 1}, {100, 0}, {150, 2}}), 100);
  EXPECT_EQ(pool.free(), free_before);  // the walk leaves the pool as it was
  pool.Release(1, h.w.jobs[1]);
  pool.Release(0, h.w.jobs[0]);
  ASSERT_TRUE(pool.Fits(3, h.w.jobs[3]));
  pool.Allocate(3, h.w.jobs[3]);
  EXPECT_EQ(Where(pool, h.cluster, 3), "b:1 a:15");
}

// A gang starts whole (§a.4), so it must fit the empty cluster at once:
// three 5-core pods fit three 8-core nodes (one each) and also three 4-core
// pods fit (two share a node); four 5-core pods do not (24 cores in all,
// 20 requested, but no node holds two of them), and are refused at
// submission with the reason instead of waiting forever.
TEST(ClusterPool, AGangThatCannotBePackedCanNeverFit) {
  Harness h;
  h.cluster = Load(kThree);
  h.Add(5000, 0, GpuVendor::kNone, false, 3);
  h.Add(4000, 0, GpuVendor::kNone, false, 3);
  h.Add(5000, 0, GpuVendor::kNone, false, 4);
  ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, PlacementStrategy::kFirstFit);
  std::string why;
  EXPECT_TRUE(pool.CanEverFit(0, h.w.jobs[0], &why)) << why;
  EXPECT_TRUE(pool.CanEverFit(1, h.w.jobs[1], &why)) << why;
  ASSERT_FALSE(pool.CanEverFit(2, h.w.jobs[2], &why));
  EXPECT_NE(why.find("its 4 pods cannot all be placed"), std::string::npos) << why;
}

// A job of whole nodes (an SWF or CSV job on a cluster) larger than the
// cluster is refused with the count it needs, not with one pod's empty
// request ("0 cores, 0 GPUs", as before).
TEST(ClusterPool, TooManyWholeNodesSaysHowMany) {
  Harness h;
  h.cluster = Load(kThree);
  h.Add(0, 0, GpuVendor::kNone, false, 4);
  for (Pod& p : h.w.pods) p.whole_node = true;
  ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, PlacementStrategy::kFirstFit);
  std::string why;
  ASSERT_FALSE(pool.CanEverFit(0, h.w.jobs[0], &why));
  EXPECT_EQ(why, "it needs 4 whole nodes; the cluster has 3 nodes it may use");
}

TEST(ClusterPool, WholeNodesAndSpreadCoresCountExactly) {
  Cluster c = Load("nodes:\n  - node_name_prefix: n\n    replicas: 3\n    cpu_cores: 4\n");
  Workload w;
  // Job 0: 2 whole nodes; job 1: 6 cores spread; job 2: 1 whole node.
  auto add = [&](int pods, bool whole, std::int64_t mc, std::int64_t units) {
    WorkJob j;
    j.first_pod = static_cast<std::uint32_t>(w.pods.size());
    j.num_pods = static_cast<std::uint32_t>(pods);
    for (int p = 0; p < pods; ++p) {
      Pod pod;
      pod.whole_node = whole;
      pod.spread = !whole;
      pod.millicores = mc;
      w.pods.push_back(pod);
    }
    w.work.push_back(j);
    Job job;
    job.units = units;
    w.jobs.push_back(job);
  };
  add(1, false, 6000, 6);
  add(1, true, 0, 1);
  std::vector<std::uint8_t> perf(2, 0);
  ClusterPool cores(c, w, perf, PoolUnits::kCores, PlacementStrategy::kFirstFit);
  EXPECT_EQ(cores.capacity(), 12);
  ASSERT_TRUE(cores.Fits(0, w.jobs[0]));
  cores.Allocate(0, w.jobs[0]);
  EXPECT_EQ(cores.free(), 6);
  EXPECT_EQ(cores.pieces(0).size(), 2u);  // 4 cores on n-0, 2 on n-1
  EXPECT_EQ(cores.pieces(0)[1].millicores, 2000);
  ASSERT_TRUE(cores.Fits(1, w.jobs[1]));  // n-2 is empty
  cores.Allocate(1, w.jobs[1]);
  EXPECT_EQ(cores.pieces(1)[0].node, 2u);
  EXPECT_EQ(cores.free(), 2);
  EXPECT_TRUE(cores.scalar_is_exact());
}

// EASY's shadow on the pool: EarliestFit must equal releasing the running
// jobs one by one, in end order, until Fits says yes. Checked on random
// states of a mixed cluster (GPU nodes of two profiles, CPU-only nodes) for
// one-pod jobs (the fast path) and gangs (the general path), in each
// placement strategy.
TEST(ClusterPool, EarliestFitIsReleasingInEndOrderUntilItFits) {
  const char* mixed =
      "nodes:\n"
      "  - {node_name_prefix: g, replicas: 4, cpu_cores: 16, product: NVIDIA L40S, gpu_count: 4}\n"
      "  - {node_name_prefix: e, replicas: 3, cpu_cores: 16, product: NVIDIA L40S, gpu_count: 4, power_profile: eco}\n"
      "  - {node_name_prefix: c, replicas: 3, cpu_cores: 8}\n";
  for (PlacementStrategy strategy : {PlacementStrategy::kFirstFit, PlacementStrategy::kBestFit,
                                     PlacementStrategy::kWorstFit, PlacementStrategy::kJoulie}) {
    std::mt19937_64 rng(17);
    int found = 0, never = 0;
    for (int round = 0; round < 60; ++round) {
      Harness h;
      h.cluster = Load(mixed);
      for (int j = 0; j < 40; ++j) {
        const int gpus = 2 * std::uniform_int_distribution<int>(0, 2)(rng);  // 0, 2 or 4
        const int pods = std::uniform_int_distribution<int>(0, 9)(rng) == 0 ? 2 : 1;
        h.Add(std::uniform_int_distribution<int>(1, 16)(rng) * 500, gpus,
              gpus > 0 ? GpuVendor::kNvidia : GpuVendor::kNone, std::uniform_int_distribution<int>(0, 2)(rng) == 0,
              pods);
      }
      ClusterPool pool(h.cluster, h.w, h.perf, PoolUnits::kMillicores, strategy);
      std::vector<std::pair<SimTime, JobId>> ends;
      std::vector<JobId> waiting;
      for (JobId id = 0; id < h.w.jobs.size(); ++id) {
        if (pool.Fits(id, h.w.jobs[id])) {
          pool.Allocate(id, h.w.jobs[id]);
          ends.emplace_back(0, id);
        } else {
          waiting.push_back(id);
        }
      }
      std::shuffle(ends.begin(), ends.end(), rng);
      // Only some running jobs have a projected end in the list, so some
      // waiting jobs find no fit at all.
      ends.resize(ends.size() - ends.size() / 3);
      for (std::size_t i = 0; i < ends.size(); ++i) ends[i].first = static_cast<SimTime>(10 * (i + 1));
      for (JobId id : waiting) {
        ClusterPool reference = pool;
        SimTime expect = kTimeInfinity;
        for (const auto& [t, running] : ends) {
          reference.Release(running, h.w.jobs[running]);
          if (reference.Fits(id, h.w.jobs[id])) {
            expect = t;
            break;
          }
        }
        const std::int64_t free_before = pool.free();
        ASSERT_EQ(pool.EarliestFit(id, h.w.jobs[id], ends), expect) << "round " << round << " job " << id;
        ASSERT_EQ(pool.free(), free_before) << "EarliestFit leaves the pool as it was";
        (expect == kTimeInfinity ? never : found) += 1;
      }
    }
    EXPECT_GT(found, 100);  // the rounds exercise both answers
    EXPECT_GT(never, 0);
  }
}

}  // namespace
}  // namespace clustersim
