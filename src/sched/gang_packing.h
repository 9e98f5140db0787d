#pragma once
// Whether a gang's pods can be placed at once on an empty cluster: a small
// multi-dimensional bin-packing question (cores, GPUs, memory), asked once
// per gang when it is submitted, so that a gang that can never run is
// rejected with a reason instead of waiting forever (power-model §a.4: gangs
// must not deadlock). Exact depth-first search over node states, identical
// nodes collapsed; a step budget bounds it, and an undecided answer lets the
// gang in (the check may only reject what provably never fits).

#include <cstdint>
#include <span>
#include <vector>

namespace clustersim {

struct PackNeed {  // one pod
  std::int64_t millicores, gpus, memory;
};
struct PackNodes {  // `count` identical empty nodes of one kind
  std::int64_t millicores, gpus, memory;
  std::int64_t count;
};
enum class PackResult : std::uint8_t { kFits, kNever, kUnknown };

// may_use[p][k]: pod p may go to nodes of kind k.
PackResult PackGang(std::span<const PackNeed> pods, std::span<const PackNodes> kinds,
                    const std::vector<std::vector<bool>>& may_use, std::int64_t budget = 100000);

}  // namespace clustersim
