// Fuzzes the Joulie JSONL reader and, when the result is small, a
// work-based run on a fixed two-node GPU cluster with both checkers: any
// input loads or fails with a Status, and what loads runs with every
// per-node and work-conservation invariant holding.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cli/cluster_setup.h"
#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"
#include "io/jsonl_trace.h"
#include "sim/checker.h"
#include "sim/cluster_checker.h"
#include "sim/engine.h"

namespace {

const char* kCluster =
    "nodes:\n  - node_name_prefix: g\n    replicas: 2\n    cpu_cores: 8\n    product: H100 SXM\n    gpu_count: 4\n"
    "  - node_name: e\n    cpu_cores: 4\n    power_profile: eco\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clustersim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Diagnostics diag;
  auto w = LoadJsonlTraceText(text, "fuzz.jsonl", {}, &diag);
  if (!w.ok() || w.value().jobs.size() > 32) return 0;
  Workload wl = w.take();
  auto cluster = LoadClusterText(kCluster, "cluster.yaml", ShippedCatalog());
  if (!cluster.ok()) __builtin_trap();
  for (int engine = 0; engine < 2; ++engine) {
    ClusterConfig config;
    config.work.engine = engine == 0 ? power::WorkEngine::kV1 : power::WorkEngine::kLegacy;
    config.work.receiver_gate = true;
    Workload copy = wl;
    auto setup = SetUpLoadedCluster(cluster.value(), config, Policy{}, false, &copy);
    if (!setup.ok()) continue;
    EngineOptions eo;
    if (!CheckSimulableHorizon(copy, eo).ok()) continue;
    ScheduleChecker checker(copy, eo);
    checker.set_variable_durations(true);
    ClusterChecker cc(copy, *setup.value()->pool, setup.value()->work.get(), 0, true);
    std::vector<EngineObserver*> obs = {&checker, &cc};
    Simulate(copy, eo, obs, &diag, ClusterRun{setup.value()->pool.get(), setup.value()->work.get()});
    if (!checker.status().ok() || !cc.status().ok()) __builtin_trap();
  }
  return 0;
}
