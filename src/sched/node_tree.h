#pragma once
// NodeTree: the free resources of a group of nodes, as a segment tree of
// per-range maxima, so a placement query visits O(log n) ranges in the usual
// case instead of every node. Leaves are the group's nodes in cluster order
// (their names' order in the cluster file), which is the tie order of every
// query: among equally good nodes the first one wins.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace clustersim {

class NodeTree {
 public:
  struct Free {
    std::int64_t millicores = 0;
    int gpus = 0;
    std::int64_t memory = 0;  // bytes; max() when the node does not limit memory
  };
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  explicit NodeTree(std::size_t leaves);
  std::size_t size() const { return leaves_; }
  void Set(std::size_t leaf, const Free& f);
  const Free& Get(std::size_t leaf) const { return leaf_[leaf]; }

  // The first leaf with at least `need` of every resource.
  std::size_t FirstFit(const Free& need) const;
  // Among leaves with at least `need`: the one with the most (MostFree) or
  // the fewest (LeastFree) free millicores; ties go to the first.
  std::size_t MostFree(const Free& need) const;
  std::size_t LeastFree(const Free& need) const;
  // The first leaf at or after `from` with at least one free millicore.
  std::size_t NextWithCores(std::size_t from) const;

 private:
  bool Covers(std::size_t node, const Free& need) const {
    return max_mc_[node] >= need.millicores && max_gpus_[node] >= need.gpus && max_mem_[node] >= need.memory;
  }
  void FirstFitFrom(std::size_t node, std::size_t lo, std::size_t hi, const Free& need, std::size_t* best) const;
  void MostFreeFrom(std::size_t node, std::size_t lo, std::size_t hi, const Free& need, std::size_t* best) const;
  void LeastFreeFrom(std::size_t node, std::size_t lo, std::size_t hi, const Free& need, std::size_t* best) const;
  std::size_t NextFrom(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from) const;

  std::size_t leaves_, width_;  // width_: a power of two >= leaves_
  std::vector<Free> leaf_;
  // Per tree node (1-based heap layout): maxima of the range, and the
  // minimum millicores (LeastFree's bound).
  std::vector<std::int64_t> max_mc_, min_mc_, max_mem_;
  std::vector<int> max_gpus_;
};

}  // namespace clustersim
