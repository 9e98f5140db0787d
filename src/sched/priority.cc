#include "sched/priority.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace clustersim {

namespace {
// A negative submit (kept by --swf-policy rlscheduler) makes log10 NaN,
// which no order can hold: such a key sorts last.
double NotNan(double key) { return std::isnan(key) ? std::numeric_limits<double>::infinity() : key; }
}  // namespace

bool IsDynamic(Ordering o) { return o == Ordering::kWfp3 || o == Ordering::kUnicep; }

double PriorityKey(Ordering o, const Job& job, SimTime estimate, SimTime now) {
  const double r = std::max(ToSeconds(estimate), 1.0);
  const double n = static_cast<double>(job.units);
  switch (o) {
    case Ordering::kFcfs: return static_cast<double>(job.submit);
    case Ordering::kSjf: return static_cast<double>(estimate);
    case Ordering::kLjf: return -static_cast<double>(estimate);
    case Ordering::kSmallest: return n;
    case Ordering::kLargest: return -n;
    case Ordering::kSaf: return n * static_cast<double>(estimate);  // area n·q, in units × ticks
    case Ordering::kWfp3: {
      const double w = ToSeconds(now - job.submit);
      return -std::pow(w / r, 3) * n;
    }
    case Ordering::kUnicep: {
      const double w = ToSeconds(now - job.submit);
      return -w / (std::log2(std::max(n, 2.0)) * r);
    }
    case Ordering::kF1: {
      // Guards as in RLScheduler: 0.1 replaces non-positive r and s.
      const double rr = estimate > 0 ? ToSeconds(estimate) : 0.1;
      const double s = job.submit > 0 ? ToSeconds(job.submit) : 0.1;
      return std::log10(rr) * n + 870.0 * std::log10(s);
    }
    // F2-F4 have no guards in their source (schedulers.md §7): a submit at 0
    // gives log10(0) = -inf, which sorts first, as there.
    case Ordering::kF2: return NotNan(std::sqrt(ToSeconds(estimate)) * n + 25600.0 * std::log10(ToSeconds(job.submit)));
    case Ordering::kF3: return NotNan(ToSeconds(estimate) * n + 6860000.0 * std::log10(ToSeconds(job.submit)));
    case Ordering::kF4:
      return NotNan(ToSeconds(estimate) * std::sqrt(n) + 530000.0 * std::log10(ToSeconds(job.submit)));
  }
  return 0;
}

double PriorityRate(Ordering o, const Job& job, SimTime estimate) {
  const double r = std::max(ToSeconds(estimate), 1.0);
  const double n = static_cast<double>(job.units);
  if (o == Ordering::kWfp3) return std::cbrt(n) / r;
  return 1.0 / (std::log2(std::max(n, 2.0)) * r);
}

SimTime CertainUntil(Ordering o, const Job& a, SimTime qa, double ra, const Job& b, SimTime qb, double rb,
                     SimTime now) {
  // Equal submits and equal factors of w in the key give bit-identical keys
  // at every time: the tie rule decides, and it never changes. (UNICEP's
  // factor is one double, log2(max(n, 2)) * r; WFP3's is the pair (r, n).)
  if (a.submit == b.submit) {
    const double r_a = std::max(ToSeconds(qa), 1.0), r_b = std::max(ToSeconds(qb), 1.0);
    const double n_a = static_cast<double>(a.units), n_b = static_cast<double>(b.units);
    if (o == Ordering::kUnicep ? std::log2(std::max(n_a, 2.0)) * r_a == std::log2(std::max(n_b, 2.0)) * r_b
                               : r_a == r_b && n_a == n_b)
      return kTimeInfinity;
  }
  constexpr double kMargin = 1.0 + 1e-9;
  const double fa = ra * ToSeconds(now - a.submit), fb = rb * ToSeconds(now - b.submit);
  const double lead = fa - kMargin * fb;  // > 0: a provably first at now
  if (!(fa > 0) || !(lead > 0)) return now;
  const double slope = ra - kMargin * rb;  // d(lead)/dt per second
  if (slope >= 0) return kTimeInfinity;
  // The lead shrinks linearly; stop a millionth short of where it vanishes.
  const double ticks = lead / -slope * (1 - 1e-6) * static_cast<double>(kTicksPerSecond);
  if (!(ticks < 1e18)) return kTimeInfinity;
  return now + static_cast<SimTime>(ticks);
}

}  // namespace clustersim
