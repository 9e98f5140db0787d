// Fuzzes the readers of LLNL's raw histories (Lassen's 33-column CSV and the
// legacy whitespace .trace) and of dr_evt's capacity schedule: any input must
// load or fail with a Status; a small history that loads must replay without
// a fault and, forced, simulate with every invariant of the checker holding.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "io/capacity_csv.h"
#include "io/llnl_history.h"
#include "sim/engine.h"
#include "simulate_checked.h"

namespace {

void RunSmall(clustersim::Workload* w, clustersim::Diagnostics* diag) {
  using namespace clustersim;
  if (w->jobs.size() > 64) return;
  w->capacity = 8;  // the reader leaves the machine size to the command line
  EngineOptions eo;
  if (w->mode == TraceMode::kReplay) {
    Replay(*w, eo, {}, diag);
    return;
  }
  for (const Backfill b : {Backfill::kEasy, Backfill::kConservative}) {
    eo.policy.backfill = b;
    if (!fuzz::SimulateChecked(*w, eo, diag)) return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clustersim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool force : {false, true}) {
    LlnlReadOptions o;
    o.force_simulation = force;
    {
      Diagnostics diag;
      auto w = ReadLassenCsv(text, "fuzz.csv", o, &diag);
      if (w.ok()) RunSmall(&w.value(), &diag);
    }
    {
      Diagnostics diag;
      auto w = ReadLegacyTrace(text, "fuzz.trace", o, &diag);
      if (w.ok()) RunSmall(&w.value(), &diag);
    }
  }
  // A schedule that parses has strictly increasing times and sizes in range.
  for (const char* zone : {"UTC", "PST8PDT"}) {
    auto s = ParseCapacitySchedule(text, "fuzz_capacity.csv", zone, 16);
    if (!s.ok()) continue;
    const CapacitySchedule& steps = s.value();
    for (std::size_t i = 0; i < steps.size(); ++i) {
      if (steps[i].units < 0 || steps[i].units > 16) __builtin_trap();
      if (i > 0 && !(steps[i - 1].time < steps[i].time)) __builtin_trap();
    }
  }
  return 0;
}
