#include "cli/report_command.h"

#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/option_checks.h"
#include "cli/output_files.h"
#include "model/text_escape.h"
#include "report/compare_report.h"
#include "report/run_report.h"

namespace clustersim {
namespace {

int Fail(const char* prog, std::ostream& err, const std::string& message) {
  fmt::print(err, "{}: error: {}\n", prog, EscapeControl(message));
  return 1;
}

// CLI11 prints help and errors itself; 0 for --help, 1 for a bad option.
int Parse(CLI::App& app, int argc, char** argv, std::ostream& out, std::ostream& err, bool* done) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    *done = true;
    return ExitOnParseError(app, e, app.get_name(), out, err);
  }
  return 0;
}

}  // namespace

int RunReportCommand(int argc, char** argv, std::ostream& out, std::ostream& err) {
  const char* prog = "clustersim report";
  CLI::App app{"clustersim report: report.html (charts and summary) of one run's output directory", prog};
  app.footer(R"(The page is one self-contained file (inline SVG, no network). Charts whose input file the run did not write
(--outputs) are left out and the page says so.
Example:
  clustersim simulate examples/small.swf --backfill easy -o out/easy
  clustersim report out/easy          # writes out/easy/report.html
)");
  std::string dir, path;
  app.add_option("dir", dir, "Output directory of a simulate or replay run")->required();
  app.add_option("-o,--output", path, "Where to write the page (default: DIR/report.html)");
  bool done = false;
  const int rc = Parse(app, argc, argv, out, err, &done);
  if (done) return rc;
  if (app.count("--output") > 0 && path.empty()) return Fail(prog, err, "-o: give a file name for the page");
  if (Status st = CheckPageTarget(path, {dir}, /*own_report=*/true); !path.empty() && !st.ok()) return Fail(prog, err, st.message());
  auto written = WriteRunReport(dir, path, CLUSTERSIM_VERSION);
  if (!written.ok()) return Fail(prog, err, written.status().message());
  fmt::print(out, "report: {}\n", written.value());
  return 0;
}

int RunCompareCommand(int argc, char** argv, std::ostream& out, std::ostream& err) {
  const char* prog = "clustersim compare";
  CLI::App app{"clustersim compare: compare.html of two or more runs (metrics, curves, per-job waits)", prog};
  app.footer(R"(The first directory is the baseline: differences and ratios are against it, and the per-job wait comparison
joins every other run to it on job id.
Example:
  clustersim simulate examples/small.swf --backfill easy -o out/easy
  clustersim simulate examples/small.swf --backfill conservative -o out/conservative
  clustersim compare out/easy out/conservative -o out/compare.html
)");
  std::vector<std::string> dirs;
  std::string path = "compare.html";
  app.add_option("dirs", dirs, "Output directories of simulate or replay runs, baseline first")->required();
  app.add_option("-o,--output", path, "Where to write the page")->capture_default_str();
  bool done = false;
  const int rc = Parse(app, argc, argv, out, err, &done);
  if (done) return rc;
  if (dirs.size() < 2) return Fail(prog, err, "give at least two output directories to compare");
  if (path.empty()) return Fail(prog, err, "-o: give a file name for the page");
  if (Status st = CheckPageTarget(path, dirs, /*own_report=*/false); !st.ok()) return Fail(prog, err, st.message());
  std::vector<std::string> notes;
  if (Status st = WriteComparison(dirs, path, CLUSTERSIM_VERSION, &notes); !st.ok())
    return Fail(prog, err, st.message());
  for (const std::string& n : notes) fmt::print(err, "{}: warning: {}\n", prog, EscapeControl(n));
  fmt::print(out, "comparison: {}\n", path);
  return 0;
}

}  // namespace clustersim
