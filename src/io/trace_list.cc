#include "io/trace_list.h"

#include <filesystem>
#include <map>
#include <unordered_set>

#include <fmt/format.h>

#include "io/file_reader.h"
#include "io/number_parse.h"
#include "io/text_lines.h"

namespace clustersim {

namespace {

// Appends `part` to `all`, mapping queue names into all's table.
void Append(Workload part, std::int64_t row_offset, bool csv, Workload* all, std::map<std::string, int>* queues) {
  const auto pcon_offset = static_cast<std::int32_t>(all->pcon.size());
  all->pcon.insert(all->pcon.end(), part.pcon.begin(), part.pcon.end());
  for (Job& j : part.jobs) {
    if (csv && !part.ids_from_column) j.trace_id += row_offset;
    if (j.pcon >= 0) j.pcon += pcon_offset;
    if (part.queue_column == "queue" && j.queue >= 0 && static_cast<std::size_t>(j.queue) < part.queue_names.size()) {
      const std::string& name = part.queue_names[static_cast<std::size_t>(j.queue)];
      auto [it, added] = queues->emplace(name, static_cast<int>(all->queue_names.size()));
      if (added) all->queue_names.push_back(name);
      j.queue = it->second;
    }
    all->jobs.push_back(j);
  }
}

// swf-and-metrics §4.1 across the list: a job number an earlier file used
// is warned as a repeat within one file is (SwfNormaliser::CheckUniqueId
// sees one file), once per job. `earlier` gains this file's numbers.
void WarnRepeatedIds(const Workload& part, const std::string& list_path, std::int64_t list_line, const std::string& path,
                     std::unordered_set<std::int64_t>* earlier, Diagnostics* diag) {
  std::unordered_set<std::int64_t> here;
  for (const Job& j : part.jobs)
    if (earlier->contains(j.trace_id) && here.insert(j.trace_id).second)
      diag->Report(list_path, list_line, "duplicate_job_id",
                   fmt::format("{}: job number {} is used by a job of an earlier file too; both are kept, and outputs "
                               "that join on job_id (compare) pair repeats in file order",
                               path, j.trace_id),
                   Severity::kWarning);
  for (const Job& j : part.jobs) earlier->insert(j.trace_id);
}

}  // namespace

Result<std::vector<ListedFile>> ListedTraceFiles(const std::string& list_path) {
  auto text = ReadFileContents(list_path);
  if (!text.ok()) return text.status();
  const std::filesystem::path dir = std::filesystem::path(list_path).parent_path();
  std::vector<ListedFile> files;
  LineCursor lines(text.value());
  for (std::string_view raw; lines.Next(&raw);) {
    const std::string_view line = Trim(raw);
    if (line.empty() || line.front() == '#') continue;
    std::string path(line);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec) && std::filesystem::path(path).is_relative())
      path = (dir / path).string();
    files.push_back({lines.line_number(), std::move(path)});
  }
  if (!lines.ok()) return Status::Error(lines.Error(list_path));
  if (files.empty()) return Status::Error(list_path + ": the list names no trace files");
  return files;
}

Result<LoadedTrace> LoadTraceList(const std::string& list_path, const LoadOptions& options, Diagnostics* diag) {
  auto listed = ListedTraceFiles(list_path);
  if (!listed.ok()) return listed.status();
  LoadedTrace out;
  std::map<std::string, int> queues;
  std::int64_t rows = 0, files = 0;
  std::string previous;
  SimTime previous_last = kNoTime;
  std::unordered_set<std::int64_t> ids;  // job numbers of the files so far
  for (const auto& [line_no, path] : listed.value()) {
    const std::string where = fmt::format("{}:{}", list_path, line_no);
    // A file that cannot be read is named with the list line that named it.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
      return Status::Error(fmt::format("{}: {}: {}", where, path,
                                       std::filesystem::exists(path, ec) ? "not a regular file" : "no such file"));
    auto part = LoadTrace(path, options, diag);
    if (!part.ok()) return part.status();
    LoadedTrace p = part.take();
    Workload& w = p.workload;
    if (p.format == TraceFormat::kJsonl)
      return Status::Error(where + ": progressive loading takes dr_evt CSV or SWF files, not JSONL");
    if (w.mode != TraceMode::kSimulation)
      return Status::Error(fmt::format("{}: {} is replay-format; progressive loading is for simulation (dr_evt "
                                       "refuses replay with --infile_list; --force-simulation simulates it)",
                                       where, path));
    if (files == 0) {
      out.format = p.format;
      out.workload = Workload();
      Workload& all = out.workload;
      all.name = list_path;
      all.mode = TraceMode::kSimulation;
      all.capacity = w.capacity;
      all.has_queue_column = w.has_queue_column;
      all.queue_column = w.queue_column;
      all.procs_per_unit = w.procs_per_unit;
      all.machine_procs = w.machine_procs;
      all.header = w.header;
      all.has_run_time = w.has_run_time;
      all.has_pcon = w.has_pcon;
    } else {
      const Workload& all = out.workload;
      if (p.format != out.format || w.has_queue_column != all.has_queue_column || w.queue_column != all.queue_column)
        return Status::Error(fmt::format("{}: {} differs in format or queue column from the list's first file",
                                         where, path));
      if (!w.jobs.empty() && previous_last != kNoTime && w.jobs.front().submit < previous_last)
        return Status::Error(fmt::format("{}: {} starts at submit {} s, before the last job of {} ({} s): the files "
                                         "must be in time order and must not overlap",
                                         where, path, ToSeconds(w.jobs.front().submit), previous,
                                         ToSeconds(previous_last)));
      out.workload.has_run_time = out.workload.has_run_time && w.has_run_time;
    }
    if (!w.jobs.empty()) previous_last = w.jobs.back().submit;
    previous = path;
    // CSV rows without a job_id column are numbered on across files below.
    const bool numbered = p.format == TraceFormat::kCsv ? w.ids_from_column : options.swf.policy != SwfPolicy::kBatsim;
    if (numbered) WarnRepeatedIds(w, list_path, line_no, path, &ids, diag);
    const std::int64_t n = static_cast<std::int64_t>(w.jobs.size());
    Append(std::move(w), rows, p.format == TraceFormat::kCsv, &out.workload, &queues);
    rows += n;
    ++files;
  }
  return out;
}

}  // namespace clustersim
