#pragma once
// The RAPL cap and the frequency it forces (power-model.md §c.3, §c.5):
// given the node's DVFS state f_dvfs and its applied cap, the effective
// frequency f_eff = max(fmin, min(f_dvfs, f_cap)) and the power drawn there.
//
// Corrected model (default switches): the cap binds only when
// P_node(f_dvfs) > cap; then f_cap is the largest f with P_node(f) <= cap,
// from the exact inverse of the analytic branch (activity, θ and C-state
// included) or from bisection on the *unclipped* curve; a node whose floor
// P_node(fmin) is above the cap runs at fmin, draws P_node(fmin) and is
// flagged saturated. Joulie's code (cpu_curve_cap=clip, cpu_cap_inverse=
// joulie, cpu_cap_saturation=clip_cap_plus_head) is reproduced flag by flag.

#include "model/hardware.h"
#include "power/cpu_power.h"
#include "power/switches.h"

namespace clustersim::power {

struct CpuOperatingPoint {
  double f_eff = 1;
  double power_w = 0;      // the node's CPU power at f_eff (§c.6 floors included)
  bool saturated = false;  // CapSaturated: even fmin draws more than the cap
};

// §c.5 for one evaluation. cap_w is the applied cap; it is clamped to
// [RaplMin, RaplMax] first, and f_dvfs to [fmin, 1].
CpuOperatingPoint SolveCpuCap(const CpuSpec& cpu, const CpuInputs& in, double f_dvfs, double cap_w,
                              const PowerSwitches& sw);

// §c.5 CORR analytic closed form: the f at which the C-state-scaled,
// θ-scaled analytic power equals cap_w, ignoring floors and range;
// 0 when the numerator is not positive (even f = 0 draws more), 1 when
// there is no dynamic power (u = 0).
double ExactAnalyticCapFrequency(const CpuSpec& cpu, const CpuInputs& in, double cstate, double cap_w);
// §c.5 COMPAT: Joulie's closed form, blind to activity, θ and C-state:
// ((cap − Idle)/((PMax − Idle)·u^α))^(1/β); fmin for a non-positive
// numerator, 1 for u = 0.
double JoulieAnalyticCapFrequency(const CpuSpec& cpu, double util, double cap_w);

}  // namespace clustersim::power
