#include "power/power_policy.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace clustersim::power {

std::string NodeFamily(const NodeType& t) {
  return t.gpus > 0 ? "gpu:" + t.gpu.product : "cpu:" + t.cpu.model;
}

std::int64_t StaticPerformanceNodes(std::int64_t n, double frac, std::int64_t families) {
  const auto hp = static_cast<std::int64_t>(std::round(frac * static_cast<double>(n)));  // half away from zero
  return std::min(n, std::max(hp, families));
}

std::int64_t QueueAwarePerformanceNodes(std::int64_t n, const PowerPolicyOptions& o, std::int64_t perf_pods,
                                        std::int64_t families) {
  const auto base = static_cast<std::int64_t>(std::round(o.base_frac * static_cast<double>(n)));
  // Above n the need changes nothing (hp ends at most n): clamped there, it converts safely.
  const double need_d = std::ceil(static_cast<double>(perf_pods) / o.perf_per_hp);
  const std::int64_t need = need_d >= static_cast<double>(n) ? n : static_cast<std::int64_t>(need_d);
  // Joulie raises to hp_min before it lowers to hp_max: hp_max wins if they cross.
  const std::int64_t hp = std::min(std::max(std::max(base, need), o.hp_min), o.hp_max);
  return std::min(n, std::max({hp, families, std::int64_t{0}}));
}

std::int64_t CountFamilies(const Cluster& c) {
  std::set<std::string> families;
  for (const Node& node : c.nodes) families.insert(NodeFamily(c.types[node.type]));
  return static_cast<std::int64_t>(families.size());
}

std::vector<NodeId> SelectionOrderOf(const Cluster& cluster, SelectionOrder order) {
  std::vector<NodeId> out = NodesByName(cluster);
  if (order == SelectionOrder::kDensity) {
    const auto density = [&](NodeId n) {
      const NodeType& t = cluster.type_of(n);
      return (static_cast<double>(t.millicores) / 1000.0 / 192.0 * 100.0 + t.gpus / 8.0 * 100.0) / 2.0;
    };
    std::stable_sort(out.begin(), out.end(), [&](NodeId a, NodeId b) { return density(a) > density(b); });
  }
  return out;
}

std::vector<NodeId> SelectPerformanceNodes(const Cluster& cluster, const std::vector<NodeId>& order, std::int64_t hp) {
  std::vector<std::uint8_t> chosen(cluster.nodes.size(), 0);
  std::set<std::string> covered;
  std::int64_t count = 0;
  for (const NodeId n : order) {
    if (count == hp) break;
    if (covered.insert(NodeFamily(cluster.type_of(n))).second) chosen[n] = 1, ++count;
  }
  for (const NodeId n : order) {
    if (count == hp) break;
    if (!chosen[n]) chosen[n] = 1, ++count;
  }
  std::vector<NodeId> out;
  for (NodeId n = 0; n < chosen.size(); ++n)
    if (chosen[n]) out.push_back(n);
  return out;
}

PolicyOutcome ApplyPowerPolicy(const PowerPolicyOptions& o, Cluster* cluster) {
  PolicyOutcome out;
  out.families = CountFamilies(*cluster);
  const auto n = static_cast<std::int64_t>(cluster->nodes.size());
  switch (o.policy) {
    case PowerPolicy::kNone:
      for (const Node& node : cluster->nodes) out.performance_nodes += node.profile == PowerProfile::kPerformance;
      return out;
    case PowerPolicy::kAllPerformance:
      for (Node& node : cluster->nodes) node.profile = PowerProfile::kPerformance;
      out.performance_nodes = n;
      return out;
    case PowerPolicy::kStatic:
    case PowerPolicy::kQueueAware: {
      // B and C differ only in the count (C's start has no queue yet).
      const std::int64_t count = o.policy == PowerPolicy::kStatic ? StaticPerformanceNodes(n, o.hp_frac, out.families)
                                                                   : QueueAwarePerformanceNodes(n, o, 0, out.families);
      for (Node& node : cluster->nodes) node.profile = PowerProfile::kEco;
      const std::vector<NodeId> hp = SelectPerformanceNodes(*cluster, SelectionOrderOf(*cluster, o.order), count);
      for (const NodeId id : hp) cluster->nodes[id].profile = PowerProfile::kPerformance;
      out.performance_nodes = static_cast<std::int64_t>(hp.size());
      return out;
    }
  }
  return out;
}

}  // namespace clustersim::power
