#pragma once
// Joulie's standalone placement score (power-model.md §h.3), used by
// ClusterPool under --placement joulie: a worst-fit spread that steers
// standard pods toward eco nodes and away from busy performance nodes.

#include <algorithm>
#include <cstdint>

#include "model/cluster.h"

namespace clustersim {

// Percent of the node's cores free after the placement:
// (1 - (used + request) / cores) * 100, in millicores.
inline double JoulieHeadroom(std::int64_t cores_mc, std::int64_t used_after_mc) {
  return cores_mc > 0 ? (1.0 - static_cast<double>(used_after_mc) / static_cast<double>(cores_mc)) * 100 : 0;
}

// clamp(0.7 * headroom + 15, +10 for a standard pod on an eco node,
// -0.3 * perf_pressure for a standard pod on any other node, 0, 100);
// perf_pressure is the mean CPU allocation percent over non-eco nodes.
inline double JoulieScore(double headroom, bool standard, PowerProfile profile, double perf_pressure) {
  double score = 0.7 * headroom + 15;
  if (standard && profile == PowerProfile::kEco) score += 10;
  if (standard && profile != PowerProfile::kEco) score -= 0.3 * perf_pressure;
  return std::clamp(score, 0.0, 100.0);
}

}  // namespace clustersim
