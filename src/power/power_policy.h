#pragma once
// Joulie's power policies (power-model.md §h.1-§h.2): which nodes run as
// performance nodes and which as eco nodes. A: every node is performance.
// B (static): hp = round(hpFrac · N) performance nodes, raised to one per
// hardware family (the family floor) and capped at N; the rest are eco.
// The selection takes node-name order, first one node of each family, then
// fills up to hp. B decides once, before the run; with no node running
// anything then, no node starts draining (§h.1). C (queue-aware) decides
// at the start as B does with base_frac and no queue, then again at every
// reconcile (sim/power_controller.h): hp = clamp(max(round(base_frac · N),
// ceil(perfPods / perf_per_hp)), hp_min, hp_max), the family floor, the
// same selection; a node left out that still runs performance pods drains.
//
// Without a policy (the default) every node keeps the profile its cluster
// file gives it.

#include <cstdint>
#include <string>
#include <vector>

#include "model/cluster.h"
#include "model/name_table.h"
#include "model/status.h"
#include "model/time.h"

namespace clustersim::power {

enum class PowerPolicy : std::uint8_t { kNone, kAllPerformance, kStatic, kQueueAware };

inline constexpr EnumName<PowerPolicy> kPowerPolicyNames[] = {{"none", PowerPolicy::kNone},
                                                              {"A", PowerPolicy::kAllPerformance},
                                                              {"B", PowerPolicy::kStatic},
                                                              {"C", PowerPolicy::kQueueAware}};

// The order in which performance nodes are chosen (§h.2): node names, or
// Joulie's newer controller's compute density mean(cores/192·100,
// gpus/8·100), densest first, ties by name.
enum class SelectionOrder : std::uint8_t { kName, kDensity };
inline constexpr EnumName<SelectionOrder> kSelectionOrderNames[] = {{"name", SelectionOrder::kName},
                                                                    {"density", SelectionOrder::kDensity}};

// The standalone defaults (SIM_SA_*, §h.2).
struct PowerPolicyOptions {
  PowerPolicy policy = PowerPolicy::kNone;
  double hp_frac = 0.30;       // B: SIM_SA_HP_FRAC
  double base_frac = 0.30;     // C: SIM_SA_HP_BASE_FRAC
  std::int64_t hp_min = 1;     // C: SIM_SA_HP_MIN
  std::int64_t hp_max = 25;    // C: SIM_SA_HP_MAX
  double perf_per_hp = 10;     // C: SIM_SA_PERF_PER_HP_NODE, performance pods per performance node
  SimTime reconcile = 300 * kTicksPerSecond;  // C: SIM_SA_RECONCILE_INTERVAL
  SelectionOrder order = SelectionOrder::kName;  // B and C: --hp-order
};

// "gpu:<product>" for a node with GPUs, else "cpu:<cpu model>" (§h.2).
std::string NodeFamily(const NodeType& t);

// B's count: round(frac · n) (half away from zero), then
// min(n, max(hp, families)).
std::int64_t StaticPerformanceNodes(std::int64_t n, double frac, std::int64_t families);

// C's count for `perf_pods` performance pods (running, or submitted and
// not placed): clamp(max(round(base_frac · n), ceil(perf_pods /
// perf_per_hp)), hp_min, hp_max), then min(n, max(hp, families)).
std::int64_t QueueAwarePerformanceNodes(std::int64_t n, const PowerPolicyOptions& o, std::int64_t perf_pods,
                                        std::int64_t families);

// The number of distinct families (NodeFamily) of the cluster's nodes.
std::int64_t CountFamilies(const Cluster& c);

// The nodes in `order`'s order (the policies' candidate list).
std::vector<NodeId> SelectionOrderOf(const Cluster& cluster, SelectionOrder order);

// The hp performance nodes, by NodeId: in `order` (SelectionOrderOf), one
// per family first, then the next nodes until hp.
std::vector<NodeId> SelectPerformanceNodes(const Cluster& cluster, const std::vector<NodeId>& order, std::int64_t hp);

struct PolicyOutcome {
  std::int64_t performance_nodes = 0;
  std::int64_t families = 0;
};

// Sets every node's profile under `o` (nothing under kNone); C's start
// has no queue yet.
PolicyOutcome ApplyPowerPolicy(const PowerPolicyOptions& o, Cluster* cluster);

}  // namespace clustersim::power
