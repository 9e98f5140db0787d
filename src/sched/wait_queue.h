#pragma once
// WaitQueue: waiting jobs in priority order. Removal leaves a tombstone that
// iteration skips; the vector is compacted when tombstones outnumber live
// entries, so removal is O(1) amortised and iteration stays a linear scan
// over contiguous memory (the backfill scan's hot loop).

#include <cstdint>
#include <vector>

#include "model/job.h"
#include "sched/candidate_index.h"
#include "sched/policy.h"

namespace clustersim {

class WaitQueue {
 public:
  WaitQueue(Ordering ordering, const std::vector<Job>& jobs, const Policy& policy);

  void Add(JobId id, SimTime now);
  // Tombstones `id`; positions stay valid until the next MaybeCompact().
  void Remove(JobId id);
  // Drops tombstones when they outnumber live entries (amortised O(1)).
  // Invalidates positions: call between scans only.
  void MaybeCompact();
  // Dynamic orderings: recompute keys at `now` and re-sort.
  void Reorder(SimTime now);

  std::size_t size() const { return live_; }
  bool empty() const { return live_ == 0; }

  // Position-based iteration over live entries, in priority order.
  std::size_t begin_pos() const;
  std::size_t end_pos() const { return order_.size(); }
  // Next live position after `pos` (or end_pos()).
  std::size_t next_pos(std::size_t pos) const;
  JobId at(std::size_t pos) const { return order_[pos]; }
  // FCFS only (order_ is sorted by id): first position holding an id > `id`.
  std::size_t FirstPosAfter(JobId id) const;
  bool removed(JobId id) const { return removed_[id] != 0; }
  // First live position >= from whose job can backfill with `free` units
  // free, `extra` spare units at the shadow time and estimates up to
  // `window` (see CandidateIndex); end_pos() if none.
  std::size_t NextCandidate(std::size_t from, std::int64_t free, std::int64_t extra, SimTime window);

 private:
  void Compact();
  void RebuildIndex();
  bool Before(JobId a, double ka, JobId b, double kb) const;

  Ordering ordering_;
  const std::vector<Job>& jobs_;
  const Policy& policy_;
  std::vector<JobId> order_;
  std::vector<double> keys_;         // parallel to order_ (static orderings)
  std::vector<std::uint8_t> removed_;  // by JobId
  std::size_t live_ = 0;
  mutable std::size_t first_live_ = 0;  // cache: no live entry before this
  CandidateIndex index_;
  std::vector<std::size_t> pos_of_;  // by JobId, valid while !index_dirty_
  bool index_dirty_ = false;
};

}  // namespace clustersim
