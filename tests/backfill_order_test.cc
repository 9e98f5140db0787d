// BackfillOrder (sched/backfill_order.h) against the walk it replaces: the
// waiting jobs sorted by (key, arrival), each tested with EASY's backfill
// rule. For random jobs, arrivals in id order, random starts and random
// (free, extra, window) questions, Next() must visit exactly the jobs the
// walk accepts, in the same order. A wrong rank (ties out of arrival order,
// a key of the wrong sign) or a skipped candidate fails here.

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "sched/backfill_order.h"
#include "sched/scheduler.h"

namespace clustersim {
namespace {

std::int64_t Key(const Job& j, const Policy& p) {
  switch (p.backfill_order) {
    case BackfillOrderKey::kSjf: return PlanningEstimate(j, p);
    case BackfillOrderKey::kLjf: return -PlanningEstimate(j, p);
    case BackfillOrderKey::kSmallest: return j.units;
    case BackfillOrderKey::kLargest: return -j.units;
    case BackfillOrderKey::kQueue: break;
  }
  return 0;
}

TEST(BackfillOrder, VisitsTheWalksAcceptedJobsInOrder) {
  std::mt19937_64 rng(11);
  for (BackfillOrderKey k :
       {BackfillOrderKey::kSjf, BackfillOrderKey::kLjf, BackfillOrderKey::kSmallest, BackfillOrderKey::kLargest}) {
    Policy policy;
    policy.backfill_order = k;
    std::vector<Job> jobs(3000);
    for (Job& j : jobs) {
      j.units = 1 + static_cast<std::int64_t>(rng() % 64);  // few distinct keys: many ties
      j.time_limit = 60 * (1 + static_cast<SimTime>(rng() % 30));
      j.run_time = j.time_limit / 2;
    }
    BackfillOrder order(policy, jobs);
    std::vector<std::uint8_t> waiting(jobs.size(), 0);
    JobId next = 0;
    for (int step = 0; step < 6000; ++step) {
      if (next < jobs.size() && rng() % 3 != 0) {
        waiting[next] = 1;
        order.Add(next++);
      } else if (next > 0) {
        const JobId id = static_cast<JobId>(rng() % next);
        if (waiting[id]) order.Remove(id), waiting[id] = 0;
      }
      if (step % 50 != 0) continue;
      const std::int64_t free = static_cast<std::int64_t>(rng() % 65);
      const std::int64_t extra = rng() % 3 == 0 ? -1 : static_cast<std::int64_t>(rng() % 65);
      const SimTime window = 60 * static_cast<SimTime>(rng() % 31);
      std::vector<JobId> expected, got;
      std::vector<JobId> walk;
      for (JobId id = 0; id < next; ++id)
        if (waiting[id]) walk.push_back(id);
      std::stable_sort(walk.begin(), walk.end(),
                       [&](JobId a, JobId b) { return Key(jobs[a], policy) < Key(jobs[b], policy); });
      for (JobId id : walk)
        if (jobs[id].units <= free && (jobs[id].units <= extra || PlanningEstimate(jobs[id], policy) <= window))
          expected.push_back(id);
      for (std::size_t r = order.Next(0, free, extra, window); r != BackfillOrder::kEnd;
           r = order.Next(r + 1, free, extra, window))
        got.push_back(order.at(r));
      ASSERT_EQ(got, expected) << "step " << step << " free " << free << " extra " << extra << " window " << window;
    }
  }
}

}  // namespace
}  // namespace clustersim
