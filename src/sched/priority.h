#pragma once
// Priority keys of the queue orderings (schedulers.md §6-7). Lower key =
// higher priority; ties are broken by (submit, job id), never by container
// order. WFP3 and UNICEP depend on the wait so far: they are dynamic, and
// the order must be the one their keys give at each decision (the queue
// re-evaluates only the pairs CertainUntil cannot vouch for).

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

// Dynamic orderings only. For `a` ranked before `b` at `now` (PriorityKey and
// the (submit, id) tie rule), the first time at which that may no longer
// hold: kTimeInfinity if never, `now` if it cannot be proved beyond `now`.
// Both priorities are a_i * (t - submit_i) raised to a fixed power (WFP3:
// cube of cbrt(n)/r * w; UNICEP: w / (log2(n) r)), so their ratio moves
// monotonically and crosses 1 at most once. The proof keeps a relative
// margin of 1e-9 over the mathematical crossing, far above the few ulps the
// double keys can err by, so the keys compare the same way before it;
// nearer the crossing (or for equal priorities with different inputs) the
// caller compares the real keys again at every decision.
// rate_a, rate_b: PriorityRate of each job (callers cache them).
SimTime CertainUntil(Ordering o, const Job& a, SimTime qa, double rate_a, const Job& b, SimTime qb, double rate_b,
                     SimTime now);
// The rate a of a dynamic ordering's priority^(1/power) = a * w (w in s).
double PriorityRate(Ordering o, const Job& job, SimTime estimate);

}  // namespace clustersim
