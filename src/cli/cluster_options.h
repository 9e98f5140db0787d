#pragma once
// The seed-002 options (a cluster of real nodes, work-based jobs, power over
// time): their flags, and their resolution into RunConfig::cluster.

#include <CLI/CLI.hpp>

#include "cli/options.h"
#include "cli/run_config.h"
#include "model/status.h"

namespace clustersim {

// The --help group of the options below (replay unlists it).
inline constexpr const char* kClusterOptionGroup = "Clusters and work (seed 002)";

// listed = false parses them but leaves them out of --help.
void AddClusterOptions(CLI::App* app, OptionValues* v, bool listed = true);
Status ResolveClusterOptions(const OptionValues& v, RunConfig* c);

}  // namespace clustersim
