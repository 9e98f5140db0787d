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

// Steps a packing search may take: the check at submission and the
// placement at a pass use one budget, so a gang the first admits is not
// given up by the second on an empty cluster.
inline constexpr std::int64_t kGangPackBudget = 100000;

// Where a packing put one pod: into a node of `kind` that had these free
// resources then (identical nodes are one state, so the caller picks the
// node, any one of that kind in that state).
struct PackStep {
  std::size_t pod;
  std::uint32_t kind;
  std::int64_t millicores, gpus, memory;
};

// may_use[p][k]: pod p may go to nodes of kind k. On kFits, `steps` (if
// given) receives the packing, one step per pod in the order it was made.
PackResult PackGang(std::span<const PackNeed> pods, std::span<const PackNodes> kinds,
                    const std::vector<std::vector<bool>>& may_use, std::int64_t budget = kGangPackBudget,
                    std::vector<PackStep>* steps = nullptr);

// One node's free resources now, and its group (the nodes that share a
// type and profile, so the same pods may use it).
struct PackNode {
  std::uint32_t group;
  std::int64_t millicores, gpus, memory;
};

// Packs a gang onto nodes in their current states (PackGang with identical
// states merged). group_ok[g][p]: pod p may use group g. On success,
// node_of[p] is pod p's index in `nodes`: among nodes in one state, the
// first in `nodes` order. An exhausted budget counts as no packing.
bool PackOnto(std::span<const PackNeed> pods, std::span<const PackNode> nodes,
              const std::vector<std::vector<bool>>& group_ok, std::int64_t budget, std::vector<std::size_t>* node_of);

}  // namespace clustersim
