#include "power/cpu_cap.h"

#include <algorithm>
#include <cmath>

#include "power/clamp.h"

namespace clustersim::power {
namespace {

// Bisection stops when the bracket is this narrow (power-model.md §c.5);
// P_node is piecewise linear in f with slopes of a few kW, so the power
// error is far below a microwatt.
constexpr double kBisectionWidth = 1e-12;

// The largest f in [lo, hi] with power(f) <= cap.
// REQUIRES: power non-decreasing, power(lo) <= cap < power(hi).
template <typename PowerAt>
double LargestFrequencyUnderCap(double lo, double hi, double cap_w, PowerAt power_at) {
  while (hi - lo > kBisectionWidth) {
    const double mid = lo + (hi - lo) / 2;
    if (power_at(mid) <= cap_w) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// The cap binds: find f_eff by the branch's rule, before any clipping.
CpuOperatingPoint SolveBinding(const CpuSpec& cpu, const CpuInputs& in, double f_dvfs, double cap_w, double cstate,
                               const PowerSwitches& sw) {
  if (cpu.curve.empty() && sw.cpu_cap_inverse == CpuCapInverse::kJoulie) {
    // Joulie inverts without activity, θ and C-state, so it lands below the
    // cap, and then recomputes the power without the C-state factor.
    const double f = ClampTo(JoulieAnalyticCapFrequency(cpu, in.util, cap_w), cpu.fmin, f_dvfs);
    const double power = ApplyCpuFloors(CpuBranchPower(cpu, in, f), 1);
    return {f, power, power > cap_w};
  }
  auto p_node = [&](double f) { return ApplyCpuFloors(CpuBranchPower(cpu, in, f), cstate); };
  const double p_fmin = p_node(cpu.fmin);
  if (p_fmin > cap_w) return {cpu.fmin, p_fmin, true};  // RAPL cannot go below its floor
  // Past this point P_node(fmin) <= cap < P_node(f_dvfs), so cap >= 20 W and
  // the 20 W floors cannot bind at the solution: the closed form, which
  // ignores them, is exact.
  const double f = cpu.curve.empty() ? ClampTo(ExactAnalyticCapFrequency(cpu, in, cstate, cap_w), cpu.fmin, f_dvfs)
                                     : LargestFrequencyUnderCap(cpu.fmin, f_dvfs, cap_w, p_node);
  return {f, p_node(f), false};
}

}  // namespace

CpuOperatingPoint SolveCpuCap(const CpuSpec& cpu, const CpuInputs& in, double f_dvfs, double cap_w,
                              const PowerSwitches& sw) {
  cap_w = ClampCpuCap(cpu, cap_w);
  f_dvfs = ClampTo(f_dvfs, cpu.fmin, 1);
  const double cstate = CStateFactor(in.util, in.target_throttle_pct, sw.cstate_bonus);
  if (!cpu.curve.empty() && sw.cpu_curve_cap == CpuCurveCap::kClip) {
    // Joulie's defect D13: the curve power is clipped inside the power
    // function, so its solver never sees an excess and f stays put.
    return {f_dvfs, ApplyCpuFloors(std::min(CpuBranchPower(cpu, in, f_dvfs), cap_w), cstate), false};
  }
  const double p_dvfs = ApplyCpuFloors(CpuBranchPower(cpu, in, f_dvfs), cstate);
  if (p_dvfs <= cap_w) return {f_dvfs, p_dvfs, false};
  CpuOperatingPoint op = SolveBinding(cpu, in, f_dvfs, cap_w, cstate, sw);
  if (sw.cpu_cap_saturation == CpuCapSaturation::kClipCapPlusHead)
    op.power_w = std::min(op.power_w, cap_w + cpu.rapl_head_w);
  return op;
}

double ExactAnalyticCapFrequency(const CpuSpec& cpu, const CpuInputs& in, double cstate, double cap_w) {
  const double scale = cstate * (1 - 0.35 * Clamp01(in.theta));
  const double numerator = cap_w / scale - cpu.idle_w;
  if (!(numerator > 0)) return 0;
  const double load = Clamp01(Clamp01(in.util) * Activity(in.mem, in.io));
  const double denominator = (cpu.pmax_w - cpu.idle_w) * std::pow(load, cpu.alpha);
  // No dynamic power (u = 0): f does not change the power; 1, as Joulie's
  // inverse answers for u = 0.
  if (!(denominator > 0)) return 1;
  return std::pow(numerator / denominator, 1 / cpu.beta);
}

double JoulieAnalyticCapFrequency(const CpuSpec& cpu, double util, double cap_w) {
  const double u = Clamp01(util);
  if (u <= 0) return 1;
  const double numerator = cap_w - cpu.idle_w;
  if (numerator <= 0) return cpu.fmin;
  return std::pow(numerator / ((cpu.pmax_w - cpu.idle_w) * std::pow(u, cpu.alpha)), 1 / cpu.beta);
}

}  // namespace clustersim::power
