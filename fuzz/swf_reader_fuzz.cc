// Fuzzes the SWF reader under every normalisation policy, and simulates what
// loads when it is small: no input may crash, hang or break an invariant.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/trace_loader.h"
#include "sim/engine.h"
#include "simulate_checked.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clustersim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (SwfPolicy p : {SwfPolicy::kStrict, SwfPolicy::kClean, SwfPolicy::kPyss, SwfPolicy::kPyssStrong,
                      SwfPolicy::kRlScheduler, SwfPolicy::kBatsim}) {
    Diagnostics diag;
    LoadOptions o;
    o.format = TraceFormat::kSwf;
    o.swf.policy = p;
    o.capacity = 16;
    auto loaded = LoadTraceText(text, "fuzz.swf", o, &diag);
    if (!loaded.ok()) continue;
    Workload& w = loaded.value().workload;
    if (w.jobs.size() > 64 || w.capacity <= 0 || w.mode != TraceMode::kSimulation) continue;
    EngineOptions eo;
    fuzz::SimulateChecked(w, eo, &diag);
  }
  return 0;
}
