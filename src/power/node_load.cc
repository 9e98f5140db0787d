#include "power/node_load.h"

#include <algorithm>
#include <cstddef>

#include "power/clamp.h"

namespace clustersim::power {
namespace {

static_assert(static_cast<std::size_t>(CpuClass::kMixed) < std::tuple_size_v<CpuClassWeights>);
static_assert(static_cast<std::size_t>(GpuClass::kMixed) < std::tuple_size_v<GpuClassWeights>);

double CpuWeightOf(const PodLoad& pod) { return std::max(0.1, pod.c_req); }
double GpuWeightOf(const PodLoad& pod) { return std::max(0.1, static_cast<double>(pod.g_req)); }

double WeightedMean(double sum, double weight) { return weight > 0 ? sum / weight : 0; }

// Index of the dominant entry, or `mixed` (§f's 60 % rule).
std::size_t Dominant(const std::array<double, 4>& weights, std::size_t mixed) {
  double total = 0;
  std::size_t best = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    total += weights[i];
    if (weights[i] > weights[best]) best = i;
  }
  if (!(total > 0) || weights[best] < 0.6 * total) return mixed;
  return best;
}

}  // namespace

NodeLoad AggregateNodeLoad(std::span<const PodLoad> pods, double cores, int gpu_count, const PowerSwitches& sw) {
  NodeLoad load;
  double cpu_demand = 0, cpu_mem = 0, cpu_io = 0;
  double gpu_demand = 0, gpu_mem = 0, gpu_feed = 0;
  for (const PodLoad& pod : pods) {
    const WorkProfile& p = *pod.profile;
    // A blocked pod holds its resources but does no work yet.
    const bool idle = pod.gang_blocked && sw.gang_blocked_util == GangBlockedUtil::kZero;
    if (pod.cpu_work_left) {
      const double w = CpuWeightOf(pod);
      cpu_demand += pod.c_req * (idle ? 0 : Clamp01(p.u_cpu));
      cpu_mem += w * p.mem;
      cpu_io += w * p.io;
      load.cpu_weight += w;
      load.cpu_class_weight[static_cast<std::size_t>(p.cpu_class)] += w;
    }
    if (pod.gpu_work_left) {
      const double w = GpuWeightOf(pod);
      gpu_demand += pod.g_req * (idle ? 0 : Clamp01(p.u_gpu));
      gpu_mem += w * p.mem;
      gpu_feed += w * p.feed;
      load.gpu_weight += w;
      load.gpu_requested += pod.g_req;
      load.gpu_class_weight[static_cast<std::size_t>(p.gpu_class)] += w;
    }
  }
  load.cpu_util = cores > 0 ? Clamp01(cpu_demand / cores) : 0;
  load.cpu_mem = WeightedMean(cpu_mem, load.cpu_weight);
  load.cpu_io = WeightedMean(cpu_io, load.cpu_weight);
  load.cpu_class = DominantCpuClass(load.cpu_class_weight);
  load.gpu_util = gpu_count > 0 ? Clamp01(gpu_demand / gpu_count) : 0;
  load.gpu_mem = WeightedMean(gpu_mem, load.gpu_weight);
  load.gpu_feed = WeightedMean(gpu_feed, load.gpu_weight);
  load.gpu_class = DominantGpuClass(load.gpu_class_weight);
  if (sw.node_memory_intensity == NodeMemoryIntensity::kBlended)
    load.cpu_mem = load.gpu_mem = BlendedMemoryIntensity(pods);
  return load;
}

double BlendedMemoryIntensity(std::span<const PodLoad> pods) {
  double sum = 0, weight = 0;
  for (const PodLoad& pod : pods) {
    if (pod.cpu_work_left) {
      sum += CpuWeightOf(pod) * pod.profile->mem;
      weight += CpuWeightOf(pod);
    }
    if (pod.gpu_work_left) {
      sum += GpuWeightOf(pod) * pod.profile->mem;
      weight += GpuWeightOf(pod);
    }
  }
  return WeightedMean(sum, weight);
}

CpuClass DominantCpuClass(const CpuClassWeights& weights) {
  return static_cast<CpuClass>(Dominant(weights, static_cast<std::size_t>(CpuClass::kMixed)));
}

GpuClass DominantGpuClass(const GpuClassWeights& weights) {
  return static_cast<GpuClass>(Dominant(weights, static_cast<std::size_t>(GpuClass::kMixed)));
}

}  // namespace clustersim::power
