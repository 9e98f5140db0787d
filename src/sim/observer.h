#pragma once
// EngineObserver: what writers, metric accumulators and the invariant checker
// subscribe to. Calls arrive in processing order; `used` is the number of
// units in use right after the event. A disabled observer costs nothing: the
// engine only calls the observers it was given.

#include <cstdint>

#include "model/job.h"
#include "model/time.h"

namespace clustersim {

class EngineObserver {
 public:
  virtual ~EngineObserver() = default;
  virtual void OnSubmit(JobId, SimTime) {}
  virtual void OnReject(JobId, SimTime) {}
  virtual void OnStart(JobId, SimTime, std::int64_t /*used*/) {}
  virtual void OnEnd(JobId, SimTime, std::int64_t /*used*/) {}
  // Pod `pod` of a running gang finished before the rest and freed its
  // resources (OnEnd later frees what the job still holds).
  virtual void OnPodEnd(JobId, std::uint32_t /*pod*/, SimTime, std::int64_t /*used*/) {}
  // A capacity schedule changed the machine's size to `capacity` units
  // (model/capacity.h); `used` may exceed it while running jobs drain.
  virtual void OnCapacity(SimTime, std::int64_t /*capacity*/, std::int64_t /*used*/) {}
  // A warm start (sim/warm_start.h): the run begins at `t`, before any
  // other call, with the machine at `capacity` units, the size the capacity
  // schedule gives at t. Nothing before t is simulated, so no change
  // before t is reported.
  virtual void OnWarmStart(SimTime, std::int64_t /*capacity*/) {}
  virtual void OnFinish(SimTime) {}
};

}  // namespace clustersim
