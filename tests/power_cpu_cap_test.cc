// The RAPL cap solve (power-model.md §c.5): golden table G5, analytic and
// curve nodes, CORR and COMPAT side by side, plus the properties the solve
// promises (power meets the cap unless saturated, a slack cap changes
// nothing).

#include <gtest/gtest.h>

#include <array>

#include "power/cpu_cap.h"
#include "power/cpu_throughput.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;
using test::Within;

// G5 analytic node: 80/420 W, DVFS target f = 1, no C-state.
struct AnalyticRow {
  double u, cap, mem, io, p_at_1;
  double compat_raw, compat_f, compat_p;
  double corr_raw, corr_f, corr_p;
  bool corr_saturated;
};
constexpr AnalyticRow kAnalyticRows[] = {
    {0.9, 250, 0.45, 0.1, 319.7417842, 0.6546262574, 0.6546262574, 215.3115446, 0.7751955135, 0.7751955135, 250, false},
    {0.9, 150, 0.45, 0.1, 319.7417842, 0.3392722381, 0.375, 143.78021, 0.4017594985, 0.4017594985, 150, false},
    {0.5, 150, 0.45, 0.1, 201.9495922, 0.5597610557, 0.5597610557, 135.7165184, 0.6628580112, 0.6628580112, 150, false},
    {1, 300, 0, 0, 420, 0.7243664773, 0.7243664773, 300, 0.7243664773, 0.7243664773, 300, false},
    {0.9, 80, 0.45, 0.1, 319.7417842, 0.375, 0.375, 85, 0, 0.375, 143.78021, true},
    {0.9, 100, 0.45, 0.1, 319.7417842, 0.1341327898, 0.375, 105, 0.1588374064, 0.375, 143.78021, true},
    {0, 100, 0.45, 0.1, 80, 1, 1, 80, 1, 1, 80, false},
};

TEST(PowerCpuCap, G5AnalyticCorrected) {
  const CpuSpec cpu = test::BaseCpu();
  for (const AnalyticRow& r : kAnalyticRows) {
    SCOPED_TRACE(testing::Message() << "u " << r.u << " cap " << r.cap);
    const CpuInputs in{r.u, CpuClass::kMixed, r.mem, r.io, 0, 0};
    EXPECT_TRUE(Near(CpuNodePower(cpu, in, 1, true), r.p_at_1));
    EXPECT_TRUE(Near(ExactAnalyticCapFrequency(cpu, in, 1, r.cap), r.corr_raw));
    const CpuOperatingPoint op = SolveCpuCap(cpu, in, 1, r.cap, PowerSwitches::Default());
    EXPECT_TRUE(Near(op.f_eff, r.corr_f));
    EXPECT_TRUE(Near(op.power_w, r.corr_p));
    EXPECT_EQ(op.saturated, r.corr_saturated);
  }
}

TEST(PowerCpuCap, G5AnalyticCompat) {
  const CpuSpec cpu = test::BaseCpu();
  for (const AnalyticRow& r : kAnalyticRows) {
    SCOPED_TRACE(testing::Message() << "u " << r.u << " cap " << r.cap);
    EXPECT_TRUE(Near(JoulieAnalyticCapFrequency(cpu, r.u, r.cap), r.compat_raw));
    const CpuInputs in{r.u, CpuClass::kMixed, r.mem, r.io, 0, 0};
    const CpuOperatingPoint op = SolveCpuCap(cpu, in, 1, r.cap, PowerSwitches::Joulie());
    EXPECT_TRUE(Near(op.f_eff, r.compat_f));
    EXPECT_TRUE(Near(op.power_w, r.compat_p));
  }
}

// G5 curve nodes: CORR bisection (1e-9 on f, 1e-6 W), COMPAT free clip.
TEST(PowerCpuCap, G5CurveNodes) {
  struct Row {
    CpuSpec cpu;
    double u, cap;
    CpuClass cls;
    double mem, io, p_at_1, f_star, corr_p;
    bool saturated;
    double m_star, compat_p;
  };
  const Row rows[] = {
      {test::Epyc9654(), 0.9, 600, CpuClass::kComputeBound, 0.45, 0.1, 697, 0.8661344532, 600, false, 0.9101851852,
       600},
      {test::Epyc9654(), 1, 500, CpuClass::kComputeBound, 0.45, 0.1, 817, 0.5579989817, 500, false, 0.7025316456, 500},
      {test::Epyc9654(), 1, 500, CpuClass::kMemoryBound, 0.85, 0.1, 817, 0.375, 527.7171352, true, 0.7376166268, 500},
      {test::Epyc9965(), 1, 600, CpuClass::kMixed, 0.45, 0.1, 800, 0.6534728858, 600, false, 0.8175675676, 600},
      {test::Epyc9655(), 0.8, 700, CpuClass::kComputeBound, 0.45, 0.1, 771, 0.7756702966, 700, false, 0.8494897959,
       700},
      {test::Epyc9654(), 1, 300, CpuClass::kComputeBound, 0.45, 0.1, 817, 0.375, 423.6124402, true, 0.5425388756, 300},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(testing::Message() << "curve " << r.cpu.curve.back().watts << " u " << r.u << " cap " << r.cap);
    const CpuInputs in{r.u, r.cls, r.mem, r.io, 0, 0};
    EXPECT_TRUE(Near(CpuNodePower(r.cpu, in, 1, true), r.p_at_1));
    const CpuOperatingPoint corr = SolveCpuCap(r.cpu, in, 1, r.cap, PowerSwitches::Default());
    EXPECT_EQ(corr.saturated, r.saturated);
    if (r.saturated) {
      EXPECT_EQ(corr.f_eff, r.cpu.fmin);  // a branch switch: exact
      EXPECT_TRUE(Near(corr.power_w, r.corr_p));
    } else {
      EXPECT_TRUE(Within(corr.f_eff, r.f_star, 1e-9));
      EXPECT_TRUE(Within(corr.power_w, r.corr_p, 1e-6));
      EXPECT_LE(corr.power_w, r.cap);  // the largest f *under* the cap
    }
    EXPECT_TRUE(Within(CpuMultiplier(corr.f_eff, r.cls, r.mem, r.io, 0, r.cpu.knee), r.m_star, 1e-9));
    const CpuOperatingPoint compat = SolveCpuCap(r.cpu, in, 1, r.cap, PowerSwitches::Joulie());
    EXPECT_EQ(compat.f_eff, 1);  // defect D13: the cap never lowers f on a curve node
    EXPECT_TRUE(Near(compat.power_w, r.compat_p));
    EXPECT_FALSE(compat.saturated);
  }
}

// A saturated node under Joulie's saturation rule alone is clipped to
// cap + head, whatever the inverse.
TEST(PowerCpuCap, SaturationFlagClipsToCapPlusHead) {
  PowerSwitches sw;
  ASSERT_TRUE(SetPowerSwitch(&sw, "cpu_cap_saturation=clip_cap_plus_head").ok());
  const CpuInputs in{0.9, CpuClass::kMixed, 0.45, 0.1, 0, 0};
  const CpuOperatingPoint op = SolveCpuCap(test::BaseCpu(), in, 1, 100, sw);
  EXPECT_TRUE(op.saturated);
  EXPECT_EQ(op.f_eff, 0.375);
  EXPECT_EQ(op.power_w, 105);
}

// An eco node below 20 % load (C-state factor .875 at u .15, throttle 10 %,
// f_dvfs .9) under an 80 W cap: the corrected inverse counts the factor and
// meets the cap at f = 0.4828299332; Joulie's inverse ignores it, lands at
// fmin, recomputes 88.12 W without the factor and clips to cap + head.
// (Expected values from an independent restatement of §c.2/§c.5/§c.6.)
TEST(PowerCpuCap, OnlyTheCorrectedInverseCountsTheCStateFactor) {
  const CpuSpec cpu = test::BaseCpu();
  const CpuInputs in{0.15, CpuClass::kMixed, 0.45, 0.1, 0, 10};
  EXPECT_TRUE(Near(CpuNodePower(cpu, in, 0.9, true), 93.17956256935994));
  const CpuOperatingPoint corr = SolveCpuCap(cpu, in, 0.9, 80, PowerSwitches::Default());
  EXPECT_FALSE(corr.saturated);
  EXPECT_TRUE(Near(corr.f_eff, 0.48282993321676126));
  EXPECT_TRUE(Near(corr.power_w, 80));
  const CpuOperatingPoint compat = SolveCpuCap(cpu, in, 0.9, 80, PowerSwitches::Joulie());
  EXPECT_EQ(compat.f_eff, 0.375);
  EXPECT_TRUE(compat.saturated);  // 88.12 W at fmin is above the cap
  EXPECT_EQ(compat.power_w, 85);
  PowerSwitches no_clip = PowerSwitches::Joulie();
  ASSERT_TRUE(SetPowerSwitch(&no_clip, "cpu_cap_saturation=report_fmin").ok());
  EXPECT_TRUE(Near(SolveCpuCap(cpu, in, 0.9, 80, no_clip).power_w, 88.1247874176599));
}

// The cap only lowers frequency: a DVFS state already under it stays.
TEST(PowerCpuCap, SlackCapKeepsTheDvfsFrequency) {
  const CpuInputs in{0.9, CpuClass::kMixed, 0.45, 0.1, 0, 0};
  for (const PowerSwitches& sw : {PowerSwitches::Default(), PowerSwitches::Joulie()}) {
    const CpuOperatingPoint op = SolveCpuCap(test::BaseCpu(), in, 0.6, 250, sw);
    EXPECT_EQ(op.f_eff, 0.6);
    EXPECT_TRUE(Near(op.power_w, 200.2950955));  // G3: u .9, f .6
    EXPECT_FALSE(op.saturated);
  }
  // A requested cap below RaplMin is applied as RaplMin.
  const CpuOperatingPoint low = SolveCpuCap(test::BaseCpu(), in, 1, 10, PowerSwitches::Default());
  EXPECT_EQ(low.power_w, SolveCpuCap(test::BaseCpu(), in, 1, 80, PowerSwitches::Default()).power_w);
}

// Property: the CORR solve meets the cap whenever it is not saturated,
// including θ and the C-state factor the COMPAT inverse ignores, and the
// reported point is the node power at f_eff.
TEST(PowerCpuCap, CorrectedSolveMeetsTheCap) {
  const std::array<CpuSpec, 3> cpus = {test::BaseCpu(), test::Epyc9654(), test::Epyc9965()};
  int binding = 0;
  for (const CpuSpec& cpu : cpus)
    for (double u : {0.05, 0.15, 0.4, 0.8, 1.0})
      for (double theta : {0.0, 0.3})
        for (double throttle : {0.0, 10.0})
          for (double cap = 80; cap <= 900; cap += 35) {
            const CpuInputs in{u, CpuClass::kComputeBound, 0.3, 0.1, theta, throttle};
            const double f_dvfs = DvfsTarget(cpu, throttle);
            const CpuOperatingPoint op = SolveCpuCap(cpu, in, f_dvfs, cap, PowerSwitches::Default());
            SCOPED_TRACE(testing::Message() << "u " << u << " θ " << theta << " cap " << cap);
            EXPECT_TRUE(Near(op.power_w, CpuNodePower(cpu, in, op.f_eff, true)));
            EXPECT_GE(op.f_eff, cpu.fmin);
            EXPECT_LE(op.f_eff, f_dvfs);
            if (op.saturated) {
              EXPECT_EQ(op.f_eff, cpu.fmin);
              EXPECT_GT(op.power_w, cap);
            } else if (op.f_eff < f_dvfs) {
              ++binding;
              EXPECT_TRUE(Within(op.power_w, cap, 1e-6));
            } else {
              EXPECT_LE(op.power_w, cap);
            }
          }
  EXPECT_GT(binding, 100);  // the sweep does exercise the solve
}

}  // namespace
}  // namespace clustersim::power
