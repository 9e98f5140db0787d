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
//
// The key never changes, and jobs arrive in id order (submit order), so
// every job gets its permanent position (its rank by (key, id)) up front; an
// arrival or a start switches one position on or off in a CandidateIndex.
// A pass then visits only the jobs that can pass the backfill test instead
// of walking every waiting job (quadratic on long queues).

#include <cstdint>
#include <vector>

#include "model/job.h"
#include "sched/candidate_index.h"
#include "sched/policy.h"

namespace clustersim {

class BackfillOrder {
 public:
  static constexpr std::size_t kEnd = CandidateIndex::kNone;

  // Ranks every job when `policy.backfill_order` is not kQueue (else idle).
  BackfillOrder(const Policy& policy, const std::vector<Job>& jobs);

  void Add(JobId id);
  void Remove(JobId id);

  // First waiting job at rank >= from that passes EASY's test with `free`
  // units free, `extra` spare units at the shadow time and estimates up to
  // `window` (CandidateIndex::FindFirst); kEnd if none.
  std::size_t Next(std::size_t from, std::int64_t free, std::int64_t extra, SimTime window) const {
    return index_.FindFirst(from, free, extra, window);
  }
  JobId at(std::size_t rank) const { return order_[rank]; }

 private:
  const Policy& policy_;
  const std::vector<Job>& jobs_;
  std::vector<JobId> order_;       // rank -> job
  std::vector<std::size_t> rank_;  // job -> rank
  CandidateIndex index_;
};

}  // namespace clustersim
