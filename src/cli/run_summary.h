#pragma once
// What a run prints on stdout at its end: dr_evt's statistics block
// (`simulator`), clustersim's human summary, and the cluster's lines.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cli/run_config.h"
#include "io/summary_json.h"
#include "model/diagnostics.h"
#include "sim/metrics.h"

namespace clustersim {

// What summary.json's "run" says about this run: input, mode, policy, run
// time model, capacity. `cluster` is null off a cluster.
RunInfo DescribeRun(const RunConfig& c, const Workload& w, const std::string& input_format,
                    const ClusterSetup* cluster);

// Why a cluster run without --max_time left jobs unfinished, as warnings:
// started jobs whose pods stalled (throttled to zero, the hardware settled),
// or jobs still waiting that power policy C's choice never made room for.
void ReportStuckJobs(const RunConfig& c, const ClusterSetup& cs, const RunResult& r, Diagnostics* diag);
// The same for a node-count machine under a capacity schedule: jobs left
// waiting because the machine shrank below their size for good.
void ReportJobsAboveFinalCapacity(const RunConfig& c, const Workload& w, const RunResult& r, Diagnostics* diag);

// What the readers did to the input, a line per kind: records skipped,
// dropped by a filter, changed, or kept with a warning, each with its count
// per rule (dr_evt-compat.md §3: a summary count per reason). Empty when
// every record was read as it is.
std::vector<std::string> InputReport(const RunInfo& info, const Diagnostics& diag);

// `current_time`: dr_evt's clock after the run, the --max_time target when
// one was given (dr_evt-compat §6.4), else the last event.
void PrintDrEvtStats(std::ostream& out, const Summary& s, const RunResult& r, const RunInfo& info,
                     const Diagnostics& diag, double wall_s, SimTime current_time);
void PrintHumanSummary(std::ostream& out, const Summary& s, const RunInfo& info, const Diagnostics& diag,
                       double wall_s);
// `work_json` is the cluster's summary object (io/work_report.h).
void PrintClusterSummary(std::ostream& out, const RunConfig& c, const ClusterSetup& cs, const std::string& work_json);

}  // namespace clustersim
