#include "sched/availability_profile.h"

#include <algorithm>
#include <cassert>
#include <limits>

namespace clustersim {
namespace {
constexpr std::size_t kSplitAt = 32;  // a block is split in two beyond this (16 and 128 measured slower)
constexpr std::int64_t kMinusInf = std::numeric_limits<std::int64_t>::min() / 4;
}  // namespace

void AvailabilityProfile::Block::Recompute() {
  mn = *std::min_element(v.begin(), v.end());
  mx = *std::max_element(v.begin(), v.end());
}

AvailabilityProfile::AvailabilityProfile(std::int64_t capacity) {
  Block b;
  b.t.push_back(kNoTime);
  b.v.push_back(capacity);
  b.Recompute();
  blocks_.push_back(std::move(b));
}

AvailabilityProfile::Pos AvailabilityProfile::Locate(SimTime t) const {
  // Last block whose first step is <= t, then the last step <= t in it.
  auto bit = std::upper_bound(blocks_.begin(), blocks_.end(), t,
                              [](SimTime x, const Block& b) { return x < b.t.front(); });
  assert(bit != blocks_.begin());
  const std::size_t b = static_cast<std::size_t>(bit - blocks_.begin()) - 1;
  const auto& ts = blocks_[b].t;
  const std::size_t i = static_cast<std::size_t>(std::upper_bound(ts.begin(), ts.end(), t) - ts.begin()) - 1;
  return {b, i};
}

SimTime AvailabilityProfile::StepEnd(Pos p) const {
  if (p.i + 1 < blocks_[p.b].t.size()) return blocks_[p.b].t[p.i + 1];
  return p.b + 1 < blocks_.size() ? blocks_[p.b + 1].t.front() : kTimeInfinity;
}

AvailabilityProfile::Pos AvailabilityProfile::Split(SimTime t) {
  Pos p = Locate(t);
  Block& blk = blocks_[p.b];
  if (blk.t[p.i] == t) return p;
  const std::int64_t v = blk.v[p.i];
  blk.t.insert(blk.t.begin() + static_cast<std::ptrdiff_t>(p.i + 1), t);
  blk.v.insert(blk.v.begin() + static_cast<std::ptrdiff_t>(p.i + 1), v);
  ++p.i;
  if (blk.t.size() > kSplitAt) {
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
    if (p.i >= half) {
      ++p.b;
      p.i -= half;
    }
  }
  return p;
}

void AvailabilityProfile::Add(SimTime t0, SimTime t1, std::int64_t delta) {
  if (t1 <= t0) return;
  Split(t0);
  if (t1 != kTimeInfinity) Split(t1);
  Pos a = Locate(t0);
  const Pos e = t1 == kTimeInfinity ? Pos{blocks_.size(), 0} : Locate(t1);  // first step not touched
  while (a.b < e.b || (a.b == e.b && a.i < e.i)) {
    Block& blk = blocks_[a.b];
    const std::size_t stop = a.b == e.b ? e.i : blk.t.size();
    if (a.i == 0 && stop == blk.t.size()) {
      blk.lazy += delta;  // whole block
    } else {
      for (std::size_t k = a.i; k < stop; ++k) blk.v[k] += delta;
      blk.Recompute();
    }
    ++a.b;
    a.i = 0;
    if (a.b > e.b) break;
  }
}

std::int64_t AvailabilityProfile::FreeAt(SimTime t) const {
  const Pos p = Locate(t);
  return blocks_[p.b].v[p.i] + blocks_[p.b].lazy;
}

std::int64_t AvailabilityProfile::MaxFree(SimTime a, SimTime b) const {
  if (a >= b) return kMinusInf;
  Pos p = Locate(a);
  std::int64_t best = kMinusInf;
  while (p.b < blocks_.size()) {
    const Block& blk = blocks_[p.b];
    const SimTime block_end = p.b + 1 < blocks_.size() ? blocks_[p.b + 1].t.front() : kTimeInfinity;
    if (p.i == 0 && block_end <= b) {
      best = std::max(best, blk.mx + blk.lazy);  // every step of the block lies in [a, b)
    } else {
      for (std::size_t k = p.i; k < blk.t.size(); ++k) {
        if (blk.t[k] >= b) return best;
        best = std::max(best, blk.v[k] + blk.lazy);
      }
    }
    ++p.b;
    p.i = 0;
  }
  return best;
}

SimTime AvailabilityProfile::EarliestFit(SimTime from, SimTime duration, std::int64_t units) const {
  if (duration <= 0) duration = 1;
  Pos p = Locate(from);
  SimTime cand = from;
  bool open = false;  // a window starting at `cand` is feasible so far
  while (p.b < blocks_.size()) {
    const Block& blk = blocks_[p.b];
    const std::int64_t lazy = blk.lazy;
    if (open && std::max(blk.t[p.i], from) >= cand + duration) return cand;
    if (p.i == 0) {
      if (blk.mx + lazy < units) {  // no step of this block can hold the job
        open = false;
        ++p.b;
        continue;
      }
      if (blk.mn + lazy >= units) {  // every step can
        if (!open) cand = std::max(blk.t.front(), from), open = true;
        ++p.b;
        continue;
      }
    }
    for (std::size_t k = p.i; k < blk.t.size(); ++k) {
      const SimTime t = std::max(blk.t[k], from);
      if (open && t >= cand + duration) return cand;
      if (blk.v[k] + lazy >= units) {
        if (!open) cand = t, open = true;
      } else {
        open = false;
      }
    }
    ++p.b;
    p.i = 0;
  }
  return open ? cand : kTimeInfinity;
}

SimTime AvailabilityProfile::EarliestFitBefore(SimTime from, SimTime duration, std::int64_t units,
                                               SimTime own) const {
  if (duration <= 0) duration = 1;
  if (own <= from) return own;
  const SimTime own_end = own + duration;
  Pos p = Locate(from);
  SimTime cand = from;
  bool open = false;
  // Visits one constant piece [t, ...) of the profile; the job's own
  // reservation counts as free. Returns true when the answer is known.
  auto piece = [&](SimTime t, std::int64_t free, SimTime* answer) {
    t = std::max(t, from);
    if (open && t >= cand + duration) return *answer = cand, true;
    if (!open && t >= own) return *answer = own, true;  // nothing earlier
    if (t >= own && t < own_end) free += units;
    if (free >= units) {
      if (!open) cand = t, open = true;
    } else {
      open = false;
    }
    return false;
  };
  SimTime answer = own;
  while (p.b < blocks_.size()) {
    const Block& blk = blocks_[p.b];
    const SimTime block_end = p.b + 1 < blocks_.size() ? blocks_[p.b + 1].t.front() : kTimeInfinity;
    const bool touches_own = blk.t[p.i] < own_end && block_end > own;
    if (p.i == 0 && !touches_own) {
      if (open && std::max(blk.t.front(), from) >= cand + duration) return cand;
      if (!open && std::max(blk.t.front(), from) >= own) return own;
      if (blk.mx + blk.lazy < units) {
        open = false;
        ++p.b;
        continue;
      }
      if (blk.mn + blk.lazy >= units) {
        if (!open) cand = std::max(blk.t.front(), from), open = true;
        ++p.b;
        continue;
      }
    }
    for (std::size_t k = p.i; k < blk.t.size(); ++k) {
      const SimTime t = blk.t[k];
      const SimTime end = k + 1 < blk.t.size() ? blk.t[k + 1] : block_end;
      const std::int64_t v = blk.v[k] + blk.lazy;
      // Split the step where the own reservation starts or ends inside it.
      if (piece(t, v, &answer)) return answer;
      if (own > std::max(t, from) && own < end && piece(own, v, &answer)) return answer;
      if (own_end > std::max(t, from) && own_end < end && piece(own_end, v, &answer)) return answer;
    }
    ++p.b;
    p.i = 0;
  }
  return open && cand < own ? cand : own;
}

void AvailabilityProfile::PrefixMaxFrom(SimTime from, std::vector<std::pair<SimTime, std::int64_t>>* out) const {
  out->clear();
  Pos p = Locate(from);
  std::int64_t best = kMinusInf;
  for (; p.b < blocks_.size(); ++p.b, p.i = 0) {
    const Block& blk = blocks_[p.b];
    for (std::size_t k = p.i; k < blk.t.size(); ++k) {
      best = std::max(best, blk.v[k] + blk.lazy);
      out->emplace_back(std::max(blk.t[k], from), best);
    }
  }
}

void AvailabilityProfile::Prune(SimTime now) {
  const Pos p = Locate(now);
  if (p.b > 0) blocks_.erase(blocks_.begin(), blocks_.begin() + static_cast<std::ptrdiff_t>(p.b));
  if (p.i > 0) {
    Block& blk = blocks_.front();
    blk.t.erase(blk.t.begin(), blk.t.begin() + static_cast<std::ptrdiff_t>(p.i));
    blk.v.erase(blk.v.begin(), blk.v.begin() + static_cast<std::ptrdiff_t>(p.i));
    blk.Recompute();
  }
  // Released reservations leave equal neighbours behind; merge them now and
  // then so the profile stays proportional to the live jobs.
  if (++prunes_ % 256 == 0) MergeEqualNeighbours();
}

void AvailabilityProfile::MergeEqualNeighbours() {
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
  return n;
}

}  // namespace clustersim
