#pragma once
// EarlyReleases: the units running jobs have already freed through gang
// pods that finished before the rest of their job (Scheduler::PodEnded,
// EngineObserver::OnPodEnd). A job's END then frees only what it still
// holds. Few jobs have any: a map, not a vector by JobId.

#include <cstdint>
#include <unordered_map>

#include "model/job.h"

namespace clustersim {

class EarlyReleases {
 public:
  void Add(JobId id, std::int64_t units) {
    if (units != 0) units_[id] += units;
  }
  // What job `id` has freed so far.
  std::int64_t Released(JobId id) const {
    if (units_.empty()) return 0;
    const auto it = units_.find(id);
    return it == units_.end() ? 0 : it->second;
  }
  // What job `id` still holds of its `total` units; forgets the job.
  std::int64_t TakeRemaining(JobId id, std::int64_t total) {
    if (units_.empty()) return total;  // the fixed-duration path: no lookup
    const auto it = units_.find(id);
    if (it == units_.end()) return total;
    const std::int64_t left = total - it->second;
    units_.erase(it);
    return left;
  }

 private:
  std::unordered_map<JobId, std::int64_t> units_;
};

}  // namespace clustersim
