// Per-pod speeds (power-model.md §a.2, §a.3): golden tables G6 (CPU
// progress and remaining time, spec fair share vs Joulie's capacity share)
// and G10 (GPU speed in the legacy and v1 engines and Joulie's code).

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "power/cpu_throughput.h"
#include "power/job_speed.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

// G6: CPU units per second at dt = 1 s. The last row is Joulie's own unit
// test: two 2-core compute-bound jobs at f = 1 (TI = 1) on a 128-core node.
TEST(PowerJobSpeed, G6CpuProgressPerSecond) {
  struct Row {
    double c_req, b_core, ti;
    int k;
    double spec, compat;
  };
  const Row rows[] = {
      {4, 1, 0.6924449878, 1, 2.769779951, 2.769779951},
      {4, 1, 0.6924449878, 3, 0.9232599837, 2.769779951},
      {2, 1, 1, 2, 1, 2},
  };
  for (const Row& r : rows) {
    const double speed = CpuSpeed(r.c_req, r.b_core, r.ti);
    EXPECT_TRUE(Near(CpuProgressRate(PowerSwitches::Default(), speed, r.k, 1), r.spec)) << r.c_req << " k " << r.k;
    EXPECT_TRUE(Near(CpuProgressRate(PowerSwitches::Joulie(), speed, r.k, 1), r.compat)) << r.c_req << " k " << r.k;
  }
  // The last row's share: 128 cores over Σ max(0.1, C) = 4 is capped at 1.
  EXPECT_EQ(CpuCapacityShare(128, 4), 1);
}

// G6: remaining time with speeds held constant.
TEST(PowerJobSpeed, G6RemainingTime) {
  struct Row {
    double units, c_req, ti;
    int k;
    double spec_s, compat_s;
  };
  const Row rows[] = {
      {1000, 4, 0.6924449878, 1, 361.0395113, 361.0395113},
      {1000, 4, 0.6924449878, 3, 1083.118534, 361.0395113},
  };
  for (const Row& r : rows) {
    const double speed = CpuSpeed(r.c_req, 1, r.ti);
    EXPECT_TRUE(Near(TimeToFinish(r.units, CpuProgressRate(PowerSwitches::Default(), speed, r.k, 1)), r.spec_s));
    EXPECT_TRUE(Near(TimeToFinish(r.units, CpuProgressRate(PowerSwitches::Joulie(), speed, r.k, 1)), r.compat_s));
  }
  EXPECT_EQ(TimeToFinish(0, 0), 0);
  EXPECT_EQ(TimeToFinish(-1, 2), 0);
  EXPECT_TRUE(std::isinf(TimeToFinish(5, 0)));
}

TEST(PowerJobSpeed, FairShareAndCapacityShare) {
  EXPECT_EQ(FairShareDivisor(0), 1);
  EXPECT_EQ(FairShareDivisor(1), 1);
  EXPECT_EQ(FairShareDivisor(4), 4);
  EXPECT_EQ(CpuCapacityShare(16, 32), 0.5);  // oversubscribed node
  EXPECT_EQ(CpuCapacityShare(16, 0), 1);
  EXPECT_EQ(CpuProgressRate(PowerSwitches::Joulie(), 8, 3, 0.5), 4);
  EXPECT_EQ(GpuCapacityShare(4, 8), 0.5);
  EXPECT_EQ(GpuCapacityShare(4, 2), 1);
  EXPECT_EQ(GpuCapacityShare(4, 0), 1);
}

// The G10 job: G_req 2 on an H100 NVL node (caps 280 W), gpu.compute_bound,
// U_gpu .95, M .45, F .45; node f .6; job CPU class mixed (M .45, I .10).
WorkProfile G10Job(double s_gpu, double s_cpu) {
  WorkProfile job;
  job.gpu_class = GpuClass::kComputeBound;
  job.u_gpu = 0.95;
  job.mem = 0.45;
  job.io = 0.10;
  job.feed = 0.45;
  job.cpu_class = CpuClass::kMixed;
  job.s_gpu = s_gpu;
  job.s_cpu = s_cpu;
  return job;
}

TEST(PowerJobSpeed, G10GpuSpeed) {
  struct Row {
    double s_gpu, s_cpu, gt, fi, legacy, v1, compat;
  };
  const Row rows[] = {
      {1, 1, 0.7869787643, 0.9052373206, 1.424805096, 1.424805096, 0.9973635672},
      {0.5, 1, 0.7869787643, 0.9052373206, 1.424805096, 1.617639869, 1.211084332},
      {0, 1, 0.7869787643, 0.9052373206, 1.424805096, 1.810474641, 1.424805096},
      {1, 0, 0.7869787643, 1, 1.573957529, 1.573957529, 1.10177027},
  };
  const GpuSpec nvl = test::H100Nvl();
  const std::vector<double> caps = {280, 280};
  const std::vector<double> thetas = {0, 0};
  const BaseSpeeds base;
  for (const Row& r : rows) {
    SCOPED_TRACE(testing::Message() << "S_gpu " << r.s_gpu << " S_cpu " << r.s_cpu);
    const WorkProfile job = G10Job(r.s_gpu, r.s_cpu);
    const double gt = JobGpuThroughput(nvl, job, caps, thetas, PowerSwitches::Default());
    EXPECT_TRUE(Near(gt, r.gt));
    EXPECT_TRUE(Near(JobGpuThroughput(nvl, job, caps, thetas, PowerSwitches::Joulie()), r.gt));
    const double fi = JobCpuFeedImpact(job, JobCpuMultiplier(job, 0.6, 0, 0.5625));
    EXPECT_TRUE(Near(fi, r.fi));
    EXPECT_TRUE(Near(GpuSpeed(2, 1, GpuFactor(WorkEngine::kLegacy, r.s_gpu, gt), fi), r.legacy));
    EXPECT_TRUE(Near(GpuSpeed(2, 1, GpuFactor(WorkEngine::kV1, r.s_gpu, gt), fi), r.v1));
    EXPECT_TRUE(Near(JoulieGpuSpeed(2, 1, gt, fi, r.s_gpu, 280.0 / 400, 1), r.compat));
    // The same through the switch-driven entry point.
    const GpuJobInputs in{2, r.s_gpu, gt, fi, 280.0 / 400, 0, 1, 1};
    EXPECT_TRUE(Near(JobGpuSpeed(in, WorkEngine::kLegacy, base, PowerSwitches::Default()), r.legacy));
    EXPECT_TRUE(Near(JobGpuSpeed(in, WorkEngine::kV1, base, PowerSwitches::Default()), r.v1));
    EXPECT_TRUE(Near(JobGpuSpeed(in, WorkEngine::kLegacy, base, PowerSwitches::Joulie()), r.compat));
    EXPECT_TRUE(Near(JobGpuSpeed(in, WorkEngine::kV1, base, PowerSwitches::Joulie()), r.compat));
  }
}

// Joulie's GPU path: max(0.1, G)·B_core (a CPU-only pod still "runs" GPU
// work at 0.1), the CPU θ, and gpuShare under the capacity share.
TEST(PowerJobSpeed, JoulieGpuPathDiffersFromTheSpecs) {
  const BaseSpeeds base{2, 3};  // B_core 2, B_gpu 3
  const GpuJobInputs zero_gpus{0, 1, 1, 1, 1, 0, 1, 0.5};
  EXPECT_EQ(JobGpuSpeed(zero_gpus, WorkEngine::kV1, base, PowerSwitches::Default()), 0);
  EXPECT_TRUE(Near(JobGpuSpeed(zero_gpus, WorkEngine::kV1, base, PowerSwitches::Joulie()), 0.1 * 2 * 0.5));
  const GpuJobInputs two{2, 1, 1, 1, 1, 0, 1, 1};
  EXPECT_EQ(JobGpuSpeed(two, WorkEngine::kV1, base, PowerSwitches::Default()), 6);  // G·B_gpu
  EXPECT_EQ(JobGpuSpeed(two, WorkEngine::kV1, base, PowerSwitches::Joulie()), 4);   // G·B_core
  EXPECT_EQ(ThetaForGpuJob(PowerSwitches::Default(), 0.2, 0.7), 0.2);
  EXPECT_EQ(ThetaForGpuJob(PowerSwitches::Joulie(), 0.2, 0.7), 0.7);
}

// §b.4 through the job's speed: v1 jobs making copies get the harmonic
// factor (G11 job A: p .25, thr .8, g .5 -> 0.6956521739); legacy ignores it.
TEST(PowerJobSpeed, PeerCopiesEnterTheV1Factor) {
  const GpuJobInputs a{4, 1, 0.8, 1, 1, 0.25, 0.5, 1};
  EXPECT_TRUE(Near(JobGpuSpeed(a, WorkEngine::kV1, BaseSpeeds{}, PowerSwitches::Default()), 4 * 0.6956521739));
  EXPECT_TRUE(Near(JobGpuSpeed(a, WorkEngine::kLegacy, BaseSpeeds{}, PowerSwitches::Default()), 4 * 0.8));
}

// A multi-GPU job keeps the minimum gpuThroughput over its devices.
TEST(PowerJobSpeed, MultiGpuJobTakesTheSlowestDevice) {
  const GpuSpec nvl = test::H100Nvl();
  const WorkProfile job = G10Job(1, 1);
  const std::vector<double> caps = {280, 400};  // the slow device first: not just the last one
  const std::vector<double> thetas = {0, 0};
  EXPECT_TRUE(Near(JobGpuThroughput(nvl, job, caps, thetas, PowerSwitches::Default()), 0.7869787643));
  EXPECT_EQ(JobGpuThroughput(nvl, job, {}, {}, PowerSwitches::Default()), 1);
}

}  // namespace
}  // namespace clustersim::power
