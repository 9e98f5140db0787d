#include "sched/backfill_order.h"

#include "sched/scheduler.h"

namespace clustersim {

BackfillOrder::BackfillOrder(const Policy& policy, const std::vector<Job>& jobs)
    : policy_(policy), jobs_(jobs), arrival_(jobs.size(), 0) {}

std::int64_t BackfillOrder::Key(JobId id) const {
  const Job& j = jobs_[id];
  switch (policy_.backfill_order) {
    case BackfillOrderKey::kSjf: return PlanningEstimate(j, policy_);
    case BackfillOrderKey::kLjf: return -PlanningEstimate(j, policy_);
    case BackfillOrderKey::kSmallest: return j.units;
    case BackfillOrderKey::kLargest: return -j.units;
    case BackfillOrderKey::kQueue: break;
  }
  return 0;
}

void BackfillOrder::Add(JobId id) {
  arrival_[id] = next_arrival_++;
  set_.emplace(Key(id), arrival_[id], id);
}

void BackfillOrder::Remove(JobId id) { set_.erase(Entry(Key(id), arrival_[id], id)); }

}  // namespace clustersim
