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

}  // namespace

Result<SwfTrace> ReadSwf(std::string_view text, const std::string& name, Diagnostics* diag) {
  SwfTrace t;
  t.name = name;
  if (text.find('\0') != std::string_view::npos && text.find('\0') < 4096)
    return Status::Error(name + ": binary_data: the file contains NUL bytes; this is not an SWF trace");
  LineCursor cursor(text);
  std::string_view line;
  std::vector<std::string_view> tok;
  t.records.reserve(text.size() / 80);
  bool sorted = true;
  while (cursor.Next(&line)) {
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    if (line[first] == ';') {
      ParseHeaderComment(line, &t);
      continue;
    }
    const std::int64_t ln = cursor.line_number();
    SplitWhitespace(line, &tok);
    if (tok.size() < kSwfFieldCount) {
      diag->Report(name, ln, "too_few_fields",
                   fmt::format("expected 18 fields, found {}", tok.size()));
      if (diag->stopped()) break;
      continue;
    }
    SwfRecord r;
    r.line = ln;
    bool ok = true;
    for (int i = 0; i < kSwfFieldCount && ok; ++i) {
      SimTime v = 0;
      ParseError e = ParseSeconds(tok[i], &v);
      if (e != ParseError::kOk) {
        diag->Report(name, ln, e == ParseError::kRange ? "number_out_of_range" : "bad_number",
                     fmt::format("field {}: cannot parse '{}'", i + 1, tok[i]));
        ok = false;
        break;
      }
      if (IsSwfTimeField(i)) {
        r.f[i] = v == -kTicksPerSecond ? SwfRecord::kUnknown : v;
        if (v < 0 && v != -kTicksPerSecond) r.f[i] = v;  // invalid negative, policies decide
      } else {
        r.f[i] = v / kTicksPerSecond;  // counts and ids: whole numbers
      }
    }
    if (!ok) {
      if (diag->stopped()) break;
      continue;
    }
    if (!t.records.empty() && r.f[kSwfSubmit] < t.records.back().f[kSwfSubmit]) sorted = false;
    t.records.push_back(r);
  }
  if (diag->stopped()) return Status::Error(diag->first_fatal()->ToString());
  if (t.records.empty() && t.header.empty())
    return Status::Error(name + ": empty_file: no SWF header or job lines");
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
