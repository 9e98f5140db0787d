#pragma once
// EventQueue: pending job completions, a binary heap ordered by (time, job
// id) so same-time completions are processed in job-index order whatever
// order they were pushed in (dr_evt's tie rule). Completions are cancellable
// by version: Reschedule() bumps the job's version and pushes a new event;
// the stale one is skipped when popped. No searching the heap.

#include <cstdint>
#include <vector>

#include "model/job.h"
#include "model/time.h"

namespace clustersim {

class EventQueue {
 public:
  explicit EventQueue(std::size_t num_jobs) : version_(num_jobs, 0) {}

  void Schedule(JobId id, SimTime t);
  // Moves job `id`'s completion to `t` (e.g. its progress rate changed).
  void Reschedule(JobId id, SimTime t);
  void Cancel(JobId id) { ++version_[id]; }

  // Earliest live event time, or kTimeInfinity.
  SimTime NextTime();
  // Pops the earliest live event. REQUIRES: NextTime() != kTimeInfinity.
  JobId Pop(SimTime* t);
  std::size_t pending() const { return heap_.size(); }

 private:
  struct Event {
    SimTime time;
    JobId id;
    std::uint32_t version;
  };
  struct Later {
    bool operator()(const Event& a, const Event& b) const {
      return a.time != b.time ? a.time > b.time : a.id > b.id;
    }
  };
  void DropStale();
  std::vector<Event> heap_;
  std::vector<std::uint32_t> version_;
};

}  // namespace clustersim
