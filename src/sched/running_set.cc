#include "sched/running_set.h"

#include <algorithm>
#include <cassert>

namespace clustersim {

namespace {
// Comparators for searching ends_ (sorted by time) with a time.
bool EndsBefore(const std::pair<SimTime, std::int64_t>& e, SimTime t) { return e.first < t; }
bool EndsAfter(SimTime t, const std::pair<SimTime, std::int64_t>& e) { return t < e.first; }
}  // namespace

// A job of zero units (CSV allows num_nodes = 0) holds nothing: it gets no
// entry, so removing it cannot hit another job's entry at a nearby time.
void RunningSet::Add(SimTime projected_end, std::int64_t units) {
  if (units == 0) return;
  units_ += units;
  auto it = std::lower_bound(ends_.begin(), ends_.end(), projected_end, EndsBefore);
  if (it != ends_.end() && it->first == projected_end) {
    it->second += units;
  } else {
    ends_.insert(it, {projected_end, units});
  }
}

void RunningSet::Remove(SimTime projected_end, std::int64_t units) {
  if (units == 0) return;
  auto it = std::lower_bound(ends_.begin(), ends_.end(), projected_end, EndsBefore);
  assert(it != ends_.end() && it->first == projected_end && it->second >= units);
  units_ -= units;
  if ((it->second -= units) == 0) ends_.erase(it);
}

// The jobs past their projected end are the first entries: usually none.
std::int64_t RunningSet::DrEvtReachable(SimTime now, std::int64_t free) const {
  std::int64_t reachable = free + units_;
  for (auto it = ends_.begin(); it != ends_.end() && it->first <= now; ++it) reachable -= it->second;
  return reachable;
}

Shadow RunningSet::ClassicShadow(SimTime now, std::int64_t free, std::int64_t need) const {
  Shadow s;
  std::int64_t avail = free;
  if (avail >= need) return {now, avail - need};
  for (auto it = ends_.begin(); it != ends_.end(); ++it) {
    avail += it->second;
    if (avail >= need) {
      // Every job ending at this same time is already in `avail` (one entry
      // per time). Overrunning jobs all collapse to now + 1 tick.
      const SimTime t = std::max(it->first, now + 1);
      // Overrunning entries collapse onto t too: count every entry up to t.
      for (auto jt = std::next(it); jt != ends_.end() && jt->first <= t; ++jt) avail += jt->second;
      s.time = t;
      s.extra = avail - need;
      return s;
    }
  }
  return s;  // never enough (capacity reduced): infinite shadow
}

SimTime RunningSet::DrEvtReservation(SimTime now, std::int64_t free, std::int64_t need) const {
  if (free >= need) return now;
  std::int64_t avail = free;
  auto it = std::upper_bound(ends_.begin(), ends_.end(), now, EndsAfter);
  for (; it != ends_.end(); ++it) {
    avail += it->second;
    if (avail >= need) return it->first;
  }
  return now;
}

namespace {
bool EntryBefore(SimTime end, std::uint64_t seq, SimTime e_end, std::uint64_t e_seq) {
  return e_end != end ? e_end < end : e_seq < seq;
}
}  // namespace

void RunningJobs::Add(SimTime projected_end, std::uint64_t start_seq, std::int64_t units) {
  auto it = std::lower_bound(jobs_.begin(), jobs_.end(), 0, [&](const Entry& e, int) {
    return EntryBefore(projected_end, start_seq, e.end, e.seq);
  });
  jobs_.insert(it, {projected_end, start_seq, units});
}

void RunningJobs::Remove(SimTime projected_end, std::uint64_t start_seq) {
  auto it = std::lower_bound(jobs_.begin(), jobs_.end(), 0, [&](const Entry& e, int) {
    return EntryBefore(projected_end, start_seq, e.end, e.seq);
  });
  assert(it != jobs_.end() && it->end == projected_end && it->seq == start_seq);
  jobs_.erase(it);
}

Shadow RunningJobs::TruncatedShadow(SimTime now, std::int64_t free, std::int64_t need) const {
  std::int64_t avail = free;
  if (avail >= need) return {now, avail - need};
  // Overrunning jobs (projected end <= now + 1) all end at now + 1 tick: one
  // tie, walked in start order like any other.
  std::size_t k = 0;
  while (k < jobs_.size() && jobs_[k].end <= now + 1) ++k;
  if (k > 1) {
    std::vector<const Entry*> due;
    for (std::size_t i = 0; i < k; ++i) due.push_back(&jobs_[i]);
    std::sort(due.begin(), due.end(), [](const Entry* a, const Entry* b) { return a->seq < b->seq; });
    for (const Entry* e : due)
      if ((avail += e->units) >= need) return {now + 1, avail - need};
  } else if (k == 1 && (avail += jobs_[0].units) >= need) {
    return {now + 1, avail - need};
  }
  for (std::size_t i = k; i < jobs_.size(); ++i)
    if ((avail += jobs_[i].units) >= need) return {jobs_[i].end, avail - need};
  return {};  // never enough (capacity reduced): infinite shadow
}

}  // namespace clustersim
