#pragma once
// How fast one pod's work progresses (power-model.md §a.2, §a.3): CPU units
// per second from its cores, throttleImpact and the node's fair share; GPU
// units per second from its GPUs, gpuThroughput, cpuFeedImpact and, in v1,
// its sensitivity and peer copies (§b). Joulie's coded variants sit beside
// the spec's, selected by PowerSwitches. Speeds are held constant between
// events, so a rate and the remaining work give the finish time exactly.

#include <span>

#include "model/hardware.h"
#include "model/work.h"
#include "power/switches.h"

namespace clustersim::power {

// SIM_BASE_SPEED_PER_CORE and SIM_BASE_SPEED_PER_GPU (§i).
struct BaseSpeeds {
  double per_core = 1;  // B_core
  double per_gpu = 1;   // B_gpu (clustersim only; Joulie uses B_core)
};

// §a.2: cpuSpeed = C_req·B_core·TI.
double CpuSpeed(double c_req, double b_core, double throttle_impact);
// §a.2 [SPEC]: the divisor max(1, k); k = the node's placed, started, not
// completed jobs, gang-blocked and CPU-finished ones included (the page
// says only "k jobs on the same node"; this literal reading lives here).
double FairShareDivisor(int k);
// §a.2 [COMPAT]: cpuShare = min(1, cores/Σ max(0.1, C_req)) over the
// node's jobs with CPU work left (NodeLoad::cpu_weight); 1 when the sum is 0.
double CpuCapacityShare(double cores, double cpu_weight_sum);
// CPU units per second: speed/max(1, k), or speed·capacity_share (cpu_share).
double CpuProgressRate(const PowerSwitches& sw, double cpu_speed, int k, double capacity_share);
// Seconds until units_remaining reach 0 at a constant rate: 0 when nothing
// is left, +inf when the rate is not positive.
double TimeToFinish(double units_remaining, double rate);

// The θ a GPU job's gpuThroughput sees: its device's, or (Joulie) the CPU's.
double ThetaForGpuJob(const PowerSwitches& sw, double device_theta, double cpu_theta);
// §a.3 gpuThroughput on one device: §d.4's multiplier for the job's own
// U_gpu, class, M and F_feed under the device's cap and θ.
double DeviceGpuThroughput(const GpuSpec& gpu, const WorkProfile& job, double cap_w, double theta,
                           const PowerSwitches& sw);
// A multi-GPU job keeps the minimum over its devices [CORR].
// REQUIRES: thetas.size() == caps_w.size(); 1 for no device.
double JobGpuThroughput(const GpuSpec& gpu, const WorkProfile& job, std::span<const double> caps_w,
                        std::span<const double> thetas, const PowerSwitches& sw);

// §a.3 GPU factor: legacy thr = gt (S_gpu unused); v1 thr = 1 − S_gpu·(1 − gt).
double GpuFactor(WorkEngine engine, double s_gpu, double gt);
// §a.3 [SPEC]: gpuSpeed = G_req·B_gpu·factor·FI.
double GpuSpeed(int g_req, double b_gpu, double factor, double feed_impact);
// §a.3 [COMPAT] cap factor: gt·(1 − S_gpu·(1 − capW/Max)).
double JoulieGpuCapFactor(double gt, double s_gpu, double cap_ratio);
// §a.3 [COMPAT]: max(0.1, G)·B_core·gt·FI·(1 − S_gpu·(1 − capW/Max))·gpuShare.
double JoulieGpuSpeed(int g_req, double b_core, double gt, double feed_impact, double s_gpu, double cap_ratio,
                      double gpu_share);
// §a.3 [COMPAT]: gpuShare = min(1, gpuCount/Σ G_req); 1 when the sum is 0.
double GpuCapacityShare(int gpu_count, double g_req_sum);

// Everything the GPU speed of one pod depends on.
struct GpuJobInputs {
  int g_req = 0;
  double s_gpu = 1;
  double gt = 1;           // gpuThroughput (JobGpuThroughput)
  double feed_impact = 1;  // cpuFeedImpact
  double cap_ratio = 1;    // capW/Max of its devices, for Joulie's linear penalty
  double peer = 0;         // p when the job makes copies this step (§b.1), else 0
  double peer_ratio = 1;   // g of its ring (PeerRatios)
  double gpu_share = 1;    // GpuCapacityShare, used with cpu_share=capacity
};
// GPU units per second under the switches: base (gpu_base_speed), cap
// factor (gpu_cap_formula; by engine, with §b's harmonic peer factor in v1)
// and share.
double JobGpuSpeed(const GpuJobInputs& in, WorkEngine engine, const BaseSpeeds& base, const PowerSwitches& sw);

}  // namespace clustersim::power
