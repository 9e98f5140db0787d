#pragma once
// How much CPU throughput work keeps at a frequency scale (power-model.md
// §c.4), and what that means for one job (§a.2 throttleImpact, §a.3
// cpuFeedImpact). Pure functions; every input outside [0, 1] is clamped.
// A node evaluates the multiplier with its dominant class and node M, I
// (§f); a job with its own class, M and I.

#include "model/work.h"

namespace clustersim::power {

// Normalised regime weights (compute, memory, IO); they sum to 1.
struct CpuWeights {
  double compute = 0;
  double memory = 0;
  double io = 0;
};

// §c.4 class base weights; kMixed is also what unknown class names get.
CpuWeights CpuBaseWeights(CpuClass cls);
// §c.4 blend with the intensities M and I, then normalised to sum 1.
CpuWeights BlendedCpuWeights(CpuClass cls, double mem, double io);

// §c.4 regime scales at frequency scale f (clamped to [0, 1]).
double ComputeScale(double f);
double MemoryScale(double f, double knee);  // gentle above the knee, steep below
double IoScale(double f);

// §c.4: m(f, class, M, I, θ) in [0, 1]; m(1, ·, ·, ·, 0) = 1.
double CpuMultiplier(double f, CpuClass cls, double mem, double io, double theta, double knee);

// §a.2: throttleImpact = clamp01(1 − S_cpu·base·(1 − m)), with
// base = clamp01(0.60·U_cpu + 0.25·(1 − M) + 0.15·(1 − I)); m is the job's
// CpuMultiplier at the node's f_eff and θ.
double ThrottleImpact(double m, double s_cpu, double u_cpu, double mem, double io);

// §a.3: cpuFeedImpact = clamp01(1 − (1 − m)·F·S_cpu), exactly 1 when F = 0.
double CpuFeedImpact(double m, double feed, double s_cpu);

// The job-level shortcuts: m for a job's own profile, then TI and FI.
double JobCpuMultiplier(const WorkProfile& job, double f_eff, double theta, double knee);
double JobThrottleImpact(const WorkProfile& job, double m_job);
double JobCpuFeedImpact(const WorkProfile& job, double m_job);

}  // namespace clustersim::power
