#include "sched/scheduler.h"

#include "sched/conservative_backfill.h"
#include "sched/easy_backfill.h"

namespace clustersim {

std::unique_ptr<Scheduler> MakeScheduler(const Policy& policy, const std::vector<Job>& jobs,
                                         ResourcePool* pool) {
  // dr_evt's `conservative` is its EASY; its fcfs_conservative is an
  // approximation handled by the queue scheduler.
  if (policy.backfill == Backfill::kConservative && policy.compat != Compat::kDrEvt &&
      !policy.dr_evt_fcfs_conservative)
    return std::make_unique<ConservativeScheduler>(policy, jobs, pool);
  return std::make_unique<QueueScheduler>(policy, jobs, pool);
}

}  // namespace clustersim
