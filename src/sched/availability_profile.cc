#include "sched/availability_profile.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <limits>

namespace clustersim {
namespace {
constexpr std::size_t kSplitAt = 32;  // a block is split in two beyond this (16 and 128 measured slower)
constexpr std::size_t kNoBlock = std::numeric_limits<std::size_t>::max();
// Sentinels for empty tree leaves; far from the int64 limits so that adding
// capacities to them cannot overflow.
constexpr std::int64_t kMinusInf = std::numeric_limits<std::int64_t>::min() / 4;
constexpr std::int64_t kPlusInf = std::numeric_limits<std::int64_t>::max() / 4;
// Index of the first of a[0..n) greater than t, a sorted: std::upper_bound,
// but without branches on the data, and finishing with a count over the
// last few entries, whose loads do not wait on each other. Locate runs
// once per asked job and four times per move, and a plain binary search's
// chain of dependent loads and mispredictions was a third of a long
// conservative run.
std::size_t UpperBound(const SimTime* a, std::size_t n, SimTime t) {
  const SimTime* base = a;
  while (n > 8) {
    const std::size_t half = n / 2;
    base = base[half] <= t ? base + half : base;
    n -= half;
  }
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) k += base[i] <= t ? 1 : 0;
  return static_cast<std::size_t>(base - a) + k;
}
}  // namespace

void AvailabilityProfile::Block::Recompute() {
  // By value, not minmax_element's iterators: the loop compiles to
  // conditional moves.
  std::int64_t lo = v[0], hi = v[0];
  for (const std::int64_t x : v) {
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  mn = lo;
  mx = hi;
}

AvailabilityProfile::AvailabilityProfile(std::int64_t capacity) {
  Block b;
  b.t.push_back(kNoTime);
  b.v.push_back(capacity);
  b.Recompute();
  blocks_.push_back(std::move(b));
  RebuildTree();
}

// ---- the tree over blocks ----

std::int64_t AvailabilityProfile::PathAdd(std::size_t b) const {
  std::int64_t s = 0;
  for (std::size_t i = (b + leaves_) / 2; i >= 1; i /= 2) s += add_[i];
  return s;
}

void AvailabilityProfile::UpdateLeaf(std::size_t b) {
  // Most changes leave the block's min and max as they were, or stop
  // mattering a few levels up: the walk ends at the first node unchanged.
  std::size_t i = b + leaves_;
  std::int64_t mn = blocks_[b].mn + blocks_[b].lazy, mx = blocks_[b].mx + blocks_[b].lazy;
  while (i >= 1 && (tmn_[i] != mn || tmx_[i] != mx)) {
    tmn_[i] = mn;
    tmx_[i] = mx;
    i /= 2;
    if (i == 0) break;
    mn = std::min(tmn_[2 * i], tmn_[2 * i + 1]) + add_[i];
    mx = std::max(tmx_[2 * i], tmx_[2 * i + 1]) + add_[i];
  }
}

void AvailabilityProfile::TreeAdd(std::size_t node, std::size_t lo, std::size_t hi, std::size_t b0,
                                  std::size_t b1, std::int64_t d) {
  if (b1 <= lo || hi <= b0) return;
  if (b0 <= lo && hi <= b1) {
    if (node >= leaves_) {
      blocks_[lo].lazy += d;  // leaves keep no add of their own
    } else {
      add_[node] += d;
    }
    tmn_[node] += d;
    tmx_[node] += d;
    return;
  }
  const std::size_t mid = (lo + hi) / 2;
  TreeAdd(2 * node, lo, mid, b0, b1, d);
  TreeAdd(2 * node + 1, mid, hi, b0, b1, d);
  tmn_[node] = std::min(tmn_[2 * node], tmn_[2 * node + 1]) + add_[node];
  tmx_[node] = std::max(tmx_[2 * node], tmx_[2 * node + 1]) + add_[node];
}

// First block >= from holding a step with value >= units. `above` is the
// sum of the adds of the node's ancestors.
std::size_t AvailabilityProfile::TreeFind(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from,
                                          std::int64_t above, std::int64_t units, std::int64_t* leaf_above) const {
  if (hi <= from) return kNoBlock;
  if (lo >= from && tmx_[node] + above < units) return kNoBlock;
  if (hi - lo == 1) return *leaf_above = above, lo;  // = PathAdd(lo), for free
  above += add_[node];
  const std::size_t mid = (lo + hi) / 2;
  const std::size_t l = TreeFind(2 * node, lo, mid, from, above, units, leaf_above);
  return l != kNoBlock ? l : TreeFind(2 * node + 1, mid, hi, from, above, units, leaf_above);
}

void AvailabilityProfile::PushDownAdds(std::size_t node, std::int64_t above) {
  if (node >= leaves_) {
    if (node - leaves_ < blocks_.size()) blocks_[node - leaves_].lazy += above;
    return;
  }
  above += add_[node];
  add_[node] = 0;
  PushDownAdds(2 * node, above);
  PushDownAdds(2 * node + 1, above);
}

void AvailabilityProfile::RebuildTree() {
  front_.resize(blocks_.size());
  for (std::size_t b = 0; b < blocks_.size(); ++b) front_[b] = blocks_[b].t.front();
  leaves_ = 1;
  while (leaves_ < blocks_.size()) leaves_ *= 2;
  add_.assign(2 * leaves_, 0);
  tmn_.assign(2 * leaves_, kPlusInf);
  tmx_.assign(2 * leaves_, kMinusInf);
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    tmn_[leaves_ + b] = blocks_[b].mn + blocks_[b].lazy;
    tmx_[leaves_ + b] = blocks_[b].mx + blocks_[b].lazy;
  }
  for (std::size_t i = leaves_ - 1; i >= 1; --i) {
    tmn_[i] = std::min(tmn_[2 * i], tmn_[2 * i + 1]);
    tmx_[i] = std::max(tmx_[2 * i], tmx_[2 * i + 1]);
  }
}

// ---- steps ----

AvailabilityProfile::Pos AvailabilityProfile::BlockOf(SimTime t) const {
  const std::size_t b = UpperBound(front_.data(), front_.size(), t);  // t is at or after the first step
  assert(b > 0);
  return {b - 1, 0};
}

AvailabilityProfile::Pos AvailabilityProfile::LocateAfter(Pos hint, SimTime t) const {
  // The last block whose first step is <= t (most often the hint's own:
  // the end of a short range, or the next question about the same time),
  // then the last step <= t in it.
  const bool same = hint.b + 1 == front_.size() || t < front_[hint.b + 1];
  std::size_t b = hint.b;
  if (!same) {
    // Gallop from the hint: the end of a window or of a range is usually a
    // few blocks on, and a search over every later block would wait on a
    // chain of ~log(blocks) loads.
    std::size_t lo = hint.b + 1, step = 1;  // front_[lo] <= t
    while (lo + step < front_.size() && front_[lo + step] <= t) lo += step, step *= 2;
    const std::size_t hi = std::min(lo + step, front_.size());  // front_[hi] > t, or the end
    b = lo + UpperBound(front_.data() + lo, hi - lo, t) - 1;
  }
  assert(b < blocks_.size());
  const auto& ts = blocks_[b].t;
  const std::size_t i0 = b == hint.b ? hint.i : 0;
  const std::size_t i = i0 + UpperBound(ts.data() + i0, ts.size() - i0, t);
  assert(i > 0);  // t is at or after the hint's step (and the profile's first)
  return {b, i - 1};
}

AvailabilityProfile::Pos AvailabilityProfile::FirstFromNow(SimTime from, std::int64_t units) const {
  // Compression asks this for every job it examines, with the same `from`
  // and the profile unchanged between moves; most jobs ask for one unit.
  for (const FirstFit& c : first_fit_)
    if (c.units == units && c.from == from && c.changes == changes_) return c.pos;
  FirstFit& c = first_fit_[first_fit_next_++ % first_fit_.size()];
  c = {from, units, changes_, FirstAtLeast(Locate(from), units)};
  return c.pos;
}

AvailabilityProfile::Pos AvailabilityProfile::Split(Pos p, SimTime t) {
  Block& blk = blocks_[p.b];
  if (blk.t[p.i] == t) return p;
  // The new step copies the stored value, so block and tree stay valid.
  blk.t.insert(blk.t.begin() + static_cast<std::ptrdiff_t>(p.i + 1), t);
  blk.v.insert(blk.v.begin() + static_cast<std::ptrdiff_t>(p.i + 1), blk.v[p.i]);
  ++p.i;
  ++steps_;
  if (blk.t.size() > kSplitAt) {
    PushDownAdds(1, 0);  // block positions shift: the tree's adds must not
    Block hi;
    const std::size_t half = blk.t.size() / 2;
    hi.t.assign(blk.t.begin() + static_cast<std::ptrdiff_t>(half), blk.t.end());
    hi.v.assign(blk.v.begin() + static_cast<std::ptrdiff_t>(half), blk.v.end());
    hi.lazy = blk.lazy;
    blk.t.resize(half);
    blk.v.resize(half);
    blk.Recompute();
    hi.Recompute();
    blocks_.insert(blocks_.begin() + static_cast<std::ptrdiff_t>(p.b + 1), std::move(hi));
    RebuildTree();
    if (p.i >= half) {
      ++p.b;
      p.i -= half;
    }
  }
  return p;
}

void AvailabilityProfile::Move(SimTime from, SimTime to, SimTime duration, std::int64_t units) {
  assert(to < from && duration > 0);
  const SimTime reserve_end = std::min(from, to + duration);
  const Pos at = answer_.t == to && answer_.changes == changes_ ? answer_.pos : BlockOf(to);
  // The release starts at or after the reservation's end, whose step the
  // first add returns.
  const Pos end = AddFrom(at, to, reserve_end, -units);
  AddFrom(end, std::max(from, to + duration), from + duration, units);
}

AvailabilityProfile::Pos AvailabilityProfile::AddFrom(Pos hint, SimTime t0, SimTime t1, std::int64_t delta) {
  assert(t0 < t1);
  ++changes_;
  // A whole window that fits only after this release contains a point of
  // [t0, t1), so it starts after t0 - duration: lower the cached bounds.
  if (delta > 0)
    for (ShapeFit& w : shape_fit_)
      if (w.lower_bound > t0 - w.duration) w.lower_bound = t0 - w.duration + 1;
  // The start by binary search (a gallop from the first block would take
  // twice the steps), the end from the start's step: ranges are short.
  Pos a = Split(LocateAfter(hint, t0), t0);
  const std::size_t blocks = blocks_.size();
  const Pos e = t1 == kTimeInfinity ? End() : Split(LocateAfter(a, t1), t1);  // first step not touched
  if (blocks_.size() != blocks) a = Locate(t0);  // a block split may have moved t0's step
  auto add_steps = [&](std::size_t b, std::size_t i0, std::size_t i1) {
    Block& blk = blocks_[b];
    std::int64_t lo = kPlusInf, hi = kMinusInf;  // over the changed steps, after the add
    for (std::size_t k = i0; k < i1; ++k) {
      blk.v[k] += delta;
      lo = std::min(lo, blk.v[k]);
      hi = std::max(hi, blk.v[k]);
    }
    // The block's min and max follow from the changed steps' unless a
    // changed step held the old extreme that moved away from the rest:
    // then rescan the block (moves change a few steps of 32; blocks changed
    // as a whole go to the tree's lazy adds instead).
    if (delta < 0) {
      blk.mn = std::min(blk.mn, lo);
      if (hi - delta >= blk.mx) blk.Recompute();
    } else {
      blk.mx = std::max(blk.mx, hi);
      if (lo - delta <= blk.mn) blk.Recompute();
    }
    UpdateLeaf(b);
  };
  if (a.b == e.b) {
    add_steps(a.b, a.i, e.i);
    return e;
  }
  std::size_t whole = a.b;  // first block changed as a whole
  if (a.i > 0) add_steps(a.b, a.i, blocks_[a.b].t.size()), ++whole;
  if (e.b < blocks_.size() && e.i > 0) add_steps(e.b, 0, e.i);
  if (whole < e.b) TreeAdd(1, 0, leaves_, whole, e.b, delta);
  return e;
}

std::int64_t AvailabilityProfile::FreeAt(SimTime t) const {
  return StepFree(Locate(t));
}

// First step at or after p whose value is >= units.
AvailabilityProfile::Pos AvailabilityProfile::FirstAtLeast(Pos p, std::int64_t units) const {
  auto scan = [&](std::size_t b, std::size_t from, std::int64_t path_add) {
    const Block& blk = blocks_[b];
    const std::int64_t need = units - blk.lazy - path_add;
    if (blk.mx < need) return blk.v.size();
    std::size_t k = from;
    while (k < blk.v.size() && blk.v[k] < need) ++k;
    return k;
  };
  if (p.b >= blocks_.size()) return End();
  if (const std::size_t k = scan(p.b, p.i, PathAdd(p.b)); k < blocks_[p.b].v.size()) return {p.b, k};
  std::int64_t path_add = 0;
  const std::size_t b = TreeFind(1, 0, leaves_, p.b + 1, 0, units, &path_add);
  if (b == kNoBlock) return End();
  return {b, scan(b, 0, path_add)};
}

// The last step in (p, q] whose value is < units, or End().
AvailabilityProfile::Pos AvailabilityProfile::LastBelowUpTo(Pos p, Pos q, std::int64_t units) const {
  if (q.b < p.b || (q.b == p.b && q.i <= p.i)) return End();
  auto scan_back = [&](std::size_t b, std::size_t lo, std::size_t hi, std::int64_t path_add) -> std::size_t {
    const Block& blk = blocks_[b];  // steps [lo, hi], from hi down
    const std::int64_t need = units - blk.lazy - path_add;
    if (blk.mn >= need) return kNoBlock;
    for (std::size_t k = hi + 1; k-- > lo;)
      if (blk.v[k] < need) return k;
    return kNoBlock;
  };
  if (q.b == p.b) {
    const std::size_t k = scan_back(p.b, p.i + 1, q.i, PathAdd(p.b));
    return k == kNoBlock ? End() : Pos{p.b, k};
  }
  if (const std::size_t k = scan_back(q.b, 0, q.i, PathAdd(q.b)); k != kNoBlock) return {q.b, k};
  if (q.b > p.b + 1) {
    std::int64_t path_add = 0;
    const std::size_t b = TreeFindLast(1, 0, leaves_, p.b + 1, q.b, 0, units, &path_add);
    if (b != kNoBlock) return {b, scan_back(b, 0, blocks_[b].v.size() - 1, path_add)};
  }
  if (p.i + 1 < blocks_[p.b].v.size()) {
    const std::size_t k = scan_back(p.b, p.i + 1, blocks_[p.b].v.size() - 1, PathAdd(p.b));
    if (k != kNoBlock) return {p.b, k};
  }
  return End();
}

// Last block in [from, to) holding a step with value < units.
std::size_t AvailabilityProfile::TreeFindLast(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from,
                                              std::size_t to, std::int64_t above, std::int64_t units,
                                              std::int64_t* leaf_above) const {
  if (hi <= from || lo >= to) return kNoBlock;
  if (lo >= from && hi <= to && tmn_[node] + above >= units) return kNoBlock;
  if (hi - lo == 1) return *leaf_above = above, lo;
  above += add_[node];
  const std::size_t mid = (lo + hi) / 2;
  const std::size_t r = TreeFindLast(2 * node + 1, mid, hi, from, to, above, units, leaf_above);
  return r != kNoBlock ? r : TreeFindLast(2 * node, lo, mid, from, to, above, units, leaf_above);
}

SimTime AvailabilityProfile::EarliestWholeFit(SimTime from, SimTime duration, std::int64_t units,
                                              SimTime give_up_after) const {
  // From a candidate start, look at the *last* short step in its window:
  // every start up to that step would contain it, so the next candidate is
  // the first step with enough units after it. Runs that are too short are
  // common on long queues, and this skips all of them inside one window.
  Pos p = FirstFromNow(from, units);
  for (;;) {
    if (p.b == blocks_.size()) return kTimeInfinity;
    const SimTime start = std::max(StepStart(p), from);
    if (start > give_up_after) return start;  // no fit in [from, start)
    // = start + duration, saturated at "never" rather than overflowing.
    const SimTime until = start >= kTimeInfinity - duration ? kTimeInfinity : start + duration;
    const Pos bad = LastBelow(p, until, units);
    if (bad.b == blocks_.size()) return start;
    p = FirstAtLeast(bad, units);  // bad itself is short: the scan moves past it
  }
}

SimTime AvailabilityProfile::EarliestFitBefore(SimTime from, SimTime duration, std::int64_t units,
                                               SimTime own) const {
  if (duration <= 0) duration = 1;
  if (own <= from) return own;
  if (own == kTimeInfinity) return EarliestWholeFit(from, duration, units);
  // A whole window ending by own. (Written own - from, not own - duration:
  // with times before 1970 the latter could overflow; this form is safe for
  // any times within ±2^62 µs, 146,000 years.)
  if (own - from >= duration) {
    const SimTime last_start = own - duration;
    // The shape asked last first: RICC's queue repeats one shape (1
    // processor for 72 h) in long runs.
    ShapeFit* w = &shape_fit_[shape_fit_last_];
    if (w->units != units || w->duration != duration || w->from > from) {
      w = nullptr;
      for (std::size_t k = 0; k < shape_fit_.size(); ++k)
        if (ShapeFit& c = shape_fit_[k]; c.units == units && c.duration == duration && c.from <= from) {
          w = &c;
          shape_fit_last_ = k;
          break;
        }
    }
    if (w == nullptr) {
      // A new shape starts from the best bound of the cached shapes it
      // dominates: asking for no fewer units for no less time fits no
      // earlier. Long queues on a small machine rarely repeat a shape; this
      // skips 40 % of their window-by-window steps (0.76x on a 2,000-job
      // overloaded trace).
      SimTime dominated = kNoTime;
      for (const ShapeFit& c : shape_fit_)
        if (c.from <= from && c.units <= units && c.duration <= duration) dominated = std::max(dominated, c.lower_bound);
      shape_fit_last_ = shape_fit_next_++ % shape_fit_.size();
      w = &shape_fit_[shape_fit_last_];
      *w = {from, duration, units, dominated};
    }
    // The earliest fit from a later `from` is no earlier: the bound holds.
    // Searching from the bound rather than from `from` gives the same fit
    // (none lies between them) and skips the short windows before it; and
    // the search may stop once its candidates start after last_start, which
    // keeps a (then inexact) lower bound.
    if (const SimTime bound = std::max(w->lower_bound, from); bound <= last_start) {
      w->from = from;
      w->lower_bound = EarliestWholeFit(bound, duration, units, last_start);
      if (w->lower_bound <= last_start) return w->lower_bound;
    }
  }
  // Otherwise a window reaching own, so [t, own) has the units everywhere.
  // (If that run began by own - duration it would hold a whole window.)
  if (step_before_.own != own || step_before_.changes != changes_) {
    // The last answer's step, even if steps were inserted since, is a valid
    // place to search from when it is in range and not after own - 1; the
    // next job asked usually starts at or after it, often in its block.
    const Pos hint = step_before_.pos;
    const bool usable = hint.b < blocks_.size() && hint.i < blocks_[hint.b].t.size() && StepStart(hint) < own;
    const Pos last = usable ? LocateAfter(hint, own - 1) : Locate(own - 1);
    const std::int64_t offset = blocks_[last.b].lazy + PathAdd(last.b);
    step_before_ = {own, changes_, last, blocks_[last.b].v[last.i] + offset, offset};
  }
  if (step_before_.free < units) return own;
  // The run of steps with enough units that ends at own usually begins in
  // the block of the step before own: walk back to its first short step,
  // or to the step holding `from`.
  {
    const Pos q = step_before_.pos;
    const Block& blk = blocks_[q.b];
    const std::int64_t need = units - step_before_.offset;
    for (std::size_t k = q.i + 1; k-- > 0;) {
      if (blk.t[k] <= from && blk.v[k] >= need) return Answered({q.b, k}, from);
      if (blk.t[k] <= from || blk.v[k] < need) return Answered({q.b, k + 1}, blk.t[k + 1]);  // k < q.i
    }
  }
  // Otherwise: the step at or after from's with enough units comes no later
  // than the one before own; the run starts after the last short step
  // between them.
  const Pos first = FirstFromNow(from, units);
  const Pos bad = LastBelowUpTo(first, step_before_.pos, units);
  if (bad.b == blocks_.size()) return Answered(first, std::max(StepStart(first), from));
  const Pos start = NextStep(bad);
  return Answered(start, StepStart(start));
}

SimTime AvailabilityProfile::Answered(Pos at, SimTime t) const {
  answer_ = {t, changes_, at};
  return t;
}

void AvailabilityProfile::Prune(SimTime now) {
  // Queries never look before `now`, so past steps are harmless; dropping
  // them (and merging the equal neighbours that released reservations leave
  // behind) costs a tree rebuild, so it is done now and then: every 256th
  // call, or once the steps have doubled since the last time. Moves leave
  // equal neighbours behind fast (on RICC 78 % of the steps, on an
  // overloaded trace 98 %), and every search pays for them.
  if (++prunes_ % 256 != 0 && steps_ <= 2 * steps_after_merge_ + 64) return;
  ++changes_;
  PushDownAdds(1, 0);
  const Pos p = Locate(now);
  if (p.b > 0) blocks_.erase(blocks_.begin(), blocks_.begin() + static_cast<std::ptrdiff_t>(p.b));
  if (p.i > 0) {
    Block& blk = blocks_.front();
    blk.t.erase(blk.t.begin(), blk.t.begin() + static_cast<std::ptrdiff_t>(p.i));
    blk.v.erase(blk.v.begin(), blk.v.begin() + static_cast<std::ptrdiff_t>(p.i));
    blk.Recompute();
  }
  MergeEqualNeighbours();
  RebuildTree();
  steps_after_merge_ = steps_;
}

void AvailabilityProfile::MergeEqualNeighbours() {
  // Tree adds were pushed into the block lazies by the caller.
  std::vector<SimTime> ts;
  std::vector<std::int64_t> vs;
  for (const Block& blk : blocks_)
    for (std::size_t k = 0; k < blk.t.size(); ++k) {
      const std::int64_t v = blk.v[k] + blk.lazy;
      if (!vs.empty() && vs.back() == v) continue;
      ts.push_back(blk.t[k]);
      vs.push_back(v);
    }
  blocks_.clear();
  steps_ = ts.size();
  constexpr std::size_t kFill = kSplitAt / 2;
  for (std::size_t s = 0; s < ts.size(); s += kFill) {
    Block blk;
    const std::size_t e = std::min(ts.size(), s + kFill);
    blk.t.assign(ts.begin() + static_cast<std::ptrdiff_t>(s), ts.begin() + static_cast<std::ptrdiff_t>(e));
    blk.v.assign(vs.begin() + static_cast<std::ptrdiff_t>(s), vs.begin() + static_cast<std::ptrdiff_t>(e));
    blk.Recompute();
    blocks_.push_back(std::move(blk));
  }
}

std::size_t AvailabilityProfile::breakpoints() const {
  std::size_t n = 0;
  for (const Block& b : blocks_) n += b.t.size();
  assert(n == steps_);
  return n;
}

}  // namespace clustersim
