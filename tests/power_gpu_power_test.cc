// GPU boards under caps (power-model.md §d.1-§d.4): golden tables G7
// (boundness weights, natural power) and G8 (power and throughput under
// caps, every catalog GPU and the compat base board).

#include <gtest/gtest.h>

#include <array>
#include <string>

#include "power/gpu_power.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

// G7 blended weights ("gpu.compute" is no class name: kMixed).
TEST(PowerGpuPower, G7BlendedWeights) {
  struct Row {
    GpuClass cls;
    double mem, feed, w_c, w_m;
  };
  const Row rows[] = {
      {GpuClass::kComputeBound, 0.45, 0.45, 0.7078870497, 0.2921129503},
      {GpuClass::kMemoryBound, 0.85, 0.45, 0.2015579357, 0.7984420643},
      {GpuClass::kBandwidthBound, 0.85, 0, 0.18, 0.82},
      {GpuClass::kMixed, 0.45, 0.45, 0.5326192795, 0.4673807205},
      {GpuClass::kMixed, 0.6, 0.45, 0.4741966894, 0.5258033106},  // gpu.compute
      {GpuClass::kComputeBound, 0, 1, 0.8867924528, 0.1132075472},
  };
  for (const Row& r : rows) {
    const GpuWeights w = BlendedGpuWeights(r.cls, r.mem, r.feed);
    EXPECT_TRUE(Near(w.compute, r.w_c)) << static_cast<int>(r.cls) << " M " << r.mem;
    EXPECT_TRUE(Near(w.memory, r.w_m)) << static_cast<int>(r.cls) << " M " << r.mem;
  }
}

// G7 natural power at u = 0, .25, .5, .8, 1.
TEST(PowerGpuPower, G7NaturalPower) {
  struct Row {
    const char* gpu;
    GpuClass cls;
    double mem, feed;
    std::array<double, 5> watts;
  };
  const Row rows[] = {
      {"H100 NVL", GpuClass::kComputeBound, 0.45, 0.45, {60, 143.3546373, 218.1618423, 306.6158823, 365.2385589}},
      {"H100 NVL", GpuClass::kMemoryBound, 0.85, 0.45, {60, 144.531513, 201.699132, 264.7161516, 304.9853944}},
      {"H100 NVL", GpuClass::kMixed, 0.45, 0.45, {60, 143.7620173, 212.4632118, 292.1121293, 344.3816943}},
      {"H100 SXM", GpuClass::kComputeBound, 0.45, 0.45, {100, 247.0964187, 379.1091335, 535.2044981, 638.6562804}},
      {"H100 SXM", GpuClass::kMemoryBound, 0.85, 0.45, {100, 249.1732581, 350.0572918, 461.2637969, 532.3271665}},
      {"H100 SXM", GpuClass::kMixed, 0.45, 0.45, {100, 247.8153247, 369.0527267, 509.60964, 601.8500487}},
      {"L40S", GpuClass::kComputeBound, 0.45, 0.45, {35, 112.2256198, 181.5322951, 263.4823615, 317.7945472}},
      {"L40S", GpuClass::kMemoryBound, 0.85, 0.45, {35, 113.3159605, 166.2800782, 224.6634934, 261.9717624}},
      {"L40S", GpuClass::kMixed, 0.45, 0.45, {35, 112.6030455, 176.2526815, 250.045061, 298.4712756}},
      {"MI300X", GpuClass::kComputeBound, 0.45, 0.45, {120, 274.4512396, 413.0645901, 576.964723, 685.5890944}},
      {"MI300X", GpuClass::kMemoryBound, 0.85, 0.45, {120, 276.6319211, 382.5601564, 499.3269868, 573.9435248}},
      {"MI300X", GpuClass::kMixed, 0.45, 0.45, {120, 275.2060909, 402.5053631, 550.090122, 646.9425511}},
      {"W7900", GpuClass::kComputeBound, 0.45, 0.45, {25, 91.19338842, 150.5991101, 220.8420241, 267.3953262}},
      {"W7900", GpuClass::kMemoryBound, 0.85, 0.45, {25, 92.12796617, 137.5257813, 187.5687086, 219.5472249}},
      {"W7900", GpuClass::kMixed, 0.45, 0.45, {25, 91.5168961, 146.073727, 209.324338, 250.8325219}},
      {"base", GpuClass::kComputeBound, 0.45, 0.45, {30, 96.19338842, 155.5991101, 225.8420241, 272.3953262}},
      {"base", GpuClass::kMemoryBound, 0.85, 0.45, {30, 97.12796617, 142.5257813, 192.5687086, 224.5472249}},
      {"base", GpuClass::kMixed, 0.45, 0.45, {30, 96.5168961, 151.073727, 214.324338, 255.8325219}},
  };
  constexpr std::array<double, 5> kUtil = {0, 0.25, 0.5, 0.8, 1};
  for (const Row& r : rows) {
    const GpuSpec gpu = test::GpuByName(r.gpu);
    const GpuWeights w = BlendedGpuWeights(r.cls, r.mem, r.feed);
    for (std::size_t i = 0; i < kUtil.size(); ++i)
      EXPECT_TRUE(Near(GpuNaturalPower(gpu, w, kUtil[i]), r.watts[i]))
          << r.gpu << " class " << static_cast<int>(r.cls) << " u " << kUtil[i];
  }
}

// G8 main table: F = 0.45, cap = max(MinCap, frac·Max) ("min" = frac 0),
// CORR catalog parameters; the base rows are the compat board.
struct CapRow {
  const char* gpu;
  GpuClass cls;
  double u, mem, frac, cap, p_nat, watts, throughput;
};
constexpr CapRow kCapRows[] = {
    {"H100 NVL", GpuClass::kComputeBound, 0.95, 0.45, 1, 400, 350.6000823, 350.6000823, 1},
    {"H100 NVL", GpuClass::kComputeBound, 0.95, 0.45, 0.7, 280, 350.6000823, 280, 0.7869787643},
    {"H100 NVL", GpuClass::kComputeBound, 0.95, 0.45, 0.6, 240, 350.6000823, 240, 0.6775248124},
    {"H100 NVL", GpuClass::kComputeBound, 0.95, 0.45, 0, 200, 350.6000823, 200, 0.5766255692},
    {"H100 NVL", GpuClass::kMemoryBound, 0.7, 0.85, 1, 400, 244.1334927, 244.1334927, 1},
    {"H100 NVL", GpuClass::kMemoryBound, 0.7, 0.85, 0.7, 280, 244.1334927, 244.1334927, 1},
    {"H100 NVL", GpuClass::kMemoryBound, 0.7, 0.85, 0.6, 240, 244.1334927, 240, 0.9918537918},
    {"H100 NVL", GpuClass::kMemoryBound, 0.7, 0.85, 0, 200, 244.1334927, 200, 0.9222049466},
    {"H100 NVL", GpuClass::kMixed, 0.8, 0.45, 1, 400, 292.1121293, 292.1121293, 1},
    {"H100 NVL", GpuClass::kMixed, 0.8, 0.45, 0.7, 280, 292.1121293, 280, 0.9632226641},
    {"H100 NVL", GpuClass::kMixed, 0.8, 0.45, 0.6, 240, 292.1121293, 240, 0.8491726774},
    {"H100 NVL", GpuClass::kMixed, 0.8, 0.45, 0, 200, 292.1121293, 200, 0.7443124459},
    {"H100 SXM", GpuClass::kComputeBound, 0.95, 0.45, 1, 700, 612.8236746, 612.8236746, 1},
    {"H100 SXM", GpuClass::kComputeBound, 0.95, 0.45, 0.7, 490, 612.8236746, 490, 0.7993693035},
    {"H100 SXM", GpuClass::kComputeBound, 0.95, 0.45, 0.6, 420, 612.8236746, 420, 0.6937389503},
    {"H100 SXM", GpuClass::kComputeBound, 0.95, 0.45, 0, 200, 612.8236746, 200, 0.4090235432},
    {"H100 SXM", GpuClass::kMemoryBound, 0.7, 0.85, 1, 700, 424.9414576, 424.9414576, 1},
    {"H100 SXM", GpuClass::kMemoryBound, 0.7, 0.85, 0.7, 490, 424.9414576, 424.9414576, 1},
    {"H100 SXM", GpuClass::kMemoryBound, 0.7, 0.85, 0.6, 420, 424.9414576, 420, 0.9945520463},
    {"H100 SXM", GpuClass::kMemoryBound, 0.7, 0.85, 0, 200, 424.9414576, 200, 0.8010550874},
    {"H100 SXM", GpuClass::kMixed, 0.8, 0.45, 1, 700, 509.60964, 509.60964, 1},
    {"H100 SXM", GpuClass::kMixed, 0.8, 0.45, 0.7, 490, 509.60964, 490, 0.9677929335},
    {"H100 SXM", GpuClass::kMixed, 0.8, 0.45, 0.6, 420, 509.60964, 420, 0.859000094},
    {"H100 SXM", GpuClass::kMixed, 0.8, 0.45, 0, 200, 509.60964, 200, 0.566400501},
    {"L40S", GpuClass::kComputeBound, 0.95, 0.45, 1, 350, 304.2324291, 304.2324291, 1},
    {"L40S", GpuClass::kComputeBound, 0.95, 0.45, 0.7, 245, 304.2324291, 245, 0.8259454066},
    {"L40S", GpuClass::kComputeBound, 0.95, 0.45, 0.6, 210, 304.2324291, 210, 0.7257071926},
    {"L40S", GpuClass::kComputeBound, 0.95, 0.45, 0, 200, 304.2324291, 200, 0.6975453268},
    {"L40S", GpuClass::kMemoryBound, 0.7, 0.85, 1, 350, 205.5942653, 205.5942653, 1},
    {"L40S", GpuClass::kMemoryBound, 0.7, 0.85, 0.7, 245, 205.5942653, 205.5942653, 1},
    {"L40S", GpuClass::kMemoryBound, 0.7, 0.85, 0.6, 210, 205.5942653, 205.5942653, 1},
    {"L40S", GpuClass::kMemoryBound, 0.7, 0.85, 0, 200, 205.5942653, 200, 0.9896489022},
    {"L40S", GpuClass::kMixed, 0.8, 0.45, 1, 350, 250.045061, 250.045061, 1},
    {"L40S", GpuClass::kMixed, 0.8, 0.45, 0.7, 245, 250.045061, 245, 0.985534748},
    {"L40S", GpuClass::kMixed, 0.8, 0.45, 0.6, 210, 250.045061, 210, 0.8837742376},
    {"L40S", GpuClass::kMixed, 0.8, 0.45, 0, 200, 250.045061, 200, 0.8548792535},
    {"MI300X", GpuClass::kComputeBound, 0.95, 0.45, 1, 750, 658.4648583, 658.4648583, 1},
    {"MI300X", GpuClass::kComputeBound, 0.95, 0.45, 0.7, 525, 658.4648583, 525, 0.8685014975},
    {"MI300X", GpuClass::kComputeBound, 0.95, 0.45, 0.6, 450, 658.4648583, 450, 0.7933262326},
    {"MI300X", GpuClass::kComputeBound, 0.95, 0.45, 0, 350, 658.4648583, 350, 0.6904644502},
    {"MI300X", GpuClass::kMemoryBound, 0.7, 0.85, 1, 750, 461.1885305, 461.1885305, 1},
    {"MI300X", GpuClass::kMemoryBound, 0.7, 0.85, 0.7, 525, 461.1885305, 461.1885305, 1},
    {"MI300X", GpuClass::kMemoryBound, 0.7, 0.85, 0.6, 450, 461.1885305, 450, 0.9924522111},
    {"MI300X", GpuClass::kMemoryBound, 0.7, 0.85, 0, 350, 461.1885305, 350, 0.934040196},
    {"MI300X", GpuClass::kMixed, 0.8, 0.45, 1, 750, 550.090122, 550.090122, 1},
    {"MI300X", GpuClass::kMixed, 0.8, 0.45, 0.7, 525, 550.090122, 525, 0.9758913242},
    {"MI300X", GpuClass::kMixed, 0.8, 0.45, 0.6, 450, 550.090122, 450, 0.9054334136},
    {"MI300X", GpuClass::kMixed, 0.8, 0.45, 0, 350, 550.090122, 350, 0.8102606222},
    {"W7900", GpuClass::kComputeBound, 0.95, 0.45, 1, 295, 255.7706536, 255.7706536, 1},
    {"W7900", GpuClass::kComputeBound, 0.95, 0.45, 0.7, 206.5, 255.7706536, 206.5, 0.8393919831},
    {"W7900", GpuClass::kComputeBound, 0.95, 0.45, 0.6, 200, 255.7706536, 200, 0.8181059051},
    {"W7900", GpuClass::kMemoryBound, 0.7, 0.85, 1, 295, 171.2236559, 171.2236559, 1},
    {"W7900", GpuClass::kMemoryBound, 0.7, 0.85, 0.7, 206.5, 171.2236559, 171.2236559, 1},
    {"W7900", GpuClass::kMemoryBound, 0.7, 0.85, 0.6, 200, 171.2236559, 171.2236559, 1},
    {"W7900", GpuClass::kMixed, 0.8, 0.45, 1, 295, 209.324338, 209.324338, 1},
    {"W7900", GpuClass::kMixed, 0.8, 0.45, 0.7, 206.5, 209.324338, 206.5, 0.9913006048},
    {"W7900", GpuClass::kMixed, 0.8, 0.45, 0.6, 200, 209.324338, 200, 0.9706085281},
    {"base", GpuClass::kComputeBound, 0.95, 0.45, 1, 300, 260.7706536, 260.7706536, 1},
    {"base", GpuClass::kComputeBound, 0.95, 0.45, 0.7, 210, 260.7706536, 210, 0.8539783268},
    {"base", GpuClass::kComputeBound, 0.95, 0.45, 0.6, 180, 260.7706536, 180, 0.7664258333},
    {"base", GpuClass::kComputeBound, 0.95, 0.45, 0, 80, 260.7706536, 80, 0.4716428857},
    {"base", GpuClass::kMemoryBound, 0.7, 0.85, 1, 300, 176.2236559, 176.2236559, 1},
    {"base", GpuClass::kMemoryBound, 0.7, 0.85, 0.7, 210, 176.2236559, 176.2236559, 1},
    {"base", GpuClass::kMemoryBound, 0.7, 0.85, 0.6, 180, 176.2236559, 176.2236559, 1},
    {"base", GpuClass::kMemoryBound, 0.7, 0.85, 0, 80, 176.2236559, 80, 0.8126866107},
    {"base", GpuClass::kMixed, 0.8, 0.45, 1, 300, 214.324338, 214.324338, 1},
    {"base", GpuClass::kMixed, 0.8, 0.45, 0.7, 210, 214.324338, 210, 0.9883895404},
    {"base", GpuClass::kMixed, 0.8, 0.45, 0.6, 180, 214.324338, 180, 0.9043217166},
    {"base", GpuClass::kMixed, 0.8, 0.45, 0, 80, 214.324338, 80, 0.6128312813},
};

TEST(PowerGpuPower, G8PowerAndThroughputUnderCaps) {
  for (const CapRow& r : kCapRows) {
    SCOPED_TRACE(testing::Message() << r.gpu << " class " << static_cast<int>(r.cls) << " cap " << r.cap);
    const GpuSpec gpu = test::GpuByName(r.gpu);
    // The cap column is a percent request clamped to [MinCap, Max] (§d.6).
    const GpuCapTarget target = GpuCapFromPercent(gpu, 1, r.frac * 100);
    if (r.frac > 0) {
      ASSERT_EQ(target.status, GpuCapStatus::kOk);
      EXPECT_TRUE(Near(target.target_w, r.cap));
    } else {
      EXPECT_EQ(r.cap, gpu.min_cap_w);  // "min" rows run at the catalog minimum
    }
    const GpuWeights w = BlendedGpuWeights(r.cls, r.mem, 0.45);
    EXPECT_TRUE(Near(GpuNaturalPower(gpu, w, r.u), r.p_nat));
    // Both presets agree at θ 0 on a busy device (the base rows are what
    // compat gives every GPU).
    for (const PowerSwitches& sw : {PowerSwitches::Default(), PowerSwitches::Joulie()}) {
      const GpuDeviceResult d = EvaluateGpuDevice(gpu, r.cls, r.u, r.mem, 0.45, r.cap, 0, sw);
      EXPECT_TRUE(Near(d.power_w, r.watts));
      EXPECT_TRUE(Near(d.multiplier, r.throughput));
    }
  }
}

// The compat board is the catalog GPU with Joulie's base parameters.
TEST(PowerGpuPower, Base300ReplacesCatalogPowerParameters) {
  GpuSpec sxm = test::H100Sxm();
  sxm.product = "NVIDIA_H100_SXM";
  sxm.peer_link_gbps = 450;
  const GpuSpec compat = ApplyGpuCatalogSwitch(sxm, GpuCatalog::kBase300);
  EXPECT_EQ(compat.product, "NVIDIA_H100_SXM");
  EXPECT_EQ(compat.peer_link_gbps, 450);
  EXPECT_EQ(compat.idle_w, 30);
  EXPECT_EQ(compat.max_w, 300);
  EXPECT_EQ(compat.min_cap_w, 80);
  EXPECT_EQ(compat.gamma, 1.0);
  EXPECT_EQ(compat.epsilon, 0.2);
  EXPECT_EQ(compat.gamma_m, 1.2);
  const GpuSpec same = ApplyGpuCatalogSwitch(sxm, GpuCatalog::kCatalog);
  EXPECT_EQ(same.max_w, 700);
  EXPECT_EQ(same.gamma, 1.40);
}

}  // namespace
}  // namespace clustersim::power
