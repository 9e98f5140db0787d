#include "io/jsonl_trace.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <numeric>
#include <system_error>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "io/file_reader.h"
#include "io/jsonl_record.h"
#include "io/text_lines.h"

namespace clustersim {
namespace {

namespace fs = std::filesystem;

struct Where {
  std::uint32_t file = 0;  // index into TraceBuilder::files_
  std::int64_t line = 0;
};

// Reads the parts in order, then groups pods into jobs and sorts them.
class TraceBuilder {
 public:
  TraceBuilder(const JsonlOptions& options, Diagnostics* diag) : parser_(options, diag), diag_(diag) {}

  // False once --strict stopped the read.
  bool Add(std::string_view text, const std::string& name) {
    files_.push_back(name);
    const std::string file = name;  // files_ may grow; the parser keeps a pointer during Parse
    const char* const text_end = text.data() + text.size();
    LineCursor cursor(text);
    std::string_view line;
    while (cursor.Next(&line)) {
      if (IsBlank(line)) continue;
      ++non_blank_;
      const bool padded = static_cast<std::size_t>(text_end - (line.data() + line.size())) >=
                          JsonlRecordParser::kPadding;
      PodRecord r;
      switch (parser_.Parse(line, padded, file, cursor.line_number(), &r)) {
        case JsonlRecordParser::Outcome::kPod:
          records_.push_back(std::move(r));
          where_.push_back({static_cast<std::uint32_t>(files_.size() - 1), cursor.line_number()});
          break;
        case JsonlRecordParser::Outcome::kIgnored: break;
        case JsonlRecordParser::Outcome::kSkipped:
          if (diag_->stopped()) return false;
          break;
      }
    }
    if (!cursor.ok()) {
      line_error_ = cursor.Error(name);
      return false;
    }
    return true;
  }

  // A line past the limits of io/file_reader.h, or "".
  const std::string& line_error() const { return line_error_; }

  std::int64_t non_blank_lines() const { return non_blank_; }


  void Finish(Workload* w);

 private:
  JsonlRecordParser parser_;
  Diagnostics* diag_;
  std::vector<std::string> files_;  // part names, indexed by Where::file
  std::vector<PodRecord> records_;
  std::vector<Where> where_;
  std::int64_t non_blank_ = 0;
  std::string line_error_;
};

void TraceBuilder::Finish(Workload* w) {
  const std::size_t n = records_.size();
  // A jobId names its pod in every output row; two pods of one name would
  // make those rows ambiguous. Both run (a trace's pods are not merged), and
  // the second is counted.
  {
    std::unordered_map<std::string_view, std::uint32_t> first_with_name;
    first_with_name.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      auto [it, inserted] = first_with_name.emplace(records_[i].pod.name, static_cast<std::uint32_t>(i));
      if (inserted) continue;
      const Where& at = where_[i];
      const Where& first = where_[it->second];
      diag_->Report(files_[at.file], at.line, "duplicate_job_id",
                    fmt::format("jobId '{}' is also the jobId at {}:{}; both pods run, and rows of the outputs that "
                                "name them cannot be told apart",
                                records_[i].pod.name, files_[first.file], first.line),
                    Severity::kWarning);
    }
  }
  // Group: a gang is every `gang: true` record of one workloadId; any other
  // record is a job of its own. Jobs are numbered by their first record.
  std::vector<std::uint32_t> job_of(n);
  std::vector<std::uint32_t> first_record;
  std::unordered_map<std::string_view, std::uint32_t> gang_job;
  for (std::size_t i = 0; i < n; ++i) {
    const PodRecord& r = records_[i];
    std::uint32_t j = static_cast<std::uint32_t>(first_record.size());
    if (r.gang) {
      auto [it, inserted] = gang_job.emplace(r.workload_id, j);
      j = it->second;
      if (!inserted) {
        job_of[i] = j;
        continue;
      }
    }
    job_of[i] = j;
    first_record.push_back(static_cast<std::uint32_t>(i));
  }
  const std::size_t jobs = first_record.size();
  // Each job's records, in file order (a counting sort by job).
  std::vector<std::uint32_t> start(jobs + 1, 0);
  for (std::size_t i = 0; i < n; ++i) ++start[job_of[i] + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<std::uint32_t> members(n);
  {
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < n; ++i) members[fill[job_of[i]]++] = static_cast<std::uint32_t>(i);
  }
  // A gang is submitted when its last pod is (§l.1 gives each pod an offset).
  std::vector<SimTime> submit(jobs, 0);
  for (std::size_t j = 0; j < jobs; ++j)
    for (std::uint32_t k = start[j]; k < start[j + 1]; ++k) submit[j] = std::max(submit[j], records_[members[k]].submit);
  std::vector<std::uint32_t> order(jobs);
  std::iota(order.begin(), order.end(), 0);
  // Job numbers follow the first record, so a stable sort keeps file order on ties.
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return submit[a] < submit[b]; });

  w->jobs.reserve(jobs);
  w->work.reserve(jobs);
  w->pods.reserve(n);
  for (std::uint32_t j : order) {
    const PodRecord& head = records_[members[start[j]]];
    WorkJob wj;
    wj.first_pod = static_cast<std::uint32_t>(w->pods.size());
    wj.num_pods = start[j + 1] - start[j];
    wj.gang = head.gang;
    wj.pods_end_alone = true;
    wj.workload_id = head.workload_id;
    wj.workload_type = head.workload_type;
    wj.ns = head.ns;
    Job job;
    job.trace_id = first_record[j];
    job.submit = submit[j];
    job.time_limit = job.run_time = 0;
    job.procs = 0;
    job.units = 0;
    for (std::uint32_t k = start[j]; k < start[j + 1]; ++k) {
      PodRecord& r = records_[members[k]];
      wj.avoids_eco = wj.avoids_eco || r.avoids_eco;
      // A gang is one job: its class is performance if any pod declares it,
      // so a performance pod never lands on an eco node (§h.3).
      if (r.has_intent && wj.has_intent && r.intent != wj.intent) {
        const Where& at = where_[members[k]];
        diag_->Report(files_[at.file], at.line, "gang_intent_mismatch",
                      fmt::format("pod '{}' declares intentClass '{}' but gang '{}' has '{}'; the gang runs as "
                                  "performance, so none of its pods lands on an eco or draining node",
                                  r.pod.name, EnumNameOf(kIntentClassNames, r.intent), wj.workload_id,
                                  EnumNameOf(kIntentClassNames, wj.intent)),
                      Severity::kWarning);
      }
      if (r.has_intent) {
        wj.intent = (wj.has_intent && wj.intent == IntentClass::kPerformance) ? IntentClass::kPerformance : r.intent;
        wj.has_intent = true;
      }
      // Saturates: a gang of millions of pods could pass int64 (each pod is
      // at most 1e9 cores); so large a job is rejected as oversized.
      if (__builtin_add_overflow(job.units, r.pod.millicores, &job.units))
        job.units = std::numeric_limits<std::int64_t>::max();
      w->pods.push_back(std::move(r.pod));
    }
    w->jobs.push_back(job);
    w->work.push_back(std::move(wj));
  }
}

Status StoppedStatus(const Diagnostics* diag) { return Status::Error(diag->first_fatal()->ToString()); }

Status CheckOptions(const JsonlOptions& options) {
  if (!(options.time_scale > 0) || !std::isfinite(options.time_scale))
    return Status::Error(fmt::format("time_scale must be a positive number, got {}", options.time_scale));
  return Status::Ok();
}

Workload NewWorkload(const std::string& name) {
  Workload w;
  w.name = name;
  w.mode = TraceMode::kSimulation;
  return w;
}

bool IsPartName(const std::string& file) { return file.ends_with(".jsonl") || file.ends_with(".jsonl.gz"); }

// Spark and Hadoop write a folder's parts beside `_SUCCESS` and one
// `.part-N.jsonl.crc` per part, and hide such names from readers by this
// prefix rule; naming each one as not read would bury the warning that
// matters. A part-named hidden file is still read.
bool IsHiddenName(const std::string& file) { return file.starts_with('.') || file.starts_with('_'); }

}  // namespace

Result<Workload> LoadJsonlTraceText(std::string_view text, const std::string& name, const JsonlOptions& options,
                                    Diagnostics* diag) {
  if (Status s = CheckOptions(options); !s.ok()) return s;
  TraceBuilder b(options, diag);
  if (!b.Add(text, name)) return b.line_error().empty() ? StoppedStatus(diag) : Status::Error(b.line_error());
  if (b.non_blank_lines() == 0) return Status::Error(name + ": empty_file: no records (the file is empty)");
  Workload w = NewWorkload(name);
  b.Finish(&w);
  return w;
}

Result<std::vector<std::string>> ListJsonlParts(const std::string& dir, std::vector<std::string>* left_out) {
  std::vector<std::string> parts;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file = it->path().filename().string();
    std::error_code type_ec;
    if (IsPartName(file) && it->is_regular_file(type_ec))
      parts.push_back(file);
    else if (left_out != nullptr && !IsHiddenName(file))
      left_out->push_back(file);
  }
  if (ec) return Status::Error(fmt::format("{}: cannot list the folder: {}", dir, ec.message()));
  std::sort(parts.begin(), parts.end());  // name order, byte-wise: part-00001 before part-00002
  if (left_out != nullptr) std::sort(left_out->begin(), left_out->end());
  for (std::string& part : parts) part = (fs::path(dir) / part).string();
  return parts;
}

Result<Workload> LoadJsonlTrace(const std::string& path, const JsonlOptions& options, Diagnostics* diag) {
  if (Status s = CheckOptions(options); !s.ok()) return s;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    auto contents = ReadFile(path);
    if (!contents.ok()) return contents.status();
    return LoadJsonlTraceText(contents.value().view(), DisplayName(path), options, diag);
  }
  std::vector<std::string> left_out;
  auto listed = ListJsonlParts(path, &left_out);
  if (!listed.ok()) return listed.status();
  const std::vector<std::string>& parts = listed.value();
  // A part named .JSONL or .ndjson, a subfolder, a broken link: not read,
  // and said so, or its jobs would be missing without a word.
  for (const std::string& file : left_out)
    diag->Report(DisplayName((fs::path(path) / file).string()), 0, "not_a_part",
                 "not read: a folder's parts are regular files named *.jsonl or *.jsonl.gz", Severity::kWarning);
  if (parts.empty()) return Status::Error(path + ": no_parts: the folder has no *.jsonl files");
  TraceBuilder b(options, diag);
  for (const std::string& part : parts) {
    auto contents = ReadFile(part);
    if (!contents.ok()) return contents.status();
    if (!b.Add(contents.value().view(), DisplayName(part)))
      return b.line_error().empty() ? StoppedStatus(diag) : Status::Error(b.line_error());
  }
  if (b.non_blank_lines() == 0)
    return Status::Error(fmt::format("{}: empty_file: no records in any of its {} *.jsonl parts", path, parts.size()));
  Workload w = NewWorkload(DisplayName(path));
  b.Finish(&w);
  return w;
}

}  // namespace clustersim
