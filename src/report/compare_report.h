#pragma once
// compare.html: two or more runs side by side. The summary metrics with the
// difference and ratio of each run against the first; allocation, queue,
// wait and slowdown curves overlaid; mean slowdown by job size; and, joined
// on job id, which jobs waited less and which waited more than in the first
// run ("EASY vs conservative", "dr_evt vs classic EASY").

#include <string>
#include <vector>

#include "model/status.h"
#include "report/run_outputs.h"

namespace clustersim {

std::string RenderComparison(const std::vector<RunOutputs>& runs, const std::string& version);

// Reads every directory and writes `path` atomically.
Status WriteComparison(const std::vector<std::string>& dirs, const std::string& path, const std::string& version);

}  // namespace clustersim
