// The CPU throughput multiplier m (power-model.md §c.4) and what it means
// for a job (§a.2 throttleImpact, §a.3 cpuFeedImpact): golden tables G2,
// G6 (m and throttleImpact columns) and G10 (cpuFeedImpact), plus the
// ordering the spec page demands of the classes.

#include <gtest/gtest.h>

#include <array>

#include "power/cpu_throughput.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

constexpr double kKnee = 0.5625;  // 1800/3200 MHz

// G2 blended class weights ("cpu.compute" is no class name: the reader
// gives it kMixed, so its row is the mixed row).
TEST(PowerCpuThroughput, G2BlendedWeights) {
  struct Row {
    CpuClass cls;
    double mem, io, w_c, w_m, w_io;
  };
  const Row rows[] = {
      {CpuClass::kComputeBound, 0.45, 0.1, 0.6315789474, 0.2990430622, 0.06937799043},
      {CpuClass::kMemoryBound, 0.45, 0.1, 0.3421052632, 0.5885167464, 0.06937799043},
      {CpuClass::kIoBound, 0.45, 0.1, 0.2894736842, 0.2464114833, 0.4641148325},
      {CpuClass::kMixed, 0.45, 0.1, 0.4736842105, 0.3779904306, 0.1483253589},
      {CpuClass::kMemoryBound, 0.85, 0.1, 0.1698564593, 0.7607655502, 0.06937799043},
      {CpuClass::kIoBound, 0.2, 0.85, 0.1123853211, 0.1330275229, 0.754587156},
      {CpuClass::kComputeBound, 0, 0, 0.8625, 0.11, 0.0275},
      {CpuClass::kMixed, 0.45, 0.1, 0.4736842105, 0.3779904306, 0.1483253589},  // cpu.compute
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(testing::Message() << static_cast<int>(r.cls) << " M " << r.mem << " I " << r.io);
    const CpuWeights w = BlendedCpuWeights(r.cls, r.mem, r.io);
    EXPECT_TRUE(Near(w.compute, r.w_c));
    EXPECT_TRUE(Near(w.memory, r.w_m));
    EXPECT_TRUE(Near(w.io, r.w_io));
  }
}

constexpr std::array<CpuClass, 4> kClasses = {CpuClass::kComputeBound, CpuClass::kMemoryBound, CpuClass::kIoBound,
                                              CpuClass::kMixed};

// G2: m at M 0.45, I 0.10, knee 0.5625, θ 0; columns compute, memory, io, mixed.
TEST(PowerCpuThroughput, G2MultiplierByClassAndFrequency) {
  struct Row {
    double f;
    std::array<double, 4> m;
  };
  const Row rows[] = {
      {1, {1, 1, 1, 1}},
      {0.9, {0.9329066986, 0.9583803828, 0.9657751196, 0.947354067}},
      {0.8, {0.8658133971, 0.9167607656, 0.9315502392, 0.894708134}},
      {0.7, {0.7987200957, 0.8751411483, 0.8973253589, 0.842062201}},
      {0.6, {0.7316267943, 0.8335215311, 0.8631004785, 0.7894162679}},
      {0.5625, {0.7064668062, 0.8179141746, 0.8502661483, 0.7696740431}},
      {0.5, {0.6518241627, 0.7668899522, 0.81840311, 0.7207057416}},
      {0.4, {0.564395933, 0.6852511962, 0.7674222488, 0.6423564593}},
      {0.375, {0.5425388756, 0.6648415072, 0.7546770335, 0.6227691388}},
      {0, {0.2146830144, 0.3586961722, 0.5634988038, 0.3289593301}},
  };
  for (const Row& r : rows)
    for (std::size_t c = 0; c < kClasses.size(); ++c)
      EXPECT_TRUE(Near(CpuMultiplier(r.f, kClasses[c], 0.45, 0.10, 0, kKnee), r.m[c])) << "f " << r.f << " class " << c;
}

// G2: m with each class's trace-default intensities (§l.1).
TEST(PowerCpuThroughput, G2MultiplierWithTraceDefaultIntensities) {
  struct Intensity {
    double mem, io;
  };
  const std::array<Intensity, 4> defaults = {{{0.45, 0.10}, {0.85, 0.10}, {0.20, 0.85}, {0.45, 0.10}}};
  struct Row {
    double f;
    std::array<double, 4> m;
  };
  const Row rows[] = {
      {1, {1, 1, 1, 1}},
      {0.8, {0.8658133971, 0.947076555, 0.9667844037, 0.894708134}},
      {0.6, {0.7316267943, 0.89415311, 0.9335688073, 0.7894162679}},
      {0.375, {0.5425388756, 0.7376166268, 0.8792402523, 0.6227691388}},
  };
  for (const Row& r : rows)
    for (std::size_t c = 0; c < kClasses.size(); ++c)
      EXPECT_TRUE(Near(CpuMultiplier(r.f, kClasses[c], defaults[c].mem, defaults[c].io, 0, kKnee), r.m[c]))
          << "f " << r.f << " class " << c;
}

// G2 knee dependence: memory_bound, M .85, I .10.
TEST(PowerCpuThroughput, G2KneeMovesTheSteepMemoryRegime) {
  struct Row {
    double f, knee_07, knee_05625;
  };
  const Row rows[] = {
      {0.8, 0.947076555, 0.947076555},   {0.7, 0.9206148325, 0.9206148325},   {0.6, 0.8543759398, 0.89415311},
      {0.5, 0.7881370472, 0.8353588517}, {0.375, 0.7053384313, 0.7376166268},
  };
  for (const Row& r : rows) {
    EXPECT_TRUE(Near(CpuMultiplier(r.f, CpuClass::kMemoryBound, 0.85, 0.10, 0, 0.7), r.knee_07)) << r.f;
    EXPECT_TRUE(Near(CpuMultiplier(r.f, CpuClass::kMemoryBound, 0.85, 0.10, 0, kKnee), r.knee_05625)) << r.f;
  }
}

// G2 thermal factor: cpu.mixed at f 0.8.
TEST(PowerCpuThroughput, G2ThermalFactor) {
  EXPECT_TRUE(Near(CpuMultiplier(0.8, CpuClass::kMixed, 0.45, 0.10, 0, kKnee), 0.894708134));
  EXPECT_TRUE(Near(CpuMultiplier(0.8, CpuClass::kMixed, 0.45, 0.10, 0.25, kKnee), 0.6710311005));
  EXPECT_EQ(CpuMultiplier(0.8, CpuClass::kMixed, 0.45, 0.10, 1, kKnee), 0);
}

// G6: the job's m at node f and its throttleImpact (θ 0, knee 0.5625).
TEST(PowerCpuThroughput, G6ThrottleImpact) {
  struct Row {
    CpuClass cls;
    double f, u, mem, io, s_cpu, m, ti;
  };
  const Row rows[] = {
      {CpuClass::kComputeBound, 0.6, 0.95, 0.1, 0.05, 1, 0.6719413203, 0.6924449878},
      {CpuClass::kComputeBound, 0.6, 0.95, 0.1, 0.05, 0.5, 0.6719413203, 0.8462224939},
      {CpuClass::kComputeBound, 0.6, 0.95, 0.1, 0.05, 0, 0.6719413203, 1},
      {CpuClass::kMemoryBound, 0.6, 0.6, 0.85, 0.1, 1, 0.89415311, 0.9436365311},
      {CpuClass::kIoBound, 0.6, 0.2, 0.2, 0.85, 1, 0.9335688073, 0.9772473165},
      {CpuClass::kMixed, 0.6, 0.65, 0.45, 0.1, 1, 0.7894162679, 0.8604882775},
      {CpuClass::kComputeBound, 1, 0.95, 0.45, 0.1, 1, 1, 1},
  };
  for (const Row& r : rows) {
    WorkProfile job;
    job.cpu_class = r.cls;
    job.u_cpu = r.u;
    job.mem = r.mem;
    job.io = r.io;
    job.s_cpu = r.s_cpu;
    const double m = JobCpuMultiplier(job, r.f, 0, kKnee);
    EXPECT_TRUE(Near(m, r.m)) << static_cast<int>(r.cls) << " S " << r.s_cpu;
    EXPECT_TRUE(Near(JobThrottleImpact(job, m), r.ti)) << static_cast<int>(r.cls) << " S " << r.s_cpu;
    EXPECT_TRUE(Near(ThrottleImpact(r.m, r.s_cpu, r.u, r.mem, r.io), r.ti));
  }
}

// G10: cpuFeedImpact = clamp01(1 − (1 − m)·F·S_cpu), 1 when F = 0.
TEST(PowerCpuThroughput, G10CpuFeedImpact) {
  struct Row {
    double m, feed, s_cpu, fi;
  };
  const Row rows[] = {
      {0.5, 0.8, 1, 0.6},
      {0.7894162679, 0.45, 1, 0.9052373206},
      {0.7894162679, 0, 1, 1},
      {0.5, 0.8, 0.5, 0.8},
  };
  for (const Row& r : rows) EXPECT_TRUE(Near(CpuFeedImpact(r.m, r.feed, r.s_cpu), r.fi)) << r.m << " " << r.feed;
  // The G10 job: mixed CPU class at f .6 feeding its GPUs with F .45.
  WorkProfile job;
  job.cpu_class = CpuClass::kMixed;
  job.mem = 0.45;
  job.io = 0.10;
  job.feed = 0.45;
  EXPECT_TRUE(Near(JobCpuFeedImpact(job, JobCpuMultiplier(job, 0.6, 0, kKnee)), 0.9052373206));
}

// Property: m is non-decreasing in f for every class, with m(1) = 1 at θ 0.
TEST(PowerCpuThroughput, MultiplierNonDecreasingInFrequency) {
  for (CpuClass cls : kClasses)
    for (double mem : {0.0, 0.45, 0.85, 1.0})
      for (double io : {0.0, 0.1, 0.85, 1.0})
        for (double knee : {0.3, 0.5625, 0.7, 1.0}) {
          EXPECT_EQ(CpuMultiplier(1, cls, mem, io, 0, knee), 1);
          double previous = -1;
          for (int i = 0; i <= 200; ++i) {
            const double m = CpuMultiplier(i / 200.0, cls, mem, io, 0, knee);
            ASSERT_GE(m, previous) << "class " << static_cast<int>(cls) << " f " << i / 200.0;
            previous = m;
          }
        }
}

// Property (G2): at equal f, compute <= mixed <= memory <= io for M .45, I .10:
// the page's "compute-bound jobs slow strongly, memory and IO gently" (§a.5).
TEST(PowerCpuThroughput, ClassesSlowInTheSpecsOrder) {
  for (int i = 0; i <= 100; ++i) {
    const double f = i / 100.0;
    const double compute = CpuMultiplier(f, CpuClass::kComputeBound, 0.45, 0.10, 0, kKnee);
    const double mixed = CpuMultiplier(f, CpuClass::kMixed, 0.45, 0.10, 0, kKnee);
    const double memory = CpuMultiplier(f, CpuClass::kMemoryBound, 0.45, 0.10, 0, kKnee);
    const double io = CpuMultiplier(f, CpuClass::kIoBound, 0.45, 0.10, 0, kKnee);
    EXPECT_LE(compute, mixed) << f;
    EXPECT_LE(mixed, memory) << f;
    EXPECT_LE(memory, io) << f;
  }
}

}  // namespace
}  // namespace clustersim::power
