#pragma once
// BackfillOrder: the order in which EASY tries backfill candidates when it
// is not the queue order. The head keeps its FCFS/priority reservation; only
// the scan over the other waiting jobs is reordered, by a static key with
// ties in submit order (a stable sort of the queue, as pyss's
// easy_sjbf_scheduler does with `sorted(tail, key=predicted_run_time)`).
//   sjf      ascending planning estimate (EASY-SJBF, Tsafrir et al. 2007)
//   ljf      descending planning estimate
//   smallest ascending units
//   largest  descending units
// The acceptance test is EASY's, unchanged (easy_backfill.cc).

#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

#include "model/job.h"
#include "sched/policy.h"

namespace clustersim {

class BackfillOrder {
 public:
  BackfillOrder(const Policy& policy, const std::vector<Job>& jobs);

  void Add(JobId id);
  void Remove(JobId id);

  // Waiting jobs in backfill order.
  using Entry = std::tuple<std::int64_t, std::uint64_t, JobId>;  // (key, arrival, id)
  std::set<Entry>::const_iterator begin() const { return set_.begin(); }
  std::set<Entry>::const_iterator end() const { return set_.end(); }

 private:
  std::int64_t Key(JobId id) const;

  const Policy& policy_;
  const std::vector<Job>& jobs_;
  std::set<Entry> set_;
  std::vector<std::uint64_t> arrival_;  // by JobId
  std::uint64_t next_arrival_ = 0;
};

}  // namespace clustersim
