// simulator: dr_evt's command line, verbatim. `simulator jobs.csv
// --total_nodes 100 --run_time_mode limit` behaves as dr_evt's simulator
// (its option names, defaults, output files and statistics block), with
// dr_evt's scheduling semantics (--compat dr_evt) unless told otherwise.

#include <iostream>
#include <new>

#include <CLI/CLI.hpp>

#include "cli/config_file.h"
#include "cli/option_checks.h"
#include "cli/options.h"
#include "model/memory.h"

namespace {

constexpr const char* kExamples = R"(
Examples (dr_evt's command lines; the files are in the repository's examples/):
  simulator examples/history.csv --total_nodes 32 -z UTC     # replay: the trace has begin_time
  simulator examples/jobs.csv --total_nodes 32 -z UTC --run_time_mode limit
  simulator examples/jobs.csv --total_nodes 32 -z UTC --run_time_mode actual
  simulator examples/jobs.csv --total_nodes 32 -z UTC --run_time_mode distribution \
      --run_time_distribution normal --run_time_scale 0.8 --run_time_stddev 0.2
Outputs, in the current directory: <input stem>_sim.csv (the schedule; simulation only, a replay's
would repeat the input) and <stem>_sim_resources.csv (the resource trace).
)";

}  // namespace

int main(int argc, char** argv) {
  clustersim::PreferHugePagesForHeap(std::size_t{64} << 20);
  try {
    CLI::App app{"simulator: dr_evt-compatible front end of clustersim"};
    app.footer(kExamples);
    app.set_config("-c,--config", "", "Read options from a TOML/INI file");
    app.set_version_flag("--version", "simulator (clustersim " CLUSTERSIM_VERSION ")");
    clustersim::OptionValues v;
    clustersim::AddRunOptions(&app, &v, clustersim::Frontend::kSimulator);
    // CLI11 skips config lines it does not understand; we refuse them first.
    if (const std::string cfg = clustersim::FindConfigPath(argc, argv, {"-c", "--config"}); !cfg.empty()) {
      if (clustersim::Status st = clustersim::CheckConfigFile(cfg, app); !st.ok()) {
        std::cerr << "simulator: error: " << st.message() << "\n";
        return 1;
      }
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return clustersim::ExitOnParseError(app, e, "simulator", std::cout, std::cerr);
    }
    auto config = clustersim::Resolve(v, clustersim::Frontend::kSimulator, false);
    if (!config.ok()) {
      std::cerr << "simulator: error: " << config.status().message() << "\n";
      return 1;
    }
    return clustersim::RunPipeline(config.value(), std::cout, std::cerr);
  } catch (const std::bad_alloc&) {
    std::cerr << "simulator: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "simulator: internal error: " << e.what() << "\n";
    return 3;
  }
}
