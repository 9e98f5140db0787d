#pragma once
// ResourcePool: how a scheduler sees the machine. Schedulers ask whether a
// job fits and allocate/release through this interface, never by walking
// nodes, so a per-node pool (cores, GPUs, placement) can replace the
// node-count pool of seed 001 without touching the policies.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/job.h"
#include "model/time.h"

namespace clustersim {

// ResourcePool::EarliestFit's answer for a job that fits without a release.
inline constexpr SimTime kFitsNow = kNoTime;

class ResourcePool {
 public:
  virtual ~ResourcePool() = default;
  virtual std::int64_t capacity() const = 0;
  virtual std::int64_t free() const = 0;
  std::int64_t used() const { return capacity() - free(); }
  virtual bool Fits(JobId id, const Job& job) const = 0;
  // REQUIRES: Fits(id, job).
  virtual void Allocate(JobId id, const Job& job) = 0;
  virtual void Release(JobId id, const Job& job) = 0;
  // Frees pod `pod` of running job `id`: a gang pod whose work ran out
  // before its siblings' is a finished job of its own to Kubernetes
  // (power-model.md §a.1, §a.4), so its cores and GPUs are free from then
  // on; Release later frees the rest. Returns how much free() grew. A pool
  // without pods has nothing to free.
  virtual std::int64_t ReleasePod(JobId id, std::uint32_t pod) {
    (void)id, (void)pod;
    return 0;
  }
  // Whether Job::units measures the machine exactly: free() >= units
  // implies Fits(). A counting pool is exact; a per-node pool is not when
  // pods need whole GPUs, vendors or classes.
  virtual bool exact_units() const { return true; }
  // For pools that are not exact: the earliest of `ends` (projected ends of
  // running jobs, in time order) after whose releases job `id` fits, or
  // kTimeInfinity. EASY's shadow time on a per-node pool. kFitsNow when the
  // question itself changed how `id` is placed (a gang marked for packing)
  // and it now fits without a release: Fits(id) holds.
  virtual SimTime EarliestFit(JobId id, const Job& job,
                              const std::vector<std::pair<SimTime, JobId>>& ends) const {
    (void)id, (void)job, (void)ends;
    return kTimeInfinity;
  }
  // EASY's extra-nodes rule on a pool that is not exact (QueueScheduler).
  // GuardHead records where job `head` can be placed at `by`, after the
  // releases of `ends` (as for EarliestFit) up to then; false if the pool
  // cannot say (a gang, a spread pod): the scheduler then asks EarliestFit
  // with the candidate allocated. While the guard holds, GuardAdmits(id),
  // called right after a true Fits(id), says whether `id`, placed as Fits
  // planned and held past `by`, leaves `head` placeable at `by`, and if so
  // takes what it uses from the head's spare room. Jobs that end by `by`
  // leave the guard as it is.
  virtual bool GuardHead(JobId head, const Job& job, const std::vector<std::pair<SimTime, JobId>>& ends,
                         SimTime by) {
    (void)head, (void)job, (void)ends, (void)by;
    return false;
  }
  virtual bool GuardAdmits(JobId id) {
    (void)id;
    return false;
  }
  // Whether the job fits the empty machine; if not, `why` says what it asks
  // for that the machine does not have (the engine rejects it on arrival).
  virtual bool CanEverFit(JobId id, const Job& job, std::string* why) const = 0;
};

// One pool of interchangeable units (nodes or processors): a count. A
// capacity schedule resizes it between 0 and its full size (`limit`); a
// reduction below the units in use leaves free() negative until enough jobs
// end, so nothing fits and every shadow counts the drain.
class NodeCountPool final : public ResourcePool {
 public:
  explicit NodeCountPool(std::int64_t capacity) : limit_(capacity), capacity_(capacity), free_(capacity) {}
  std::int64_t capacity() const override { return capacity_; }
  std::int64_t limit() const { return limit_; }
  std::int64_t free() const override { return free_; }
  bool Fits(JobId, const Job& job) const override { return job.units <= free_; }
  void Allocate(JobId, const Job& job) override { free_ -= job.units; }
  void Release(JobId, const Job& job) override { free_ += job.units; }
  // REQUIRES: 0 <= capacity <= limit().
  void SetCapacity(std::int64_t capacity) {
    free_ += capacity - capacity_;
    capacity_ = capacity;
  }
  // A job waits for a capacity increase; only the full size rejects it.
  bool CanEverFit(JobId, const Job& job, std::string* why) const override {
    if (job.units <= limit_) return true;
    *why = "requests " + std::to_string(job.units) + " nodes, exceeds total_nodes (" + std::to_string(limit_) + ")";
    return false;
  }

 private:
  std::int64_t limit_;
  std::int64_t capacity_;
  std::int64_t free_;
};

}  // namespace clustersim
