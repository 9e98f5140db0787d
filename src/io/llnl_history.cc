#include "io/llnl_history.h"

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "io/number_parse.h"
#include "io/row_reader.h"
#include "io/text_lines.h"
#include "io/timestamp.h"
#include "model/legacy_queue.h"

namespace clustersim {
namespace {

// Lassen's checked columns, by position (dr_evt's data_columns).
constexpr std::size_t kNodes = 11, kBegin = 23, kEnd = 24, kSubmit = 29, kQueue = 30, kLimit = 32;
constexpr std::pair<std::size_t, std::string_view> kLassenColumns[] = {
    {kNodes, "num_nodes"}, {kBegin, "begin_time"}, {kEnd, "end_time"},
    {kSubmit, "job_submit_time"}, {kQueue, "queue"}, {kLimit, "time_limit"}};

// Splits on commas outside double quotes. Inside quotes a backslash escapes
// the next byte and "" is a quote; a field quoted whole is returned without
// its outer quotes (escapes stay: only numbers, times and queue names are
// read). False on an unterminated quote.
bool SplitLassen(std::string_view line, std::vector<std::string_view>* fields) {
  fields->clear();
  std::size_t start = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted) {
      if (ch == '\\') {
        ++i;
      } else if (ch == '"') {
        if (i + 1 < line.size() && line[i + 1] == '"')
          ++i;
        else
          quoted = false;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      fields->push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  if (quoted) return false;
  fields->push_back(line.substr(start));
  for (std::string_view& f : *fields) {
    f = Trim(f);
    if (f.size() >= 2 && f.front() == '"' && f.back() == '"') f = f.substr(1, f.size() - 2);
  }
  return true;
}

// The shared rules of both formats: queue filter and names, numbers, the
// replay ordering (with DST resolution), warnings.
class HistoryBuilder {
 public:
  HistoryBuilder(const std::string& name, const LlnlReadOptions& o, bool lassen, Diagnostics* diag,
                 TimestampParser* ts)
      : name_(name), options_(o), lassen_(lassen), diag_(diag), rr_(name, diag, ts) {
    w_.name = name;
    w_.mode = o.force_simulation ? TraceMode::kSimulation : TraceMode::kReplay;
    w_.has_queue_column = true;
    w_.queue_column = "queue";
    w_.llnl_history = true;
    w_.has_run_time = lassen || !o.force_simulation;
  }

  bool full() const { return options_.max_jobs >= 0 && static_cast<std::int64_t>(w_.jobs.size()) >= options_.max_jobs; }
  // Counts a data row read; false once max_lines rows were read before it.
  bool TakeLine() { return options_.max_lines < 0 || lines_read_++ < options_.max_lines; }

  void Add(std::int64_t ln, std::string_view nodes, std::string_view begin, std::string_view end,
           std::string_view submit, std::string_view queue, std::string_view limit) {
    queue = Trim(queue);
    if (lassen_ && !KeptByLegacyFilter(queue)) {
      diag_->Report(name_, ln, Diagnostics::kQueueFiltered,
                    fmt::format("queue '{}' is neither pbatch* nor pall: dropped by dr_evt's legacy queue filter", queue),
                    Severity::kNote);
      return;
    }
    if (lassen_ && LegacyQueueOf(queue) == LegacyQueue::kUnknown) {
      rr_.Skip(ln, "unknown_queue", fmt::format("queue '{}' is not a known legacy queue name", queue));
      return;
    }
    Job job;
    std::int64_t limit_s = 0;
    ParsedTime s, b, e;
    if (!rr_.Nodes(nodes, "num_nodes", ln, &job.units) || !rr_.Int(limit, "time_limit", ln, &limit_s)) return;
    if (limit_s < 0 || limit_s > kMaxInputSeconds)
      return rr_.Skip(ln, "bad_time_limit", fmt::format("time_limit {} is outside [0, {}] s", limit_s, kMaxInputSeconds));
    if (!rr_.Time(submit, "job_submit_time", ln, &s) || !rr_.Time(begin, "begin_time", ln, &b) ||
        !rr_.Time(end, "end_time", ln, &e))
      return;
    SimTime ts = s.t, tb = b.t, te = e.t;
    bool used_alt = false;
    if (options_.force_simulation) {
      job.submit = ts;
      job.time_limit = limit_s * kTicksPerSecond;
      job.run_time = lassen_ ? std::max<SimTime>(te - tb, 0) : job.time_limit;
    } else if (!OrderReplayTimes(s, b, &e, 0, &ts, &tb, &te, &used_alt)) {
      if (b.t < s.t) return rr_.Skip(ln, "begin_before_submit", "begin_time before job_submit_time");
      return rr_.Skip(ln, "end_before_begin", "end_time before begin_time");
    }
    if (used_alt)
      rr_.Warn(ln, "dst_ambiguous_resolved",
               "ambiguous local time resolved to the later instant to keep submit <= begin <= end");
    for (const ParsedTime* p : {&s, &b, &e})
      if (p->skipped) rr_.Warn(ln, "dst_gap_shifted", "local time in a DST gap, shifted forward by the gap");
    if (!options_.force_simulation) {
      job.submit = ts;
      job.begin = tb;
      job.run_time = te - tb;
      job.time_limit = limit_s * kTicksPerSecond;
    }
    auto it = queue_ids_.find(queue);
    if (it == queue_ids_.end()) {
      it = queue_ids_.emplace(std::string(queue), static_cast<std::int32_t>(w_.queue_names.size())).first;
      w_.queue_names.emplace_back(queue);
    }
    job.queue = it->second;
    if (job.units == 0) rr_.Warn(ln, "zero_nodes", "num_nodes is 0");
    if (job.time_limit == 0) rr_.Warn(ln, "zero_time_limit", "time_limit is 0");
    if (job.run_time == 0 && w_.has_run_time) rr_.Warn(ln, "zero_run_time", "actual run time is 0");
    job.trace_id = static_cast<std::int64_t>(w_.jobs.size());
    w_.jobs.push_back(job);
    rr_.Keep(ln);
  }

  RowReader& rows() { return rr_; }

  Result<Workload> Finish() {
    if (diag_->stopped()) return Status::Error(diag_->first_fatal()->ToString());
    SortBySubmit(&w_.jobs);
    for (std::size_t i = 0; i < w_.jobs.size(); ++i) w_.jobs[i].trace_id = static_cast<std::int64_t>(i);
    return std::move(w_);
  }

 private:
  const std::string& name_;
  const LlnlReadOptions& options_;
  bool lassen_;  // the legacy queue filter and names apply
  Diagnostics* diag_;
  RowReader rr_;
  Workload w_;
  std::int64_t lines_read_ = 0;
  std::map<std::string, std::int32_t, std::less<>> queue_ids_;
};

Result<std::unique_ptr<TimestampParser>> Parser(const LlnlReadOptions& o) { return TimestampParser::Create(o.timezone); }

}  // namespace

bool LooksLikeLassenHeader(std::string_view line) {
  std::vector<std::string_view> f;
  if (!SplitLassen(line, &f) || f.size() <= kLimit) return false;
  for (const auto& [pos, want] : kLassenColumns)
    if (f[pos] != want) return false;
  return true;
}

Result<Workload> ReadLassenCsv(std::string_view text, const std::string& name, const LlnlReadOptions& options,
                               Diagnostics* diag) {
  auto ts = Parser(options);
  if (!ts.ok()) return ts.status();
  LineCursor cursor(text);
  std::string_view line;
  while (cursor.Next(&line) && IsBlank(line)) {
  }
  if (!cursor.ok()) return Status::Error(cursor.Error(name));
  std::vector<std::string_view> header, fields;
  if (IsBlank(line) || !SplitLassen(line, &header))
    return Status::Error(name + ": empty_file: no Lassen header line");
  const std::int64_t header_line = cursor.line_number();
  for (const auto& [pos, want] : kLassenColumns)
    if (header.size() <= pos || header[pos] != want)
      return Status::Error(fmt::format(
          "{}:{}: not_lassen: column {} is {}, expected '{}' (dr_evt: \"Column {} is not present!\"); a Lassen "
          "history has its 33 columns in a fixed order",
          name, header_line, pos, header.size() <= pos ? "missing" : "'" + std::string(header[pos]) + "'", want, want));
  std::size_t script = header.size();  // none
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == "user_script") script = i;

  HistoryBuilder hb(name, options, true, diag, ts.value().get());
  std::vector<std::string_view> row(header.size());
  while (!hb.full() && cursor.Next(&line)) {
    if (IsBlank(line)) continue;
    if (!hb.TakeLine()) break;
    const std::int64_t ln = cursor.line_number();
    if (!SplitLassen(line, &fields)) {
      hb.rows().Skip(ln, "unterminated_quote", "a quoted field is not closed");
    } else if (fields.size() < header.size()) {
      hb.rows().Skip(ln, "too_few_fields", fmt::format("expected {} fields, found {}", header.size(), fields.size()));
    } else {
      // Unquoted commas in the script: the columns after it are counted
      // from the end of the line (without a script column, extra fields
      // are trailing and ignored).
      const std::size_t extra = fields.size() - header.size();
      for (std::size_t k = 0; k < header.size(); ++k) row[k] = fields[k > script ? k + extra : k];
      if (extra > 0 && script == header.size())
        hb.rows().Warn(ln, "extra_fields",
                       fmt::format("{} fields, header has {}; extra fields ignored", fields.size(), header.size()));
      hb.Add(ln, row[kNodes], row[kBegin], row[kEnd], row[kSubmit], row[kQueue], row[kLimit]);
    }
    if (diag->stopped()) break;
  }
  if (!cursor.ok()) return Status::Error(cursor.Error(name));
  return hb.Finish();
}

Result<Workload> ReadLegacyTrace(std::string_view text, const std::string& name, const LlnlReadOptions& options,
                                 Diagnostics* diag) {
  auto ts = Parser(options);
  if (!ts.ok()) return ts.status();
  LineCursor cursor(text);
  std::string_view line;
  std::vector<std::string_view> f;
  HistoryBuilder hb(name, options, false, diag, ts.value().get());
  while (!hb.full() && cursor.Next(&line)) {
    const std::string_view t = Trim(line);
    if (t.empty() || t.front() == '#') continue;
    if (!hb.TakeLine()) break;
    const std::int64_t ln = cursor.line_number();
    SplitWhitespace(t, &f);
    if (f.size() < 6) {
      hb.rows().Skip(ln, "too_few_fields",
                     fmt::format("expected 6 fields (num_nodes begin end submit queue limit), found {}", f.size()));
    } else {
      if (f.size() > 6) hb.rows().Warn(ln, "extra_fields", fmt::format("{} fields, expected 6; extra ignored", f.size()));
      hb.Add(ln, f[0], f[1], f[2], f[3], f[4], f[5]);
    }
    if (diag->stopped()) break;
  }
  if (!cursor.ok()) return Status::Error(cursor.Error(name));
  return hb.Finish();
}

}  // namespace clustersim
