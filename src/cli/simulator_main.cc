// simulator: dr_evt's command line, verbatim. `simulator jobs.csv
// --total_nodes 100 --run_time_mode limit` behaves as dr_evt's simulator
// (its option names, defaults, output files and statistics block), with
// dr_evt's scheduling semantics (--compat dr_evt) unless told otherwise.

#include <iostream>
#include <new>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/config_file.h"
#include "cli/help_format.h"
#include "cli/option_checks.h"
#include "cli/options.h"
#include "cli/stdout_check.h"
#include "model/memory.h"

namespace {

constexpr const char* kExamples = R"(Examples (dr_evt's command lines; the files are in the repository's examples/):
  simulator examples/history.csv --total_nodes 32 -z UTC     # replay: the trace has begin_time
  simulator examples/jobs.csv --total_nodes 32 -z UTC --run_time_mode limit
  simulator examples/jobs.csv --total_nodes 32 -z UTC --run_time_mode actual
  simulator examples/jobs.csv --total_nodes 32 -z UTC --run_time_mode distribution \
      --run_time_distribution normal --run_time_scale 0.8 --run_time_stddev 0.2
Outputs, in the current directory: <input stem>_sim.csv (the schedule; a replay's has the input's
times) and <stem>_sim_resources.csv (the resource trace).
)";

}  // namespace

static int RunMain(int argc, char** argv) {
  clustersim::PreferHugePagesForHeap(std::size_t{64} << 20);
  try {
    CLI::App app{"simulator: dr_evt-compatible front end of clustersim"};
    app.footer(kExamples);
    clustersim::UseRunHelpFormat(&app);
    std::string config_path;  // set only when ExpandConfigArgs could not see -c (a bundle): refused
    app.add_option("-c,--config", config_path,
                   "Options from a file, applied at its place on the command line (later options override it): "
                   "dr_evt's protobuf text (sim_setup { total_nodes: 100 ... }) or key = value lines");
    app.set_version_flag("--version", "simulator (clustersim " CLUSTERSIM_VERSION ")");
    clustersim::OptionValues v;
    clustersim::AddRunOptions(&app, &v, clustersim::Frontend::kSimulator);
    // As dr_evt (getopt): an option given twice takes its last value, which
    // is what lets a config file sit between options.
    for (CLI::Option* o : app.get_options())
      if (o->nonpositional() && o->get_expected_max() == 1) o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    auto args = clustersim::ExpandConfigArgs(argc, argv, {"-c", "--config"}, app, "sim_setup");
    if (!args.ok()) {
      std::cerr << "simulator: error: " << args.status().message() << "\n";
      return 1;
    }
    std::vector<char*> expanded;
    for (std::string& a : args.value()) expanded.push_back(a.data());
    try {
      app.parse(static_cast<int>(expanded.size()), expanded.data());
    } catch (const CLI::ParseError& e) {
      return clustersim::ExitOnParseError(app, e, "simulator", std::cout, std::cerr);
    }
    // Which options were given, at any value: a replay names `-p fcfs` as
    // ignored as surely as `-p sjf`.
    clustersim::RecordGivenOptions(app, &v);
    if (!config_path.empty()) {  // -c inside a bundle of short flags (-Mc FILE): not expanded
      std::cerr << "simulator: error: -c: give the config file as its own option (-c FILE, -cFILE or "
                   "--config=FILE), not inside a bundle of short flags\n";
      return 1;
    }
    auto config = clustersim::Resolve(v, clustersim::Frontend::kSimulator, false);
    if (!config.ok()) {
      std::cerr << "simulator: error: " << config.status().message() << "\n";
      return 1;
    }
    // dr_evt keeps SJF and LJF in its multimap whatever -q says, and says so.
    if ((v.policy == "sjf" || v.policy == "ljf") && !v.queue_impl.empty() && v.queue_impl != "multimap" &&
        !config.value().quiet)
      std::cerr << "simulator: warning: -q " << v.queue_impl << ": -p " << v.policy
                << " keeps its queue in a multimap (the queue implementation has no effect on the schedule)\n";
    return clustersim::RunPipeline(config.value(), std::cout, std::cerr);
  } catch (const std::bad_alloc&) {
    std::cerr << "simulator: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "simulator: internal error: " << e.what() << "\n";
    return 3;
  }
}

int main(int argc, char** argv) { return clustersim::ExitAfterStdout("simulator", RunMain(argc, argv)); }
