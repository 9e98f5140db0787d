#pragma once
// Whether a loaded trace fits the run asked for: a replay needs recorded
// times, a JSONL trace needs a cluster, a cluster run places jobs (so it
// does not replay), and a node-count run needs a machine size. Each refusal
// names a command line that runs (`simulator` and `replay` have no
// --cluster).

#include "cli/run_config.h"
#include "model/status.h"
#include "model/workload.h"

namespace clustersim {

Status CheckTraceFitsRun(const RunConfig& c, const Workload& w);

}  // namespace clustersim
