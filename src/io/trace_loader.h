#pragma once
// LoadTrace: reads a trace file of any format into a Workload.
// Format: `--format csv|swf|jsonl|lassen|trace`, else by name (.swf,
// .swf.gz -> SWF; .trace -> LLNL's legacy trace; .csv -> CSV; .jsonl,
// .jsonl.gz or a directory -> Joulie JSONL), else by content (a first line
// starting with ';' or holding 18+ whitespace-separated numbers -> SWF; one
// starting with '{' -> JSONL). A CSV whose header has Lassen's 33-column
// layout is read as a Lassen history (io/llnl_history.h).

#include <cstdint>
#include <string>
#include <vector>

#include "io/csv_reader.h"
#include "io/jsonl_trace.h"
#include "io/llnl_history.h"
#include "io/swf_policy.h"
#include "model/diagnostics.h"
#include "model/status.h"
#include "model/workload.h"

namespace clustersim {

enum class TraceFormat : std::uint8_t { kAuto, kCsv, kSwf, kJsonl, kLassen, kLegacyTrace };

struct LoadOptions {
  TraceFormat format = TraceFormat::kAuto;
  // kCsv given by name (--format csv, dr_evt's -f simple): read by column
  // names even when the header looks like Lassen's.
  bool csv_by_name = false;
  CsvReadOptions csv;
  SwfOptions swf;
  JsonlOptions jsonl;
  LlnlReadOptions llnl;
  std::int64_t capacity = 0;   // --total_nodes (CSV needs it; SWF may take it from the header)
  std::int64_t csv_default_capacity = 0;  // CSV without --total_nodes (`simulator`: dr_evt's 795)
  // SWF-only options the command line gave ("--swf-policy", ...): a trace
  // of another format is refused, naming them, rather than run without them.
  std::vector<std::string> swf_only_flags;
};

struct LoadedTrace {
  Workload workload;
  TraceFormat format = TraceFormat::kCsv;
};

Result<LoadedTrace> LoadTrace(const std::string& path, const LoadOptions& options, Diagnostics* diag);

// For tests: parse text directly, naming it `name` in messages.
Result<LoadedTrace> LoadTraceText(std::string_view text, const std::string& name,
                                  const LoadOptions& options, Diagnostics* diag);

// Why a load left no job, as one line for a front end that must stop rather
// than report zeros: "PATH: the input rules dropped every record (RULE N,
// ...)<so_what>; HINT", the hint naming the option that keeps them, or
// "PATH: holds no job records<so_what>" when no rule dropped one.
// `so_what` is e.g. ", so there is nothing to simulate" (may be empty).
std::string NoJobReason(const std::string& path, TraceFormat format, const Diagnostics& diag,
                        std::string_view so_what);

}  // namespace clustersim
