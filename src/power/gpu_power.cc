#include "power/gpu_power.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "power/clamp.h"

namespace clustersim::power {

GpuWeights GpuBaseWeights(GpuClass cls) {
  switch (cls) {
    case GpuClass::kComputeBound:
      return {0.8, 0.2};
    case GpuClass::kMemoryBound:
    case GpuClass::kBandwidthBound:
      return {0.2, 0.8};
    case GpuClass::kMixed:
      break;
  }
  return {0.5, 0.5};
}

GpuWeights BlendedGpuWeights(GpuClass cls, double mem, double feed) {
  const GpuWeights base = GpuBaseWeights(cls);
  mem = Clamp01(mem);
  const double c1 = Clamp01(base.compute + 0.1 * Clamp01(feed));
  const double c2 = Clamp01(0.6 * c1 + 0.4 * (1 - mem));
  const double m2 = Clamp01(0.6 * base.memory + 0.4 * mem);
  return {c2 / (c2 + m2), m2 / (c2 + m2)};  // c2 + m2 >= 0.4: never 0
}

double GpuComputePower(const GpuSpec& gpu, double util) {
  return gpu.idle_w + std::max(0.0, gpu.max_w - gpu.idle_w) * std::pow(Clamp01(util), 1.02);
}

double GpuMemoryPower(const GpuSpec& gpu, double util) {
  const double u = Clamp01(util);
  return gpu.idle_w + std::max(0.0, gpu.max_w - gpu.idle_w) * (0.35 * std::sqrt(u) + 0.30 * u);
}

double GpuNaturalPower(const GpuSpec& gpu, const GpuWeights& w, double util) {
  return w.compute * GpuComputePower(gpu, util) + w.memory * GpuMemoryPower(gpu, util);
}

double EffectiveGpuCap(const GpuSpec& gpu, double cap_w) { return cap_w > 0 ? cap_w : gpu.max_w; }

bool D3ColdEligible(const GpuSpec& gpu, double cap_w, double util) {
  return EffectiveGpuCap(gpu, cap_w) < 0.99 * gpu.max_w && Clamp01(util) < 0.01;
}

double GpuDevicePower(const GpuSpec& gpu, double util, double p_nat, double cap_w, bool d3cold) {
  const bool eligible = D3ColdEligible(gpu, cap_w, util);
  if (eligible && d3cold) return 0.1 * gpu.idle_w;
  // Joulie's lower floor for eligible devices never bites, since
  // P_nat(0) = Idle (§k.1 item 4); it is kept so compat stays literal.
  const double floor_w = eligible ? 0.1 * gpu.idle_w : gpu.idle_w;
  return std::max(floor_w, std::min(p_nat, EffectiveGpuCap(gpu, cap_w)));
}

double GpuCapLaw(const GpuSpec& gpu, const GpuWeights& w, double p_nat, double cap_w) {
  const double cap = EffectiveGpuCap(gpu, cap_w);
  if (cap >= p_nat) return 1;
  const double r = Clamp01(cap / p_nat);
  return Clamp01(w.compute * std::pow(r, gpu.gamma) + w.memory * (1 - gpu.epsilon * std::pow(1 - r, gpu.gamma_m)));
}

double GpuMultiplier(double law, bool cap_binds, double theta, bool theta_always) {
  if (!cap_binds && !theta_always) return 1;  // Joulie returns 1 before looking at θ
  return Clamp01(law * (1 - Clamp01(theta)));
}

GpuDeviceResult EvaluateGpuDevice(const GpuSpec& gpu, GpuClass cls, double util, double mem, double feed, double cap_w,
                                  double theta, const PowerSwitches& sw) {
  const GpuWeights w = BlendedGpuWeights(cls, mem, feed);
  const double p_nat = GpuNaturalPower(gpu, w, util);
  const bool binds = EffectiveGpuCap(gpu, cap_w) < p_nat;
  return {GpuDevicePower(gpu, util, p_nat, cap_w, sw.gpu_d3cold),
          GpuMultiplier(GpuCapLaw(gpu, w, p_nat, cap_w), binds, theta, sw.gpu_theta_always)};
}

GpuUtilSplit SplitGpuUtil(double gpu_util, int devices) {
  if (devices <= 0) return {};
  const double avg = Clamp01(gpu_util);
  const double busy = avg * devices;
  const int active = std::clamp(static_cast<int>(std::ceil(busy - 1e-9)), 0, devices);
  if (active == 0) return {};
  return {active, busy / active};
}

GpuNodeResult EvaluateGpuNode(const GpuSpec& gpu, const GpuNodeInputs& in, std::span<const double> caps_w,
                              std::span<const double> thetas, const PowerSwitches& sw,
                              std::span<GpuDeviceResult> devices_out) {
  assert(thetas.size() == caps_w.size());
  assert(devices_out.empty() || devices_out.size() == caps_w.size());
  const int n = static_cast<int>(caps_w.size());
  if (n == 0) return {0, 1};
  const GpuUtilSplit split = SplitGpuUtil(in.util, n);
  GpuNodeResult total{0, 0};
  for (int d = 0; d < n; ++d) {
    const GpuDeviceResult r =
        EvaluateGpuDevice(gpu, in.cls, split.UtilOf(d), in.mem, in.feed, caps_w[d], thetas[d], sw);
    if (!devices_out.empty()) devices_out[d] = r;
    total.power_w += r.power_w;
    total.mean_multiplier += r.multiplier;
  }
  total.mean_multiplier /= n;
  return total;
}

GpuCapTarget GpuCapFromWatts(const GpuSpec& gpu, int gpu_count, double watts) {
  if (gpu_count <= 0) return {GpuCapStatus::kBlocked, 0};
  if (!(watts > 0)) return {GpuCapStatus::kInvalid, 0};
  return {GpuCapStatus::kOk, ClampTo(watts, gpu.min_cap_w, gpu.max_w)};
}

GpuCapTarget GpuCapFromPercent(const GpuSpec& gpu, int gpu_count, double pct) {
  // pct·Max/100 rather than pct/100·Max: whole percents of whole watts stay
  // exact (70 % of 700 W is 490 W, not 489.99999999999994).
  return GpuCapFromWatts(gpu, gpu_count, pct * gpu.max_w / 100);
}

GpuSpec ApplyGpuCatalogSwitch(const GpuSpec& catalog, GpuCatalog mode, GpuMinCap min_cap, const GpuSpec& base,
                              const GpuModelGiven& given) {
  if (mode == GpuCatalog::kCatalog) {
    GpuSpec out = catalog;
    if (min_cap == GpuMinCap::kJoulie && catalog.joulie_min_cap_w > 0) out.min_cap_w = catalog.joulie_min_cap_w;
    return out;
  }
  // Joulie's base MaxWattsPerGPU = 300 is > 0, so the catalog max is never
  // copied and every GPU gets the base row (the run's SIM_* base).
  GpuSpec out = catalog;
  if (!given.idle_w) out.idle_w = base.idle_w;
  if (!given.max_w) out.max_w = base.max_w;
  if (!given.min_cap_w) out.min_cap_w = base.min_cap_w;
  if (!given.gamma) out.gamma = base.gamma;
  if (!given.epsilon) out.epsilon = base.epsilon;
  if (!given.gamma_m) out.gamma_m = base.gamma_m;
  return out;
}

}  // namespace clustersim::power
