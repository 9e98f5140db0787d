#pragma once
// AvailabilityProfile: free units as a step function of time, for
// conservative backfilling. Step k holds `free` from its time until the next
// step's. Running jobs occupy [begin, begin + estimate); waiting jobs occupy
// their reservation. Mutated in place; never rebuilt per pass.
//
// Layout: the sorted steps are cut into blocks of 16-32 (flat arrays: a
// std::map version was 5x slower on RICC, pointer chasing dominated), and a
// segment tree over the blocks keeps each block's min and max with lazy range
// adds. Every query is then "scan at most two partial blocks + descend the
// tree": reserving, finding the first step with enough free units and the
// largest free value over a range all cost O(32 + log blocks), not O(steps).
// A step's value is v + its block's lazy + the adds on its tree path.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "model/time.h"

namespace clustersim {

class AvailabilityProfile {
 public:
  explicit AvailabilityProfile(std::int64_t capacity);

  // Earliest t >= from with free(τ) >= units for all τ in [t, t + duration).
  // kTimeInfinity if never. duration 0 counts as 1 tick.
  SimTime EarliestFit(SimTime from, SimTime duration, std::int64_t units) const {
    return EarliestWholeFit(from, std::max<SimTime>(duration, 1), units);
  }
  // For a job already reserved at [own, own + duration): the earliest start
  // it could move to if its own reservation were released, or `own` if none
  // is earlier. Same answer as Release + EarliestFit, without mutating.
  //
  // Compression asks this of every waiting job, and most cannot move, so the
  // answer is built from two cheap facts. A start t < own either has a whole
  // window [t, t + duration) ending by own, which EarliestFit finds (cached
  // per (units, duration) as a lower bound that stays valid while units are
  // taken and is lowered by every release; RICC's waiting jobs share a
  // handful of shapes, and a new shape starts from the bounds of the shapes
  // it dominates), or its window reaches own, and then it starts where
  // the run of steps with enough units that ends at own begins (99.9 % of
  // the moves on RICC).
  SimTime EarliestFitBefore(SimTime from, SimTime duration, std::int64_t units, SimTime own) const;
  void Reserve(SimTime t0, SimTime t1, std::int64_t units) { Add(t0, t1, -units); }
  void Release(SimTime t0, SimTime t1, std::int64_t units) { Add(t0, t1, units); }
  // = Release(from, from + duration) then Reserve(to, to + duration), for
  // to < from. When the two overlap (a long job moving a little earlier,
  // common in compression) only the ends change: two short adds instead of
  // two long ones.
  // After EarliestFitBefore answered `to`, the steps it found are reused:
  // locating the four ends was a quarter of a move.
  void Move(SimTime from, SimTime to, SimTime duration, std::int64_t units);
  // The machine's size changes by `delta` from `from` on (a capacity
  // schedule); free units may go negative while a reduction drains.
  void Resize(SimTime from, std::int64_t delta) { Add(from, kTimeInfinity, delta); }
  std::int64_t FreeAt(SimTime t) const;
  // Tells the profile that nothing before `now` will be asked again; every
  // 256th call, or once the steps have doubled since the last merge, drops
  // those steps and merges equal neighbours.
  void Prune(SimTime now);
  std::size_t breakpoints() const;

 private:
  struct Block {
    std::vector<SimTime> t;
    std::vector<std::int64_t> v;  // stored values, without lazy and tree adds
    std::int64_t lazy = 0;
    std::int64_t mn = 0, mx = 0;  // of v
    void Recompute();
  };
  struct Pos {
    std::size_t b, i;
  };
  Pos Locate(SimTime t) const { return LocateAfter(BlockOf(t), t); }  // step containing t
  Pos BlockOf(SimTime t) const;  // first step of the block holding t: a hint for LocateAfter
  Pos LocateAfter(Pos hint, SimTime t) const;  // same, for t at or after the hint's step
  Pos FirstFromNow(SimTime from, std::int64_t units) const;  // FirstAtLeast(Locate(from)), cached
  Pos Split(Pos p, SimTime t);  // ensures a step starts exactly at t; p is the step containing t
  Pos End() const { return {blocks_.size(), 0}; }
  void Add(SimTime t0, SimTime t1, std::int64_t delta) {
    if (t1 > t0) AddFrom(BlockOf(t0), t0, t1, delta);  // AddFrom finds t0's step
  }
  // Add for t0 < t1 with a hint at or before t0's step; returns the step
  // starting at t1 (End() for kTimeInfinity).
  Pos AddFrom(Pos hint, SimTime t0, SimTime t1, std::int64_t delta);
  Pos FirstAtLeast(Pos p, std::int64_t units) const;
  Pos LastBelow(Pos p, SimTime until, std::int64_t units) const { return LastBelowUpTo(p, LocateAfter(p, until - 1), units); }
  Pos LastBelowUpTo(Pos p, Pos q, std::int64_t units) const;  // the last step in (p, q] below units, or End()
  SimTime StepStart(Pos p) const { return blocks_[p.b].t[p.i]; }
  std::int64_t StepFree(Pos p) const { return blocks_[p.b].v[p.i] + blocks_[p.b].lazy + PathAdd(p.b); }
  Pos NextStep(Pos p) const { return p.i + 1 < blocks_[p.b].t.size() ? Pos{p.b, p.i + 1} : Pos{p.b + 1, 0}; }
  // Earliest t >= from where [t, t + duration) has the units; or, once the
  // candidates pass give_up_after, the first candidate after it (no fit
  // starts before it: a lower bound).
  SimTime EarliestWholeFit(SimTime from, SimTime duration, std::int64_t units,
                           SimTime give_up_after = kTimeInfinity) const;
  void MergeEqualNeighbours();

  // The segment tree over blocks. Leaf b holds block b's min/max including
  // its lazy; an inner node holds its children's plus its own pending add.
  std::int64_t PathAdd(std::size_t b) const;  // adds above leaf b
  void UpdateLeaf(std::size_t b);
  void TreeAdd(std::size_t node, std::size_t lo, std::size_t hi, std::size_t b0, std::size_t b1, std::int64_t d);
  // First block >= from holding a step with at least `units`.
  std::size_t TreeFind(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from, std::int64_t above,
                       std::int64_t units, std::int64_t* leaf_above) const;  // *leaf_above = PathAdd(result)
  std::size_t TreeFindLast(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from, std::size_t to,
                           std::int64_t above, std::int64_t units, std::int64_t* leaf_above) const;
  void PushDownAdds(std::size_t node, std::int64_t above);  // tree adds into block lazies
  void RebuildTree();  // after blocks were inserted or removed; also refreshes front_
  std::vector<Block> blocks_;
  std::vector<SimTime> front_;  // blocks_[b].t.front(), contiguous for binary search
  std::size_t leaves_ = 0;
  std::vector<std::int64_t> add_, tmn_, tmx_;
  std::size_t prunes_ = 0;
  std::size_t steps_ = 1;              // = breakpoints()
  std::size_t steps_after_merge_ = 1;  // after the last MergeEqualNeighbours
  std::uint64_t changes_ = 0;  // bumped by every change of a value or of the layout
  struct FirstFit {
    SimTime from = kNoTime;
    std::int64_t units = -1;
    std::uint64_t changes = 0;
    Pos pos{0, 0};
  };
  mutable std::array<FirstFit, 4> first_fit_{};
  mutable std::size_t first_fit_next_ = 0;
  // EarliestFitBefore's caches. For each shape, a time no later than its
  // earliest whole fit from `from` (equal to it when the search found a fit,
  // below it when the search gave up early); and the step
  // just before the last `own` asked, since waiting jobs bunch at a few
  // starts.
  struct ShapeFit {
    SimTime from = kNoTime;
    SimTime duration = 0;
    std::int64_t units = -1;
    SimTime lower_bound = kNoTime;
  };
  mutable std::array<ShapeFit, 16> shape_fit_{};
  mutable std::size_t shape_fit_next_ = 0;
  mutable std::size_t shape_fit_last_ = 0;  // the entry asked last
  struct StepBefore {
    SimTime own = kNoTime;
    std::uint64_t changes = 0;
    Pos pos{0, 0};
    std::int64_t free = 0;
    std::int64_t offset = 0;  // free = stored value + offset, for every step of pos's block
  };
  mutable StepBefore step_before_;
  // The step at or before EarliestFitBefore's last answer, while the
  // profile is unchanged: where Move starts.
  struct Answer {
    SimTime t = kNoTime;
    std::uint64_t changes = 0;
    Pos pos{0, 0};
  };
  mutable Answer answer_;
  SimTime Answered(Pos at, SimTime t) const;  // records answer_, returns t
};

}  // namespace clustersim
