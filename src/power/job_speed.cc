#include "power/job_speed.h"

#include <algorithm>
#include <cassert>
#include <limits>

#include "power/clamp.h"
#include "power/gpu_power.h"
#include "power/peer_transfer.h"

namespace clustersim::power {

double CpuSpeed(double c_req, double b_core, double throttle_impact) { return c_req * b_core * throttle_impact; }

double FairShareDivisor(int k) { return std::max(1, k); }

double CpuCapacityShare(double cores, double cpu_weight_sum) {
  return cpu_weight_sum > 0 ? std::min(1.0, cores / cpu_weight_sum) : 1;
}

double CpuProgressRate(const PowerSwitches& sw, double cpu_speed, int k, double capacity_share) {
  // Joulie never divides by k: with fit-checked placement its share is 1,
  // so co-located jobs do not slow each other (§k.3's largest difference).
  if (sw.cpu_share == CpuShare::kCapacity) return cpu_speed * capacity_share;
  return cpu_speed / FairShareDivisor(k);
}

double TimeToFinish(double units_remaining, double rate) {
  if (units_remaining <= 0) return 0;
  if (!(rate > 0)) return std::numeric_limits<double>::infinity();
  return units_remaining / rate;
}

double ThetaForGpuJob(const PowerSwitches& sw, double device_theta, double cpu_theta) {
  return sw.gpu_job_theta == GpuJobTheta::kCpu ? cpu_theta : device_theta;
}

double DeviceGpuThroughput(const GpuSpec& gpu, const WorkProfile& job, double cap_w, double theta,
                           const PowerSwitches& sw) {
  const GpuWeights w = BlendedGpuWeights(job.gpu_class, job.mem, job.feed);
  const double p_nat = GpuNaturalPower(gpu, w, job.u_gpu);
  const bool binds = EffectiveGpuCap(gpu, cap_w) < p_nat;
  return GpuMultiplier(GpuCapLaw(gpu, w, p_nat, cap_w), binds, theta, sw.gpu_theta_always);
}

double JobGpuThroughput(const GpuSpec& gpu, const WorkProfile& job, std::span<const double> caps_w,
                        std::span<const double> thetas, const PowerSwitches& sw) {
  assert(thetas.size() == caps_w.size());
  double gt = 1;
  for (std::size_t d = 0; d < caps_w.size(); ++d)
    gt = std::min(gt, DeviceGpuThroughput(gpu, job, caps_w[d], thetas[d], sw));
  return gt;
}

double GpuFactor(WorkEngine engine, double s_gpu, double gt) {
  // Legacy counts the cap once, through gt; only v1 weighs it by S_gpu.
  if (engine == WorkEngine::kLegacy) return gt;
  return 1 - Clamp01(s_gpu) * (1 - gt);
}

double GpuSpeed(int g_req, double b_gpu, double factor, double feed_impact) {
  return g_req * b_gpu * factor * feed_impact;
}

double JoulieGpuCapFactor(double gt, double s_gpu, double cap_ratio) {
  // A second, linear cap penalty on top of gt (§k.1 item 7).
  return gt * (1 - Clamp01(s_gpu) * (1 - cap_ratio));
}

double JoulieGpuSpeed(int g_req, double b_core, double gt, double feed_impact, double s_gpu, double cap_ratio,
                      double gpu_share) {
  return std::max(0.1, static_cast<double>(g_req)) * b_core * JoulieGpuCapFactor(gt, s_gpu, cap_ratio) * feed_impact *
         gpu_share;
}

double GpuCapacityShare(int gpu_count, double g_req_sum) {
  return g_req_sum > 0 ? std::min(1.0, gpu_count / g_req_sum) : 1;
}

double JobGpuSpeed(const GpuJobInputs& in, WorkEngine engine, const BaseSpeeds& base, const PowerSwitches& sw) {
  const double base_speed = sw.gpu_base_speed == GpuBaseSpeed::kJoulie
                                ? std::max(0.1, static_cast<double>(in.g_req)) * base.per_core
                                : in.g_req * base.per_gpu;
  double factor = 0;
  if (sw.gpu_cap_formula == GpuCapFormula::kJoulieDouble) {
    factor = JoulieGpuCapFactor(in.gt, in.s_gpu, in.cap_ratio);
  } else {
    factor = GpuFactor(engine, in.s_gpu, in.gt);
    // Legacy jobs make no copies (§b.1).
    if (engine == WorkEngine::kV1 && in.peer > 0) factor = PeerFactor(in.peer, factor, in.peer_ratio);
  }
  const double share = sw.cpu_share == CpuShare::kCapacity ? in.gpu_share : 1;
  return base_speed * factor * in.feed_impact * share;
}

}  // namespace clustersim::power
