#include "io/csv_reader.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <unordered_set>
#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "io/number_parse.h"
#include "io/row_reader.h"
#include "io/text_lines.h"
#include "io/timestamp.h"
#include "model/memory.h"
#include "model/text_escape.h"

namespace clustersim {
namespace {

// Accepted header names per logical field; the first match in this order wins.
constexpr std::array<std::string_view, 2> kSubmitNames = {"job_submit_time", "submit_time"};
constexpr std::array<std::string_view, 1> kNodesNames = {"num_nodes"};
constexpr std::array<std::string_view, 3> kLimitNames = {"time_limit", "timelimit", "walltime"};
constexpr std::array<std::string_view, 5> kActualNames = {
    "actual_run_time", "actual_runtime", "duration", "actual_duration", "run_time"};
constexpr std::array<std::string_view, 1> kBeginNames = {"begin_time"};
constexpr std::array<std::string_view, 1> kEndNames = {"end_time"};
constexpr std::array<std::string_view, 1> kQidNames = {"q_id"};
constexpr std::array<std::string_view, 1> kQueueNames = {"queue"};
// clustersim's schedule.csv carries the job id (SWF job numbers included),
// so a replay of it joins with the run it came from.
constexpr std::array<std::string_view, 1> kIdNames = {"job_id"};
constexpr std::array<std::string_view, 3> kPconNames = {"avgpcon", "minpcon", "maxpcon"};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

struct Header {
  std::vector<std::string> names;  // lower-cased, trimmed

  template <size_t N>
  std::optional<size_t> Find(const std::array<std::string_view, N>& aliases) const {
    for (std::string_view a : aliases)
      for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == a) return i;
    return std::nullopt;
  }
  // " (did you mean 'x'?)" when a header name is close to `want`.
  std::string Hint(std::string_view want) const {
    std::string best;
    int best_d = 3;
    for (const auto& n : names) {
      int d = EditDistance(n, want);
      if (d < best_d) best_d = d, best = n;
    }
    return best.empty() ? "" : fmt::format(" (did you mean '{}'?)", best);
  }
};

template <size_t N>
std::string AliasList(const std::array<std::string_view, N>& aliases) {
  std::string s;
  for (std::string_view a : aliases) s += (s.empty() ? "" : ", ") + std::string(a);
  return s;
}

struct Columns {
  size_t submit = 0, nodes = 0;
  std::optional<size_t> limit, actual, begin, end, qid, queue, id;
  size_t needed = 0;  // fields a row must have (max index + 1)
};

Status HeaderError(const std::string& name, std::string_view rule, const std::string& msg) {
  return Status::Error(fmt::format("{}:1: {}: {}", name, rule, msg));
}

Result<Columns> ResolveColumns(const Header& h, const std::string& name, bool force_simulation,
                               TraceMode* mode) {
  Columns c;
  auto submit = h.Find(kSubmitNames);
  auto nodes = h.Find(kNodesNames);
  c.limit = h.Find(kLimitNames);
  c.actual = h.Find(kActualNames);
  c.begin = h.Find(kBeginNames);
  c.end = h.Find(kEndNames);
  c.qid = h.Find(kQidNames);
  c.queue = h.Find(kQueueNames);
  if (!submit)
    return HeaderError(name, "missing_column",
                       "no submit time column (expected one of: " + AliasList(kSubmitNames) + ")" +
                           h.Hint("job_submit_time"));
  if (!nodes)
    return HeaderError(name, "missing_column", "no 'num_nodes' column" + h.Hint("num_nodes"));
  c.submit = *submit;
  c.nodes = *nodes;

  if (c.begin && !c.end && !c.actual && !force_simulation)
    return HeaderError(name, "ambiguous_mode",
                       "begin_time without end_time or a duration column: replay needs one of "
                       "end_time, " + AliasList(kActualNames));
  if (!c.begin && c.end && !force_simulation)
    return HeaderError(name, "ambiguous_mode",
                       "end_time without begin_time: replay needs begin_time; use "
                       "--force-simulation to simulate and ignore end_time");
  *mode = (c.begin && !force_simulation) ? TraceMode::kReplay : TraceMode::kSimulation;
  if (*mode == TraceMode::kSimulation && !c.limit)
    return HeaderError(name, "missing_column",
                       "simulation mode needs a time limit column (expected one of: " +
                           AliasList(kLimitNames) + ")" + h.Hint("time_limit"));
  size_t mx = std::max(c.submit, c.nodes);
  for (auto o : {c.limit, c.actual, c.begin, c.end, c.qid, c.queue})
    if (o) mx = std::max(mx, *o);
  c.needed = mx + 1;
  return c;
}

}  // namespace

Result<Workload> ReadDrEvtCsv(std::string_view text, const std::string& name,
                              const CsvReadOptions& options, Diagnostics* diag) {
  auto ts_or = TimestampParser::Create(options.timezone);
  if (!ts_or.ok()) return ts_or.status();
  std::unique_ptr<TimestampParser> ts = ts_or.take();

  LineCursor cursor(text);
  std::string_view line;
  std::vector<std::string_view> fields;
  bool have_header = false;
  while (cursor.Next(&line)) {
    if (IsBlank(line)) continue;
    have_header = true;
    break;
  }
  if (!cursor.ok()) return Status::Error(cursor.Error(name));
  if (!have_header) return Status::Error(name + ": empty_file: no header line (the file is empty)");
  if (line.find('\0') != std::string_view::npos)
    return Status::Error(fmt::format("{}:{}: binary_data: the header contains NUL bytes; this is not a CSV trace",
                                     name, cursor.line_number()));
  if (!SplitCsv(line, &fields))
    return Status::Error(fmt::format("{}:{}: bad_header: unterminated quote in the header", name,
                                     cursor.line_number()));
  Header header;
  for (auto f : fields) header.names.push_back(Lower(Trim(f)));

  Workload w;
  w.name = name;
  auto cols_or = ResolveColumns(header, name, options.force_simulation, &w.mode);
  if (!cols_or.ok()) return cols_or.status();
  Columns c = cols_or.value();
  // Not a required column: a row without it is not short.
  if (options.ids_from_column) c.id = header.Find(kIdNames);
  bool ids_usable = c.id.has_value();
  std::string ids_problem;
  std::unordered_set<std::int64_t> ids_seen;
  std::array<std::size_t, 3> pcon_cols{};
  if (options.pcon) {
    for (std::size_t k = 0; k < 3; ++k) {
      auto col = header.Find(std::array<std::string_view, 1>{kPconNames[k]});
      if (!col)
        return HeaderError(name, "missing_column",
                           "--trace_type pcon needs the columns avgpcon, minpcon and maxpcon; no '" +
                               std::string(kPconNames[k]) + "'" + header.Hint(kPconNames[k]));
      pcon_cols[k] = *col;
    }
    w.has_pcon = true;
  }
  w.has_queue_column = c.qid.has_value() || c.queue.has_value();
  w.queue_column = c.qid ? "q_id" : (c.queue ? "queue" : "");
  // end_time gives a run time only with begin_time beside it (end - begin);
  // alone, under --force-simulation, it is ignored and jobs run their limit.
  w.has_run_time = w.mode == TraceMode::kReplay || c.actual.has_value() || (c.begin && c.end);

  std::map<std::string, std::int32_t, std::less<>> queue_ids;
  RowReader rr(name, diag, ts.get());
  // Rows are at least ~20 bytes: reserving avoids regrowing (and copying)
  // the job array; untouched reserved pages cost nothing.
  ReserveHuge(&w.jobs, text.size() / 20);
  std::int64_t lines_read = 0;
  while (cursor.Next(&line)) {
    if (options.max_jobs >= 0 && static_cast<std::int64_t>(w.jobs.size()) >= options.max_jobs) break;
    if (IsBlank(line)) continue;
    if (options.max_lines >= 0 && lines_read++ >= options.max_lines) break;
    const std::int64_t ln = cursor.line_number();
    if (!SplitCsv(line, &fields)) {
      rr.Skip(ln, "unterminated_quote", "a quoted field is not closed");
      if (diag->stopped()) break;
      continue;
    }
    if (fields.size() < c.needed || fields.size() < header.names.size()) {
      rr.Skip(ln, "too_few_fields",
              fmt::format("expected {} fields, found {}", header.names.size(), fields.size()));
      if (diag->stopped()) break;
      continue;
    }
    Job job;
    ParsedTime submit, begin, end;
    bool ok = rr.Time(fields[c.submit], "job_submit_time", ln, &submit) &&
              rr.Nodes(fields[c.nodes], "num_nodes", ln, &job.units);
    if (ok && c.limit) ok = rr.Duration(fields[*c.limit], "time_limit", ln, &job.time_limit);
    SimTime actual = 0;
    if (ok && c.actual) ok = rr.Duration(fields[*c.actual], header.names[*c.actual], ln, &actual);
    if (ok && c.begin) ok = rr.Time(fields[*c.begin], "begin_time", ln, &begin);
    // end_time without begin_time (--force-simulation) is ignored, not read.
    if (ok && c.end && c.begin) ok = rr.Time(fields[*c.end], "end_time", ln, &end);
    // The id is a label, not data: a value that is not an integer makes the
    // file's ids unusable (below), never the row.
    if (ok && c.id && ids_usable) {
      std::int64_t id = 0;
      const std::string_view text = *c.id < fields.size() ? Trim(fields[*c.id]) : std::string_view();
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
      if (ec != std::errc() || end != text.data() + text.size() || text.empty()) {
        ids_usable = false;
        ids_problem = fmt::format("line {}: '{}' is not an integer", ln, EscapeControl(text));
      } else if (!ids_seen.insert(id).second) {
        ids_usable = false;
        ids_problem = fmt::format("line {}: id {} repeats", ln, id);
      } else {
        job.trace_id = id;
      }
    }
    if (ok && c.qid) {
      std::int64_t q = 0;
      ok = rr.Int(fields[*c.qid], "q_id", ln, &q);
      job.queue = static_cast<std::int32_t>(q);
    }
    if (ok && c.queue && !c.qid) {
      // A quoted name is kept as written, spaces included (RFC 4180; "sp "
      // and "sp" are two queues); an unquoted one is trimmed, as numbers
      // are. SplitCsv's view of a quoted field starts after its quote.
      const std::string_view raw = fields[*c.queue];
      const bool quoted = raw.data() > line.data() && raw.data()[-1] == '"';
      std::string_view qn = quoted ? raw : Trim(raw);
      auto it = queue_ids.find(qn);
      if (it == queue_ids.end()) {
        it = queue_ids.emplace(std::string(qn), static_cast<std::int32_t>(w.queue_names.size())).first;
        w.queue_names.push_back(UnescapeCsvQuotes(qn));  // a quoted "q""z" is q"z (§2.6)
      }
      job.queue = it->second;
    }
    PowerDraw draw;
    for (std::size_t k = 0; ok && options.pcon && k < 3; ++k) {
      std::int64_t* v = k == 0 ? &draw.avg : k == 1 ? &draw.min : &draw.max;
      const std::string_view text = Trim(fields[pcon_cols[k]]);
      const ParseError e = ParseSeconds(text, v);
      if (e == ParseError::kRange) {
        rr.Skip(ln, "number_out_of_range", fmt::format("{} '{}' is out of range (at most {})", kPconNames[k], text,
                                                       kMaxInputSeconds));
        ok = false;
      } else if (e != ParseError::kOk) {
        rr.Skip(ln, "bad_number", fmt::format("{}: cannot parse '{}' as a number", kPconNames[k], text));
        ok = false;
      } else if (*v < 0) {
        rr.Skip(ln, "negative_power", fmt::format("{} is negative ({})", kPconNames[k], text));
        ok = false;
      }
    }
    if (!ok) {
      if (diag->stopped()) break;
      continue;
    }
    if (options.pcon) {
      job.pcon = static_cast<std::int32_t>(w.pcon.size());
      w.pcon.push_back(draw);
    }
    job.submit = submit.t;
    // --force-simulation takes the run time from the actual column when there
    // is one, else from end - begin (dr_evt-compat.md §2.2): only then do the
    // replay checks on begin and end apply.
    if (w.mode == TraceMode::kReplay || (options.force_simulation && c.begin && !c.actual)) {
      SimTime e_t = c.end ? end.t : begin.t + actual;
      bool used_alt = false;
      const bool fixed = OrderReplayTimes(submit, begin, c.end ? &end : nullptr, actual, &job.submit, &begin.t, &e_t,
                                          &used_alt);
      if (fixed && used_alt)
        rr.Warn(ln, "dst_ambiguous_resolved",
                "ambiguous local time resolved to the later instant to keep submit <= begin <= end");
      if (!fixed) {
        if (begin.t < job.submit)
          rr.Skip(ln, "begin_before_submit", "begin_time before job_submit_time");
        else
          rr.Skip(ln, "end_before_begin", "end_time before begin_time");
        if (diag->stopped()) break;
        continue;
      }
      if (c.end && c.actual) {
        SimTime diff = (e_t - begin.t) - actual;
        if (diff > 1 || diff < -1) {
          rr.Skip(ln, "duration_mismatch",
                  fmt::format("{} ({} s) differs from end_time - begin_time ({} s)", header.names[*c.actual],
                              ToSeconds(actual), ToSeconds(e_t - begin.t)));
          if (diag->stopped()) break;
          continue;
        }
      }
      job.run_time = e_t - begin.t;
      if (w.mode == TraceMode::kReplay) job.begin = begin.t;
      if (!c.limit) job.time_limit = job.run_time;
    } else {
      job.run_time = c.actual ? actual : job.time_limit;
    }
    for (const ParsedTime* p : {&submit, &begin, &end})
      if (p->skipped) rr.Warn(ln, "dst_gap_shifted", "local time in a DST gap, shifted forward by the gap");
    if (w.mode == TraceMode::kSimulation && c.actual && job.run_time > job.time_limit &&
        options.skip_overruns) {
      rr.Skip(ln, "actual_exceeds_limit",
              fmt::format("actual run time {} s exceeds time_limit {} s", ToSeconds(job.run_time),
                          ToSeconds(job.time_limit)));
      if (diag->stopped()) break;
      continue;
    }
    if (job.units == 0) rr.Warn(ln, "zero_nodes", "num_nodes is 0");
    if (c.limit && job.time_limit == 0) rr.Warn(ln, "zero_time_limit", "time_limit is 0");
    if (w.has_run_time && job.run_time == 0) rr.Warn(ln, "zero_run_time", "actual run time is 0");
    if (fields.size() > header.names.size())
      rr.Warn(ln, "extra_fields",
              fmt::format("{} fields, header has {}; extra fields ignored", fields.size(), header.names.size()));
    w.jobs.push_back(job);
    rr.Keep(ln);
  }
  if (!cursor.ok()) return Status::Error(cursor.Error(name));
  if (diag->stopped()) return Status::Error(diag->first_fatal()->ToString());
  SortBySubmit(&w.jobs);
  // dr_evt's job index is the position after the stable sort (unless the
  // file names its jobs, each with its own integer).
  w.ids_from_column = c.id.has_value() && ids_usable;
  if (c.id && !ids_usable)
    diag->Report(name, 0, "job_id_column_unused",
                 fmt::format("the job_id column is not used ({}); jobs are numbered by position", ids_problem),
                 Severity::kWarning);
  if (!w.ids_from_column)
    for (size_t i = 0; i < w.jobs.size(); ++i) w.jobs[i].trace_id = static_cast<std::int64_t>(i);
  return w;
}

}  // namespace clustersim
