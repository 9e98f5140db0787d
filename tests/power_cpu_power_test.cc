// CPU package power without a binding cap (power-model.md §c.1, §c.2, §c.3,
// §c.6): golden tables G1 (curve interpolation), G3 (analytic power, floors
// and the C-state bonus) and G4 (curve power at throughput-scaled load).

#include <gtest/gtest.h>

#include <array>

#include "power/cpu_power.h"
#include "power/cpu_throughput.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

// G1: L % -> W for 2x EPYC 9654, 9655, 9965.
TEST(PowerCpuPower, G1CurveInterpolation) {
  struct Row {
    double load;
    std::array<double, 3> watts;
  };
  const Row rows[] = {
      {-5, {128, 138, 157}},     {0, {128, 138, 157}},
      {5, {192.5, 217.5, 211}},  {10, {257, 297, 265}},
      {25, {320, 402.5, 338}},   {37.5, {368.5, 495.75, 399.5}},
      {50, {410, 593, 461}},     {73.4, {524.86, 730.74, 558.62}},
      {99, {805, 856.1, 786.1}}, {100, {817, 861, 800}},
      {120, {817, 861, 800}},
  };
  const std::array<CpuSpec, 3> cpus = {test::Epyc9654(), test::Epyc9655(), test::Epyc9965()};
  for (const Row& r : rows)
    for (std::size_t c = 0; c < cpus.size(); ++c)
      EXPECT_TRUE(Near(CurvePower(cpus[c].curve, r.load), r.watts[c])) << "L " << r.load << " curve " << c;
}

// G3: analytic power, 80/420 W, α 1.15, β 1.35.
TEST(PowerCpuPower, G3AnalyticPower) {
  struct Row {
    double u, f, mem, io, theta, act, watts;
  };
  const Row rows[] = {
      {0.5, 1, 0.45, 0.1, 0, 0.82, 201.9495922},
      {0.5, 0.6, 0.45, 0.1, 0, 0.82, 141.1905759},
      {0.9, 1, 0.45, 0.1, 0, 0.82, 319.7417842},
      {0.9, 0.6, 0.45, 0.1, 0, 0.82, 200.2950955},
      {0, 1, 0.45, 0.1, 0, 0.82, 80},
      {1, 1, 0, 0, 0, 1, 420},
      {1, 0.375, 0, 0, 0, 1, 170.4526153},
      {0.7, 0.8, 0.85, 0.1, 0, 0.7, 190.7582006},
      {0.7, 0.8, 0.2, 0.85, 0, 0.5575, 165.2500707},
      {0.9, 1, 1, 1, 0, 0.35, 170.0608526},
      {0.9, 1, 0.45, 0.1, 0.5, 0.82, 263.786972},
      {0.25, 0.6, 0.45, 0.1, 0, 0.82, 107.5740174},
  };
  const CpuSpec cpu = test::BaseCpu();
  for (const Row& r : rows) {
    SCOPED_TRACE(testing::Message() << "u " << r.u << " f " << r.f << " M " << r.mem << " I " << r.io);
    EXPECT_TRUE(Near(Activity(r.mem, r.io), r.act));
    EXPECT_TRUE(Near(AnalyticPower(cpu, r.u, r.f, Activity(r.mem, r.io), r.theta), r.watts));
    const CpuInputs in{r.u, CpuClass::kMixed, r.mem, r.io, r.theta, 0};
    EXPECT_TRUE(Near(CpuNodePower(cpu, in, r.f, true), r.watts));
  }
}

// G3 floors and C-state bonus: f 0.6, M .45, I .10 on a managed eco node
// (TargetThrottlePct 40) and on the same node at throttle 0.
TEST(PowerCpuPower, G3CStateBonusOnManagedEcoNodes) {
  struct Row {
    double u, raw, factor, eco, throttle0;
  };
  const Row rows[] = {
      {0, 80, 0.5, 40, 80},
      {0.05, 84.33196102, 0.625, 52.70747564, 84.33196102},
      {0.1, 89.61322341, 0.75, 67.20991756, 89.61322341},
      {0.19, 100.1110931, 0.975, 97.60831577, 100.1110931},
      {0.2, 101.3330784, 1, 101.3330784, 101.3330784},
      {0.5, 141.1905759, 1, 141.1905759, 141.1905759},
  };
  const CpuSpec cpu = test::BaseCpu();
  for (const Row& r : rows) {
    SCOPED_TRACE(testing::Message() << "u " << r.u);
    EXPECT_TRUE(Near(AnalyticPower(cpu, r.u, 0.6, Activity(0.45, 0.10), 0), r.raw));
    EXPECT_TRUE(Near(CStateFactor(r.u, 40, true), r.factor));
    EXPECT_EQ(CStateFactor(r.u, 0, true), 1);
    EXPECT_EQ(CStateFactor(r.u, 40, false), 1);  // cstate_bonus=off
    const CpuInputs eco{r.u, CpuClass::kMixed, 0.45, 0.10, 0, 40};
    EXPECT_TRUE(Near(CpuNodePower(cpu, eco, DvfsTarget(cpu, 40), true), r.eco));
    EXPECT_TRUE(Near(CpuNodePower(cpu, eco, 0.6, false), r.throttle0));
    const CpuInputs performance{r.u, CpuClass::kMixed, 0.45, 0.10, 0, 0};
    EXPECT_TRUE(Near(CpuNodePower(cpu, performance, 0.6, true), r.throttle0));
  }
}

TEST(PowerCpuPower, FloorsHoldAt20Watts) {
  EXPECT_EQ(ApplyCpuFloors(5, 1), 20);
  EXPECT_EQ(ApplyCpuFloors(5, 0.5), 20);   // the inner floor, then the outer one
  EXPECT_EQ(ApplyCpuFloors(30, 0.5), 20);  // 15 after the C-state factor
  EXPECT_EQ(ApplyCpuFloors(50, 0.5), 25);
}

// G4: curve power of a 2x EPYC 9654 node without a cap.
TEST(PowerCpuPower, G4CurvePowerAtThroughputScaledLoad) {
  struct Row {
    double u, f;
    CpuClass cls;
    double mem, io, m, load, watts;
  };
  const Row rows[] = {
      {0.5, 1, CpuClass::kMixed, 0.45, 0.1, 1, 50, 410},
      {0.5, 0.6, CpuClass::kMixed, 0.45, 0.1, 0.7894162679, 39.4708134, 375.9890909},
      {0.9, 0.6, CpuClass::kComputeBound, 0.2, 0.05, 0.6874327628, 61.86894866, 452.4661125},
      {0.9, 1, CpuClass::kComputeBound, 0.45, 0.1, 1, 90, 697},
      {1, 0.375, CpuClass::kComputeBound, 0.45, 0.1, 0.5425388756, 54.25388756, 423.6124402},
      {0.3, 0.6, CpuClass::kMemoryBound, 0.85, 0.1, 0.89415311, 26.8245933, 327.2983732},
  };
  const CpuSpec cpu = test::Epyc9654();
  for (const Row& r : rows) {
    SCOPED_TRACE(testing::Message() << "u " << r.u << " f " << r.f << " class " << static_cast<int>(r.cls));
    const double m = CpuMultiplier(r.f, r.cls, r.mem, r.io, 0, cpu.knee);
    EXPECT_TRUE(Near(m, r.m));
    EXPECT_TRUE(Near(CurveLoadPct(r.u, m), r.load));
    const CpuInputs in{r.u, r.cls, r.mem, r.io, 0, 0};
    EXPECT_TRUE(Near(CpuNodePower(cpu, in, r.f, true), r.watts));
  }
}

TEST(PowerCpuPower, CurveLoadFloorsTheMultiplierAtOnePercent) {
  EXPECT_TRUE(Near(CurveLoadPct(0.5, 0), 0.5));
  EXPECT_TRUE(Near(CurveLoadPct(2, 1), 100));
}

// Property: P_node(f) is non-decreasing in f, on both branches, with and
// without θ and the C-state factor.
TEST(PowerCpuPower, NodePowerNonDecreasingInFrequency) {
  const std::array<CpuSpec, 3> cpus = {test::BaseCpu(), test::Epyc9654(), test::Epyc9655()};
  for (const CpuSpec& cpu : cpus)
    for (CpuClass cls : {CpuClass::kComputeBound, CpuClass::kMemoryBound, CpuClass::kIoBound, CpuClass::kMixed})
      for (double u : {0.0, 0.1, 0.5, 0.9, 1.0})
        for (double theta : {0.0, 0.5})
          for (double throttle : {0.0, 40.0}) {
            const CpuInputs in{u, cls, 0.45, 0.10, theta, throttle};
            double previous = 0;
            for (int i = 0; i <= 100; ++i) {
              const double f = cpu.fmin + (1 - cpu.fmin) * i / 100.0;
              const double p = CpuNodePower(cpu, in, f, true);
              ASSERT_GE(p, previous) << "u " << u << " f " << f;
              previous = p;
            }
          }
}

TEST(PowerCpuPower, DvfsTargetAndIntents) {
  const CpuSpec cpu = test::BaseCpu();
  EXPECT_EQ(DvfsTarget(cpu, 0), 1);
  EXPECT_TRUE(Near(DvfsTarget(cpu, 40), 0.6));
  EXPECT_EQ(DvfsTarget(cpu, 90), 0.375);  // clamped to fmin
  EXPECT_EQ(DvfsTarget(cpu, -10), 1);
  // round is half away from zero: (1 − 0.375)·100 = 62.5 exactly.
  EXPECT_EQ(ReportedThrottlePct(0.375), 63);
  EXPECT_EQ(ReportedThrottlePct(1), 0);
  EXPECT_EQ(ThrottlePctFromPercent(60), 40);
  EXPECT_EQ(ThrottlePctFromPercent(59.5), 41);  // 40.5 rounds up
  EXPECT_EQ(ClampCpuCap(cpu, 50), 80);
  EXPECT_EQ(ClampCpuCap(cpu, 6000), 5000);
  EXPECT_EQ(ClampCpuCap(cpu, 250), 250);
  EXPECT_EQ(CpuDesignPower(cpu), 420);
  EXPECT_EQ(CpuDesignPower(test::Epyc9654()), 817);
}

}  // namespace
}  // namespace clustersim::power
