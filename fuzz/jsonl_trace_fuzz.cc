// Fuzzes the Joulie JSONL reader and, when the result is small, a
// work-based run on a fixed two-node GPU cluster with both checkers (v1,
// legacy, and v1 under power policy C reconciling every minute): any input
// loads or fails with a Status, and what loads runs with every per-node and
// work-conservation invariant holding.

#include <cstddef>
#include <algorithm>
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
  // The cluster is the same for every input: loading it once keeps each
  // input's time for the trace and the runs.
  static const auto cluster = LoadClusterText(kCluster, "cluster.yaml", ShippedCatalog());
  if (!cluster.ok()) __builtin_trap();
  for (int variant = 0; variant < 3; ++variant) {
    ClusterConfig config;
    config.work.engine = variant == 1 ? power::WorkEngine::kLegacy : power::WorkEngine::kV1;
    config.work.receiver_gate = true;
    if (variant == 2) {
      config.power_policy.policy = power::PowerPolicy::kQueueAware;
      config.power_policy.base_frac = 0;
      config.power_policy.perf_per_hp = 1;
      config.power_policy.reconcile = 60 * kTicksPerSecond;
    }
    Workload copy = wl;
    auto setup = SetUpLoadedCluster(cluster.value(), config, Policy{}, false, &copy);
    if (!setup.ok()) continue;
    // Policy C reconciles every minute of the trace clock: a span of years
    // (a submit offset of 3.5e9 s) is tens of millions of loop steps, within
    // the bound a run accepts (1e8) but seconds under the sanitizers, which
    // libFuzzer reports as a timeout. Such spans are the reconcile loop's
    // cost, not a bug; the harness keeps variant 2 to spans it can afford.
    // The nominal span assumes each pod runs alone; sharing a node and the
    // eco throttle can stretch it a hundredfold, so the run is also cut at
    // 1,000 reconciles: a longer run repeats the same steps, and at 1e5 the
    // target tried a thirtieth as many inputs in its minute.
    EngineOptions eo;
    if (variant == 2 && !copy.jobs.empty()) {
      SimTime first = copy.jobs.front().submit;
      for (const Job& j : copy.jobs) first = std::min(first, j.submit);
      double span = 0;
      for (JobId id = 0; id < copy.jobs.size(); ++id)
        span = std::max(span, ToSeconds(copy.jobs[id].submit - first) + setup.value()->nominal_s[id]);
      if (!(span / 60 <= 1e5)) continue;
      eo.max_time = first + 1'000 * config.power_policy.reconcile;
    }
    if (!CheckSimulableHorizon(copy, eo).ok()) continue;
    ScheduleChecker checker(copy, eo);
    checker.set_variable_durations(true);
    ClusterChecker cc(copy, *setup.value()->pool, setup.value()->work.get(), 0, true);
    std::vector<EngineObserver*> obs = {&checker, &cc};
    ClusterSetup& cs = *setup.value();
    Simulate(copy, eo, obs, &diag, ClusterRun{cs.pool.get(), cs.work.get(), cs.controller.get()});
    if (!checker.status().ok() || !cc.status().ok()) __builtin_trap();
    if (cs.controller && !cs.controller->status().ok()) __builtin_trap();
  }
  return 0;
}
