// Fuzzes the dr_evt CSV reader and, for small results, the engine behind it:
// any input must load or fail with a Status, and what loads must simulate
// (or replay) with every invariant holding.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/trace_loader.h"
#include "sim/engine.h"
#include "sim/run_time_model.h"
#include "simulate_checked.h"

namespace {

void RunSmall(clustersim::Workload* w, clustersim::Diagnostics* diag) {
  using namespace clustersim;
  if (w->jobs.size() > 64 || w->capacity <= 0) return;
  RunTimeOptions rt;
  if (!ApplyRunTimeModel(rt, w, diag).ok()) return;
  if (w->mode == TraceMode::kReplay) {
    EngineOptions eo;
    Replay(*w, eo, {}, diag);
    return;
  }
  // Every scheduler family sees the input: EASY, conservative, none, a
  // dynamic ordering, the dr_evt and pyss presets, and passes per event.
  for (int variant = 0; variant < 8; ++variant) {
    EngineOptions eo;
    Policy& p = eo.policy;
    if (variant == 1) p.backfill = Backfill::kConservative;
    if (variant == 2) p.backfill = Backfill::kNone;
    if (variant == 3) p.ordering = Ordering::kWfp3;
    if (variant == 4) p.compat = Compat::kDrEvt, p.backfill_strict_lt = true, p.extra_nodes = false,
                      eo.overrun = Overrun::kAllow;
    if (variant == 5) p.compat = Compat::kPyss, p.backfill = Backfill::kConservative;
    eo.timing = EventTimingOf(p.compat);
    // schedulers.md §1's event-timing knobs outside their preset.
    if (variant == 6)
      p.ordering = Ordering::kSjf, eo.timing = {EventOrder::kSubmitsFirst, SchedulePer::kEvent, FreeFrom::kEstimate};
    if (variant == 7)
      p.backfill = Backfill::kConservative,
      eo.timing = {EventOrder::kEndsFirst, SchedulePer::kEvent, FreeFrom::kEstimate};
    if (!fuzz::SimulateChecked(*w, eo, diag)) return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clustersim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool force : {false, true}) {
    Diagnostics diag;
    LoadOptions o;
    o.format = TraceFormat::kCsv;
    o.capacity = 8;
    o.csv.force_simulation = force;
    auto loaded = LoadTraceText(text, "fuzz.csv", o, &diag);
    if (loaded.ok()) RunSmall(&loaded.value().workload, &diag);
  }
  return 0;
}
