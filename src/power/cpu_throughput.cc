#include "power/cpu_throughput.h"

#include <algorithm>

#include "power/clamp.h"

namespace clustersim::power {

CpuWeights CpuBaseWeights(CpuClass cls) {
  switch (cls) {
    case CpuClass::kComputeBound:
      return {0.75, 0.20, 0.05};
    case CpuClass::kMemoryBound:
      return {0.20, 0.75, 0.05};
    case CpuClass::kIoBound:
      return {0.10, 0.10, 0.80};
    case CpuClass::kMixed:
      break;
  }
  return {0.45, 0.35, 0.20};
}

namespace {

// §c.4's blended weights before normalisation (they sum to >= 0.55, since
// the base weights sum to 1).
CpuWeights UnnormalisedCpuWeights(CpuClass cls, double mem, double io) {
  const CpuWeights base = CpuBaseWeights(cls);
  mem = Clamp01(mem);
  io = Clamp01(io);
  // Intensity moves weight away from the compute term: the page's "memory
  // and IO soften throttling".
  return {Clamp01(0.55 * base.compute + 0.45 * (1 - std::max(mem, io))), Clamp01(0.55 * base.memory + 0.45 * mem),
          Clamp01(0.55 * base.io + 0.45 * io)};
}

double Sum(const CpuWeights& w) { return w.compute + w.memory + w.io; }

}  // namespace

CpuWeights BlendedCpuWeights(CpuClass cls, double mem, double io) {
  const CpuWeights w = UnnormalisedCpuWeights(cls, mem, io);
  const double sum = Sum(w);
  return {w.compute / sum, w.memory / sum, w.io / sum};
}

double ComputeScale(double f) { return Clamp01(f); }

double MemoryScale(double f, double knee) {
  f = Clamp01(f);
  if (f >= knee) return 1 - 0.12 * (1 - f);
  return 1 - 0.12 * (1 - knee) - 0.45 * (knee - f) / std::max(0.1, knee);
}

double IoScale(double f) { return 1 - 0.05 * (1 - Clamp01(f)); }

double CpuMultiplier(double f, CpuClass cls, double mem, double io, double theta, double knee) {
  // Normalising after the weighted sum keeps m(1) exactly 1 (x/x), so an
  // unthrottled job's throttleImpact is exactly 1 too.
  const CpuWeights w = UnnormalisedCpuWeights(cls, mem, io);
  const double raw = (w.compute * ComputeScale(f) + w.memory * MemoryScale(f, knee) + w.io * IoScale(f)) / Sum(w);
  return Clamp01(Clamp01(raw) * (1 - Clamp01(theta)));
}

double ThrottleImpact(double m, double s_cpu, double u_cpu, double mem, double io) {
  const double base = Clamp01(0.60 * Clamp01(u_cpu) + 0.25 * (1 - Clamp01(mem)) + 0.15 * (1 - Clamp01(io)));
  return Clamp01(1 - Clamp01(s_cpu) * base * (1 - Clamp01(m)));
}

double CpuFeedImpact(double m, double feed, double s_cpu) {
  if (feed <= 0) return 1;  // a job that feeds no GPU does not feel the CPU clock there
  return Clamp01(1 - (1 - Clamp01(m)) * Clamp01(feed) * Clamp01(s_cpu));
}

double JobCpuMultiplier(const WorkProfile& job, double f_eff, double theta, double knee) {
  return CpuMultiplier(f_eff, job.cpu_class, job.mem, job.io, theta, knee);
}

double JobThrottleImpact(const WorkProfile& job, double m_job) {
  return ThrottleImpact(m_job, job.s_cpu, job.u_cpu, job.mem, job.io);
}

double JobCpuFeedImpact(const WorkProfile& job, double m_job) { return CpuFeedImpact(m_job, job.feed, job.s_cpu); }

}  // namespace clustersim::power
