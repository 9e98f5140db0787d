#include "sched/node_tree.h"

#include <algorithm>

namespace clustersim {

NodeTree::NodeTree(std::size_t leaves) : leaves_(leaves), width_(1), leaf_(leaves) {
  while (width_ < leaves_) width_ *= 2;
  // Padding leaves hold nothing (and an unreachable minimum).
  max_mc_.assign(2 * width_, -1);
  min_mc_.assign(2 * width_, std::numeric_limits<std::int64_t>::max());
  max_mem_.assign(2 * width_, -1);
  max_gpus_.assign(2 * width_, -1);
}

void NodeTree::Set(std::size_t leaf, const Free& f) {
  leaf_[leaf] = f;
  std::size_t n = width_ + leaf;
  max_mc_[n] = min_mc_[n] = f.millicores;
  max_gpus_[n] = f.gpus;
  max_mem_[n] = f.memory;
  for (n /= 2; n >= 1; n /= 2) {
    max_mc_[n] = std::max(max_mc_[2 * n], max_mc_[2 * n + 1]);
    min_mc_[n] = std::min(min_mc_[2 * n], min_mc_[2 * n + 1]);
    max_gpus_[n] = std::max(max_gpus_[2 * n], max_gpus_[2 * n + 1]);
    max_mem_[n] = std::max(max_mem_[2 * n], max_mem_[2 * n + 1]);
  }
}

// The maxima of a range are necessary, not sufficient (they may sit on
// different nodes), so a descent can back out of a range; with the few node
// shapes of real clusters it rarely does.
void NodeTree::FirstFitFrom(std::size_t node, std::size_t lo, std::size_t hi, const Free& need,
                            std::size_t* best) const {
  if (*best != kNone || lo >= leaves_ || !Covers(node, need)) return;
  if (hi - lo == 1) {
    *best = lo;
    return;
  }
  const std::size_t mid = (lo + hi) / 2;
  FirstFitFrom(2 * node, lo, mid, need, best);
  FirstFitFrom(2 * node + 1, mid, hi, need, best);
}

std::size_t NodeTree::FirstFit(const Free& need) const {
  std::size_t best = kNone;
  if (leaves_ > 0) FirstFitFrom(1, 0, width_, need, &best);
  return best;
}

// Branch and bound on (most free millicores, then the first index): the
// richer range first, the left one on a tie; a range is skipped when it
// cannot hold a better leaf than the best so far.
void NodeTree::MostFreeFrom(std::size_t node, std::size_t lo, std::size_t hi, const Free& need,
                            std::size_t* best) const {
  if (lo >= leaves_ || !Covers(node, need)) return;
  if (*best != kNone) {
    const std::int64_t b = leaf_[*best].millicores;
    if (max_mc_[node] < b || (max_mc_[node] == b && lo > *best)) return;
  }
  if (hi - lo == 1) {
    if (*best == kNone || leaf_[lo].millicores > leaf_[*best].millicores ||
        (leaf_[lo].millicores == leaf_[*best].millicores && lo < *best))
      *best = lo;
    return;
  }
  const std::size_t mid = (lo + hi) / 2;
  if (max_mc_[2 * node + 1] > max_mc_[2 * node]) {
    MostFreeFrom(2 * node + 1, mid, hi, need, best);
    MostFreeFrom(2 * node, lo, mid, need, best);
  } else {
    MostFreeFrom(2 * node, lo, mid, need, best);
    MostFreeFrom(2 * node + 1, mid, hi, need, best);
  }
}

std::size_t NodeTree::MostFree(const Free& need) const {
  std::size_t best = kNone;
  if (leaves_ > 0) MostFreeFrom(1, 0, width_, need, &best);
  return best;
}

void NodeTree::LeastFreeFrom(std::size_t node, std::size_t lo, std::size_t hi, const Free& need,
                             std::size_t* best) const {
  if (lo >= leaves_ || !Covers(node, need)) return;
  // No leaf here can have fewer free millicores than max(need, range min).
  if (*best != kNone && std::max(need.millicores, min_mc_[node]) >= leaf_[*best].millicores) return;
  if (hi - lo == 1) {
    *best = lo;
    return;
  }
  const std::size_t mid = (lo + hi) / 2;
  LeastFreeFrom(2 * node, lo, mid, need, best);
  LeastFreeFrom(2 * node + 1, mid, hi, need, best);
}

std::size_t NodeTree::LeastFree(const Free& need) const {
  std::size_t best = kNone;
  if (leaves_ > 0) LeastFreeFrom(1, 0, width_, need, &best);
  return best;
}

std::size_t NodeTree::NextFrom(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from) const {
  if (hi <= from || lo >= leaves_ || max_mc_[node] < 1) return kNone;
  if (hi - lo == 1) return lo;
  const std::size_t mid = (lo + hi) / 2;
  const std::size_t l = NextFrom(2 * node, lo, mid, from);
  return l != kNone ? l : NextFrom(2 * node + 1, mid, hi, from);
}

std::size_t NodeTree::NextWithCores(std::size_t from) const {
  return leaves_ == 0 ? kNone : NextFrom(1, 0, width_, from);
}

}  // namespace clustersim
