// clustersim: `simulate` and `replay` subcommands. Thin: options live in
// cli/options.cc, the run in cli/run.cc.

#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/options.h"

namespace {

constexpr const char* kExamples = R"(
Examples:
  clustersim simulate ../shared/traces/KTH-SP2-1996-2.1-cln.swf.gz -o out/kth
  clustersim simulate jobs.csv --total_nodes 100 --run_time_mode limit --backfill conservative
  clustersim simulate trace.swf --compat dr_evt --check
  clustersim simulate jobs.csv -n 100 --run_time_mode distribution --run_time_distribution lognormal \
      --run_time_scale 0.75 --run_time_stddev 0.5 --seed 7
  clustersim replay trace.csv --total_nodes 100
  clustersim simulate --config run.toml   (every option can come from a TOML/INI config file)
)";

int RunSubcommand(CLI::App& sub, clustersim::OptionValues& v, bool replay) {
  auto config = clustersim::Resolve(v, clustersim::Frontend::kClustersim, replay);
  if (!config.ok()) {
    std::cerr << "clustersim: error: " << config.status().message() << "\n";
    return 1;
  }
  (void)sub;
  return clustersim::RunPipeline(config.value(), std::cout, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    CLI::App app{"clustersim: a fast, exact cluster workload simulator"};
    app.footer(kExamples);
    app.require_subcommand(1);
    app.set_version_flag("--version", "clustersim 0.1.0");
    clustersim::OptionValues sim_v, rep_v;
    CLI::App* simulate = app.add_subcommand("simulate", "Schedule a trace's jobs with a policy");
    CLI::App* replay = app.add_subcommand("replay", "Replay a trace's recorded start and end times");
    for (auto [sub, v] : {std::pair{simulate, &sim_v}, std::pair{replay, &rep_v}}) {
      sub->set_config("--config", "", "Read options from a TOML/INI file");
      sub->footer(kExamples);
      clustersim::AddRunOptions(sub, v, clustersim::Frontend::kClustersim);
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e);
    }
    if (simulate->parsed()) return RunSubcommand(*simulate, sim_v, false);
    return RunSubcommand(*replay, rep_v, true);
  } catch (const std::exception& e) {
    std::cerr << "clustersim: internal error: " << e.what() << "\n";
    return 3;
  }
}
