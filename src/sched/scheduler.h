#pragma once
// Scheduler: decides which waiting jobs start. The engine tells it about
// arrivals and completions and asks it, once per event timestamp, to start
// what it can. A scheduler allocates and releases through the ResourcePool
// and keeps its own view of running jobs (projected ends = begin + estimate).

#include <cstdint>
#include <memory>
#include <vector>

#include "model/early_releases.h"
#include "model/job.h"
#include "model/time.h"
#include "sched/policy.h"
#include "sched/resource_pool.h"

namespace clustersim {

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  // Job `id` arrives (REQUIRES: it can fit the empty machine).
  virtual void Submit(JobId id, SimTime now) = 0;
  // Job `id` was already running when the run starts at `now` (a warm
  // start): allocate it and plan with it as a running job; it never waits.
  virtual void Pin(JobId id, SimTime now) = 0;
  // Running job `id` ended at `now`; releases its resources.
  virtual void JobEnded(JobId id, SimTime now) = 0;
  // Under the event-per-pass timings (pyss, sim/event_timing.h), job `id`'s
  // termination event at `now`, in its place among the events at `now`:
  // after JobEnded, which comes first for a job freed at its estimate
  // (--free-from estimate) so that same-time submissions see its units.
  virtual void Terminated(JobId, SimTime) {}
  // Pod `pod` of running gang `id` finished before its siblings: its
  // resources are free from `now` on (ResourcePool::ReleasePod), and
  // JobEnded later releases the rest.
  virtual void PodEnded(JobId id, std::uint32_t pod, SimTime now) = 0;
  // The machine's size changed by `delta` units at `now` (a capacity
  // schedule; the pool already has its new size). Plans made for the old
  // size are revised; nothing starts here.
  virtual void CapacityChanged(SimTime now, std::int64_t delta) = 0;
  // Where jobs may go changed at `now` (power policy C turned nodes
  // performance or eco), not how many units there are: a job refused
  // before may fit now, so the next pass must not reuse its refusals.
  virtual void PlacementChanged(SimTime) {}
  // Start every job the policy allows at `now`, in start order, appending
  // them to `started` (allocation already done).
  virtual void Schedule(SimTime now, std::vector<JobId>* started) = 0;
  virtual std::size_t waiting() const = 0;
  // A time > now at which the scheduler wants to decide again even if no job
  // ends or arrives (e.g. a reservation falls due); kTimeInfinity if none.
  virtual SimTime NextDecisionTime() const { return kTimeInfinity; }
  // Whether a started job counts as backfilled (jumped an earlier blocked job).
  virtual bool WasBackfilled(JobId id) const = 0;
};

// The estimate a policy plans with for `job` (limit, or actual as oracle:
// the run it will have, cut at the limit when the engine kills it there).
inline SimTime PlanningEstimate(const Job& job, const Policy& p) {
  if (!p.plan_with_actual) return job.time_limit;
  return p.actual_clipped_at_limit && job.run_time > job.time_limit ? job.time_limit : job.run_time;
}

// REQUIRES: jobs and pool outlive the scheduler.
std::unique_ptr<Scheduler> MakeScheduler(const Policy& policy, const std::vector<Job>& jobs,
                                         ResourcePool* pool);

}  // namespace clustersim
