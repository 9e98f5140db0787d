// ClusterPool::PackNow: where a gang goes when its pods, placed one by one,
// do not all fit (the rest of ClusterPool is in cluster_pool.cc).

#include <algorithm>
#include <bit>
#include <limits>

#include "sched/cluster_pool.h"
#include "sched/gang_packing.h"

namespace clustersim {

// Pods placed one by one in file order can fail where the gang fits (a
// small first pod takes the one node a later large pod needs; on an empty
// cluster, at every pass: §a.4, gangs must not deadlock). An exact search
// over the nodes' free states places it then; gangs the strategy places
// stay where it puts them.
bool ClusterPool::PackNow(JobId id, std::vector<NodeId>* nodes_of) const {
  const WorkJob& j = w_.work[id];
  const bool perf = performance_[id] != 0;
  std::vector<PackNeed> pods;
  std::vector<std::vector<bool>> group_ok(groups_.size());  // [g][i]: pod i may use group g
  std::int64_t millicores = 0;
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  PackNeed least{kMax, kMax, kMax};  // a node with less can take none of the pods
  for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) {
    const Pod& pod = w_.pods[p];
    if (pod.spread || pod.whole_node) return false;  // sized at placement, not by a packing
    pods.push_back({pod.millicores, pod.gpus, pod.memory_bytes});
    millicores += pod.millicores;
    least = {std::min(least.millicores, pod.millicores), std::min<std::int64_t>(least.gpus, pod.gpus),
             std::min(least.memory, pod.memory_bytes)};
    for (std::size_t g = 0; g < groups_.size(); ++g) group_ok[g].push_back(Eligible(groups_[g], pod, perf));
  }
  if (millicores > free_mc_) return false;
  std::vector<PackNode> nodes;
  std::vector<NodeId> ids;
  for (const NodeId n : order_) {  // tie order: the packing's first choice among equals
    const NodeState& st = nodes_[n];
    const std::int64_t gpus = std::popcount(st.free_devices);
    if (st.free_mc < least.millicores || gpus < least.gpus || st.free_mem < least.memory) continue;
    nodes.push_back({st.group, st.free_mc, gpus, st.free_mem});
    ids.push_back(n);
  }
  std::vector<std::size_t> node_of;
  if (!PackOnto(pods, nodes, group_ok, /*budget=*/20000, &node_of)) return false;
  nodes_of->clear();
  for (const std::size_t i : node_of) nodes_of->push_back(ids[i]);
  return true;
}

}  // namespace clustersim
