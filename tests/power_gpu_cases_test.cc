// GPU special cases and the node-level GPU functions (power-model.md §d.3-
// §d.6): G8's special rows (law parameters, D3cold, θ with and without a
// binding cap), G9's per-device utilisation split, node totals, and cap
// requests.

#include <gtest/gtest.h>

#include <vector>

#include "power/gpu_power.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

// G8 special cases: H100 NVL, compute, u .8, M .45, F .45 under three law
// parameter sets, and the compat board with 'gpu.compute' (-> mixed).
TEST(PowerGpuCases, G8LawParameters) {
  const GpuSpec nvl = test::H100Nvl();  // γ 1.5, ε .15, γm .9
  const PowerSwitches sw;
  EXPECT_TRUE(Near(EvaluateGpuDevice(nvl, GpuClass::kComputeBound, 0.8, 0.45, 0.45, 280, 0, sw).power_w, 280));
  EXPECT_TRUE(
      Near(EvaluateGpuDevice(nvl, GpuClass::kComputeBound, 0.8, 0.45, 0.45, 280, 0, sw).multiplier, 0.905001058));
  EXPECT_TRUE(Near(EvaluateGpuDevice(nvl, GpuClass::kComputeBound, 0.8, 0.45, 0.45, 200, 0, sw).power_w, 200));
  EXPECT_TRUE(
      Near(EvaluateGpuDevice(nvl, GpuClass::kComputeBound, 0.8, 0.45, 0.45, 200, 0, sw).multiplier, 0.6481005844));
  GpuSpec env_law = nvl;  // env-default law γ 1, ε .2, γm 1.2
  env_law.gamma = 1;
  env_law.epsilon = 0.2;
  env_law.gamma_m = 1.2;
  EXPECT_TRUE(
      Near(EvaluateGpuDevice(env_law, GpuClass::kComputeBound, 0.8, 0.45, 0.45, 200, 0, sw).multiplier, 0.7374091389));
  const GpuDeviceResult base =
      EvaluateGpuDevice(test::BaseGpu(), GpuClass::kMixed, 0.8, 0.6, 0.45, 180, 0, PowerSwitches::Joulie());
  EXPECT_TRUE(Near(base.power_w, 180));
  EXPECT_TRUE(Near(base.multiplier, 0.9209719815));
}

// G8: an idle H100 SXM under an eco cap of 490 W is D3cold-eligible; only
// the corrected model lets it drop to 0.1·Idle.
TEST(PowerGpuCases, G8D3Cold) {
  const GpuSpec sxm = test::H100Sxm();
  EXPECT_TRUE(D3ColdEligible(sxm, 490, 0));
  EXPECT_FALSE(D3ColdEligible(sxm, 700, 0));
  EXPECT_FALSE(D3ColdEligible(sxm, 0, 0));       // no cap means Max
  EXPECT_FALSE(D3ColdEligible(sxm, 490, 0.01));  // u < 0.01 only
  EXPECT_TRUE(
      Near(EvaluateGpuDevice(sxm, GpuClass::kMixed, 0, 0.45, 0.45, 490, 0, PowerSwitches::Default()).power_w, 10));
  EXPECT_TRUE(
      Near(EvaluateGpuDevice(sxm, GpuClass::kMixed, 0, 0.45, 0.45, 490, 0, PowerSwitches::Joulie()).power_w, 100));
  EXPECT_TRUE(
      Near(EvaluateGpuDevice(sxm, GpuClass::kMixed, 0, 0.45, 0.45, 700, 0, PowerSwitches::Default()).power_w, 100));
}

// G8: θ .3 on an H100 SXM, compute u .5 (cap 700 does not bind) and u .95
// (cap 420 binds).
TEST(PowerGpuCases, G8ThetaWithAndWithoutBindingCap) {
  const GpuSpec sxm = test::H100Sxm();
  const GpuDeviceResult corr =
      EvaluateGpuDevice(sxm, GpuClass::kComputeBound, 0.5, 0.45, 0.45, 700, 0.3, PowerSwitches::Default());
  EXPECT_TRUE(Near(corr.power_w, 379.1091335));
  EXPECT_TRUE(Near(corr.multiplier, 0.7));
  const GpuDeviceResult compat =
      EvaluateGpuDevice(sxm, GpuClass::kComputeBound, 0.5, 0.45, 0.45, 700, 0.3, PowerSwitches::Joulie());
  EXPECT_TRUE(Near(compat.power_w, 379.1091335));
  EXPECT_EQ(compat.multiplier, 1);
  for (const PowerSwitches& sw : {PowerSwitches::Default(), PowerSwitches::Joulie()}) {
    const GpuDeviceResult bound = EvaluateGpuDevice(sxm, GpuClass::kComputeBound, 0.95, 0.45, 0.45, 420, 0.3, sw);
    EXPECT_TRUE(Near(bound.power_w, 420));
    EXPECT_TRUE(Near(bound.multiplier, 0.4856172652));
  }
}

// G9 per-device split.
TEST(PowerGpuCases, G9PerDeviceSplit) {
  struct Row {
    double util;
    int devices, active;
    double u;
  };
  const Row rows[] = {
      {0.4, 8, 4, 0.8}, {0.55, 4, 3, 0.7333333333}, {1, 8, 8, 1}, {0.05, 8, 1, 0.4}, {0.5, 8, 4, 1},
      {0, 4, 0, 0},     {0.3, 1, 1, 0.3},
  };
  for (const Row& r : rows) {
    const GpuUtilSplit split = SplitGpuUtil(r.util, r.devices);
    EXPECT_EQ(split.active, r.active) << r.util << " on " << r.devices;
    EXPECT_TRUE(Near(split.active_util, r.u)) << r.util << " on " << r.devices;
    EXPECT_EQ(split.UtilOf(r.devices - 1), r.active == r.devices ? split.active_util : 0);
  }
  // Float noise just above a whole device count does not wake another.
  EXPECT_EQ(SplitGpuUtil(0.5000000000000001, 8).active, 4);
  EXPECT_EQ(SplitGpuUtil(0.5001, 8).active, 5);
  EXPECT_EQ(SplitGpuUtil(1.5, 4).active, 4);  // clamped to 1
  EXPECT_EQ(SplitGpuUtil(0.5, 0).active, 0);
}

// Node totals: Σ P_d and the mean multiplier over devices (§d.5).
TEST(PowerGpuCases, NodeSumsDevicePowerAndAveragesMultipliers) {
  const GpuSpec nvl = test::H100Nvl();
  // 0.475 on 2 devices: one device at u .95, one idle; both capped at 280 W.
  const GpuNodeInputs in{0.475, GpuClass::kComputeBound, 0.45, 0.45};
  const std::vector<double> caps = {280, 280};
  const std::vector<double> thetas = {0, 0};
  std::vector<GpuDeviceResult> devices(2);
  const GpuNodeResult corr = EvaluateGpuNode(nvl, in, caps, thetas, PowerSwitches::Default(), devices);
  EXPECT_TRUE(Near(devices[0].power_w, 280));
  EXPECT_TRUE(Near(devices[0].multiplier, 0.7869787643));  // G8: H100 NVL compute .95 at 280 W
  EXPECT_TRUE(Near(devices[1].power_w, 6));                // idle, eco-capped: D3cold
  EXPECT_EQ(devices[1].multiplier, 1);
  EXPECT_TRUE(Near(corr.power_w, 286));
  EXPECT_TRUE(Near(corr.mean_multiplier, (0.7869787643 + 1) / 2));
  const GpuNodeResult compat = EvaluateGpuNode(nvl, in, caps, thetas, PowerSwitches::Joulie());
  EXPECT_TRUE(Near(compat.power_w, 340));  // the idle device keeps 60 W
  const GpuNodeResult none = EvaluateGpuNode(nvl, in, {}, {}, PowerSwitches::Default());
  EXPECT_EQ(none.power_w, 0);
}

// §d.6 cap requests.
TEST(PowerGpuCases, CapRequests) {
  const GpuSpec sxm = test::H100Sxm();
  EXPECT_EQ(GpuCapFromWatts(sxm, 4, 450).target_w, 450);
  EXPECT_EQ(GpuCapFromWatts(sxm, 4, 100).target_w, 200);  // MinCap
  EXPECT_EQ(GpuCapFromWatts(sxm, 4, 900).target_w, 700);  // Max
  EXPECT_EQ(GpuCapFromWatts(sxm, 4, 0).status, GpuCapStatus::kInvalid);
  EXPECT_EQ(GpuCapFromWatts(sxm, 4, -5).status, GpuCapStatus::kInvalid);
  EXPECT_EQ(GpuCapFromWatts(sxm, 0, 450).status, GpuCapStatus::kBlocked);
  EXPECT_EQ(GpuCapFromPercent(sxm, 4, 70).target_w, 490);
  EXPECT_EQ(GpuCapFromPercent(sxm, 4, 0).status, GpuCapStatus::kInvalid);
  EXPECT_EQ(EffectiveGpuCap(sxm, 0), 700);
}

// Property: the throughput is exactly 1 whenever cap >= P_nat (θ 0), and
// never above 1 or below 0.
TEST(PowerGpuCases, ThroughputIsOneWhileTheCapDoesNotBind) {
  for (const GpuSpec& gpu : {test::H100Nvl(), test::H100Sxm(), test::L40s(), test::Mi300x(), test::W7900()})
    for (GpuClass cls : {GpuClass::kComputeBound, GpuClass::kMemoryBound, GpuClass::kBandwidthBound, GpuClass::kMixed})
      for (double u = 0; u <= 1.0001; u += 0.05)
        for (double cap = gpu.min_cap_w; cap <= gpu.max_w; cap += 25) {
          const double p_nat = GpuNaturalPower(gpu, BlendedGpuWeights(cls, 0.5, 0.4), u);
          const GpuDeviceResult d = EvaluateGpuDevice(gpu, cls, u, 0.5, 0.4, cap, 0, PowerSwitches::Default());
          if (cap >= p_nat) {
            ASSERT_EQ(d.multiplier, 1) << "cap " << cap << " P_nat " << p_nat;
          } else {
            ASSERT_LT(d.multiplier, 1);
            ASSERT_GE(d.multiplier, 0);
            ASSERT_EQ(d.power_w, cap);
          }
        }
}

}  // namespace
}  // namespace clustersim::power
