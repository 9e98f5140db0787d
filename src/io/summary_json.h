#pragma once
// summary.json: Batsim's schedule.json keys (lexicographic order) plus
// clustersim's metrics and a `definitions` object that states every formula,
// population and option behind the numbers. Deterministic: no wall time
// (that goes to stdout and timing.json), no host names, no dates.

#include <cstdint>
#include <map>
#include <string>

#include "model/capacity.h"
#include "model/diagnostics.h"
#include "sim/metrics.h"
#include "sim/rl_window.h"

namespace clustersim {

struct RunInfo {
  std::string input;          // path as given
  std::string input_format;   // "csv" or "swf"
  std::string mode;           // "simulation" or "replay"
  std::string units;          // "nodes" or "processors"
  std::string swf_policy;     // empty for CSV
  std::string size_source, estimate_fill;  // SWF strict/clean knobs; empty for CSV
  std::string policy;         // DescribePolicy()
  std::string compat;
  std::string run_time_mode, run_time_distribution, run_time_compat;
  double run_time_scale = 1, run_time_stddev = 0;
  std::uint64_t seed = 0;
  std::string overrun;        // clip | allow
  // schedulers.md §1's knobs (sim/event_timing.h, Policy::shadow_ties_first).
  std::string event_order, schedule_per, free_from, shadow_ties;
  std::int64_t capacity = 0;
  std::int64_t jobs_loaded = 0;
  std::string jobs_slice;     // "START:COUNT" or empty
  // --capacity_schedule: the file and the sizes it sets (empty if none).
  std::string capacity_schedule;
  std::int64_t capacity_changes = 0, capacity_min = 0, capacity_max = 0;
  CapacitySchedule capacity_steps;  // every change, for reports to draw the size in force
  std::string input_sha256;  // of the trace's bytes (io/input_hash.h); empty if unknown
  // -t and --sim_start_time on the trace's clock; kTimeInfinity / kNoTime
  // when not given (written as null).
  SimTime max_time = kTimeInfinity, sim_start_time = kNoTime;
};

// `work_json`, when not empty, is an object added under "work" (runs on a
// cluster, io/work_report.h).
std::string SummaryJson(const Summary& s, const RunInfo& info, const Diagnostics& diag,
                        const std::string& work_json = {});

// --compat rlscheduler: per-window scores, their means and the definitions.
std::string RlSummaryJson(const RlEvaluation& e, const RlWindowOptions& o, const RunInfo& info,
                          const Diagnostics& diag);

// timing.json: where the wall time went, in seconds rounded to microseconds
// (keys sorted; format in docs/formats.md §4.5).
struct Timing {
  double load_s = 0, simulate_s = 0, write_s = 0, wall_time_s = 0;
};
std::string TimingJson(const Timing& t);

}  // namespace clustersim
