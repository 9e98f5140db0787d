#include "io/trace_loader.h"

#include "io/file_reader.h"
#include "io/swf_reader.h"
#include "io/text_lines.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <new>
#include <system_error>

namespace clustersim {
namespace {

bool EndsWith(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

TraceFormat Sniff(std::string_view text) {
  LineCursor c(text);
  std::string_view line;
  std::vector<std::string_view> tok;
  while (c.Next(&line)) {
    if (IsBlank(line)) continue;
    size_t first = line.find_first_not_of(" \t");
    if (line[first] == ';') return TraceFormat::kSwf;
    if (line[first] == '{') return TraceFormat::kJsonl;
    SplitWhitespace(line, &tok);
    return tok.size() >= 18 && line.find(',') == std::string_view::npos ? TraceFormat::kSwf : TraceFormat::kCsv;
  }
  return TraceFormat::kCsv;
}

Status RefuseSwfOnlyFlags(const LoadOptions& options, TraceFormat format, const std::string& name) {
  if (format == TraceFormat::kSwf || options.swf_only_flags.empty()) return Status::Ok();
  const char* what = format == TraceFormat::kJsonl         ? "a JSONL trace"
                     : format == TraceFormat::kLassen      ? "a Lassen history"
                     : format == TraceFormat::kLegacyTrace ? "a legacy .trace"
                                                           : "a dr_evt CSV";
  return Status::Error(fmt::format("{}: {} {} to SWF traces only; this is {}", name,
                                   fmt::join(options.swf_only_flags, ", "),
                                   options.swf_only_flags.size() == 1 ? "applies" : "apply", what));
}

}  // namespace

Result<LoadedTrace> LoadTraceText(std::string_view text, const std::string& name, const LoadOptions& options,
                                  Diagnostics* diag) {
  TraceFormat fmt = options.format;
  if (fmt == TraceFormat::kAuto) {
    if (EndsWith(name, ".swf") || EndsWith(name, ".swf.gz"))
      fmt = TraceFormat::kSwf;
    else if (EndsWith(name, ".trace") || EndsWith(name, ".trace.gz"))
      fmt = TraceFormat::kLegacyTrace;
    else if (EndsWith(name, ".csv") || EndsWith(name, ".csv.gz"))
      fmt = TraceFormat::kCsv;
    else if (EndsWith(name, ".jsonl") || EndsWith(name, ".jsonl.gz"))
      fmt = TraceFormat::kJsonl;
    else
      fmt = Sniff(text);
  }
  if (fmt == TraceFormat::kCsv) {
    LineCursor c(text);
    std::string_view first;
    while (c.Next(&first) && IsBlank(first)) {
    }
    if (LooksLikeLassenHeader(first) && !options.csv_by_name) fmt = TraceFormat::kLassen;
    else if (LooksLikeLassenHeader(first))  // asked for by name: said, since the times and queues differ
      diag->Report(name, 1, "lassen_read_as_csv",
                   "the header has Lassen's 33-column layout; read as a dr_evt CSV by column names as asked (times "
                   "in --timezone, not PST8PDT; no queue filter or DAT rules; drop --format csv / -f simple to read "
                   "it as Lassen)",
                   Severity::kNote, true);
  }
  if (Status st = RefuseSwfOnlyFlags(options, fmt, name); !st.ok()) return st;
  LoadedTrace out;
  out.format = fmt;
  if (fmt == TraceFormat::kLassen || fmt == TraceFormat::kLegacyTrace) {
    LlnlReadOptions lo = options.llnl;
    lo.force_simulation = options.csv.force_simulation;
    auto w = fmt == TraceFormat::kLassen ? ReadLassenCsv(text, name, lo, diag) : ReadLegacyTrace(text, name, lo, diag);
    if (!w.ok()) return w.status();
    out.workload = w.take();
    out.workload.capacity = options.capacity > 0 ? options.capacity : options.csv_default_capacity;
    return out;
  }
  if (fmt == TraceFormat::kJsonl) {
    auto w = LoadJsonlTraceText(text, name, options.jsonl, diag);
    if (!w.ok()) return w.status();
    out.workload = w.take();
    return out;
  }
  if (fmt == TraceFormat::kSwf) {
    SwfOptions so = options.swf;
    if (options.capacity > 0) so.capacity = options.capacity;
    auto w = LoadSwf(text, name, so, diag);
    if (!w.ok()) return w.status();
    out.workload = w.take();
    return out;
  }
  auto w = ReadDrEvtCsv(text, name, options.csv, diag);
  if (!w.ok()) return w.status();
  out.workload = w.take();
  out.workload.capacity = options.capacity > 0 ? options.capacity : options.csv_default_capacity;
  return out;
}

Result<LoadedTrace> LoadTrace(const std::string& path, const LoadOptions& options, Diagnostics* diag) {
  // A folder of JSONL parts, or a .jsonl name: the JSONL reader walks them.
  std::error_code ec;
  const bool folder = std::filesystem::is_directory(path, ec);
  // Only JSONL comes as a folder of parts: another format named for one
  // would be ignored without a word.
  if (folder && options.format != TraceFormat::kAuto && options.format != TraceFormat::kJsonl)
    return Status::Error(DisplayName(path) + ": is a folder; only a JSONL trace may be a folder of parts "
                         "(give a file, or --format jsonl)");
  if (options.format == TraceFormat::kJsonl || folder ||
      (options.format == TraceFormat::kAuto && (EndsWith(path, ".jsonl") || EndsWith(path, ".jsonl.gz")))) {
    if (Status st = RefuseSwfOnlyFlags(options, TraceFormat::kJsonl, DisplayName(path)); !st.ok()) return st;
    try {
      auto w = LoadJsonlTrace(path, options.jsonl, diag);
      if (!w.ok()) return w.status();
      LoadedTrace out;
      out.format = TraceFormat::kJsonl;
      out.workload = w.take();
      return out;
    } catch (const std::bad_alloc&) {
      return Status::Error(OutOfMemoryWhileReading(path));
    }
  }
  auto text = ReadFile(path);
  if (!text.ok()) return text.status();
  try {
    return LoadTraceText(text.value().view(), DisplayName(path), options, diag);
  } catch (const std::bad_alloc&) {
    return Status::Error(OutOfMemoryWhileReading(path));
  }
}

std::string NoJobReason(const std::string& path, TraceFormat format, const Diagnostics& diag,
                        std::string_view so_what) {
  auto dropped = diag.CountsOf(Severity::kSkip);
  if (diag.Filtered() > 0) dropped[std::string(Diagnostics::kQueueFiltered)] = diag.Filtered();
  if (dropped.empty()) return fmt::format("{}: holds no job records{}", path, so_what);
  std::string rules;
  for (const auto& [rule, n] : dropped) rules += fmt::format("{}{} {}", rules.empty() ? "" : ", ", rule, n);
  // The most likely cause first: one rule that drops a whole trace has an
  // option that keeps its records.
  const char* hint =
      diag.Count("unknown_requested_time") > 0 && format == TraceFormat::kSwf
          ? "--swf-policy clean (or pyss) fills unknown requested times from the run times"
      : diag.Count("actual_exceeds_limit") > 0
          ? "dr_evt skips rows that run past their limit; --compat none keeps them (killed at the limit, --overrun clip)"
      : diag.Filtered() > 0 ? "dr_evt's legacy queue filter keeps only queues containing pbatch or pall"
                            : "see the first messages above for each rule";
  return fmt::format("{}: the input rules dropped every record ({}){}; {}", path, rules, so_what, hint);
}

}  // namespace clustersim
