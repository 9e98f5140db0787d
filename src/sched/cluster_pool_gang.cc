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
  std::int64_t millicores = 0, gpus = 0;
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  PackNeed least{kMax, kMax, kMax};  // a node with less can take none of the pods
  for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) {
    const Pod& pod = w_.pods[p];
    if (pod.spread || pod.whole_node) return false;  // sized at placement, not by a packing
    pods.push_back({pod.millicores, pod.gpus, pod.memory_bytes});
    millicores += pod.millicores;
    gpus += pod.gpus;
    least = {std::min(least.millicores, pod.millicores), std::min<std::int64_t>(least.gpus, pod.gpus),
             std::min(least.memory, pod.memory_bytes)};
    for (std::size_t g = 0; g < groups_.size(); ++g) group_ok[g].push_back(Eligible(groups_[g], pod, perf));
  }
  if (millicores > free_mc_ || gpus > free_gpus_) return false;
  // Each pod must fit some node alone: a question to each group's tree,
  // which settles most gangs that cannot start without listing the nodes.
  for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) {
    const Pod& pod = w_.pods[p];
    if (ChooseNode(pod, perf, {pod.millicores, pod.gpus, pod.memory_bytes}, false) == cluster_.nodes.size())
      return false;
  }
  std::vector<PackNode> nodes;
  std::vector<NodeId> ids;
  for (const NodeId n : order_) {  // tie order: the packing's first choice among equals
    const NodeState& st = nodes_[n];
    const std::int64_t free_gpus = std::popcount(st.free_devices);
    if (st.free_mc < least.millicores || free_gpus < least.gpus || st.free_mem < least.memory) continue;
    nodes.push_back({st.group, st.free_mc, free_gpus, st.free_mem});
    ids.push_back(n);
  }
  std::vector<std::size_t> node_of;
  if (!PackOnto(pods, nodes, group_ok, kGangPackBudget, &node_of)) return false;
  nodes_of->clear();
  for (const std::size_t i : node_of) nodes_of->push_back(ids[i]);
  return true;
}

// The shadow walk places a gang's pods one by one (as the pass would first
// try); if that never fits, even with every running job gone, a packing may.
// More releases only add room, so the first release count that packs is
// found by bisection: a search per probe, not one per release. Each probe
// moves the released prefix to its count (the walk's answer is the time of
// the last release it took).
SimTime ClusterPool::EarliestPack(JobId id, const std::vector<std::pair<SimTime, JobId>>& ends,
                                  std::size_t* released) const {
  std::vector<NodeId> nodes;
  if (ends.empty() || !PackNow(id, &nodes)) return kTimeInfinity;
  const bool marked_before = pack_[id] != 0;
  pack_[id] = 1;  // the passes pack it too
  const auto move_to = [&](std::size_t k) {
    for (; *released > k; --*released)
      for (const Piece& p : placed_[ends[*released - 1].second]) Apply(p, +1);
    for (; *released < k; ++*released)
      for (const Piece& p : placed_[ends[*released].second]) Apply(p, -1);
  };
  // A gang marked only now was not packed by this pass's Fits: it may pack
  // with no release at all (then the pass starts it at once).
  if (!marked_before) {
    move_to(0);
    if (PackNow(id, &nodes)) return kFitsNow;
  }
  std::size_t lo = 1, hi = ends.size();  // packs after hi releases
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    move_to(mid);
    if (PackNow(id, &nodes)) hi = mid;
    else lo = mid + 1;
  }
  return ends[hi - 1].first;
}

}  // namespace clustersim
