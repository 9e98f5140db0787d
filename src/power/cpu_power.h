#pragma once
// The power of one node's CPU package (power-model.md §c): a measured
// SPECpower curve driven by throughput-scaled load (§c.1), or the analytic
// model (§c.2), then the floors and the C-state bonus (§c.6); plus the DVFS
// target and the CPU control intents (§c.3, §d.6). Pure functions of a
// CpuSpec and the node's aggregated load; the RAPL cap solve is cpu_cap.h.

#include <span>

#include "model/hardware.h"
#include "model/work.h"

namespace clustersim::power {

// What one evaluation of a node's CPU needs besides the frequency (§c).
struct CpuInputs {
  double util = 0;                  // CPUUtil (§f), clamped to [0, 1] on use
  CpuClass cls = CpuClass::kMixed;  // the node's dominant CPU class
  double mem = 0;                   // node CPU-side M and I (§f)
  double io = 0;
  double theta = 0;                // θ_cpu; 0 unless thermal throttling acts
  double target_throttle_pct = 0;  // > 0 marks a managed eco node (§c.6)
};

// §c.1: linear interpolation of a (load %, W) curve, the load clamped to
// the curve's range. REQUIRES: !curve.empty(), loads strictly increasing
// (a zero-width segment gives its right value instead of dividing by 0).
double CurvePower(std::span<const CurvePoint> curve, double load_pct);
// §c.1: L = clamp01(u·max(0.01, m_node))·100.
double CurveLoadPct(double util, double m_node);

// §c.2: act = clamp(1 − 0.30·M − 0.45·I, 0.35, 1).
double Activity(double mem, double io);
// §c.2: [Idle + (PMax − Idle)·clamp01(u·act)^α·f^β]·(1 − 0.35·θ).
double AnalyticPower(const CpuSpec& cpu, double util, double f, double act, double theta);

// The branch power before floors: the curve when the spec has one, else
// the analytic model; f enters the curve through m_node (§c.1).
double CpuBranchPower(const CpuSpec& cpu, const CpuInputs& in, double f);

// §c.6: c(u) = 1 − 0.5·(1 − u/0.2) on a managed eco node (throttle > 0)
// below 20 % load, else 1; always 1 when the bonus is disabled.
double CStateFactor(double util, double target_throttle_pct, bool enabled);
// §c.6: P_node = max(20, c·max(20, P_branch)).
double ApplyCpuFloors(double branch_w, double cstate);

// P_node(f) (§c.5's notation): branch power, C-state factor, floors.
// Non-decreasing in f.
double CpuNodePower(const CpuSpec& cpu, const CpuInputs& in, double f, bool cstate_bonus);

// The package at full load: the curve's last point, else PMax (§e.3's
// P_max, §g's design IT capacity).
double CpuDesignPower(const CpuSpec& cpu);

// §c.3: f_target = clamp(1 − throttle/100, fmin, 1).
double DvfsTarget(const CpuSpec& cpu, double throttle_pct);
// §c.3: ThrottlePct = round((1 − f_eff)·100), half away from zero.
double ReportedThrottlePct(double f_eff);
// §d.6: a CPU percent intent sets TargetThrottlePct = round(100 − pct).
double ThrottlePctFromPercent(double pct);
// §c / §d.6: an absolute cap is clamped to [RaplMin, RaplMax].
double ClampCpuCap(const CpuSpec& cpu, double cap_w);

}  // namespace clustersim::power
