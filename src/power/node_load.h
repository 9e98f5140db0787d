#pragma once
// What a node's running pods add up to for its power models (power-model.md
// §f): utilisations, weighted intensities and dominant classes, CPU side
// and GPU side apart. Recomputed whenever the node's pod set or a pod's
// work-left state changes.

#include <array>
#include <span>
#include <vector>

#include "model/work.h"
#include "power/switches.h"

namespace clustersim::power {

// One running (placed, started, not completed) pod as aggregation sees it.
struct PodLoad {
  double c_req = 1;                      // requested cores
  int g_req = 0;                         // requested GPUs
  const WorkProfile* profile = nullptr;  // REQUIRES: not null
  bool cpu_work_left = true;             // CPUUnitsRemaining > 0
  bool gpu_work_left = false;            // GPUUnitsRemaining > 0
  bool gang_blocked = false;             // its gang is not all running yet (§a.4)
};

// Class weights indexed by the enum's value.
using CpuClassWeights = std::array<double, 4>;
using GpuClassWeights = std::array<double, 4>;

struct NodeLoad {
  // CPU side: pods with CPU work left, weight w = max(0.1, C_req).
  double cpu_util = 0;    // clamp01(Σ C_req·U_cpu / cores)
  double cpu_mem = 0;     // Σ w·M / Σ w (0 without weight)
  double cpu_io = 0;      // Σ w·I / Σ w
  double cpu_weight = 0;  // Σ w, also Joulie's capacity-share denominator
  CpuClassWeights cpu_class_weight{};
  CpuClass cpu_class = CpuClass::kMixed;
  // GPU side: pods with GPU work left, weight wg = max(0.1, G_req).
  double gpu_util = 0;       // clamp01(Σ G_req·U_gpu / gpuCount)
  double gpu_mem = 0;        // Σ wg·M / Σ wg
  double gpu_feed = 0;       // Σ wg·F / Σ wg
  double gpu_weight = 0;     // Σ wg
  double gpu_requested = 0;  // Σ G_req, Joulie's gpuShare denominator
  GpuClassWeights gpu_class_weight{};
  GpuClass gpu_class = GpuClass::kMixed;
  // gpu_util_source=assigned (§d.5 option): each device's utilisation, that
  // of the pod holding it while its GPU work lasts (0 for a free device).
  // Empty under the default, which splits gpu_util over the first devices.
  std::vector<double> device_util;
};

// §f over a node's running pods. Gang-blocked pods keep their weights
// (they are placed) but add U = 0 under gang_blocked_util=zero. With
// node_memory_intensity=blended both cpu_mem and gpu_mem are Joulie's one
// node M (BlendedMemoryIntensity).
NodeLoad AggregateNodeLoad(std::span<const PodLoad> pods, double cores, int gpu_count, const PowerSwitches& sw);

// §k.1 item 16: Σ over both sides of weight·M / Σ of those weights.
double BlendedMemoryIntensity(std::span<const PodLoad> pods);

// §f: the class with the largest weight if it holds >= 60 % of the total,
// else mixed (ties go to the earlier enum value; no weight gives mixed).
CpuClass DominantCpuClass(const CpuClassWeights& weights);
GpuClass DominantGpuClass(const GpuClassWeights& weights);

}  // namespace clustersim::power
