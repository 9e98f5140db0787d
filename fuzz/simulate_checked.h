#pragma once
// The fuzz targets' shared step: simulate a small loaded workload with the
// schedule checker, and stop the fuzzer on a broken invariant (a finding;
// the input is kept by libFuzzer).

#include <vector>

#include "sim/checker.h"
#include "sim/engine.h"

namespace clustersim::fuzz {

// False, without simulating, when the workload would pass the simulable
// horizon (the front ends refuse it the same way).
inline bool SimulateChecked(const Workload& w, const EngineOptions& eo, Diagnostics* diag) {
  if (!CheckSimulableHorizon(w, eo).ok()) return false;
  ScheduleChecker checker(w, eo);
  std::vector<EngineObserver*> obs = {&checker};
  Simulate(w, eo, obs, diag);
  if (!checker.status().ok()) __builtin_trap();
  return true;
}

}  // namespace clustersim::fuzz
