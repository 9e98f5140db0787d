// Node aggregation (power-model.md §f, §k.1 item 16): golden table G9's
// five-job example, Joulie's blended memory intensity, gang-blocked pods,
// and the 60 % dominant-class rule.

#include <gtest/gtest.h>

#include <vector>

#include "power/node_load.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

WorkProfile Profile(CpuClass cpu_class, double u_cpu, double mem, double io, GpuClass gpu_class = GpuClass::kMixed,
                    double u_gpu = 0, double feed = 0) {
  WorkProfile p;
  p.cpu_class = cpu_class;
  p.u_cpu = u_cpu;
  p.mem = mem;
  p.io = io;
  p.gpu_class = gpu_class;
  p.u_gpu = u_gpu;
  p.feed = feed;
  return p;
}

// G9: 64-core node with 4 GPUs; every job has CPU and (where G > 0) GPU work left.
struct G9Node {
  std::vector<WorkProfile> profiles = {
      Profile(CpuClass::kComputeBound, 0.9, 0.2, 0.05),
      Profile(CpuClass::kMemoryBound, 0.6, 0.85, 0.10),
      Profile(CpuClass::kMixed, 0.5, 0.45, 0.10),
      Profile(CpuClass::kMixed, 0.3, 0.6, 0.1, GpuClass::kComputeBound, 0.9, 0.5),
      Profile(CpuClass::kMixed, 0.25, 0.9, 0.2, GpuClass::kMemoryBound, 0.7, 0.3),
  };
  std::vector<PodLoad> pods() const {
    return {{8, 0, &profiles[0], true, false, false},
            {4, 0, &profiles[1], true, false, false},
            {0.05, 0, &profiles[2], true, false, false},  // weight floored to 0.1
            {16, 2, &profiles[3], true, true, false},
            {8, 1, &profiles[4], true, true, false}};
  }
};

TEST(PowerNodeLoad, G9Aggregation) {
  const G9Node node;
  const std::vector<PodLoad> pods = node.pods();
  const NodeLoad load = AggregateNodeLoad(pods, 64, 4, PowerSwitches::Default());
  EXPECT_TRUE(Near(load.cpu_util, 0.256640625));
  EXPECT_TRUE(Near(load.cpu_mem, 0.6051246537));
  EXPECT_TRUE(Near(load.cpu_io, 0.1110803324));
  EXPECT_TRUE(Near(load.cpu_class_weight[static_cast<int>(CpuClass::kComputeBound)], 8));
  EXPECT_TRUE(Near(load.cpu_class_weight[static_cast<int>(CpuClass::kMemoryBound)], 4));
  EXPECT_TRUE(Near(load.cpu_class_weight[static_cast<int>(CpuClass::kMixed)], 24.1));
  EXPECT_EQ(load.cpu_class_weight[static_cast<int>(CpuClass::kIoBound)], 0);
  EXPECT_EQ(load.cpu_class, CpuClass::kMixed);
  EXPECT_TRUE(Near(load.gpu_util, 0.625));
  EXPECT_TRUE(Near(load.gpu_mem, 0.7));
  EXPECT_TRUE(Near(load.gpu_feed, 0.4333333333));
  EXPECT_EQ(load.gpu_class, GpuClass::kComputeBound);
  EXPECT_TRUE(Near(load.cpu_weight, 36.1));  // Joulie's capacity-share denominator
  EXPECT_TRUE(Near(load.gpu_requested, 3));
}

// §k.1 item 16: Joulie's one node M is 0.6124 for both sides on G9's node
// (the doc gives 4 digits).
TEST(PowerNodeLoad, BlendedMemoryIntensityForCompat) {
  const G9Node node;
  const std::vector<PodLoad> pods = node.pods();
  EXPECT_TRUE(test::Within(BlendedMemoryIntensity(pods), 0.6124, 5e-5));
  const NodeLoad load = AggregateNodeLoad(pods, 64, 4, PowerSwitches::Joulie());
  EXPECT_TRUE(test::Within(load.cpu_mem, 0.6124, 5e-5));
  EXPECT_EQ(load.gpu_mem, load.cpu_mem);
  // Only M is blended: I and F keep their own sides.
  EXPECT_TRUE(Near(load.cpu_io, 0.1110803324));
  EXPECT_TRUE(Near(load.gpu_feed, 0.4333333333));
}

// Gang-blocked pods hold their weights but add no utilisation under the
// default; Joulie counts their profile's U.
TEST(PowerNodeLoad, GangBlockedPodsAddNoUtilisationByDefault) {
  const WorkProfile p = Profile(CpuClass::kComputeBound, 0.5, 0.2, 0.1, GpuClass::kComputeBound, 0.8, 0.4);
  const std::vector<PodLoad> pods = {{8, 2, &p, true, true, true}};
  const NodeLoad corr = AggregateNodeLoad(pods, 16, 4, PowerSwitches::Default());
  EXPECT_EQ(corr.cpu_util, 0);
  EXPECT_EQ(corr.gpu_util, 0);
  EXPECT_EQ(corr.cpu_class, CpuClass::kComputeBound);
  EXPECT_TRUE(Near(corr.cpu_mem, 0.2));
  const NodeLoad compat = AggregateNodeLoad(pods, 16, 4, PowerSwitches::Joulie());
  EXPECT_TRUE(Near(compat.cpu_util, 0.25));
  EXPECT_TRUE(Near(compat.gpu_util, 0.4));
}

// Each side counts only pods with work left on that side.
TEST(PowerNodeLoad, FinishedSidesDropOut) {
  const WorkProfile gpu_job = Profile(CpuClass::kMemoryBound, 1, 0.9, 0.3, GpuClass::kMemoryBound, 1, 0.2);
  const WorkProfile cpu_job = Profile(CpuClass::kComputeBound, 0.5, 0.1, 0.1);
  const std::vector<PodLoad> pods = {{4, 2, &gpu_job, false, true, false}, {4, 0, &cpu_job, true, false, false}};
  const NodeLoad load = AggregateNodeLoad(pods, 8, 2, PowerSwitches::Default());
  EXPECT_TRUE(Near(load.cpu_util, 0.25));
  EXPECT_TRUE(Near(load.cpu_mem, 0.1));
  EXPECT_EQ(load.cpu_class, CpuClass::kComputeBound);
  EXPECT_TRUE(Near(load.gpu_util, 1));
  EXPECT_TRUE(Near(load.gpu_mem, 0.9));
  const NodeLoad empty = AggregateNodeLoad({}, 8, 2, PowerSwitches::Default());
  EXPECT_EQ(empty.cpu_util, 0);
  EXPECT_EQ(empty.cpu_mem, 0);
  EXPECT_EQ(empty.cpu_class, CpuClass::kMixed);
  EXPECT_EQ(empty.gpu_class, GpuClass::kMixed);
}

// §f: the largest class wins only with >= 60 % of the weight.
TEST(PowerNodeLoad, DominantClassNeedsSixtyPercent) {
  EXPECT_EQ(DominantCpuClass({6, 4, 0, 0}), CpuClass::kComputeBound);  // exactly 60 %
  EXPECT_EQ(DominantCpuClass({5.9, 4.1, 0, 0}), CpuClass::kMixed);
  EXPECT_EQ(DominantCpuClass({0, 0, 7, 3}), CpuClass::kIoBound);
  EXPECT_EQ(DominantCpuClass({0, 0, 0, 0}), CpuClass::kMixed);
  EXPECT_EQ(DominantGpuClass({0, 1, 2, 0}), GpuClass::kBandwidthBound);  // 2/3
  EXPECT_EQ(DominantGpuClass({1, 1, 1, 0}), GpuClass::kMixed);
  // Utilisation saturates at 1.
  const WorkProfile busy = Profile(CpuClass::kMixed, 1, 0.45, 0.1);
  const std::vector<PodLoad> pods = {{12, 0, &busy, true, false, false}};
  EXPECT_EQ(AggregateNodeLoad(pods, 8, 0, PowerSwitches::Default()).cpu_util, 1);
}

}  // namespace
}  // namespace clustersim::power
