#include "io/yaml_fields.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "io/number_parse.h"
#include "io/text_lines.h"
#include "model/text_escape.h"

namespace clustersim {

std::string FieldPath(std::string_view parent, std::string_view key) {
  if (parent.empty()) return std::string(key);
  return fmt::format("{}.{}", parent, key);
}

std::string IndexPath(std::string_view parent, std::size_t index) {
  return fmt::format("{}[{}]", parent, index);
}

namespace {

// The line of a `---` that starts a second document with content (only
// the first is read), or 0. Found on the text, since yaml-cpp's LoadAll
// can loop forever on malformed input; a leading `---` and a trailing one
// with nothing after it are harmless.
int SecondDocumentLine(std::string_view text) {
  bool content = false;
  int marker = 0, line = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    const bool is_marker = l.starts_with("---") && (l.size() == 3 || l[3] == ' ' || l[3] == '\t');
    if (is_marker) {
      if (content && marker == 0) marker = line;
      l.remove_prefix(3);
    } else if (l.starts_with("...") && (l.size() == 3 || l[3] == ' ' || l[3] == '\t')) {
      continue;
    }
    const std::size_t first = l.find_first_not_of(" \t");
    if (first == std::string_view::npos || l[first] == '#') continue;
    if (marker > 0) return marker;  // content after a later marker
    content = true;
  }
  return 0;
}

}  // namespace

int YamlFields::LineOf(const YAML::Node& n) const {
  if (!n.IsDefined()) return 0;
  if (n.IsNull())
    for (const auto& [value, key] : empty_values_)
      if (value.is(n)) return LineOf(key);
  const YAML::Mark m = n.Mark();
  return m.line >= 0 ? m.line + 1 : 0;
}

bool YamlFields::Parse(std::string_view text, YAML::Node* root) {
  try {
    *root = YAML::Load(std::string(text));  // the first document only
    if (const int line = SecondDocumentLine(text); line > 0) {
      status_ = Status::Error(
          fmt::format("{}:{}: yaml: a second document starts here (---); the file must hold one", file_, line));
      return false;
    }
  } catch (const YAML::Exception& e) {
    const int line = e.mark.line >= 0 ? e.mark.line + 1 : 0;
    std::string where = line > 0 ? fmt::format("{}:{}", file_, line) : file_;
    status_ = Status::Error(fmt::format("{}: yaml: {}", where, e.msg));
    return false;
  }
  return true;
}

void YamlFields::Warn(const YAML::Node& at, std::string_view path, std::string_view rule, std::string message) {
  Diagnostic d;
  d.file = file_;
  d.line = LineOf(at);
  d.rule = std::string(rule);
  d.message = fmt::format("{}: {}", path.empty() ? "(top)" : path, message);
  d.severity = Severity::kWarning;
  warnings_.push_back(std::move(d));
}

bool YamlFields::Fail(const YAML::Node& at, std::string_view path, std::string message) {
  if (!status_.ok()) return false;
  const int line = LineOf(at);
  std::string where = line > 0 ? fmt::format("{}:{}", file_, line) : file_;
  status_ = Status::Error(fmt::format("{}: {}: {}", where, path.empty() ? "(top)" : path, message));
  return false;
}

std::string YamlFields::Describe(const YAML::Node& n) const {
  if (!n.IsDefined() || n.IsNull()) return "nothing";
  if (n.IsSequence()) return "a list";
  if (n.IsMap()) return "a map";
  return QuoteShort(n.Scalar());
}

bool YamlFields::IsNone(const YAML::Node& n) {
  return n.IsNull() || (n.IsScalar() && n.Scalar() == "none" && n.Tag() != "!");
}

void YamlFields::NoteEmptyValues(const YAML::Node& m) {
  for (auto it = m.begin(); it != m.end(); ++it)
    if (it->second.IsNull()) empty_values_.emplace_back(it->second, it->first);
}

bool YamlFields::RequireMap(const YAML::Node& n, std::string_view path) {
  if (n.IsMap()) {
    NoteEmptyValues(n);
    return true;
  }
  return Fail(n, path, "must be a map of fields, got " + Describe(n));
}

bool YamlFields::RequireSequence(const YAML::Node& n, std::string_view path) {
  if (n.IsSequence()) return true;
  return Fail(n, path, "must be a list, got " + Describe(n));
}

bool YamlFields::CheckKeys(const YAML::Node& m, std::string_view path,
                           std::initializer_list<std::string_view> allowed) {
  NoteEmptyValues(m);
  std::set<std::string, std::less<>> seen;
  for (auto it = m.begin(); it != m.end(); ++it) {
    const YAML::Node key = it->first;
    if (!key.IsScalar()) return Fail(key, path, "field names must be plain words, got " + Describe(key));
    const std::string& name = key.Scalar();
    if (!seen.insert(name).second) return Fail(key, FieldPath(path, name), "given twice");
    if (std::find(allowed.begin(), allowed.end(), name) != allowed.end()) continue;
    // The suggestion is computed only for an unknown key: the shipped catalog
    // alone checks hundreds of keys at every start.
    std::string_view best;
    int best_d = 3;
    for (std::string_view a : allowed) {
      const int d = EditDistance(a, name);
      if (d < best_d) best_d = d, best = a;
    }
    std::string msg = "unknown field";
    if (!best.empty()) msg += fmt::format(" (did you mean '{}'?)", best);
    return Fail(key, FieldPath(path, name), msg);
  }
  return true;
}

bool YamlFields::Require(const YAML::Node& m, std::string_view path, std::string_view key) {
  if (m[std::string(key)].IsDefined()) return true;
  return Fail(m, path, fmt::format("missing required field '{}'", key));
}

bool YamlFields::String(const YAML::Node& n, std::string_view path, std::string* out) {
  if (!n.IsScalar()) return Fail(n, path, "must be a string, got " + Describe(n));
  *out = n.Scalar();
  return true;
}

bool YamlFields::Int(const YAML::Node& n, std::string_view path, std::int64_t* out) {
  if (!n.IsScalar()) return Fail(n, path, "must be an integer, got " + Describe(n));
  const ParseError e = ParseInt(n.Scalar(), out);
  if (e == ParseError::kRange) return Fail(n, path, fmt::format("'{}' is out of range", n.Scalar()));
  if (e != ParseError::kOk) return Fail(n, path, "must be an integer, got " + Describe(n));
  return true;
}

bool YamlFields::Number(const YAML::Node& n, std::string_view path, double* out) {
  if (!n.IsScalar()) return Fail(n, path, "must be a number, got " + Describe(n));
  std::string_view s = Trim(n.Scalar());
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, *out);
  if (s.empty() || ec != std::errc() || p != end || !std::isfinite(*out))
    return Fail(n, path, "must be a number, got " + Describe(n));
  return true;
}

bool YamlFields::Bool(const YAML::Node& n, std::string_view path, bool* out) {
  if (n.IsScalar()) {
    const std::string& s = n.Scalar();
    if (s == "true" || s == "True" || s == "TRUE") return *out = true, true;
    if (s == "false" || s == "False" || s == "FALSE") return *out = false, true;
  }
  return Fail(n, path, "must be true or false, got " + Describe(n));
}

bool YamlFields::StringList(const YAML::Node& n, std::string_view path, std::vector<std::string>* out) {
  if (!RequireSequence(n, path)) return false;
  out->clear();
  for (std::size_t i = 0; i < n.size(); ++i) {
    std::string s;
    if (!String(n[i], IndexPath(path, i), &s)) return false;
    out->push_back(std::move(s));
  }
  return true;
}

bool YamlFields::NumberList(const YAML::Node& n, std::string_view path, std::vector<double>* out) {
  if (!RequireSequence(n, path)) return false;
  out->clear();
  for (std::size_t i = 0; i < n.size(); ++i) {
    double v = 0;
    if (!Number(n[i], IndexPath(path, i), &v)) return false;
    out->push_back(v);
  }
  return true;
}

bool YamlFields::AtLeast(const YAML::Node& n, std::string_view path, double v, double min) {
  if (v >= min) return true;
  return Fail(n, path, fmt::format("must be >= {}, got {}", min, v));
}

bool YamlFields::Positive(const YAML::Node& n, std::string_view path, double v) {
  if (v > 0) return true;
  return Fail(n, path, fmt::format("must be > 0, got {}", v));
}

bool YamlFields::Between(const YAML::Node& n, std::string_view path, double v, double min, double max) {
  if (v >= min && v <= max) return true;
  return Fail(n, path, fmt::format("must be in [{}, {}], got {}", min, max, v));
}

bool YamlFields::Curve(const YAML::Node& m, std::string_view path, std::vector<CurvePoint>* out, bool* given) {
  const YAML::Node watts_node = m["curve_w"];
  const YAML::Node load_node = m["curve_load_pct"];
  const std::string wpath = FieldPath(path, "curve_w");
  const std::string lpath = FieldPath(path, "curve_load_pct");
  *given = watts_node.IsDefined();
  out->clear();
  if (!watts_node.IsDefined() || IsNone(watts_node)) {
    if (load_node.IsDefined()) return Fail(load_node, lpath, "given without curve_w");
    return true;
  }
  std::vector<double> watts, loads;
  if (!NumberList(watts_node, wpath, &watts)) return false;
  if (load_node.IsDefined()) {
    if (!NumberList(load_node, lpath, &loads)) return false;
    if (loads.size() != watts.size())
      return Fail(load_node, lpath,
                  fmt::format("has {} loads for {} curve_w values", loads.size(), watts.size()));
    if (loads.size() < 2) return Fail(load_node, lpath, "needs at least 2 points");
  } else {
    if (watts.size() != 11)
      return Fail(watts_node, wpath,
                  fmt::format("needs 11 values (watts at 0, 10, ..., 100 % load), got {}", watts.size()));
    for (int i = 0; i <= 10; ++i) loads.push_back(10.0 * i);
  }
  for (std::size_t i = 0; i < watts.size(); ++i) {
    if (loads[i] < 0 || loads[i] > 100)
      return Fail(load_node, lpath, fmt::format("loads must be in [0, 100] %, got {}", loads[i]));
    if (watts[i] < 0) return Fail(watts_node, wpath, fmt::format("watts must be >= 0, got {}", watts[i]));
    if (i > 0 && loads[i] <= loads[i - 1])
      return Fail(load_node, lpath, fmt::format("must be strictly increasing ({} after {})", loads[i], loads[i - 1]));
    if (i > 0 && watts[i] < watts[i - 1])
      return Fail(watts_node, wpath, fmt::format("must be non-decreasing ({} after {})", watts[i], watts[i - 1]));
    out->push_back({loads[i], watts[i]});
  }
  return true;
}

}  // namespace clustersim
