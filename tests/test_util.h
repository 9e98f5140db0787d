#pragma once
// Helpers shared by the tests: run a small trace given as text through the
// real pipeline (reader -> run-time model -> engine, with the invariant
// checker always on) and render the schedule as a compact string such as
// "0:0-200 1:200-500 2:20-70" (job id: begin-end, seconds) that one
// EXPECT_EQ compares.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "io/trace_loader.h"
#include "model/diagnostics.h"
#include "model/status.h"
#include "sched/policy.h"
#include "sim/engine.h"
#include "sim/run_time_model.h"

namespace clustersim::test {

struct SimSetup {
  std::int64_t capacity = 100;
  Policy policy;
  RunTimeOptions run_time;
  Overrun overrun = Overrun::kClip;
  // The engine's event timing; unset = the policy's compat preset.
  std::optional<EventTiming> timing;
  CapacitySchedule capacity_schedule;  // --capacity_schedule
  LoadOptions load;
  std::string name = "input.csv";
};

struct SimOutcome {
  Status status;          // load / run-time model / checker result
  Workload workload;
  RunResult result;
  std::string diagnostics;  // every diagnostic, one per line
  std::string resources;    // the resource CSV
};

SimOutcome SimulateText(std::string_view text, const SimSetup& setup);

// "id:begin-end ..." in job-index order; "id:rejected" / "id:unfinished".
std::string RenderSchedule(const SimOutcome& o);

// Presets.
Policy ClassicEasy();
Policy DrEvtEasy();
Policy Conservative();
Policy NoBackfill();

// A fresh, empty directory under the test temporary directory, unique to
// this process: TempDir/clustersim_<name>_<pid>. Removed when the process
// ends if every test passed (kept on a failure, or with
// CLUSTERSIM_KEEP_SCRATCH set).
std::filesystem::path ScratchDir(const std::string& name);

// A file's bytes, or "<missing PATH>" when it cannot be read (so two missing
// files never compare equal to real contents by accident).
std::string Slurp(const std::filesystem::path& p);

// Directory of the shared traces ($CLUSTERSIM_TRACES, else ../shared/traces
// relative to the source tree).
std::string TracesDir();

}  // namespace clustersim::test
