#include "cli/config_file.h"

#include <algorithm>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "io/file_reader.h"
#include "io/number_parse.h"
#include "io/text_lines.h"
#include "model/text_escape.h"

namespace clustersim {
namespace {

constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;

bool IsKeyChar(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'; }

// Skips one value at the start of *s: a quoted string, or a bare run of
// characters without quotes, brackets or '='. False if there is none.
bool SkipValue(std::string_view* s) {
  std::string_view v = Trim(*s);
  if (v.empty()) return false;
  if (v[0] == '"' || v[0] == '\'') {
    const char q = v[0];
    std::size_t i = 1;
    while (i < v.size() && v[i] != q) i += (v[i] == '\\' && q == '"') ? 2 : 1;
    if (i >= v.size()) return false;
    *s = v.substr(i + 1);
    return true;
  }
  std::size_t i = 0;
  while (i < v.size() && v[i] != ',' && v[i] != ']' && v[i] != '[' && v[i] != '=' && v[i] != '"' && v[i] != '\'' &&
         v[i] != '#')
    ++i;
  if (Trim(v.substr(0, i)).empty()) return false;
  *s = v.substr(i);
  return true;
}

bool IsValidValue(std::string_view v) {
  v = Trim(v);
  if (!v.empty() && v[0] == '[') {
    v.remove_prefix(1);
    if (Trim(v).starts_with("]")) return Trim(Trim(v).substr(1)).empty();
    while (true) {
      if (!SkipValue(&v)) return false;
      v = Trim(v);
      if (v.starts_with(",")) {
        v.remove_prefix(1);
        continue;
      }
      if (!v.starts_with("]")) return false;
      return Trim(v.substr(1)).empty() || Trim(v.substr(1)).starts_with("#");
    }
  }
  if (!SkipValue(&v)) return false;
  v = Trim(v);
  return v.empty() || v.starts_with("#");
}

std::string NearestName(std::string_view key, const std::vector<std::string>& names) {
  std::string best;
  int best_d = 3;
  for (const std::string& n : names)
    if (const int d = EditDistance(key, n); d < best_d) best_d = d, best = n;
  return best;
}

}  // namespace

std::string FindConfigPath(int argc, char** argv, const std::vector<std::string>& flags) {
  std::string path;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    for (const std::string& f : flags) {
      if (a == f && i + 1 < argc) path = argv[i + 1];
      if (a.size() > f.size() + 1 && a.compare(0, f.size() + 1, f + "=") == 0) path = std::string(a.substr(f.size() + 1));
    }
  }
  return path;
}

Status CheckConfigText(std::string_view text, const std::string& name, const std::vector<std::string>& names) {
  const std::string file = EscapeControl(name);
  LineCursor cursor(text);
  std::string_view line;
  while (cursor.Next(&line)) {
    const std::int64_t ln = cursor.line_number();
    const std::string_view t = Trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ';') continue;
    auto fail = [&](const std::string& why) {
      return Status::Error(fmt::format("{}:{}: {}", file, ln, why));
    };
    if (t[0] == '[')
      return fail(fmt::format("'{}': sections are not supported; write options as top-level `key = value` lines",
                              EscapeControl(t)));
    std::size_t k = 0;
    while (k < t.size() && IsKeyChar(t[k])) ++k;
    const std::string key(t.substr(0, k));
    const std::string_view rest = Trim(t.substr(k));
    if (key.empty() || rest.empty() || rest[0] != '=')
      return fail(fmt::format("malformed line '{}' (expected `key = value`)", EscapeControl(t)));
    if (std::find(names.begin(), names.end(), key) == names.end()) {
      const std::string hint = NearestName(key, names);
      return fail(fmt::format("unknown option '{}'{}", EscapeControl(key),
                              hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
    }
    if (!IsValidValue(rest.substr(1)))
      return fail(fmt::format("{}: malformed value '{}' (a word, a number, a quoted string or a [list])", key,
                              EscapeControl(Trim(rest.substr(1)))));
  }
  if (!cursor.ok()) return Status::Error(cursor.Error(name));
  return Status::Ok();
}

Status CheckConfigFile(const std::string& path, const CLI::App& app) {
  auto text = ReadFile(path);
  if (!text.ok()) return text.status();
  if (text.value().view().size() > kMaxConfigBytes)
    return Status::Error(fmt::format("{}: a config file is at most {} bytes", EscapeControl(path), kMaxConfigBytes));
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options())
    for (const std::string& n : o->get_lnames()) names.push_back(n);
  return CheckConfigText(text.value().view(), path, names);
}

}  // namespace clustersim
