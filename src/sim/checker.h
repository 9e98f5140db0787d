#pragma once
// ScheduleChecker: the invariants of seed 001, checked on every event.
//   submit <= begin <= end; end = begin + duration (exactly); durations are
//   non-negative and every event time lies within the bounds of model/time.h;
//   a START raises the units in use by exactly the job's units, an END
//   lowers them by the same less what its gang pods freed when they ended
//   first (each such pod lowering them, by no more than the job holds);
//   time never goes backwards;
//   never more units in use than the machine has (simulation mode), and no
//   START while a capacity schedule's size is exceeded;
//   at the end: nothing in use, and node-seconds are conserved
//   (Σ units·(end - begin) = ∫ used(t) dt).
// Every test run uses it; users enable it with --check. A violation is an
// error (the first one is kept), not a warning.

#include <cstdint>
#include <string>
#include <vector>

#include "model/early_releases.h"
#include "model/status.h"
#include "model/workload.h"
#include "sim/engine.h"
#include "sim/observer.h"

namespace clustersim {

// Node-seconds in ticks overflow int64 on large traces.
__extension__ typedef __int128 Int128;

class ScheduleChecker final : public EngineObserver {
 public:
  ScheduleChecker(const Workload& w, const EngineOptions& options);

  void OnStart(JobId id, SimTime t, std::int64_t used) override;
  void OnEnd(JobId id, SimTime t, std::int64_t used) override;
  void OnPodEnd(JobId id, std::uint32_t pod, SimTime t, std::int64_t used) override;
  void OnCapacity(SimTime t, std::int64_t capacity, std::int64_t used) override;
  void OnWarmStart(SimTime t, std::int64_t capacity) override;
  void OnFinish(SimTime t) override;

  // Work-based jobs end when their work does: their durations are not known
  // in advance, so end = begin + duration is not checked (ClusterChecker
  // checks work conservation instead).
  void set_variable_durations(bool v) { variable_durations_ = v; }

  // OK, or the first violation.
  Status status() const;
  std::int64_t checks() const { return checks_; }

 private:
  void Fail(std::string message);
  void Advance(SimTime t);
  std::int64_t UnitsOf(JobId id) const;  // what a job holds when it starts
  EarlyReleases released_;  // by gang pods that ended first

  const Workload& w_;
  EngineOptions options_;
  std::vector<SimTime> begin_;
  std::vector<std::uint8_t> phase_;  // 0 not started, 1 running, 2 ended
  std::int64_t used_ = 0;
  std::int64_t capacity_;  // the machine's size now
  std::vector<std::uint8_t> holds_no_units_;  // replay: DedicatedAccessJobs
  SimTime last_ = kNoTime;
  Int128 area_ = 0;      // ∫ used dt, unit-ticks
  Int128 job_area_ = 0;  // Σ units · duration
  std::int64_t checks_ = 0;
  bool variable_durations_ = false;
  std::string error_;
};

}  // namespace clustersim
