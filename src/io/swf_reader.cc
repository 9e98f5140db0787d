#include "io/swf_reader.h"

#include <algorithm>

#include <fmt/format.h>

#include "io/number_parse.h"
#include "io/text_lines.h"
#include "model/text_escape.h"

namespace clustersim {

namespace {
constexpr std::uint32_t kTimeFieldMask = (1u << kSwfSubmit) | (1u << kSwfWait) | (1u << kSwfRun) |
                                         (1u << kSwfAvgCpu) | (1u << kSwfReqTime) | (1u << kSwfThinkTime);
}  // namespace

bool IsSwfTimeField(int i) { return i >= 0 && i < kSwfFieldCount && ((kTimeFieldMask >> i) & 1u) != 0; }

bool SwfRecord::IsTimeField(int i) const { return IsSwfTimeField(i); }

namespace {

// The last value each field that sizes or places the trace took, as the
// readers use it: a later valid value replaces an earlier one.
struct HeaderSeen {
  std::optional<std::string> max_procs, max_nodes, max_runtime, start, zone;
};

// `seen` (may be null, then nothing is reported) notes a field given again
// with another value that replaces the earlier one: a warning on `diag`.
void ParseHeaderComment(std::string_view line, SwfTrace* t, HeaderSeen* seen = nullptr, Diagnostics* diag = nullptr,
                        std::int64_t ln = 0) {
  size_t i = line.find(';');
  std::string_view body = Trim(line.substr(i + 1));
  size_t colon = body.find(':');
  if (colon == std::string_view::npos || colon == 0) return;
  std::string_view label = Trim(body.substr(0, colon));
  if (label.find(' ') != std::string_view::npos) return;  // prose, not a label
  std::string_view value = Trim(body.substr(colon + 1));
  t->header.emplace_back(std::string(label), std::string(value));
  std::int64_t v = 0;
  const bool count = ParseInt(value, &v) == ParseError::kOk && v > 0 && v <= kMaxInputCount;
  if (label == "MaxProcs" && count) t->max_procs = v;
  if (label == "MaxNodes" && count) t->max_nodes = v;
  if (seen == nullptr) return;
  // What the readers take: a size of 1 to 10^9, a limit of 1 to 10^12 s
  // (swf_policy.cc), any start, a zone that is not empty.
  const bool seconds = ParseInt(value, &v) == ParseError::kOk && v > 0 && v <= kMaxInputSeconds;
  const bool numeric = label == "MaxProcs" || label == "MaxNodes" || label == "MaxRuntime" || label == "UnixStartTime";
  std::optional<std::string>* slot = label == "MaxProcs" && count                ? &seen->max_procs
                                     : label == "MaxNodes" && count              ? &seen->max_nodes
                                     : label == "MaxRuntime" && seconds          ? &seen->max_runtime
                                     : label == "UnixStartTime"                  ? &seen->start
                                     : label == "TimeZoneString" && !value.empty() ? &seen->zone
                                                                                   : nullptr;
  if (slot == nullptr) return;
  // Numbers are compared as numbers: "08" repeats 8.
  std::int64_t now = 0, earlier = 0;
  const bool same = slot->has_value() && (**slot == value || (numeric && ParseInt(value, &now) == ParseError::kOk &&
                                                                ParseInt(**slot, &earlier) == ParseError::kOk &&
                                                                now == earlier));
  if (slot->has_value() && !same)
    diag->Report(t->name, ln, "duplicate_header_field",
                 fmt::format("{} is given again ('{}', earlier '{}'); the last one is used", label, EscapeControl(value),
                             EscapeControl(**slot)),
                 Severity::kWarning, true);
  *slot = std::string(value);
}

// Parses the 18 fields of a job line without tokenising: digits with an
// optional sign and fraction, separated by spaces or tabs. Returns false on
// anything else (exponents, junk, too few fields): the caller then takes the
// slow path that produces the diagnostic. Same values as that path.
constexpr std::int64_t kFractionScale[7] = {1'000'000, 100'000, 10'000, 1'000, 100, 10, 1};

bool FastParseFields(const char* p, const char* end, SwfRecord* r) {
  for (int i = 0; i < kSwfFieldCount; ++i) {
    while (p < end && (*p == ' ' || *p == '\t')) ++p;
    if (p == end) return false;
    const bool neg = *p == '-';
    p += neg ? 1 : 0;
    const char* digits = p;
    std::uint64_t whole = 0;  // unsigned: wraps harmlessly on long numbers, refused below
    for (unsigned d; p < end && (d = static_cast<unsigned>(*p) - '0') <= 9; ++p) whole = whole * 10 + d;
    // None, or 1e12 s and more (ticks would near the int64 limit): the slow
    // path reports number_out_of_range.
    if (p == digits || p - digits > 12) return false;
    std::int64_t frac = 0;
    int nfrac = 0;
    if (p < end && *p == '.') {
      for (unsigned d; ++p < end && (d = static_cast<unsigned>(*p) - '0') <= 9;) {
        if (nfrac == 6) return false;  // finer than a tick: the slow path rounds
        frac = frac * 10 + d;
        ++nfrac;
      }
    }
    if (p < end && *p != ' ' && *p != '\t' && *p != '\r') return false;
    const auto w = static_cast<std::int64_t>(whole);
    if ((kTimeFieldMask >> i) & 1u) {
      const SimTime v = (w * kTicksPerSecond + frac * kFractionScale[nfrac]) * (neg ? -1 : 1);
      r->f[i] = v == -kTicksPerSecond ? SwfRecord::kUnknown : v;  // -1 s means unknown
    } else {
      r->f[i] = neg ? -w : w;  // counts and ids: whole numbers, any fraction dropped
    }
  }
  return true;
}

}  // namespace

SwfCalendar SwfCalendarOf(const std::vector<std::pair<std::string, std::string>>& header) {
  SwfCalendar c;
  for (const auto& [label, value] : header) {
    if (label == "TimeZoneString" && !value.empty()) c.zone = value;
    if (label == "UnixStartTime") c.start_text = value;
  }
  std::int64_t v = 0;
  if (!c.start_text.empty() && ParseInt(c.start_text, &v) == ParseError::kOk && v >= 0 && v <= kMaxInputSeconds)
    c.start = v;
  return c;
}

Status ForEachSwfRecord(std::string_view text, const std::string& name, Diagnostics* diag, SwfTrace* t,
                        const std::function<void(const SwfRecord&)>& sink) {
  t->name = name;
  if (text.substr(0, 4096).find('\0') != std::string_view::npos)
    return Status::Error(name + ": binary_data: the file contains NUL bytes; this is not an SWF trace");
  LineCursor cursor(text);
  std::string_view line;
  std::vector<std::string_view> tok;
  std::int64_t records = 0, refused = 0, short_lines = 0;
  HeaderSeen seen;
  bool commas = false;  // in a refused line: the file is likely CSV
  while (cursor.Next(&line)) {
    size_t first = 0;
    while (first < line.size() && (line[first] == ' ' || line[first] == '\t' || line[first] == '\r')) ++first;
    if (first == line.size()) continue;
    if (line[first] == ';') {
      ParseHeaderComment(line, t, &seen, diag, cursor.line_number());
      continue;
    }
    const std::int64_t ln = cursor.line_number();
    SwfRecord r;
    r.line = ln;
    bool ok = true;
    ++refused;  // until it is a record
    if (!FastParseFields(line.data() + first, line.data() + line.size(), &r)) {
      // Slow path, only for lines the fast parser refuses: find the field at
      // fault and say why.
      SplitWhitespace(line, &tok);
      commas = commas || line.find(',') != std::string_view::npos;
      if (tok.size() < kSwfFieldCount) {
        ++short_lines;
        diag->Report(name, ln, "too_few_fields", fmt::format("expected 18 fields, found {}", tok.size()));
        if (diag->stopped()) break;
        continue;
      }
      for (int i = 0; i < kSwfFieldCount; ++i) {
        SimTime v = 0;
        ParseError e = ParseSeconds(tok[i], &v);
        if (e != ParseError::kOk) {
          diag->Report(name, ln, e == ParseError::kRange ? "number_out_of_range" : "bad_number",
                       e == ParseError::kRange
                           ? fmt::format("field {}: '{}' is out of range (|{}| <= {}{})", i + 1, tok[i],
                                         IsSwfTimeField(i) ? "t" : "value", kMaxInputSeconds,
                                         IsSwfTimeField(i) ? " s" : "")
                           : fmt::format("field {}: cannot parse '{}'", i + 1, tok[i]));
          ok = false;
          break;
        }
        // Time fields keep ticks (-1 s is "unknown"); counts and ids are whole numbers.
        r.f[i] = IsSwfTimeField(i) ? (v == -kTicksPerSecond ? SwfRecord::kUnknown : v) : v / kTicksPerSecond;
      }
    }
    if (!ok) {
      if (diag->stopped()) break;
      continue;
    }
    ++records;
    --refused;
    sink(r);
  }
  if (!cursor.ok()) return Status::Error(cursor.Error(name));
  if (diag->stopped()) return Status::Error(diag->first_fatal()->ToString());
  if (records == 0 && t->header.empty() && refused > 0)
    return Status::Error(fmt::format(
        "{}: no_job_lines: none of its {} non-comment lines {}{}", name, refused,
        short_lines == refused ? "is an SWF job line (18 whitespace-separated fields)"
                               : "could be read as an SWF job (the reasons are above)",
        commas ? "; its lines hold commas: is it a CSV trace (--format csv, or auto)?" : ""));
  if (records == 0 && t->header.empty()) return Status::Error(name + ": empty_file: no SWF header or job lines");
  return Status::Ok();
}

SwfTrace ReadSwfHeader(std::string_view text, const std::string& name) {
  SwfTrace t;
  t.name = name;
  LineCursor cursor(text);
  std::string_view line;
  while (cursor.Next(&line)) {
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    if (line[first] != ';') break;
    ParseHeaderComment(line, &t);
  }
  return t;
}

Result<SwfTrace> ReadSwf(std::string_view text, const std::string& name, Diagnostics* diag) {
  SwfTrace t;
  t.records.reserve(text.size() / 80);
  bool sorted = true;
  Status st = ForEachSwfRecord(text, name, diag, &t, [&](const SwfRecord& r) {
    if (!t.records.empty() && r.f[kSwfSubmit] < t.records.back().f[kSwfSubmit]) sorted = false;
    t.records.push_back(r);
  });
  if (!st.ok()) return st;
  if (!sorted) {
    diag->Report(name, 0, "unsorted_submit_times",
                 "submit times are not sorted; jobs were stable-sorted by submit time", Severity::kWarning);
    std::stable_sort(t.records.begin(), t.records.end(), [](const SwfRecord& a, const SwfRecord& b) {
      return a.f[kSwfSubmit] < b.f[kSwfSubmit];
    });
  }
  return t;
}

}  // namespace clustersim
