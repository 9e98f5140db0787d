#include "sched/gang_packing.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <numeric>
#include <tuple>

namespace clustersim {
namespace {

struct Bin {  // `count` nodes of kind `kind` with these free resources
  std::uint32_t kind;
  std::int64_t millicores, gpus, memory;
  std::int64_t count;
};

class Packer {
 public:
  Packer(std::span<const PackNeed> pods, const std::vector<std::vector<bool>>& may_use, std::int64_t budget)
      : pods_(pods), may_use_(may_use), budget_(budget), order_(pods.size()), steps_(pods.size()) {
    // Largest pods first: they have the fewest places, so dead ends show early.
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
      const PackNeed &x = pods[a], &y = pods[b];
      return std::tie(x.gpus, x.millicores, x.memory) > std::tie(y.gpus, y.millicores, y.memory);
    });
  }

  const std::vector<PackStep>& steps() const { return steps_; }

  PackResult Run(std::span<const PackNodes> kinds) {
    for (std::uint32_t k = 0; k < kinds.size(); ++k)
      if (kinds[k].count > 0) bins_.push_back({k, kinds[k].millicores, kinds[k].gpus, kinds[k].memory, kinds[k].count});
    const bool fits = Place(0);
    if (fits) return PackResult::kFits;
    return exhausted_ ? PackResult::kUnknown : PackResult::kNever;
  }

 private:
  bool Place(std::size_t i) {
    if (i == order_.size()) return true;
    const std::size_t p = order_[i];
    const PackNeed& need = pods_[p];
    // Bins are visited by index; a bin taken here leaves a new state that
    // is merged with an equal one, so identical nodes are tried once.
    for (std::size_t b = 0; b < bins_.size(); ++b) {
      if (--budget_ < 0) {
        exhausted_ = true;
        return false;
      }
      const Bin bin = bins_[b];
      if (bin.count == 0 || !may_use_[p][bin.kind] || bin.millicores < need.millicores || bin.gpus < need.gpus ||
          bin.memory < need.memory)
        continue;
      steps_[i] = {p, bin.kind, bin.millicores, bin.gpus, bin.memory};
      const Bin left{bin.kind, bin.millicores - need.millicores, bin.gpus - need.gpus, bin.memory - need.memory, 1};
      --bins_[b].count;
      std::size_t to = 0;
      while (to < bins_.size() && !Same(bins_[to], left)) ++to;
      const bool created = to == bins_.size();
      if (created) bins_.push_back(left);
      else ++bins_[to].count;
      const bool done = Place(i + 1);
      if (created) bins_.pop_back();  // deeper levels have popped theirs
      else --bins_[to].count;
      ++bins_[b].count;
      if (done) return true;
      if (exhausted_) return false;
    }
    return false;
  }

  static bool Same(const Bin& a, const Bin& b) {
    return a.kind == b.kind && a.millicores == b.millicores && a.gpus == b.gpus && a.memory == b.memory;
  }

  std::span<const PackNeed> pods_;
  const std::vector<std::vector<bool>>& may_use_;
  std::int64_t budget_;
  bool exhausted_ = false;
  std::vector<std::size_t> order_;
  std::vector<Bin> bins_;
  std::vector<PackStep> steps_;  // steps_[i]: where order_[i] went on the current path
};

}  // namespace

PackResult PackGang(std::span<const PackNeed> pods, std::span<const PackNodes> kinds,
                    const std::vector<std::vector<bool>>& may_use, std::int64_t budget,
                    std::vector<PackStep>* steps) {
  Packer packer(pods, may_use, budget);
  const PackResult r = packer.Run(kinds);
  if (r == PackResult::kFits && steps) *steps = packer.steps();
  return r;
}

bool PackOnto(std::span<const PackNeed> pods, std::span<const PackNode> nodes,
              const std::vector<std::vector<bool>>& group_ok, std::int64_t budget, std::vector<std::size_t>* node_of) {
  // Nodes of one group in one state are one kind, numbered as first met.
  std::vector<PackNodes> kinds;
  std::vector<std::uint32_t> kind_group;
  std::vector<std::vector<std::size_t>> members;
  std::map<std::tuple<std::uint32_t, std::int64_t, std::int64_t, std::int64_t>, std::uint32_t> kind_of;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const PackNode& n = nodes[i];
    const auto [it, added] =
        kind_of.try_emplace({n.group, n.millicores, n.gpus, n.memory}, static_cast<std::uint32_t>(kinds.size()));
    if (added) {
      kinds.push_back({n.millicores, n.gpus, n.memory, 0});
      kind_group.push_back(n.group);
      members.emplace_back();
    }
    ++kinds[it->second].count;
    members[it->second].push_back(i);
  }
  std::vector<std::vector<bool>> may_use(pods.size());
  for (std::size_t p = 0; p < pods.size(); ++p)
    for (const std::uint32_t g : kind_group) may_use[p].push_back(group_ok[g][p]);
  std::vector<PackStep> steps;
  if (PackGang(pods, kinds, may_use, budget, &steps) != PackResult::kFits) return false;
  // A step names a kind and the state it met there: the first member still
  // in that state takes the pod (one exists, as the packer counted them).
  std::map<std::size_t, PackNeed> used;  // what the steps so far took from a node
  node_of->assign(pods.size(), 0);
  for (const PackStep& step : steps) {
    [[maybe_unused]] bool placed = false;
    for (const std::size_t i : members[step.kind]) {
      const PackNeed u = used.count(i) ? used[i] : PackNeed{0, 0, 0};
      if (nodes[i].millicores - u.millicores != step.millicores || nodes[i].gpus - u.gpus != step.gpus ||
          nodes[i].memory - u.memory != step.memory)
        continue;
      const PackNeed& need = pods[step.pod];
      used[i] = {u.millicores + need.millicores, u.gpus + need.gpus, u.memory + need.memory};
      (*node_of)[step.pod] = i;
      placed = true;
      break;
    }
    assert(placed && "a packing step names a state no member of its kind is in");
  }
  return true;
}

}  // namespace clustersim
