#include "sim/node_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "power/cpu_power.h"
#include "power/facility.h"

namespace clustersim {
namespace {

// §e.1's table: τ = max(0.05 s, DvfsRampMS) and max(0.01 s, CPUCapApplyTauMS),
// so a profile's 0 means "fast", not "instant".
constexpr double kDvfsTauFloorS = 0.05;
constexpr double kCpuCapTauFloorS = 0.01;

SimTime WindowOf(double seconds) { return static_cast<SimTime>(std::llround(seconds * kTicksPerSecond)); }

// The instant a first-order trajectory from `x` toward `target` (time
// constant tau) crosses `level`, as seconds from now; +inf if it never does.
// When a temperature x moving toward `target` reaches `level`: along the
// exponential, or Euler's straight line (it meets its target at τ).
double CrossingSeconds(double x, double target, double level, double tau, bool euler) {
  if ((x < level) == (target <= level) || x == level) return std::numeric_limits<double>::infinity();
  return euler ? tau * (level - x) / (target - x) : tau * std::log((x - target) / (level - target));
}

}  // namespace

NodeModel::NodeModel(const NodeType& type, const GpuSpec& gpu, const power::NodeSettings& s,
                     const power::PowerSwitches& sw)
    : cpu_(type.cpu), gpu_(gpu), gpus_(type.gpus), sw_(sw),
      cpu_avg_(WindowOf(type.cpu.telemetry_window_s), 0) {
  k_cpu_ = power::ThermalConductance(cpu_.thermal, power::CpuDesignPower(cpu_), sw.thermal_k);
  k_gpu_ = power::ThermalConductance(gpu_.thermal, gpu_.max_w, sw.thermal_k);
  const std::size_t n = static_cast<std::size_t>(gpus_);
  t_gpu_.assign(n, gpu_.thermal.ambient_c);
  theta_gpu_.assign(n, 0);
  device_w_.assign(n, 0);
  device_idle_w_.assign(n, 0);
  gpu_avg_.assign(n, power::BoxcarAverage(WindowOf(gpu_.telemetry_window_s), 0));
  gpu_ema_.assign(n, 0);
  device_energy_j_.assign(n, 0);
  device_throttled_s_.assign(n, 0);
  peak_t_gpu_.assign(n, gpu_.thermal.ambient_c);
  t_cpu_ = peak_t_cpu_ = cpu_.thermal.ambient_c;
  // The node starts settled at its static operating point; a later change
  // of targets settles from there.
  StartSettled(s);
}

void NodeModel::StartSettled(const power::NodeSettings& s) {
  SetTargets(s);
  SnapToTargets();
}

void NodeModel::SnapToTargets() {
  f_dvfs_ = f_target_;
  cpu_cap_ = cap_target_ > 0 ? cap_target_ : cpu_.rapl_max_w;
  cap_active_ = cap_target_ > 0;
  gpu_cap_ = gpu_cap_target_;
}

void NodeModel::SetTargets(const power::NodeSettings& s) {
  throttle_pct_ = s.throttle_pct;
  f_target_ = s.f_dvfs;
  cap_target_ = s.cpu_cap_w;
  if (cap_target_ > 0) cap_active_ = true;
  gpu_cap_target_ = s.gpu_cap_w;
  // Quasi-static (Joulie, §e.1 COMPAT): every state equals its target at
  // every evaluation, the one right after the change included. (Advance
  // snaps them only when time moves on, which for a node whose pods do not
  // change would be never.)
  if (sw_.dynamics == power::Dynamics::kQuasiStatic) SnapToTargets();
}

void NodeModel::Begin(SimTime t0) {
  last_ = t0;
  Evaluate(power::NodeLoad{});
  // The node has idled since long before the run: its temperatures are
  // those of its idle power (as its telemetry is, below).
  if (sw_.dynamics != power::Dynamics::kQuasiStatic) {
    t_cpu_ = peak_t_cpu_ = power::SteadyTemperature(cpu_.thermal.ambient_c, cpu_w_, k_cpu_);
    for (int d = 0; d < gpus_; ++d)
      t_gpu_[d] = peak_t_gpu_[d] = power::SteadyTemperature(gpu_.thermal.ambient_c, device_w_[d], k_gpu_);
    Evaluate(power::NodeLoad{});  // θ from those temperatures
  }
  // Telemetry before the start is the idle power (§e.4).
  cpu_avg_ = power::BoxcarAverage(WindowOf(cpu_.telemetry_window_s), cpu_w_);
  cpu_ema_ = cpu_start_w_ = cpu_w_;
  gpu_start_w_.assign(static_cast<std::size_t>(gpus_), 0);
  for (int d = 0; d < gpus_; ++d) {
    gpu_avg_[d] = power::BoxcarAverage(WindowOf(gpu_.telemetry_window_s), device_w_[d]);
    gpu_ema_[d] = gpu_start_w_[d] = device_w_[d];
  }
}

// ---- energy_power=averaged ----
// ∫ avg dt differs from ∫ P dt only by boundary terms. Boxcar (window W):
// + P0·W/2 for the idle power before the start, − UnreportedJ at the end.
// EMA (τ = W; dA/dt = (P − A)/τ): ∫ A = ∫ P − τ·(A(t) − P0). Quasi-static:
// the average is the power.

double NodeModel::SeriesLeadJ(double start_w, double window_s) const {
  if (sw_.energy_power != power::EnergyPower::kAveraged) return 0;
  switch (sw_.telemetry) {
    case power::Telemetry::kBoxcar: return start_w * window_s / 2;
    case power::Telemetry::kEma: return start_w * window_s;
    case power::Telemetry::kQuasiStatic: break;
  }
  return 0;
}

double NodeModel::SeriesLagJ(const power::BoxcarAverage& boxcar, double ema_w, double window_s) const {
  if (sw_.energy_power != power::EnergyPower::kAveraged) return 0;
  switch (sw_.telemetry) {
    case power::Telemetry::kBoxcar: return boxcar.UnreportedJ(last_);
    case power::Telemetry::kEma: return ema_w * window_s;
    case power::Telemetry::kQuasiStatic: break;
  }
  return 0;
}

double NodeModel::CpuLagJ() const { return SeriesLagJ(cpu_avg_, cpu_ema_, cpu_.telemetry_window_s); }

double NodeModel::DeviceLagJ(int d) const { return SeriesLagJ(gpu_avg_[d], gpu_ema_[d], gpu_.telemetry_window_s); }

double NodeModel::CpuShiftJ() const { return SeriesLeadJ(cpu_start_w_, cpu_.telemetry_window_s) - CpuLagJ(); }

double NodeModel::DeviceShiftJ(int d) const {
  return SeriesLeadJ(gpu_start_w_[static_cast<std::size_t>(d)], gpu_.telemetry_window_s) - DeviceLagJ(d);
}

double NodeModel::gpu_energy_j() const {
  if (sw_.energy_power != power::EnergyPower::kAveraged) return gpu_energy_j_;
  double e = gpu_energy_j_;
  for (int d = 0; d < gpus_; ++d) e += DeviceShiftJ(d);
  return e;
}

double NodeModel::TelemetryLeadJ() const {
  double e = SeriesLeadJ(cpu_start_w_, cpu_.telemetry_window_s);
  for (int d = 0; d < gpus_; ++d)
    e += SeriesLeadJ(gpu_start_w_[static_cast<std::size_t>(d)], gpu_.telemetry_window_s);
  return e;
}

double NodeModel::TelemetryLagJ() const {
  double e = CpuLagJ();
  for (int d = 0; d < gpus_; ++d) e += DeviceLagJ(d);
  return e;
}

bool NodeModel::Settled() const {
  const double cap_goal = cap_target_ > 0 ? cap_target_ : cpu_.rapl_max_w;
  return f_dvfs_ == f_target_ && (!cap_active_ || cpu_cap_ == cap_goal) && gpu_cap_ == gpu_cap_target_;
}

void NodeModel::Advance(SimTime now) {
  if (now <= last_) return;
  const double dt = ToSeconds(now - last_);
  // Energy at the held power; throttled time where θ acted.
  cpu_energy_j_ += cpu_w_ * dt;
  gpu_energy_j_ += gpu_w_ * dt;
  idle_energy_j_ += (cpu_idle_w_ + gpu_idle_w_) * dt;
  bool throttled = theta_cpu_ > 0;
  for (int d = 0; d < gpus_; ++d) {
    device_energy_j_[d] += device_w_[d] * dt;
    if (theta_gpu_[d] > 0) device_throttled_s_[d] += dt, throttled = true;
  }
  if (throttled) throttled_s_ += dt;
  // Temperatures follow the held power exactly (a monotone path: its peak
  // is at an end). Quasi-static (Joulie) sets them at each evaluation.
  if (sw_.dynamics != power::Dynamics::kQuasiStatic) {
    t_cpu_ = TempCpu(now);
    for (int d = 0; d < gpus_; ++d) t_gpu_[d] = TempGpu(d, now);
  }
  peak_t_cpu_ = std::max(peak_t_cpu_, t_cpu_);
  for (int d = 0; d < gpus_; ++d) peak_t_gpu_[d] = std::max(peak_t_gpu_[d], t_gpu_[d]);
  if (sw_.telemetry == power::Telemetry::kEma) {
    cpu_ema_ = power::EmaStep(cpu_ema_, cpu_w_, dt, cpu_.telemetry_window_s);
    for (int d = 0; d < gpus_; ++d) gpu_ema_[d] = power::EmaStep(gpu_ema_[d], device_w_[d], dt, gpu_.telemetry_window_s);
  }
  // States settle toward their targets (§e.1).
  f_dvfs_ = power::AdvanceState(sw_.dynamics, f_dvfs_, f_target_, dt, std::max(kDvfsTauFloorS, cpu_.dvfs_tau_s));
  if (cap_active_) {
    const double goal = cap_target_ > 0 ? cap_target_ : cpu_.rapl_max_w;
    cpu_cap_ = power::AdvanceState(sw_.dynamics, cpu_cap_, goal, dt, std::max(kCpuCapTauFloorS, cpu_.cap_tau_s));
    if (cap_target_ <= 0 && cpu_cap_ == goal) cap_active_ = false;  // a removed cap has let go
  }
  gpu_cap_ = power::AdvanceState(sw_.dynamics, gpu_cap_, gpu_cap_target_, dt, gpu_.cap_tau_s);
  last_ = now;
}

void NodeModel::Evaluate(const power::NodeLoad& load) {
  cpu_util_ = load.cpu_util;
  gpu_util_ = load.gpu_util;
  // CPU (§c): θ from the temperature at the start of the step.
  theta_cpu_ = power::AppliedTheta(sw_, power::ThrottleFraction(t_cpu_, cpu_.thermal));
  auto cpu_at = [&](double theta, double* f_eff, bool* saturated) {
    const power::CpuInputs in{load.cpu_util, load.cpu_class, load.cpu_mem, load.cpu_io, theta, throttle_pct_};
    if (cap_active_) {
      const power::CpuOperatingPoint op = power::SolveCpuCap(cpu_, in, f_dvfs_, cpu_cap_, sw_);
      *f_eff = op.f_eff;
      *saturated = op.saturated;
      return op.power_w;
    }
    *f_eff = f_dvfs_;
    *saturated = false;
    return power::CpuNodePower(cpu_, in, f_dvfs_, sw_.cstate_bonus);
  };
  if (sw_.dynamics == power::Dynamics::kQuasiStatic && sw_.thermal_throttle) {
    // Joulie's order (§e.2 COMPAT): P with the old θ, T jumps to its steady
    // value, θ from it, P once more.
    double f = 1;
    bool sat = false;
    const power::QuasiStaticThermal q = power::QuasiStaticThermalEvaluation(
        theta_cpu_, cpu_.thermal, k_cpu_, [&](double theta) { return cpu_at(theta, &f, &sat); });
    t_cpu_ = q.temp_c;
    theta_cpu_ = q.theta;
  }
  cpu_w_ = cpu_at(theta_cpu_, &f_eff_, &saturated_);
  if (sw_.dynamics == power::Dynamics::kQuasiStatic && !sw_.thermal_throttle)
    t_cpu_ = power::SteadyTemperature(cpu_.thermal.ambient_c, cpu_w_, k_cpu_);
  // The same frequency, caps and θ with nothing running: what stays with the
  // node when energy is attributed (docs/energy.md §5). Through the RAPL cap
  // as the loaded power: under cpu_curve_cap=clip, c(0)·P_curve(0) without
  // the cap exceeded the loaded c(u)·cap, and the job's power was booked as
  // idle. At u = 0 the power does not depend on f, so f_eff_ is no choice.
  {
    const power::CpuInputs idle{0, CpuClass::kMixed, 0, 0, theta_cpu_, throttle_pct_};
    const double idle_w = cap_active_ ? power::SolveCpuCap(cpu_, idle, f_eff_, cpu_cap_, sw_).power_w
                                      : power::CpuNodePower(cpu_, idle, f_eff_, sw_.cstate_bonus);
    // A guard: no branch draws less loaded than idle, and a job's share of
    // the node's dynamic power must not go negative even by rounding.
    cpu_idle_w_ = std::min(cpu_w_, idle_w);
  }
  // GPUs (§d): the aggregate utilisation split over devices (§d.5).
  gpu_w_ = gpu_idle_w_ = 0;
  if (gpus_ > 0) {
    const power::GpuUtilSplit split = power::SplitGpuUtil(load.gpu_util, gpus_);
    for (int d = 0; d < gpus_; ++d) {
      theta_gpu_[d] = power::AppliedTheta(sw_, power::ThrottleFraction(t_gpu_[d], gpu_.thermal));
      const double u = load.device_util.empty() ? split.UtilOf(d) : load.device_util[static_cast<std::size_t>(d)];
      const power::GpuDeviceResult r =
          power::EvaluateGpuDevice(gpu_, load.gpu_class, u, load.gpu_mem, load.gpu_feed, gpu_cap_, theta_gpu_[d], sw_);
      device_w_[d] = r.power_w;
      device_idle_w_[d] = std::min(
          r.power_w, power::GpuDevicePower(gpu_, 0, gpu_.idle_w, gpu_cap_, sw_.gpu_d3cold));
      gpu_w_ += device_w_[d];
      gpu_idle_w_ += device_idle_w_[d];
      if (sw_.dynamics == power::Dynamics::kQuasiStatic) {
        // Joulie's order (§e.2 COMPAT), as for the CPU: T jumps to the
        // steady value of this power, then θ follows it (GPU power does not
        // depend on θ, so it needs no second evaluation). θ lagged one
        // evaluation behind.
        t_gpu_[d] = power::SteadyTemperature(gpu_.thermal.ambient_c, device_w_[d], k_gpu_);
        theta_gpu_[d] = power::AppliedTheta(sw_, power::ThrottleFraction(t_gpu_[d], gpu_.thermal));
      }
    }
  }
  cpu_avg_.Set(last_, cpu_w_);
  for (int d = 0; d < gpus_; ++d) gpu_avg_[d].Set(last_, device_w_[d]);
  steady_cpu_ = power::SteadyTemperature(cpu_.thermal.ambient_c, cpu_w_, k_cpu_);
  steady_gpu_sum_ = 0;
  steady_gpu_max_ = -std::numeric_limits<double>::infinity();
  throttled_ = theta_cpu_ > 0;
  // Quasi-static with throttling (Joulie): the next evaluation takes θ from
  // the temperatures this power sets; when that θ differs, the node is not
  // at a fixed point (a curve node can alternate forever, G12) and asks for
  // control steps.
  thermal_unsettled_ = sw_.dynamics == power::Dynamics::kQuasiStatic && sw_.thermal_throttle &&
                       power::AppliedTheta(sw_, power::ThrottleFraction(steady_cpu_, cpu_.thermal)) != theta_cpu_;
  for (int d = 0; d < gpus_; ++d) {
    const double t = power::SteadyTemperature(gpu_.thermal.ambient_c, device_w_[d], k_gpu_);
    steady_gpu_sum_ += t;
    steady_gpu_max_ = std::max(steady_gpu_max_, t);
    throttled_ = throttled_ || theta_gpu_[d] > 0;
    if (sw_.dynamics == power::Dynamics::kQuasiStatic && sw_.thermal_throttle &&
        power::AppliedTheta(sw_, power::ThrottleFraction(t, gpu_.thermal)) != theta_gpu_[d])
      thermal_unsettled_ = true;
  }
}

double NodeModel::ReportedThetaCpu(SimTime t) const {
  return sw_.thermal_throttle ? theta_cpu_ : power::ThrottleFraction(TempCpu(t), cpu_.thermal);
}

double NodeModel::ReportedThetaGpu(int d, SimTime t) const {
  return sw_.thermal_throttle ? theta_gpu_[static_cast<std::size_t>(d)]
                              : power::ThrottleFraction(TempGpu(d, t), gpu_.thermal);
}

// After 40 time constants the exponential is below 1e-17: the temperature
// is its steady value (and exp would only crawl through underflow).
double NodeModel::TempCpu(SimTime t) const {
  if (sw_.dynamics == power::Dynamics::kQuasiStatic || t <= last_) return t_cpu_;
  const double dt = ToSeconds(t - last_);
  if (dt > 40 * cpu_.thermal.tau_s) return steady_cpu_;
  return power::TemperatureAfter(sw_.dynamics, t_cpu_, cpu_w_, cpu_.thermal, k_cpu_, dt);
}

double NodeModel::TempGpu(int d, SimTime t) const {
  if (sw_.dynamics == power::Dynamics::kQuasiStatic || t <= last_) return t_gpu_[d];
  const double dt = ToSeconds(t - last_);
  if (dt > 40 * gpu_.thermal.tau_s) return power::SteadyTemperature(gpu_.thermal.ambient_c, device_w_[d], k_gpu_);
  return power::TemperatureAfter(sw_.dynamics, t_gpu_[d], device_w_[d], gpu_.thermal, k_gpu_, dt);
}

void NodeModel::GpuTempStats(SimTime t, double* sum, double* max) const {
  const double dt = ToSeconds(t - last_);
  const bool steady = sw_.dynamics != power::Dynamics::kQuasiStatic && dt > 40 * gpu_.thermal.tau_s;
  const bool frozen = sw_.dynamics == power::Dynamics::kQuasiStatic || t <= last_;
  if (steady && !frozen) {
    if (gpus_ > 0) *sum += steady_gpu_sum_, *max = std::max(*max, steady_gpu_max_);
    return;
  }
  // One decay for every device (a sample of thousands of GPUs); Euler's
  // straight line under dynamics=euler (§e.1).
  const double tau = gpu_.thermal.tau_s;
  const double decay = frozen || tau <= 0 ? 0
                       : sw_.dynamics == power::Dynamics::kEuler ? std::max(0.0, 1 - dt / tau)
                                                                  : std::exp(-dt / tau);
  for (int d = 0; d < gpus_; ++d) {
    double temp = t_gpu_[d];
    if (!frozen) {
      const double target = power::SteadyTemperature(gpu_.thermal.ambient_c, device_w_[d], k_gpu_);
      temp = target + (t_gpu_[d] - target) * decay;
    }
    *sum += temp;
    *max = std::max(*max, temp);
  }
}

double NodeModel::CpuAverageW(SimTime t) const {
  switch (sw_.telemetry) {
    case power::Telemetry::kBoxcar: return cpu_avg_.Average(t);
    case power::Telemetry::kEma: return power::EmaStep(cpu_ema_, cpu_w_, ToSeconds(t - last_), cpu_.telemetry_window_s);
    case power::Telemetry::kQuasiStatic: break;
  }
  return cpu_w_;
}

double NodeModel::GpuAverageW(int d, SimTime t) const {
  switch (sw_.telemetry) {
    case power::Telemetry::kBoxcar: return gpu_avg_[d].Average(t);
    case power::Telemetry::kEma:
      return power::EmaStep(gpu_ema_[d], device_w_[d], ToSeconds(t - last_), gpu_.telemetry_window_s);
    case power::Telemetry::kQuasiStatic: break;
  }
  return device_w_[d];
}

SimTime NodeModel::NextChange(SimTime step_len) const {
  // Control steps fall on one grid, multiples of power.step (§e.5: a
  // periodic step), not a step after each evaluation: a cap written at
  // 10.5 s is next evaluated at 11 s, as every other unsettled node is.
  SimTime q = last_ / step_len;
  if (last_ % step_len != 0 && last_ < 0) --q;  // floor
  const SimTime step = (q + 1) * step_len - last_;
  if (sw_.dynamics == power::Dynamics::kQuasiStatic) return thermal_unsettled_ ? last_ + step : kTimeInfinity;
  if (!Settled()) return last_ + step;
  if (!sw_.thermal_throttle) return kTimeInfinity;
  // Inside a band θ moves with T: step. Outside, ask for the crossing.
  double first = std::numeric_limits<double>::infinity();
  auto consider = [&](double t, double p, const ThermalSpec& th, double k) {
    const double target = power::SteadyTemperature(th.ambient_c, p, k);
    if (t > th.start_c && t < th.full_c && std::fabs(t - target) > 1e-9) first = 0;
    // A step (full_c <= start_c) has no inside to step through: at its edge
    // with the target across it, θ would flip every few microseconds (a
    // sliding mode, 350,000 events in 3 s); it is held for a control step.
    if (th.full_c <= th.start_c && std::fabs(t - th.full_c) < 1e-3 && (t >= th.full_c) != (target >= th.full_c))
      first = 0;
    const bool euler = sw_.dynamics == power::Dynamics::kEuler;
    first = std::min({first, CrossingSeconds(t, target, th.start_c, th.tau_s, euler),
                      CrossingSeconds(t, target, th.full_c, th.tau_s, euler)});
  };
  consider(t_cpu_, cpu_w_, cpu_.thermal, k_cpu_);
  for (int d = 0; d < gpus_; ++d) consider(t_gpu_[d], device_w_[d], gpu_.thermal, k_gpu_);
  if (first == 0) return last_ + step;
  if (!std::isfinite(first) || first * kTicksPerSecond > static_cast<double>(kMaxSimTime - last_)) return kTimeInfinity;
  return last_ + std::max<SimTime>(1, static_cast<SimTime>(std::ceil(first * kTicksPerSecond)));
}

}  // namespace clustersim
