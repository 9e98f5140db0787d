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

// One sentence per run that is not comparable with the first as a policy
// change alone: another input, another --bsld-tau, or another machine,
// job set, run-time model or cluster file (with the values). The page
// shows them above the metrics.
std::vector<std::string> ComparabilityNotes(const std::vector<RunOutputs>& runs);

// Reads every directory and writes `path` atomically; `notes`, if given,
// receives ComparabilityNotes.
Status WriteComparison(const std::vector<std::string>& dirs, const std::string& path, const std::string& version,
                       std::vector<std::string>* notes = nullptr);

}  // namespace clustersim
