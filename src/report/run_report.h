#pragma once
// report.html for one run: header (trace, machine, mode, policy, compat,
// seed, version, wall time), the summary table with each metric's
// definition, and the charts (utilisation, queue, wait and slowdown
// distributions, slowdown by size and length, occupancy by job size, and
// for cluster runs power, caps, temperatures, energy per class and the
// slowdown power caused). Sections whose files are absent say so.

#include <string>

#include "model/status.h"
#include "report/run_outputs.h"

namespace clustersim {

std::string RenderRunReport(const RunOutputs& r, const std::string& version);

// Loads the run files in `files_dir` and renders their page, naming the run
// after `shown_dir` (a run writes its files to a private directory first
// and publishes them to `shown_dir`).
Result<std::string> RenderRunReportFrom(const std::string& files_dir, const std::string& shown_dir,
                                        const std::string& version);

// Reads `dir` and writes `path` (DIR/report.html when empty) atomically.
// Returns the path written.
Result<std::string> WriteRunReport(const std::string& dir, const std::string& path, const std::string& version);

}  // namespace clustersim
