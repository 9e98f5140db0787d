#include "io/swf_reader.h"

#include <algorithm>

#include <fmt/format.h>

#include "io/number_parse.h"
#include "io/text_lines.h"

namespace clustersim {

bool IsSwfTimeField(int i) {
  return i == kSwfSubmit || i == kSwfWait || i == kSwfRun || i == kSwfAvgCpu || i == kSwfReqTime ||
         i == kSwfThinkTime;
}

bool SwfRecord::IsTimeField(int i) const { return IsSwfTimeField(i); }

namespace {

void ParseHeaderComment(std::string_view line, SwfTrace* t) {
  size_t i = line.find(';');
  std::string_view body = Trim(line.substr(i + 1));
  size_t colon = body.find(':');
  if (colon == std::string_view::npos || colon == 0) return;
  std::string_view label = Trim(body.substr(0, colon));
  if (label.find(' ') != std::string_view::npos) return;  // prose, not a label
  std::string_view value = Trim(body.substr(colon + 1));
  t->header.emplace_back(std::string(label), std::string(value));
  std::int64_t v = 0;
  if (label == "MaxProcs" && ParseInt(value, &v) == ParseError::kOk && v > 0) t->max_procs = v;
  if (label == "MaxNodes" && ParseInt(value, &v) == ParseError::kOk && v > 0) t->max_nodes = v;
}

// Parses the 18 fields of a job line without tokenising: digits with an
// optional sign and fraction, separated by spaces or tabs. Returns false on
// anything else (exponents, junk, too few fields): the caller then takes the
// slow path that produces the diagnostic.
bool FastParseFields(std::string_view line, SwfRecord* r) {
  const char* p = line.data();
  const char* end = p + line.size();
  for (int i = 0; i < kSwfFieldCount; ++i) {
    while (p < end && (*p == ' ' || *p == '\t')) ++p;
    if (p == end) return false;
    bool neg = false;
    if (*p == '-') neg = true, ++p;
    std::int64_t whole = 0;
    const char* digits = p;
    // At most 12 digits (< 1e12 s): no overflow below; longer numbers take the
    // slow path, which reports number_out_of_range.
    while (p < end && *p >= '0' && *p <= '9' && p - digits < 12) whole = whole * 10 + (*p++ - '0');
    if (p == digits) return false;
    std::int64_t frac = 0;
    int nfrac = 0;
    if (p < end && *p == '.') {
      ++p;
      while (p < end && *p >= '0' && *p <= '9') {
        if (nfrac < 6) frac = frac * 10 + (*p - '0'), ++nfrac;
        else if (nfrac == 6) return false;  // needs rounding: slow path
        ++p;
      }
    }
    if (p < end && *p != ' ' && *p != '\t' && *p != '\r') return false;
    for (int k = nfrac; k < 6; ++k) frac *= 10;
    SimTime v = whole * kTicksPerSecond + frac;
    if (neg) v = -v;
    r->f[i] = IsSwfTimeField(i) ? (v == -kTicksPerSecond ? SwfRecord::kUnknown : v) : v / kTicksPerSecond;
  }
  return true;
}

}  // namespace

Status ForEachSwfRecord(std::string_view text, const std::string& name, Diagnostics* diag, SwfTrace* t,
                        const std::function<void(const SwfRecord&)>& sink) {
  t->name = name;
  if (text.substr(0, 4096).find('\0') != std::string_view::npos)
    return Status::Error(name + ": binary_data: the file contains NUL bytes; this is not an SWF trace");
  LineCursor cursor(text);
  std::string_view line;
  std::vector<std::string_view> tok;
  std::int64_t records = 0;
  while (cursor.Next(&line)) {
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    if (line[first] == ';') {
      ParseHeaderComment(line, t);
      continue;
    }
    const std::int64_t ln = cursor.line_number();
    SwfRecord r;
    r.line = ln;
    bool ok = true;
    if (!FastParseFields(line, &r)) {
      // Slow path, only for lines the fast parser refuses: find the field at
      // fault and say why.
      SplitWhitespace(line, &tok);
      if (tok.size() < kSwfFieldCount) {
        diag->Report(name, ln, "too_few_fields", fmt::format("expected 18 fields, found {}", tok.size()));
        if (diag->stopped()) break;
        continue;
      }
      for (int i = 0; i < kSwfFieldCount; ++i) {
        SimTime v = 0;
        ParseError e = ParseSeconds(tok[i], &v);
        if (e != ParseError::kOk) {
          diag->Report(name, ln, e == ParseError::kRange ? "number_out_of_range" : "bad_number",
                       fmt::format("field {}: cannot parse '{}'", i + 1, tok[i]));
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
    sink(r);
  }
  if (diag->stopped()) return Status::Error(diag->first_fatal()->ToString());
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
