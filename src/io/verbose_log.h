#pragma once
// dr_evt's verbose per-event log (-v), the format its "Test 0" parses:
//   Job 0 submitted at 0 (80 nodes)
//   Job 0 started at 0
//     Resources allocated: 80 nodes, 20/100 remaining
//   Job 0 ended at 100
//     Resources freed: 80 nodes, now 100/100 free
// and, for a gang pod that ends before its job (work-based runs only),
//   Pod w-0 of job 7 ended at 250
//     Resources freed: 4000 nodes, now 12000/16000 free
// after which the job's own END frees what it still holds.

#include <cstdint>
#include <iosfwd>

#include "io/time_format.h"
#include "model/workload.h"
#include "sim/observer.h"

namespace clustersim {

class VerboseLog final : public EngineObserver {
 public:
  VerboseLog(const Workload& w, std::int64_t capacity, TimeFormat f, std::ostream* out)
      : w_(w), capacity_(capacity), format_(f), out_(out) {}
  void OnSubmit(JobId id, SimTime t) override;
  void OnReject(JobId id, SimTime t) override;
  void OnStart(JobId id, SimTime t, std::int64_t used) override;
  void OnEnd(JobId id, SimTime t, std::int64_t used) override;
  void OnPodEnd(JobId id, std::uint32_t pod, SimTime t, std::int64_t used) override;
  void OnCapacity(SimTime t, std::int64_t capacity, std::int64_t used) override;
  void OnWarmStart(SimTime t, std::int64_t capacity) override;

 private:
  std::int64_t Free(std::int64_t used) const { return used > capacity_ ? 0 : capacity_ - used; }
  const Workload& w_;
  std::int64_t capacity_;
  TimeFormat format_;
  std::ostream* out_;
  std::int64_t used_ = 0;  // after the last event
};

}  // namespace clustersim
