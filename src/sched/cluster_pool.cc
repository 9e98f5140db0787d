#include "sched/cluster_pool.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "sched/gang_packing.h"
#include "sched/joulie_score.h"

namespace clustersim {
namespace {

constexpr std::int64_t kNoMemoryLimit = std::numeric_limits<std::int64_t>::max();

std::int64_t TotalMemory(const NodeType& t) { return t.memory_bytes > 0 ? t.memory_bytes : kNoMemoryLimit; }

std::uint64_t AllDevices(int n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }

// The lowest `n` set bits of `mask` (§b.2: the lowest free device indices).
std::uint64_t LowestBits(std::uint64_t mask, int n) {
  std::uint64_t out = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t bit = mask & (~mask + 1);
    out |= bit;
    mask &= ~bit;
  }
  return out;
}

bool VendorMatches(GpuVendor want, GpuVendor node) {
  return want == GpuVendor::kNone || want == GpuVendor::kAny || want == node;
}

}  // namespace

ClusterPool::ClusterPool(const Cluster& cluster, const Workload& w, std::vector<std::uint8_t> performance,
                         PoolUnits units, PlacementStrategy strategy)
    : cluster_(cluster), w_(w), performance_(std::move(performance)), units_(units), strategy_(strategy),
      pack_(w.jobs.size(), 0), placed_(w.jobs.size()) {
  // Ties between equally good nodes go to the first in file order, or under
  // Joulie's score to the first in name order (§h.3). Each group's leaves
  // follow that order too, so its tree breaks ties the same way.
  order_ = strategy == PlacementStrategy::kJoulie ? NodesByName(cluster) : std::vector<NodeId>(cluster.nodes.size());
  if (strategy != PlacementStrategy::kJoulie)
    for (NodeId n = 0; n < order_.size(); ++n) order_[n] = n;
  rank_.resize(order_.size());
  for (std::size_t r = 0; r < order_.size(); ++r) rank_[order_[r]] = static_cast<NodeId>(r);
  nodes_.resize(cluster.nodes.size());
  perf_pieces_.assign(cluster.nodes.size(), 0);
  for (NodeId n = 0; n < cluster.nodes.size(); ++n) {
    const NodeType& t = cluster.type_of(n);
    NodeState& s = nodes_[n];
    s.free_mc = t.millicores;
    s.free_mem = TotalMemory(t);
    s.free_devices = AllDevices(t.gpus);
    free_mc_ += t.millicores;
    free_gpus_ += t.gpus;
  }
  BuildGroups();
  std::vector<std::uint8_t> fixed(cluster.nodes.size());
  for (NodeId n = 0; n < cluster.nodes.size(); ++n) fixed[n] = ProfileBit(cluster.nodes[n].profile);
  SetPossibleProfiles(fixed);
  idle_nodes_ = static_cast<std::int64_t>(cluster.nodes.size());
  total_mc_ = free_mc_;
  switch (units_) {
    case PoolUnits::kNodes: capacity_ = idle_nodes_; break;
    case PoolUnits::kCores: capacity_ = free_mc_ / 1000; break;
    case PoolUnits::kMillicores: capacity_ = free_mc_; break;
  }
  // Interchangeable units: whole nodes or spread cores, with no job that a
  // node class or vendor restricts.
  bool restricted = false;
  for (JobId id = 0; id < w.work.size(); ++id) {
    const WorkJob& j = w.work[id];
    for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) {
      const Pod& pod = w.pods[p];
      if ((!pod.whole_node && !pod.spread) || pod.gpus > 0) restricted = true;
    }
    if (performance_[id] != 0) restricted = true;
  }
  scalar_exact_ = !restricted && units_ != PoolUnits::kMillicores;
}

void ClusterPool::BuildGroups() {
  // Groups: one per (node type, power profile), in order of first appearance.
  std::map<std::pair<std::uint32_t, PowerProfile>, std::uint32_t> index;
  groups_.clear();
  for (const NodeId n : order_) {
    const Node& node = cluster_.nodes[n];
    const auto key = std::make_pair(node.type, node.profile);
    auto [it, added] = index.emplace(key, static_cast<std::uint32_t>(groups_.size()));
    if (added) groups_.push_back(Group{node.type, node.profile, {}, NodeTree(0)});
    Group& g = groups_[it->second];
    nodes_[n].group = it->second;
    nodes_[n].leaf = static_cast<std::uint32_t>(g.nodes.size());
    g.nodes.push_back(n);
  }
  for (Group& g : groups_) g.tree = NodeTree(g.nodes.size());
  non_eco_nodes_ = 0;
  non_eco_alloc_mc_.assign(cluster_.types.size(), 0);
  for (NodeId n = 0; n < cluster_.nodes.size(); ++n) {
    const NodeState& s = nodes_[n];
    groups_[s.group].tree.Set(s.leaf, FreeOf(n));
    if (cluster_.nodes[n].profile == PowerProfile::kEco) continue;
    ++non_eco_nodes_;
    non_eco_alloc_mc_[cluster_.nodes[n].type] += cluster_.type_of(n).millicores - s.free_mc;
  }
}

void ClusterPool::ProfilesChanged() {
  BuildGroups();
  ++generation_;  // a cached plan may use a node that changed
}

namespace {

// The distinct pods of `pieces` (in pod order).
std::int64_t CountPods(std::span<const Piece> pieces) {
  std::int64_t n = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) n += i == 0 || pieces[i].pod != pieces[i - 1].pod;
  return n;
}

}  // namespace

void ClusterPool::CountPerformance(JobId id, std::span<const Piece> pieces, int sign) {
  if (performance_[id] == 0) return;
  for (const Piece& p : pieces) perf_pieces_[p.node] += sign;
  perf_pods_running_ += sign * CountPods(pieces);
}

NodeTree::Free ClusterPool::FreeOf(NodeId n) const {
  const NodeState& s = nodes_[n];
  return {s.free_mc, std::popcount(s.free_devices), s.free_mem};
}

std::int64_t ClusterPool::free() const {
  switch (units_) {
    case PoolUnits::kNodes: return idle_nodes_;
    case PoolUnits::kCores: return free_mc_ / 1000;
    case PoolUnits::kMillicores: return free_mc_;
  }
  return 0;
}

bool ClusterPool::Eligible(std::uint32_t type, std::uint8_t profiles, const Pod& pod, bool performance) const {
  std::uint8_t allowed = profiles & pod.profiles;  // its required node affinity
  if (performance) allowed &= ProfileBit(PowerProfile::kPerformance);
  if (allowed == 0) return false;
  const NodeType& t = cluster_.types[type];
  if (pod.gpus > 0 && !VendorMatches(pod.vendor, t.gpu.vendor)) return false;
  return true;
}

void ClusterPool::SetPossibleProfiles(const std::vector<std::uint8_t>& profiles) {
  std::map<std::pair<std::uint32_t, std::uint8_t>, std::int64_t> count;
  for (NodeId n = 0; n < cluster_.nodes.size(); ++n) ++count[{cluster_.nodes[n].type, profiles[n]}];
  possible_.clear();
  for (const auto& [key, nodes] : count) possible_.push_back({key.first, key.second, nodes});
}

double ClusterPool::PerfPressure() const {
  if (non_eco_nodes_ == 0) return 0;
  // Σ allocated % over non-eco nodes, from exact per-type sums: tentative
  // placements (Fits, EarliestFit) undo exactly, so no rounding builds up
  // with the number of questions asked.
  double pct = 0;
  for (std::size_t k = 0; k < non_eco_alloc_mc_.size(); ++k)
    if (non_eco_alloc_mc_[k] != 0 && cluster_.types[k].millicores > 0)
      pct += 100.0 * static_cast<double>(non_eco_alloc_mc_[k]) / static_cast<double>(cluster_.types[k].millicores);
  return pct / static_cast<double>(non_eco_nodes_);
}

NodeId ClusterPool::ChooseNode(const Pod& pod, bool performance, const NodeTree::Free& need, bool whole) const {
  NodeId best = static_cast<NodeId>(cluster_.nodes.size());
  double best_score = -1;
  std::int64_t best_left = 0;
  const double perf_pressure = strategy_ == PlacementStrategy::kJoulie ? PerfPressure() : 0;  // only its score reads it
  for (const Group& g : groups_) {
    if (!Eligible(g, pod, performance)) continue;
    const NodeType& t = cluster_.types[g.type];
    NodeTree::Free n = need;
    if (whole) n = {t.millicores, t.gpus, TotalMemory(t)};  // an empty node of this type
    std::size_t leaf = NodeTree::kNone;
    switch (strategy_) {
      case PlacementStrategy::kFirstFit: leaf = g.tree.FirstFit(n); break;
      case PlacementStrategy::kBestFit: leaf = g.tree.LeastFree(n); break;
      case PlacementStrategy::kWorstFit:
      case PlacementStrategy::kJoulie: leaf = g.tree.MostFree(n); break;
    }
    if (leaf == NodeTree::kNone) continue;
    const std::int64_t request = whole ? t.millicores : need.millicores;
    double score = 0;
    if (strategy_ == PlacementStrategy::kJoulie) {
      const std::int64_t most_left = g.tree.Get(leaf).millicores - request;
      score = JoulieScore(JoulieHeadroom(t.millicores, t.millicores - most_left), !performance, g.profile, perf_pressure);
      // The most free node scores highest, but when the clamp at 0 holds it
      // there, every node of the group that fits scores 0 too: §h.3's tie
      // goes to the first of them in name order (the group's leaf order).
      if (score == 0) leaf = g.tree.FirstFit(n);
    }
    const NodeId node = g.nodes[leaf];
    const std::int64_t left = g.tree.Get(leaf).millicores - request;
    bool better = best == cluster_.nodes.size();
    switch (strategy_) {
      case PlacementStrategy::kFirstFit: better = better || rank_[node] < rank_[best]; break;
      case PlacementStrategy::kBestFit:
        better = better || std::tie(left, rank_[node]) < std::tie(best_left, rank_[best]);
        break;
      case PlacementStrategy::kWorstFit:
        better = better || left > best_left || (left == best_left && rank_[node] < rank_[best]);
        break;
      case PlacementStrategy::kJoulie:
        better = better || score > best_score || (score == best_score && rank_[node] < rank_[best]);
        if (better) best_score = score;
        break;
    }
    if (better) {
      best = node;
      best_left = left;
    }
  }
  return best;
}

void ClusterPool::Apply(const Piece& p, int sign) const {
  NodeState& s = nodes_[p.node];
  const NodeType& t = cluster_.type_of(p.node);
  const bool was_idle = s.free_mc == t.millicores && s.free_devices == AllDevices(t.gpus);
  s.free_mc -= sign * p.millicores;
  if (s.free_mem != kNoMemoryLimit) s.free_mem -= sign * p.memory;
  s.free_devices = sign > 0 ? s.free_devices & ~p.devices : s.free_devices | p.devices;
  free_mc_ -= sign * p.millicores;
  free_gpus_ -= sign * std::popcount(p.devices);
  const bool idle = s.free_mc == t.millicores && s.free_devices == AllDevices(t.gpus);
  idle_nodes_ += (idle ? 1 : 0) - (was_idle ? 1 : 0);
  if (cluster_.nodes[p.node].profile != PowerProfile::kEco) non_eco_alloc_mc_[cluster_.nodes[p.node].type] += sign * p.millicores;
  groups_[s.group].tree.Set(s.leaf, FreeOf(p.node));
}

bool ClusterPool::PlacePod(std::uint32_t pod_index, bool performance, std::vector<Piece>* out) const {
  const Pod& pod = w_.pods[pod_index];
  if (pod.spread) {
    // Cores anywhere: fill eligible nodes in cluster order.
    std::int64_t left = pod.millicores;
    for (NodeId n = 0; n < cluster_.nodes.size() && left > 0; ++n) {
      const NodeState& s = nodes_[n];
      if (s.free_mc <= 0 || !Eligible(groups_[s.group], pod, performance)) continue;
      const std::int64_t take = std::min(left, s.free_mc / 1000 * 1000);
      if (take <= 0) continue;
      Piece p{pod_index, n, take, 0, 0};
      Apply(p, +1);
      out->push_back(p);
      left -= take;
    }
    return left == 0;
  }
  const NodeTree::Free need{pod.millicores, pod.gpus, pod.memory_bytes};
  const NodeId n = ChooseNode(pod, performance, need, pod.whole_node);
  if (n == cluster_.nodes.size()) return false;
  const NodeType& t = cluster_.type_of(n);
  Piece p{pod_index, n, pod.whole_node ? t.millicores : pod.millicores,
          pod.whole_node ? 0 : pod.memory_bytes,
          pod.whole_node ? AllDevices(t.gpus) : LowestBits(nodes_[n].free_devices, pod.gpus)};
  Apply(p, +1);
  out->push_back(p);
  return true;
}

bool ClusterPool::TryPlace(JobId id, std::vector<Piece>* out, bool pack) const {
  out->clear();
  const WorkJob& j = w_.work[id];
  const bool perf = performance_[id] != 0;
  for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) {
    if (!PlacePod(p, perf, out)) {
      for (auto it = out->rbegin(); it != out->rend(); ++it) Apply(*it, -1);
      out->clear();
      std::vector<NodeId> nodes;
      if (!pack || j.num_pods < 2 || !PackNow(id, &nodes)) return false;
      for (std::uint32_t q = j.first_pod; q < j.first_pod + j.num_pods; ++q) {
        const Pod& pod = w_.pods[q];
        const NodeId n = nodes[q - j.first_pod];
        out->push_back({q, n, pod.millicores, pod.memory_bytes, LowestBits(nodes_[n].free_devices, pod.gpus)});
        Apply(out->back(), +1);
      }
      return true;
    }
  }
  return true;
}

bool ClusterPool::Fits(JobId id, const Job& job) const {
  if (job.units > free()) return false;  // cheap necessary condition
  if (plan_generation_ == generation_ && plan_job_ == id) return true;
  bool placed = TryPlace(id, &plan_, pack_[id] != 0);
  // On an idle cluster a gang the one-by-one placement misses is marked:
  // it would miss at every pass from then on. Only those: a marked gang is
  // packed whenever the one-by-one placement misses, which a gang it placed
  // here (then refused, say outside EASY's window) must not be.
  if (!placed && pack_[id] == 0 && w_.work[id].num_pods > 1 &&
      idle_nodes_ == static_cast<std::int64_t>(cluster_.nodes.size())) {
    pack_[id] = 1;
    placed = TryPlace(id, &plan_, true);
  }
  if (!placed) {
    // plan_ was cleared: the cached job's plan is gone (a candidate EASY
    // refused after a true Fits would be allocated an empty plan later).
    plan_generation_ = ~std::uint64_t{0};
    return false;
  }
  for (auto it = plan_.rbegin(); it != plan_.rend(); ++it) Apply(*it, -1);
  plan_job_ = id;
  plan_generation_ = generation_;
  return true;
}

void ClusterPool::Allocate(JobId id, const Job& job) {
  if (!(plan_generation_ == generation_ && plan_job_ == id)) {
    const bool ok = Fits(id, job);
    (void)ok;  // REQUIRES: Fits
  }
  for (const Piece& p : plan_) Apply(p, +1);
  placed_[id] = plan_;
  CountPerformance(id, plan_, +1);
  ++generation_;
}

void ClusterPool::Release(JobId id, const Job&) {
  for (auto it = placed_[id].rbegin(); it != placed_[id].rend(); ++it) Apply(*it, -1);
  CountPerformance(id, placed_[id], -1);
  std::vector<Piece>().swap(placed_[id]);
  ++generation_;
}

std::int64_t ClusterPool::ReleasePod(JobId id, std::uint32_t pod) {
  const std::int64_t before = free();
  std::vector<Piece>& held = placed_[id];
  // The pod's pieces to the tail, in their order, then undone last first as
  // Release does.
  const auto tail = std::stable_partition(held.begin(), held.end(), [pod](const Piece& p) { return p.pod != pod; });
  const std::span<const Piece> mine(tail, held.end());
  for (auto it = mine.rbegin(); it != mine.rend(); ++it) Apply(*it, -1);
  CountPerformance(id, mine, -1);
  held.erase(tail, held.end());
  ++generation_;
  return free() - before;
}

std::span<const Piece> ClusterPool::pieces(JobId id) const { return placed_[id]; }

void ClusterPool::BeginScratch() const {
  if (touched_.size() != nodes_.size()) {
    touched_.assign(nodes_.size(), 0);
    scratch_.resize(nodes_.size());
  }
  if (++touch_pass_ == 0) {  // wrapped: forget every stamp
    std::fill(touched_.begin(), touched_.end(), 0);
    touch_pass_ = 1;
  }
}

ClusterPool::NodeState& ClusterPool::Scratch(NodeId n) const {
  NodeState& s = scratch_[n];
  if (touched_[n] != touch_pass_) {
    s = nodes_[n];
    touched_[n] = touch_pass_;
  }
  return s;
}

bool ClusterPool::PodFits(const NodeState& s, NodeId n, const Pod& pod, const NodeTree::Free& need) const {
  const NodeType& t = cluster_.type_of(n);
  return pod.whole_node ? s.free_mc == t.millicores && s.free_devices == AllDevices(t.gpus) &&
                              s.free_mem == TotalMemory(t)
                        : s.free_mc >= need.millicores && std::popcount(s.free_devices) >= need.gpus &&
                              s.free_mem >= need.memory;
}

SimTime ClusterPool::EarliestFitOnePod(JobId id, const std::vector<std::pair<SimTime, JobId>>& ends) const {
  const Pod& pod = w_.pods[w_.work[id].first_pod];
  const bool perf = performance_[id] != 0;
  if (ends.empty()) return kTimeInfinity;
  const NodeTree::Free need{pod.millicores, pod.gpus, pod.memory_bytes};
  // As the general path: if it fits already, the first release is the answer.
  if (ChooseNode(pod, perf, need, pod.whole_node) != cluster_.nodes.size()) return ends.front().first;
  // Releases onto nodes that could never take the pod (another profile or
  // vendor, or too small even empty) cannot end the walk: they are passed
  // over without copying the node. On a mixed cluster most are (a GPU head
  // of one type amid the other types' jobs).
  usable_group_.resize(groups_.size());
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    const NodeType& t = cluster_.types[groups_[g].type];
    usable_group_[g] = Eligible(groups_[g], pod, perf) &&
                       (pod.whole_node || (t.millicores >= need.millicores && t.gpus >= need.gpus &&
                                           TotalMemory(t) >= need.memory));
  }
  BeginScratch();
  for (const auto& [end, running] : ends) {
    for (const Piece& p : placed_[running]) {
      if (!usable_group_[nodes_[p.node].group]) continue;
      NodeState& s = Scratch(p.node);
      s.free_mc += p.millicores;
      if (s.free_mem != kNoMemoryLimit) s.free_mem += p.memory;
      s.free_devices |= p.devices;
      if (PodFits(s, p.node, pod, need)) return end;
    }
  }
  return kTimeInfinity;
}

bool ClusterPool::GuardHead(JobId head, const Job&, const std::vector<std::pair<SimTime, JobId>>& ends, SimTime by) {
  for (const Spare& e : guard_) guard_slot_[e.node] = -1;
  guard_.clear();
  guard_live_ = 0;
  const WorkJob& j = w_.work[head];
  const Pod& pod = w_.pods[j.first_pod];
  if (j.num_pods != 1 || pod.spread || guard_off_) return false;
  if (guard_slot_.size() != nodes_.size()) guard_slot_.assign(nodes_.size(), -1);
  const bool perf = performance_[head] != 0;
  const NodeTree::Free need{pod.millicores, pod.gpus, pod.memory_bytes};
  // The head fits no node now (it is blocked): only nodes the releases up
  // to `by` touch can take it then. Each is recorded once, in first-touch order.
  BeginScratch();
  std::vector<NodeId> touched;
  for (const auto& [end, running] : ends) {
    if (end > by) break;
    for (const Piece& p : placed_[running]) {
      if (touched_[p.node] != touch_pass_) touched.push_back(p.node);
      NodeState& s = Scratch(p.node);
      s.free_mc += p.millicores;
      if (s.free_mem != kNoMemoryLimit) s.free_mem += p.memory;
      s.free_devices |= p.devices;
    }
  }
  for (NodeId n : touched) {
    const NodeState& s = scratch_[n];
    if (!Eligible(groups_[s.group], pod, perf) || !PodFits(s, n, pod, need)) continue;
    guard_slot_[n] = static_cast<std::int32_t>(guard_.size());
    guard_.push_back({n, s.free_mc - need.millicores, s.free_mem == kNoMemoryLimit ? kNoMemoryLimit : s.free_mem - need.memory,
                      std::popcount(s.free_devices) - need.gpus, pod.whole_node, false});
  }
  guard_live_ = guard_.size();
  return true;
}

bool ClusterPool::GuardAdmits(JobId id) {
  // REQUIRES: Fits(id) just returned true: plan_ is id's placement (else
  // refused, which can only delay `id`, never the head).
  if (plan_job_ != id || plan_generation_ != generation_) return false;
  struct Use {
    std::int32_t slot;
    std::int64_t mc, mem, gpus;
  };
  std::vector<Use> uses;  // the plan's pieces on the head's nodes, by entry
  for (const Piece& p : plan_) {
    const std::int32_t k = guard_slot_.empty() ? -1 : guard_slot_[p.node];
    if (k < 0 || guard_[static_cast<std::size_t>(k)].gone) continue;
    auto it = std::find_if(uses.begin(), uses.end(), [k](const Use& u) { return u.slot == k; });
    if (it == uses.end()) it = uses.insert(uses.end(), Use{k, 0, 0, 0});
    it->mc += p.millicores;
    it->mem += p.memory;
    it->gpus += std::popcount(p.devices);
  }
  const auto still_fits = [&](const Use& u) {
    const Spare& e = guard_[static_cast<std::size_t>(u.slot)];
    return !e.whole && u.mc <= e.mc && u.gpus <= e.gpus && (e.mem == kNoMemoryLimit || u.mem <= e.mem);
  };
  const auto lost = static_cast<std::size_t>(std::count_if(uses.begin(), uses.end(), [&](const Use& u) { return !still_fits(u); }));
  if (lost >= guard_live_) return false;  // no node would take the head at `by`
  for (const Use& u : uses) {
    Spare& e = guard_[static_cast<std::size_t>(u.slot)];
    if (!still_fits(u)) {
      e.gone = true;
      --guard_live_;
      continue;
    }
    e.mc -= u.mc;
    if (e.mem != kNoMemoryLimit) e.mem -= u.mem;
    e.gpus -= u.gpus;
  }
  return true;
}

SimTime ClusterPool::EarliestFit(JobId id, const Job&, const std::vector<std::pair<SimTime, JobId>>& ends) const {
  // One pod (most jobs): nothing fits now, releases only add, so the pod
  // first fits on a node a release touches; checking those nodes alone
  // gives the general path's answer without placing anything.
  if (w_.work[id].num_pods == 1 && !w_.pods[w_.work[id].first_pod].spread) return EarliestFitOnePod(id, ends);
  SimTime found = kTimeInfinity;
  std::size_t released = 0;
  std::vector<Piece> plan;
  for (; released < ends.size(); ++released) {
    for (const Piece& p : placed_[ends[released].second]) Apply(p, -1);
    if (TryPlace(id, &plan, /*pack=*/false)) {
      for (auto it = plan.rbegin(); it != plan.rend(); ++it) Apply(*it, -1);
      found = ends[released].first;
      ++released;
      break;
    }
  }
  if (found == kTimeInfinity && w_.work[id].num_pods > 1) found = EarliestPack(id, ends, &released);
  for (std::size_t i = 0; i < released; ++i)
    for (const Piece& p : placed_[ends[i].second]) Apply(p, +1);
  ++generation_;  // the cached plan may have been computed on a changed state
  return found;
}

bool ClusterPool::CanEverFit(JobId id, const Job&, std::string* why) const {
  if (!refusals_.empty() && !refusals_[id].empty()) return *why = refusals_[id], false;
  // Each pod alone must fit some eligible empty node (or, spread, the
  // eligible cores); the gang as a whole must fit the empty cluster.
  const WorkJob& j = w_.work[id];
  const bool perf = performance_[id] != 0;
  std::int64_t whole_nodes = 0, total_mc = 0;
  for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) {
    const Pod& pod = w_.pods[p];
    total_mc += pod.millicores;
    bool some = false;
    std::int64_t eligible_mc = 0, eligible_nodes = 0;
    for (const PossibleGroup& g : possible_) {
      if (!Eligible(g.type, g.profiles, pod, perf)) continue;
      const NodeType& t = cluster_.types[g.type];
      eligible_mc += t.millicores * g.nodes;
      eligible_nodes += g.nodes;
      some = some || (t.millicores >= pod.millicores && t.gpus >= pod.gpus && TotalMemory(t) >= pod.memory_bytes);
    }
    if (pod.whole_node) {
      ++whole_nodes;
      some = whole_nodes <= eligible_nodes;
    }
    if (pod.spread) some = pod.millicores <= eligible_mc;
    if (!some && pod.whole_node) {
      *why = fmt::format("it needs {} whole nodes; the cluster has {} {}nodes it may use", j.num_pods, eligible_nodes,
                         perf ? "performance " : "");
      return false;
    }
    if (!some) {
      *why = fmt::format("pod {} requests {} cores, {} GPUs{} and {} bytes of memory{}; no {}node of the cluster has that",
                         pod.name.empty() ? std::to_string(p - j.first_pod) : pod.name, pod.millicores / 1000.0,
                         pod.gpus,
                         pod.vendor == GpuVendor::kNvidia ? " (NVIDIA)" : pod.vendor == GpuVendor::kAmd ? " (AMD)" : "",
                         pod.memory_bytes, pod.whole_node ? " (whole nodes)" : "", perf ? "performance " : "");
      return false;
    }
  }
  // A gang larger than the whole cluster can never run (a cheap sufficient
  // test of that; finer packing limits show as a job that waits forever).
  if (total_mc > total_mc_) {
    *why = fmt::format("the gang requests {} cores, more than the cluster's {}", total_mc / 1000.0, total_mc_ / 1000.0);
    return false;
  }
  return GangPacks(j, perf, why);
}

// The pods of a gang start together (§a.4), so they must fit the empty
// cluster at once, each node in any profile it may take (a relaxation: a
// "no" is final). Spread and whole-node pods are sized at placement and
// are not checked here.
bool ClusterPool::GangPacks(const WorkJob& j, bool perf, std::string* why) const {
  if (j.num_pods < 2) return true;
  std::vector<PackNeed> pods;
  std::vector<std::vector<bool>> may_use;
  for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) {
    const Pod& pod = w_.pods[p];
    if (pod.spread || pod.whole_node) return true;
    pods.push_back({pod.millicores, pod.gpus, pod.memory_bytes});
    std::vector<bool>& row = may_use.emplace_back();
    for (const PossibleGroup& g : possible_) row.push_back(Eligible(g.type, g.profiles, pod, perf));
  }
  std::vector<PackNodes> kinds;
  for (const PossibleGroup& g : possible_) {
    const NodeType& t = cluster_.types[g.type];
    kinds.push_back({t.millicores, t.gpus, TotalMemory(t), g.nodes});
  }
  if (PackGang(pods, kinds, may_use) != PackResult::kNever) return true;
  *why = fmt::format("its {} pods cannot all be placed on the cluster's {}nodes at once (cores, GPUs and memory per "
                     "node), and a gang starts only whole",
                     j.num_pods, perf ? "performance " : "");
  return false;
}

}  // namespace clustersim
