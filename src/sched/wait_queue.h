#pragma once
// WaitQueue: waiting jobs in priority order. FCFS and dynamic orderings keep
// a vector where removal leaves a tombstone that iteration skips, compacted
// when tombstones outnumber live entries (O(1) amortised). Dynamic orderings
// (WFP3, UNICEP) keep their order between decisions as a kinetic sorted
// list: each adjacent pair of waiting jobs is compared again only when its
// order can have changed (CertainUntil in priority.h), so a decision costs
// about the pairs that cross, not a key per waiting job. Static orderings
// (SJF, LJF, F1) give every job a permanent position by rank up front, so an
// arrival or a start only switches one position on or off. A CandidateIndex
// over positions lets the backfill scan skip jobs that cannot start.

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
  // Dynamic orderings: bring the order up to date at `now` (the order a
  // full re-sort by PriorityKey at `now` would give, exactly).
  void Reorder(SimTime now);

  std::size_t size() const { return live_; }
  // Fewest units any waiting job asks for (a very large number if none).
  std::int64_t SmallestRequest();
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
  // Static orderings: the job's permanent position.
  std::size_t position(JobId id) const { return pos_of_[id]; }
  // First live position >= from whose job can backfill with `free` units
  // free, `extra` spare units at the shadow time and estimates up to
  // `window` (see CandidateIndex); end_pos() if none.
  std::size_t NextCandidate(std::size_t from, std::int64_t free, std::int64_t extra, SimTime window);
  // Fewest units asked by a waiting job at positions [from, to).
  std::int64_t MinUnits(std::size_t from, std::size_t to);

 private:
  void Compact();
  void RebuildIndex();
  bool IsStatic() const;  // SJF, LJF, F1: permanent positions by rank
  std::size_t NextLive(std::size_t from) const;  // static orderings
  bool Before(JobId a, double ka, JobId b, double kb) const;
  // Dynamic orderings (wait_queue_kinetic.cc).
  static constexpr std::size_t kNil = static_cast<std::size_t>(-1);
  struct Check {  // recheck the pair (order_[pos], its live successor) at `at`
    SimTime at;
    std::size_t pos;
    JobId a, b;
  };
  double KeyAt(JobId id, SimTime now);  // cached per decision
  SimTime CheckTime(std::size_t pos, SimTime now) const;  // CertainUntil of pos's pair
  void Resort(SimTime now);              // Sort, then links and checks from scratch
  std::size_t Sort(SimTime now);         // all keys, then sort; returns the moves made
  void Plan(std::size_t pos, SimTime now);  // schedules the check of pos's pair
  void Recheck(std::size_t pos, SimTime now);
  void PushCheck(SimTime at, std::size_t pos);
  void Link(std::size_t pos);    // appends a live position to the list
  void Unlink(std::size_t pos);  // a removal: its neighbours become a pair

  Ordering ordering_;
  const std::vector<Job>& jobs_;
  const Policy& policy_;
  std::vector<JobId> order_;
  std::vector<double> keys_;         // parallel to order_ (static orderings)
  std::vector<std::uint8_t> removed_;  // by JobId
  std::size_t live_ = 0;
  mutable std::size_t first_live_ = 0;  // cache: no live entry before this
  CandidateIndex index_;
  std::vector<std::size_t> pos_of_;  // by JobId (FCFS: valid while !index_dirty_)
  bool index_dirty_ = false;
  std::vector<std::size_t> prev_, next_;  // live positions as a list (dynamic)
  std::size_t tail_ = kNil;
  std::vector<Check> checks_;  // min-heap on `at`
  bool resort_ = true;         // the list and checks need a Resort
  bool sorting_ = false;       // order changing too fast: plain Sort per decision
  std::size_t sorted_since_ = 0, retry_after_ = 1;  // back to the list: when
  std::vector<double> rate_;   // by JobId: PriorityRate, set on arrival
  std::vector<double> key_;    // by JobId: PriorityKey at key_time_
  std::vector<SimTime> key_time_;
  std::vector<std::size_t> swapped_;  // positions to refresh in the index
};

}  // namespace clustersim
