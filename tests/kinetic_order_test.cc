// Dynamic orderings (WFP3, UNICEP) kept as a kinetic sorted list
// (sched/wait_queue_kinetic.cc) against a full sort by PriorityKey at every
// decision, and CertainUntil against the keys it vouches for. A check
// scheduled too late (a pair that crossed unseen), a stale check taken for a
// current one, or a tie broken out of (submit, id) order fails here.

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "sched/priority.h"
#include "sched/scheduler.h"
#include "sched/wait_queue.h"

namespace clustersim {
namespace {

bool Before(const std::vector<Job>& jobs, const Policy& p, SimTime now, JobId a, JobId b) {
  const double ka = PriorityKey(p.ordering, jobs[a], PlanningEstimate(jobs[a], p), now);
  const double kb = PriorityKey(p.ordering, jobs[b], PlanningEstimate(jobs[b], p), now);
  if (ka != kb) return ka < kb;
  if (jobs[a].submit != jobs[b].submit) return jobs[a].submit < jobs[b].submit;
  return a < b;
}

// Jobs from few sizes and limits (many equal and near-equal priorities,
// e.g. 1 unit for 100 s against 8 units for 200 s), submitted in bursts.
std::vector<Job> RandomJobs(std::mt19937_64& rng, std::size_t n) {
  std::vector<Job> jobs(n);
  SimTime t = 0;
  for (Job& j : jobs) {
    if (rng() % 4 == 0) t += Seconds(static_cast<std::int64_t>(rng() % 600));
    j.submit = t;
    j.units = static_cast<std::int64_t>(rng() % 17);  // includes 0-unit jobs
    j.time_limit = Seconds(50 * (1 + static_cast<std::int64_t>(rng() % 8))) + (rng() % 5 == 0 ? 1 : 0);
    j.run_time = j.time_limit;
  }
  return jobs;
}

TEST(KineticOrder, MatchesAFullSortAtEveryDecision) {
  for (Ordering o : {Ordering::kWfp3, Ordering::kUnicep}) {
    std::mt19937_64 rng(o == Ordering::kWfp3 ? 3 : 4);
    Policy policy;
    policy.ordering = o;
    const std::vector<Job> jobs = RandomJobs(rng, 4000);
    WaitQueue queue(o, jobs, policy);
    std::vector<std::uint8_t> waiting(jobs.size(), 0);
    JobId next = 0;
    SimTime now = 0;
    for (int decision = 0; decision < 3000; ++decision) {
      now += rng() % 3 == 0 ? 1 : Seconds(static_cast<std::int64_t>(rng() % 120));  // ticks apart, too
      while (next < jobs.size() && jobs[next].submit <= now) {
        waiting[next] = 1;
        queue.Add(next++, now);
      }
      for (int k = rng() % 4; k > 0 && next > 0; --k) {  // starts anywhere in the queue
        const JobId id = static_cast<JobId>(rng() % next);
        if (waiting[id]) queue.Remove(id), waiting[id] = 0;
      }
      queue.MaybeCompact();
      queue.Reorder(now);
      std::vector<JobId> got, want;
      for (std::size_t p = queue.begin_pos(); p < queue.end_pos(); p = queue.next_pos(p)) got.push_back(queue.at(p));
      for (JobId id = 0; id < next; ++id)
        if (waiting[id]) want.push_back(id);
      std::sort(want.begin(), want.end(), [&](JobId a, JobId b) { return Before(jobs, policy, now, a, b); });
      ASSERT_EQ(got, want) << "decision " << decision << " at " << now;
      // The index follows the swaps: every waiting job is a candidate with
      // the whole machine free and an unbounded window.
      std::size_t found = 0;
      for (std::size_t p = queue.NextCandidate(0, 1 << 20, -1, kTimeInfinity); p < queue.end_pos();
           p = queue.NextCandidate(p + 1, 1 << 20, -1, kTimeInfinity))
        ASSERT_EQ(queue.at(p), want[found++]);
      ASSERT_EQ(found, want.size());
    }
  }
}

TEST(KineticOrder, CertainUntilHoldsUpToItsTime) {
  std::mt19937_64 rng(5);
  const std::vector<Job> jobs = RandomJobs(rng, 600);
  for (Ordering o : {Ordering::kWfp3, Ordering::kUnicep}) {
    Policy policy;
    policy.ordering = o;
    int certified = 0;
    for (int k = 0; k < 20000; ++k) {
      JobId a = static_cast<JobId>(rng() % jobs.size()), b = static_cast<JobId>(rng() % jobs.size());
      const SimTime now = std::max(jobs[a].submit, jobs[b].submit) + static_cast<SimTime>(rng() % Seconds(3600));
      if (a == b) continue;
      if (Before(jobs, policy, now, b, a)) std::swap(a, b);
      const SimTime qa = PlanningEstimate(jobs[a], policy), qb = PlanningEstimate(jobs[b], policy);
      const SimTime until = CertainUntil(o, jobs[a], qa, PriorityRate(o, jobs[a], qa), jobs[b], qb,
                                         PriorityRate(o, jobs[b], qb), now);
      ASSERT_GE(until, now);
      if (until == now) continue;
      ++certified;
      // Probe just before the promised time, where a late promise breaks.
      const SimTime last = until == kTimeInfinity ? now + Seconds(1'000'000) : until - 1;
      for (SimTime t : {now + 1, now + (last - now) / 2, last})
        ASSERT_TRUE(Before(jobs, policy, t, a, b)) << "pair " << a << "," << b << " until " << until << " t " << t;
    }
    EXPECT_GT(certified, 10000);  // the proof is not vacuous
  }
}

}  // namespace
}  // namespace clustersim
