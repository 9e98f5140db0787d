#include "model/cluster.h"

#include <algorithm>

namespace clustersim {

std::int64_t Cluster::total_millicores() const {
  std::int64_t t = 0;
  for (const Node& n : nodes) t += types[n.type].millicores;
  return t;
}

std::int64_t Cluster::total_gpus() const {
  std::int64_t t = 0;
  for (const Node& n : nodes) t += types[n.type].gpus;
  return t;
}

std::vector<NodeId> NodesByName(const Cluster& cluster) {
  std::vector<NodeId> order(cluster.nodes.size());
  for (NodeId n = 0; n < order.size(); ++n) order[n] = n;
  std::stable_sort(order.begin(), order.end(),
                   [&](NodeId a, NodeId b) { return cluster.nodes[a].name < cluster.nodes[b].name; });
  return order;
}

}  // namespace clustersim
