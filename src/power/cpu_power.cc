#include "power/cpu_power.h"

#include <algorithm>
#include <cmath>

#include "power/clamp.h"
#include "power/cpu_throughput.h"

namespace clustersim::power {
namespace {

// The lowest power any node reports (§c.6), applied before and after the
// C-state factor.
constexpr double kFloorW = 20;

}  // namespace

double CurvePower(std::span<const CurvePoint> curve, double load_pct) {
  if (load_pct <= curve.front().load_pct) return curve.front().watts;
  for (std::size_t i = 1; i < curve.size(); ++i) {
    const CurvePoint& lo = curve[i - 1];
    const CurvePoint& hi = curve[i];
    if (load_pct > hi.load_pct) continue;
    const double width = hi.load_pct - lo.load_pct;
    if (width <= 0) return hi.watts;
    return lo.watts + (hi.watts - lo.watts) * (load_pct - lo.load_pct) / width;
  }
  return curve.back().watts;
}

double CurveLoadPct(double util, double m_node) { return Clamp01(Clamp01(util) * std::max(0.01, m_node)) * 100; }

double Activity(double mem, double io) { return ClampTo(1 - 0.30 * Clamp01(mem) - 0.45 * Clamp01(io), 0.35, 1); }

double AnalyticPower(const CpuSpec& cpu, double util, double f, double act, double theta) {
  const double load = Clamp01(Clamp01(util) * act);
  const double dynamic = (cpu.pmax_w - cpu.idle_w) * std::pow(load, cpu.alpha) * std::pow(Clamp01(f), cpu.beta);
  return (cpu.idle_w + dynamic) * (1 - 0.35 * Clamp01(theta));
}

double CpuBranchPower(const CpuSpec& cpu, const CpuInputs& in, double f) {
  if (cpu.curve.empty()) return AnalyticPower(cpu, in.util, f, Activity(in.mem, in.io), in.theta);
  // A SPECpower curve fixes its workload, so M and I act only through the
  // throughput multiplier, and θ only through the load (§c.1).
  const double m_node = CpuMultiplier(f, in.cls, in.mem, in.io, in.theta, cpu.knee);
  return CurvePower(cpu.curve, CurveLoadPct(in.util, m_node));
}

double CStateFactor(double util, double target_throttle_pct, bool enabled) {
  const double u = Clamp01(util);
  if (!enabled || target_throttle_pct <= 0 || u >= 0.2) return 1;
  return 1 - 0.5 * (1 - u / 0.2);
}

double ApplyCpuFloors(double branch_w, double cstate) {
  return std::max(kFloorW, cstate * std::max(kFloorW, branch_w));
}

double CpuNodePower(const CpuSpec& cpu, const CpuInputs& in, double f, bool cstate_bonus) {
  return ApplyCpuFloors(CpuBranchPower(cpu, in, f), CStateFactor(in.util, in.target_throttle_pct, cstate_bonus));
}

double CpuDesignPower(const CpuSpec& cpu) { return cpu.curve.empty() ? cpu.pmax_w : cpu.curve.back().watts; }

double DvfsTarget(const CpuSpec& cpu, double throttle_pct) { return ClampTo(1 - throttle_pct / 100, cpu.fmin, 1); }

double ReportedThrottlePct(double f_eff) { return std::round((1 - f_eff) * 100); }

double ThrottlePctFromPercent(double pct) { return std::round(100 - pct); }

double ClampCpuCap(const CpuSpec& cpu, double cap_w) { return ClampTo(cap_w, cpu.rapl_min_w, cpu.rapl_max_w); }

}  // namespace clustersim::power
