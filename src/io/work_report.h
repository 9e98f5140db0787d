#pragma once
// What a run on a cluster adds to the outputs (docs/formats.md §4.10):
// jobs.csv's extra columns
//   nodes,gpu_devices,intent_class,cpu_class,gpu_class,nominal_duration,
//   actual_duration,power_slowdown,energy_j,pod_releases
// (energy_j: the node dynamic power attributed to the job, §e.5;
// pod_releases: "time:units;..." of a gang's pods that ended first),
// and summary.json's "work" object: completions and power-slowdown
// percentiles per intent class. nominal_duration is the job alone on its
// allocation, uncapped, at f = 1; power_slowdown = actual / nominal.
// Percentiles are nearest-rank: the ceil(p/100 * n)-th smallest value.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "io/jobs_csv.h"
#include "io/placements_csv.h"
#include "io/text_sink.h"
#include "model/cluster.h"
#include "model/workload.h"
#include "power/power_policy.h"
#include "sim/engine.h"

namespace clustersim {

class PowerController;
class WorkExecution;

struct WorkReport {
  const Workload* workload = nullptr;
  const RunResult* result = nullptr;
  const PlacementLog* placements = nullptr;
  const WorkExecution* work = nullptr;     // work-based runs: energy
  const Cluster* cluster = nullptr;
  std::vector<std::uint8_t> performance;  // by JobId: the intent class the engine used
  std::vector<double> nominal_s;          // by JobId; empty for fixed durations
  std::string engine;                     // "v1", "legacy" or "" (fixed durations)
  double tick_s = 0;
  double makespan_s = 0;  // the summary's (finished jobs), for the energy-delay product
  // --power-policy: its name ("" = none), options, and what it decided at
  // the start; under C, the controller's reconciles.
  std::string power_policy;
  power::PowerPolicyOptions policy_options;
  std::int64_t performance_nodes = 0, families = 0;
  const PowerController* controller = nullptr;
  // The run's other inputs, so a result names all it came from: role
  // ("cluster", "catalog", "caps"), path as given, SHA-256 of its bytes.
  struct InputFile {
    std::string role, path, sha256;
  };
  std::vector<InputFile> inputs;
  std::vector<std::string> operating_rules;  // the command line's, as applied: "--cpu-cap all:300W"
  // Work-based runs: the work and power model's settings, name = value
  // (cli/cluster_setup.h DescribeWorkModel); summary.json's work.model.
  std::vector<std::pair<std::string, std::string>> model;
};

JobsCsvExtra WorkJobsColumns(const WorkReport& r);
std::string WorkSummaryJson(const WorkReport& r);  // a JSON object

// nodes.csv: node,class,power_profile,energy_j,cpu_energy_j,gpu_energy_j,
//   idle_energy_j,mean_power_w,time_throttled_s,peak_cpu_temp_c
// devices.csv: node,device,energy_j,mean_power_w,time_throttled_s,peak_temp_c
// Means are over the run's span (first event to last).
void WriteNodesCsv(const WorkReport& r, TextSink* out);
void WriteDevicesCsv(const WorkReport& r, TextSink* out);
// policy.csv (--power-policy C), one row per reconcile that changed a
// count (a reconcile repeating the row before is left out):
//   time,perf_pods,performance,draining,eco,changed
// perf_pods: performance pods running or waiting; the next three: nodes in
// each state after it; changed: nodes whose state it changed.
void WritePolicyCsv(const PowerController& c, TimeFormat f, TextSink* out);

}  // namespace clustersim
