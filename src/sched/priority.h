#pragma once
// Priority keys of the queue orderings (schedulers.md §6-7). Lower key =
// higher priority; ties are broken by (submit, job id), never by container
// order. WFP3 and UNICEP depend on the wait so far: they are dynamic and
// must be re-evaluated at every decision.

#include "model/job.h"
#include "model/time.h"
#include "sched/policy.h"

namespace clustersim {

bool IsDynamic(Ordering o);

// Key for `job` at time `now` (now matters only for dynamic orderings).
//   fcfs: submit      sjf: estimate      ljf: -estimate
//   wfp3: -(w/r)^3 * n          unicep: -w / (log2(max(n,2)) * r)
//   f1:   log10(r) * n + 870 * log10(s)   (r, s <= 0 replaced by 0.1)
// with w = now - submit, r = estimate (>= 1 s), n = units, all in seconds.
double PriorityKey(Ordering o, const Job& job, SimTime estimate, SimTime now);

}  // namespace clustersim
