#include "sched/backfill_order.h"

#include <algorithm>
#include <numeric>

#include "sched/scheduler.h"

namespace clustersim {

BackfillOrder::BackfillOrder(const Policy& policy, const std::vector<Job>& jobs) : policy_(policy), jobs_(jobs) {
  if (policy.backfill_order == BackfillOrderKey::kQueue) return;
  std::vector<std::int64_t> key(jobs.size());
  for (JobId id = 0; id < jobs.size(); ++id) {
    const Job& j = jobs[id];
    switch (policy.backfill_order) {
      case BackfillOrderKey::kSjf: key[id] = PlanningEstimate(j, policy); break;
      case BackfillOrderKey::kLjf: key[id] = -PlanningEstimate(j, policy); break;
      case BackfillOrderKey::kSmallest: key[id] = j.units; break;
      case BackfillOrderKey::kLargest: key[id] = -j.units; break;
      case BackfillOrderKey::kQueue: break;
    }
  }
  order_.resize(jobs.size());
  std::iota(order_.begin(), order_.end(), JobId{0});
  // Ties in id order = arrival order (the engine submits jobs by id).
  std::stable_sort(order_.begin(), order_.end(), [&](JobId a, JobId b) { return key[a] < key[b]; });
  rank_.resize(jobs.size());
  for (std::size_t r = 0; r < order_.size(); ++r) rank_[order_[r]] = r;
  index_.Reset(order_.size());
}

void BackfillOrder::Add(JobId id) { index_.Set(rank_[id], jobs_[id].units, PlanningEstimate(jobs_[id], policy_)); }

void BackfillOrder::Remove(JobId id) { index_.Clear(rank_[id]); }

}  // namespace clustersim
