#include "sched/priority.h"

#include <algorithm>
#include <cmath>

namespace clustersim {

bool IsDynamic(Ordering o) { return o == Ordering::kWfp3 || o == Ordering::kUnicep; }

double PriorityKey(Ordering o, const Job& job, SimTime estimate, SimTime now) {
  const double r = std::max(ToSeconds(estimate), 1.0);
  const double n = static_cast<double>(job.units);
  switch (o) {
    case Ordering::kFcfs: return static_cast<double>(job.submit);
    case Ordering::kSjf: return static_cast<double>(estimate);
    case Ordering::kLjf: return -static_cast<double>(estimate);
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
  }
  return 0;
}

}  // namespace clustersim
