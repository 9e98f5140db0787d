#pragma once
// The seed-002 options (a cluster of real nodes, work-based jobs, power over
// time): their flags, and their resolution into RunConfig::cluster.

#include <CLI/CLI.hpp>

#include "cli/options.h"
#include "cli/run_config.h"
#include "model/status.h"

namespace clustersim {

// listed = false parses them but leaves them out of --help.
void AddClusterOptions(CLI::App* app, OptionValues* v, bool listed = true);
Status ResolveClusterOptions(const OptionValues& v, RunConfig* c);

}  // namespace clustersim
