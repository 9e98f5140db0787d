#include "sched/gang_packing.h"

#include <algorithm>
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
      : pods_(pods), may_use_(may_use), budget_(budget), order_(pods.size()) {
    // Largest pods first: they have the fewest places, so dead ends show early.
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
      const PackNeed &x = pods[a], &y = pods[b];
      return std::tie(x.gpus, x.millicores, x.memory) > std::tie(y.gpus, y.millicores, y.memory);
    });
  }

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
};

}  // namespace

PackResult PackGang(std::span<const PackNeed> pods, std::span<const PackNodes> kinds,
                    const std::vector<std::vector<bool>>& may_use, std::int64_t budget) {
  return Packer(pods, may_use, budget).Run(kinds);
}

}  // namespace clustersim
