#pragma once
// What a run on a cluster adds to the outputs (docs/formats.md §4.10):
// jobs.csv's extra columns
//   nodes,gpu_devices,intent_class,cpu_class,gpu_class,nominal_duration,
//   actual_duration,power_slowdown
// and summary.json's "work" object: completions and power-slowdown
// percentiles per intent class. nominal_duration is the job alone on its
// allocation, uncapped, at f = 1; power_slowdown = actual / nominal.
// Percentiles are nearest-rank: the ceil(p/100 * n)-th smallest value.

#include <cstdint>
#include <string>
#include <vector>

#include "io/jobs_csv.h"
#include "io/placements_csv.h"
#include "model/workload.h"
#include "sim/engine.h"

namespace clustersim {

struct WorkReport {
  const Workload* workload = nullptr;
  const RunResult* result = nullptr;
  const PlacementLog* placements = nullptr;
  std::vector<std::uint8_t> performance;  // by JobId: the intent class the engine used
  std::vector<double> nominal_s;          // by JobId; empty for fixed durations
  std::string engine;                     // "v1", "legacy" or "" (fixed durations)
  double tick_s = 0;
};

JobsCsvExtra WorkJobsColumns(const WorkReport& r);
std::string WorkSummaryJson(const WorkReport& r);  // a JSON object

}  // namespace clustersim
