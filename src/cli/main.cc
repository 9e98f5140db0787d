// clustersim: `simulate`, `replay`, `trace`, `report`, `compare` and `generate` subcommands. Thin: options
// live in cli/options.cc, the run in cli/run.cc, generation in
// cli/generate.cc. Each subcommand is parsed as its own CLI11 app so that
// `--config FILE` takes plain `key = value` lines (CLI11 only applies config
// files to top-level apps).

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "cli/config_file.h"
#include "cli/generate.h"
#include "cli/help_format.h"
#include "cli/option_checks.h"
#include "cli/options.h"
#include "cli/replay_options.h"
#include "cli/report_command.h"
#include "cli/stdout_check.h"
#include "cli/trace_command.h"
#include "model/memory.h"
#include "power/switches.h"

namespace {

constexpr const char* kExamples = R"(Examples (the files are in the repository's examples/; the tests run each, as they run examples/README.md):
  clustersim simulate examples/jobs.csv --total_nodes 32 --backfill easy --report -o out/ex-easy
  clustersim simulate examples/jobs.csv -n 32 --run_time_mode limit --backfill conservative -o out/ex-limit
  clustersim simulate examples/small.swf --compat dr_evt --check -o out/ex-swf
  clustersim simulate examples/jobs.csv -n 32 --run_time_mode distribution --run_time_distribution lognormal \
      --run_time_scale 0.75 --run_time_stddev 0.5 --seed 7 -o out/ex-lognormal
  clustersim replay examples/history.csv --total_nodes 32 --report -o out/ex-replay
  clustersim simulate examples/small.swf --config examples/run.toml -o out/ex-config   (keys: long option names)
  clustersim compare out/ex-easy out/ex-limit -o out/ex-compare.html
  clustersim simulate examples/ai-day.jsonl --cluster examples/cluster.yaml --gpu-cap profile=eco:70% -o out/ex-eco
  clustersim generate -o trace.jsonl --seed 7 --horizon 2d   (a synthetic JSONL workload trace)
  clustersim simulate ../shared/traces/KTH-SP2-1996-2.1-cln.swf.gz --report -o out/kth
)";

constexpr const char* kUsage =
    "clustersim: a fast, exact cluster workload simulator\n"
    "Usage: clustersim simulate TRACE [options]   schedule a trace's jobs with a policy\n"
    "       clustersim replay TRACE [options]     replay a trace's recorded start and end times\n"
    "       clustersim generate -o FILE [options] write a synthetic JSONL workload trace\n"
    "       clustersim trace TRACE [reports]      what a historical trace says (dr_evt's tracer)\n"
    "       clustersim report OUT_DIR             report.html: summary and charts of a run\n"
    "       clustersim compare OUT_A OUT_B [...]  compare.html: runs side by side\n"
    "       clustersim switches                   the power/work model switches (--set, --compat joulie)\n"
    "       clustersim SUBCOMMAND --help          every option\n"
    "       clustersim --version\n";

// The §k.2 table as users meet it: each flag, its value by default and
// under --compat joulie, what it changes, and the values --set accepts.
void PrintSwitches(std::ostream& out) {
  out << "Power/work model switches: --set FLAG=VALUE changes one; --compat joulie sets the joulie column.\n";
  std::size_t width = 0;
  for (const auto& row : clustersim::power::PowerSwitchTable()) width = std::max(width, row.flag.size());
  for (const auto& row : clustersim::power::PowerSwitchTable()) {
    out << "  " << row.flag << std::string(width - row.flag.size() + 2, ' ') << row.what << "\n"
        << std::string(width + 4, ' ') << "default " << row.default_value << ", joulie " << row.joulie_value
        << "; values:";
    for (std::string_view v : clustersim::power::PowerSwitchValues(row.flag)) out << " " << v;
    out << "\n";
  }
}

// An error about an option's value ("--backfill: unknown value ...") that
// the config file gave: a second line says where it is. CLI11's own
// conversion errors name the option after a prefix ("Could not convert:
// --check = maybe", "Expected ... arguments to --jobs, got 0"); `anywhere`
// looks for it there too. Its flag errors name a config key bare ("check:
// too many inputs for a flag").
void NoteConfigLine(const std::string& cfg, const CLI::App& app, const std::string& what, int argc, char** argv,
                    bool anywhere = false) {
  if (cfg.empty()) return;
  const std::size_t from = anywhere ? what.find("--") : 0;
  std::string option;
  if (from != std::string::npos && what.compare(from, 2, "--") == 0) {
    const std::size_t end = what.find_first_of(": =,", from);
    if (end == std::string::npos) return;
    option = what.substr(from, end - from);
  } else if (const std::size_t colon = what.find(':'); colon != std::string::npos && colon > 0 &&
                                                       what.find(' ') > colon) {
    option = "--" + what.substr(0, colon);
  } else {
    return;
  }
  if (const std::string where = clustersim::ConfigLineOf(cfg, app, option, argc, argv); !where.empty())
    std::cerr << "clustersim: (" << option << " was set on " << where << ")\n";
}

int RunSubcommand(const std::string& name, int argc, char** argv) {
  const bool replay = name == "replay";
  CLI::App app{replay ? "clustersim replay: replay a trace's recorded start and end times"
                      : "clustersim simulate: schedule a trace's jobs with a policy",
               "clustersim " + name};
  app.footer(kExamples);
  clustersim::UseRunHelpFormat(&app);
  app.set_config("--config", "", "Read options from a TOML/INI file (keys are long option names)");
  app.config_formatter(clustersim::MakeConfigReader());
  clustersim::OptionValues v;
  clustersim::AddRunOptions(&app, &v, clustersim::Frontend::kClustersim);
  if (replay) clustersim::UnlistReplayRefusedOptions(&app);
  // CLI11 skips config lines it does not understand; we refuse them first.
  const std::string cfg = clustersim::FindConfigPath(argc, argv, {"--config"});
  if (!cfg.empty()) {
    if (clustersim::Status st = clustersim::CheckConfigFile(cfg, app); !st.ok()) {
      std::cerr << "clustersim: error: " << st.message() << "\n";
      return 1;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = clustersim::ExitOnParseError(app, e, "clustersim", std::cout, std::cerr);
    if (rc != 0) NoteConfigLine(cfg, app, e.what(), argc, argv, /*anywhere=*/true);
    return rc;
  }
  clustersim::RecordGivenOptions(app, &v);
  if (const clustersim::Status st = clustersim::CheckNoEmptyValues(app); !st.ok()) {
    std::cerr << "clustersim: error: " << st.message() << "\n";
    return 1;
  }
  auto config = clustersim::Resolve(v, clustersim::Frontend::kClustersim, replay);
  // Where the config file set each option it set: an error naming any of
  // them (one may name several) says so, here or during the run.
  std::vector<std::pair<std::string, std::string>> config_lines;
  if (!cfg.empty())
    for (const std::string& option : v.given)
      if (std::string where = clustersim::ConfigLineOf(cfg, app, option, argc, argv); !where.empty())
        config_lines.emplace_back(option, std::move(where));
  if (!config.ok()) {
    std::cerr << "clustersim: error: " << config.status().message() << "\n";
    for (const auto& [option, where] : config_lines)
      if (clustersim::MentionsOption(config.status().message(), option))
        std::cerr << "clustersim: (" << option << " was set on " << where << ")\n";
    return 1;
  }
  config.value().config_lines = std::move(config_lines);
  return clustersim::RunPipeline(config.value(), std::cout, std::cerr);
}

}  // namespace

static int RunMain(int argc, char** argv) {
  clustersim::PreferHugePagesForHeap(std::size_t{64} << 20);
  try {
    // `clustersim SUBCOMMAND --version` answers as `clustersim --version`
    // does (each subcommand's parser would call it an unexpected argument).
    const bool known_subcommand = argc >= 2 && [&] {
      for (const char* name : {"simulate", "replay", "trace", "report", "compare", "generate", "switches"})
        if (std::strcmp(argv[1], name) == 0) return true;
      return false;
    }();
    if (known_subcommand && std::any_of(argv + 2, argv + argc, [](const char* a) { return std::strcmp(a, "--version") == 0; })) {
      std::cout << "clustersim " CLUSTERSIM_VERSION "\n";
      return 0;
    }
    if (argc >= 2 && (std::strcmp(argv[1], "simulate") == 0 || std::strcmp(argv[1], "replay") == 0))
      return RunSubcommand(argv[1], argc - 1, argv + 1);
    if (argc >= 2 && std::strcmp(argv[1], "trace") == 0)
      return clustersim::RunTraceCommand(argc - 1, argv + 1, clustersim::TracerFrontend::kClustersim, std::cout,
                                         std::cerr);
    if (argc >= 2 && std::strcmp(argv[1], "report") == 0)
      return clustersim::RunReportCommand(argc - 1, argv + 1, std::cout, std::cerr);
    if (argc >= 2 && std::strcmp(argv[1], "compare") == 0)
      return clustersim::RunCompareCommand(argc - 1, argv + 1, std::cout, std::cerr);
    if (argc >= 2 && std::strcmp(argv[1], "generate") == 0)
      return clustersim::RunGenerate(argc - 1, argv + 1, std::cout, std::cerr);
    if (argc >= 2 && std::strcmp(argv[1], "switches") == 0) {
      const bool help = argc == 3 && (std::strcmp(argv[2], "--help") == 0 || std::strcmp(argv[2], "-h") == 0);
      if (argc > 2 && !help) {
        std::cerr << "clustersim switches: error: takes no arguments (it prints the power-model switch table)\n";
        return 1;
      }
      if (help)
        std::cout << "Usage: clustersim switches\n\nPrints the power and work model's switches (power-model.md "
                     "\u00a7k.2): each flag, what it changes, its value in the corrected model (default) and under "
                     "--compat joulie, and the values --set FLAG=VALUE accepts.\n";
      else
        PrintSwitches(std::cout);
      return 0;
    }
    if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
      std::cout << "clustersim " CLUSTERSIM_VERSION "\n";
      return 0;
    }
    if (argc >= 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
      std::cout << kUsage << "\n" << kExamples;
      return 0;
    }
    std::cerr << kUsage;
    if (argc >= 2) std::cerr << "clustersim: error: unknown subcommand '" << argv[1] << "'\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "clustersim: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "clustersim: internal error: " << e.what() << "\n";
    return 3;
  }
}

int main(int argc, char** argv) { return clustersim::ExitAfterStdout("clustersim", RunMain(argc, argv)); }
