#pragma once
// NodeModel: the hardware side of one node in a work-based run (power-model.md
// §c-§f): its DVFS and cap states settling toward their targets, its CPU and
// per-GPU power for the load its pods put on it, temperatures with a
// first-order lag and (when enabled) the throttle band, the exported
// telemetry averages, and the energy it has drawn.
//
// Between two evaluations the node's power is held constant (§e.5), so its
// energy, temperatures and telemetry advance in closed form. States that
// are still settling, and a temperature inside the throttle band, make the
// node ask for a control step (NextChange) after which it is evaluated
// again; a temperature heading into the band asks for the exact instant it
// crosses the start threshold. A settled node costs nothing between the
// events of its pods.

#include <cstdint>
#include <deque>
#include <vector>

#include "model/cluster.h"
#include "model/time.h"
#include "power/cpu_cap.h"
#include "power/dynamics.h"
#include "power/gpu_power.h"
#include "power/node_load.h"
#include "power/node_settings.h"
#include "power/switches.h"

namespace clustersim {

class NodeModel {
 public:
  // `gpu` is the node type's GPU after the gpu_catalog switch.
  NodeModel(const NodeType& type, const GpuSpec& gpu, const power::NodeSettings& settings,
            const power::PowerSwitches& sw);

  // Before Begin: settings in force, and settled, when the run starts (a
  // cap schedule change timed before the first event).
  void StartSettled(const power::NodeSettings& s);
  // Starts the clock at t0 with the node idle.
  void Begin(SimTime t0);
  // New DVFS and cap targets (a cap schedule change); the states settle
  // toward them from now on. REQUIRES: Advance(now) first.
  void SetTargets(const power::NodeSettings& s);
  // From the last time to `now` under the held power: states settle,
  // temperatures follow, energy and telemetry accrue. REQUIRES: now >= last.
  void Advance(SimTime now);
  // Evaluates power and the operating point for `load` at the time of the
  // last Advance (§e.6 order: θ from the temperature now, then CPU, GPUs).
  void Evaluate(const power::NodeLoad& load);
  // The next time the node changes by itself: a control step (every `step`)
  // while a state settles or a temperature is inside the band, the exact
  // crossing into the band, or kTimeInfinity.
  SimTime NextChange(SimTime step) const;

  // The operating point the pods' speeds use.
  double f_eff() const { return f_eff_; }
  double theta_cpu() const { return theta_cpu_; }        // applied (0 unless throttling is on)
  double gpu_cap_w() const { return gpu_cap_; }          // applied per-device cap
  double theta_gpu(int device) const { return theta_gpu_[static_cast<std::size_t>(device)]; }
  // θ as reported at time t (power-model §e.2: "temperatures are still
  // computed and reported", G12: θ is reported, it acts only when throttling
  // is on): the applied θ held over the step when throttling is on, else the
  // band position of the temperature at t, which slows nothing.
  double ReportedThetaCpu(SimTime t) const;
  double ReportedThetaGpu(int device, SimTime t) const;
  bool cap_saturated() const { return saturated_; }

  // Held power since the last Evaluate.
  double power_w() const { return cpu_w_ + gpu_w_; }
  double cpu_w() const { return cpu_w_; }
  double gpu_w() const { return gpu_w_; }
  double idle_w() const { return cpu_idle_w_ + gpu_idle_w_; }
  double cpu_dynamic_w() const { return cpu_w_ - cpu_idle_w_; }
  double gpu_dynamic_w() const { return gpu_w_ - gpu_idle_w_; }
  double device_dynamic_w(int d) const {
    return device_w_[static_cast<std::size_t>(d)] - device_idle_w_[static_cast<std::size_t>(d)];
  }
  double device_w(int d) const { return device_w_[static_cast<std::size_t>(d)]; }
  double cpu_util() const { return cpu_util_; }
  double gpu_util() const { return gpu_util_; }

  // Exact at any t >= the last Advance.
  double TempCpu(SimTime t) const;
  double TempGpu(int device, SimTime t) const;
  // Σ and max over the node's GPUs of TempGpu(d, t), in one pass. Once the
  // node has held its power for 40 time constants these are the steady
  // values cached at the last evaluation, so sampling a quiet cluster costs
  // a few loads per node.
  void GpuTempStats(SimTime t, double* sum, double* max) const;
  bool throttled() const { return throttled_; }  // θ > 0 on the CPU or any GPU
  double CpuAverageW(SimTime t) const;          // telemetry (§e.4)
  double GpuAverageW(int device, SimTime t) const;

  // Totals since Begin, up to the last Advance: integrals of the
  // instantaneous power, or of the telemetry average under
  // energy_power=averaged (§e.5 COMPAT), which differ only at the two ends
  // (TelemetryLeadJ, TelemetryLagJ). That difference is booked to the
  // node's idle energy, so jobs + idle = node total still holds.
  double energy_j() const { return cpu_energy_j() + gpu_energy_j(); }
  double cpu_energy_j() const { return cpu_energy_j_ + CpuShiftJ(); }
  double gpu_energy_j() const;
  double idle_energy_j() const { return idle_energy_j_ + CpuShiftJ() + (gpu_energy_j() - gpu_energy_j_); }
  double device_energy_j(int d) const { return device_energy_j_[static_cast<std::size_t>(d)] + DeviceShiftJ(d); }
  // Under energy_power=averaged, what the average adds at the start (the
  // idle power before Begin, still inside its window) and what it has not
  // yet reported at the last Advance (the last window's power); 0 otherwise.
  double TelemetryLeadJ() const;
  double TelemetryLagJ() const;
  double throttled_s() const { return throttled_s_; }
  double device_throttled_s(int d) const { return device_throttled_s_[static_cast<std::size_t>(d)]; }
  double peak_temp_cpu() const { return peak_t_cpu_; }
  double peak_temp_gpu(int d) const { return peak_t_gpu_[static_cast<std::size_t>(d)]; }
  int gpus() const { return gpus_; }
  double cpu_cap_w() const { return cap_active_ ? cpu_cap_ : 0; }
  double f_dvfs() const { return f_dvfs_; }

 private:
  void SnapToTargets();  // every state at its target (the start; quasi-static changes)
  bool Settled() const;
  // Averaged minus instantaneous energy (lead − lag) of one series.
  double CpuShiftJ() const;
  double DeviceShiftJ(int d) const;
  double SeriesLeadJ(double start_w, double window_s) const;  // by the telemetry switch
  double SeriesLagJ(const power::BoxcarAverage& boxcar, double ema_w, double window_s) const;
  double CpuLagJ() const;
  double DeviceLagJ(int d) const;
  const CpuSpec& cpu_;
  GpuSpec gpu_;
  int gpus_;
  power::PowerSwitches sw_;
  double k_cpu_, k_gpu_;  // thermal conductances (§e.3)
  // Targets and states (§e.1).
  double f_target_ = 1, f_dvfs_ = 1;
  double throttle_pct_ = 0;
  bool cap_active_ = false;          // a RAPL cap is set or still settling away
  double cap_target_ = 0, cpu_cap_ = 0;
  double gpu_cap_target_ = 0, gpu_cap_ = 0;
  double t_cpu_ = 0;
  std::vector<double> t_gpu_;
  SimTime last_ = 0;
  // Held evaluation.
  double f_eff_ = 1, theta_cpu_ = 0;
  std::vector<double> theta_gpu_, device_w_, device_idle_w_;
  double cpu_w_ = 0, gpu_w_ = 0, cpu_idle_w_ = 0, gpu_idle_w_ = 0;
  double cpu_util_ = 0, gpu_util_ = 0;
  bool saturated_ = false;
  // Cached by Evaluate for sampling: steady temperatures under the held
  // power, and whether θ acts anywhere on the node.
  double steady_cpu_ = 0, steady_gpu_sum_ = 0, steady_gpu_max_ = 0;
  bool throttled_ = false;
  bool thermal_unsettled_ = false;  // quasi-static: the next evaluation would change θ
  // Telemetry.
  power::BoxcarAverage cpu_avg_;
  std::vector<power::BoxcarAverage> gpu_avg_;
  double cpu_ema_ = 0;
  std::vector<double> gpu_ema_;
  double cpu_start_w_ = 0;  // the power before Begin, for energy_power=averaged
  std::vector<double> gpu_start_w_;
  // Energy and throttling.
  double cpu_energy_j_ = 0, gpu_energy_j_ = 0, idle_energy_j_ = 0, throttled_s_ = 0;
  std::vector<double> device_energy_j_, device_throttled_s_, peak_t_gpu_;
  double peak_t_cpu_ = 0;
};

}  // namespace clustersim
