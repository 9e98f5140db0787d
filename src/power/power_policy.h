#pragma once
// Joulie's power policies (power-model.md §h.1-§h.2): which nodes run as
// performance nodes and which as eco nodes. A: every node is performance.
// B (static): hp = round(hpFrac · N) performance nodes, raised to one per
// hardware family (the family floor) and capped at N; the rest are eco.
// The selection takes node-name order, first one node of each family, then
// fills up to hp. B decides once, before the run; with no node running
// anything then, no node starts draining (§h.1).
//
// Without a policy (the default) every node keeps the profile its cluster
// file gives it.

#include <cstdint>
#include <string>
#include <vector>

#include "model/cluster.h"
#include "model/name_table.h"
#include "model/status.h"

namespace clustersim::power {

enum class PowerPolicy : std::uint8_t { kNone, kAllPerformance, kStatic };

inline constexpr EnumName<PowerPolicy> kPowerPolicyNames[] = {
    {"none", PowerPolicy::kNone}, {"A", PowerPolicy::kAllPerformance}, {"B", PowerPolicy::kStatic}};

struct PowerPolicyOptions {
  PowerPolicy policy = PowerPolicy::kNone;
  double hp_frac = 0.30;  // B: SIM_SA_HP_FRAC (standalone default)
};

// "gpu:<product>" for a node with GPUs, else "cpu:<cpu model>" (§h.2).
std::string NodeFamily(const NodeType& t);

// B's count: round(frac · n) (half away from zero), then
// min(n, max(hp, families)).
std::int64_t StaticPerformanceNodes(std::int64_t n, double frac, std::int64_t families);

// The hp performance nodes, by NodeId: node-name order, one per family
// first, then the next names until hp.
std::vector<NodeId> SelectPerformanceNodes(const Cluster& cluster, std::int64_t hp);

struct PolicyOutcome {
  std::int64_t performance_nodes = 0;
  std::int64_t families = 0;
};

// Sets every node's profile under `o` (nothing under kNone).
PolicyOutcome ApplyPowerPolicy(const PowerPolicyOptions& o, Cluster* cluster);

}  // namespace clustersim::power
