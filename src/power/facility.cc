#include "power/facility.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <numbers>
#include <utility>

#include "power/clamp.h"
#include "power/cpu_power.h"

namespace clustersim::power {

double AmbientAt(const Ambient& ambient, double t_s) {
  if (ambient.kind == Ambient::Kind::kSinusoid) return AmbientTemperature(ambient.sinusoid, t_s);
  if (ambient.steps.empty()) return ambient.sinusoid.base_c;
  auto it = std::upper_bound(ambient.steps.begin(), ambient.steps.end(),
                             std::make_pair(t_s, std::numeric_limits<double>::infinity()));
  return it == ambient.steps.begin() ? ambient.steps.front().second : std::prev(it)->second;
}

double AmbientTemperature(const AmbientSpec& ambient, double t_s) {
  if (ambient.period_s <= 0) return ambient.base_c;
  return ambient.base_c + ambient.amplitude_c * std::sin(2 * std::numbers::pi * t_s / ambient.period_s);
}

double Pue(double ambient_c, double load_fraction) {
  const double warm = ambient_c - 15;
  return ClampTo(1.08 + 0.006 * warm + 0.04 * load_fraction + 0.015 * load_fraction * warm / 15, 1, 3);
}

double CoolingPower(double it_w, double pue) { return it_w * (pue - 1); }

double FacilityPower(double it_w, double pue) { return it_w * pue; }

double LoadFraction(double it_w, double it_ref_w) { return it_ref_w > 0 ? it_w / it_ref_w : 0; }

double RunningPeak(double peak_w, double it_w) { return std::max(peak_w, it_w); }

double NodeDesignPower(const CpuSpec& cpu, const GpuSpec& gpu, int gpus) {
  return CpuDesignPower(cpu) + std::max(0, gpus) * gpu.max_w;
}

double DesignItPower(const Cluster& cluster) {
  double total = 0;
  for (const Node& node : cluster.nodes) {
    const NodeType& type = cluster.types[node.type];
    total += NodeDesignPower(type.cpu, type.gpu, type.gpus);
  }
  return total;
}

}  // namespace clustersim::power
