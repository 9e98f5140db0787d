#include "cli/config_file.h"

#include <algorithm>
#include <cstdlib>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/protobuf_text.h"
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

// The value of a checked `key = value` line as arguments: a list gives one
// per item; quotes are removed ("..." with \" and \\ escapes).
std::vector<std::string> ValueItems(std::string_view v) {
  std::vector<std::string> items;
  v = Trim(v);
  const bool list = !v.empty() && v[0] == '[';
  if (list) v.remove_prefix(1);
  while (true) {
    v = Trim(v);
    if (v.empty() || v[0] == ']' || v[0] == '#') break;
    std::string item;
    if (v[0] == '"' || v[0] == '\'') {
      const char q = v[0];
      std::size_t i = 1;
      for (; i < v.size() && v[i] != q; ++i) {
        if (v[i] == '\\' && q == '"' && i + 1 < v.size()) ++i;
        item.push_back(v[i]);
      }
      v.remove_prefix(std::min(i + 1, v.size()));
    } else {
      std::size_t i = 0;
      while (i < v.size() && v[i] != ',' && v[i] != ']' && v[i] != '#') ++i;
      item = std::string(Trim(v.substr(0, i)));
      v.remove_prefix(i);
    }
    items.push_back(std::move(item));
    if (!list) break;
    v = Trim(v);
    if (!v.empty() && v[0] == ',') v.remove_prefix(1);
  }
  return items;
}

// Calls fn(key, value text, line number) for each `key = value` line of a
// checked file (blank lines, comments and lines without '=' skipped).
// False if fn returns false.
template <typename Fn>
bool ForEachKeyValue(std::string_view text, Fn fn) {
  LineCursor cursor(text);
  std::string_view line;
  while (cursor.Next(&line)) {
    const std::string_view t = Trim(line);
    const std::size_t eq = t.find('=');
    if (t.empty() || t[0] == '#' || t[0] == ';' || eq == std::string_view::npos) continue;
    if (!fn(Trim(t.substr(0, eq)), t.substr(eq + 1), cursor.line_number())) return false;
  }
  return true;
}

// True when the first line that is not blank or a comment reads `key = ...`
// (then the file is `key = value` lines, else protobuf text).
bool IsKeyValueText(std::string_view text) {
  LineCursor cursor(text);
  std::string_view line;
  while (cursor.Next(&line)) {
    const std::string_view t = Trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ';') continue;
    const std::size_t k = t.find_first_of("=:{<");
    return k != std::string_view::npos && t[k] == '=';
  }
  return true;
}

// The options a config file may set: not the file itself, nor help or
// version (a nested file would be silently ignored, help would end the run).
// *option_of (if given) gets, for each name, its option's first long name:
// `backfill` and `backfill_policy` name one option.
std::vector<std::string> LongNames(const CLI::App& app, std::vector<std::string>* option_of = nullptr) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options())
    for (const std::string& n : o->get_lnames())
      if (n != "config" && n != "help" && n != "version") {
        names.push_back(n);
        if (option_of != nullptr) option_of->push_back(o->get_lnames().front());
      }
  return names;
}

// proto3 has no "unset": a scalar at its default (0, false, "") is a field
// not given, as dr_evt's loader reads it (total_nodes: 0 keeps the default
// size, max_time: 0 means no limit).
bool IsProtoDefault(std::string_view v) {
  if (v.empty() || v == "false") return true;
  const std::string text(v);
  char* end = nullptr;
  const double d = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && d == 0;
}

}  // namespace

Result<std::vector<std::string>> ConfigTextArgs(std::string_view text, const std::string& name,
                                                const std::vector<std::string>& names, std::string_view block,
                                                const std::vector<std::string>& option_of) {
  std::vector<std::string> args;
  if (IsKeyValueText(text)) {
    if (Status st = CheckConfigText(text, name, names, option_of); !st.ok()) return st;
    Status nul = Status::Ok();
    ForEachKeyValue(text, [&](std::string_view key, std::string_view value, std::int64_t line) {
      for (const std::string& item : ValueItems(value)) {
        if (item.find('\0') != std::string::npos) {
          nul = Status::Error(
              fmt::format("{}:{}: {}: a value may not hold a NUL byte", EscapeControl(name), line, key));
          return false;
        }
        args.push_back("--" + std::string(key) + "=" + item);
      }
      return true;
    });
    if (!nul.ok()) return nul;
    return args;
  }
  auto fields = ParseProtobufText(text, name);
  if (!fields.ok()) return fields.status();
  const std::string file = EscapeControl(name);
  for (const TextField& f : fields.value()) {
    if (!f.messages.empty() && f.messages.front() != block) {
      // DR_EVT_Params holds both programs' settings; the other's are not ours.
      if (f.messages.size() == 1 && (f.messages.front() == "sim_setup" || f.messages.front() == "trace_setup"))
        continue;
      return Status::Error(fmt::format("{}:{}: field '{}' in message '{}': expected the fields of '{}' or top-level "
                                       "fields",
                                       file, f.line, EscapeControl(f.name), EscapeControl(f.messages.back()), block));
    }
    if (f.messages.size() > 1)
      return Status::Error(fmt::format("{}:{}: message '{}' inside '{}': '{}' has scalar fields only", file, f.line,
                                       EscapeControl(f.messages.back()), block, block));
    const std::string option = f.name == "memory_pressure_fraction" ? "check_memory_pressure" : f.name;
    if (std::find(names.begin(), names.end(), option) == names.end()) {
      const std::string hint = NearestName(option, names);
      return Status::Error(fmt::format("{}:{}: unknown field '{}'{}", file, f.line, EscapeControl(f.name),
                                       hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
    }
    if (f.value.find('\0') != std::string::npos)
      return Status::Error(fmt::format("{}:{}: field '{}': a value may not hold a NUL byte", file, f.line,
                                       EscapeControl(f.name)));
    if (IsProtoDefault(f.value)) continue;
    args.push_back("--" + option + "=" + f.value);
  }
  return args;
}

Result<std::vector<std::string>> ExpandConfigArgs(int argc, char** argv, const std::vector<std::string>& flags,
                                                  const CLI::App& app, std::string_view block) {
  std::vector<std::string> args, option_of;
  const std::vector<std::string> names = LongNames(app, &option_of);
  for (int i = 0; i < argc; ++i) {
    const std::string_view a = argv[i];
    std::string path;
    bool is_config = false;
    for (const std::string& f : flags) {
      if (i > 0 && a == f && i + 1 < argc) {
        path = argv[i + 1];
        is_config = true;
      } else if (i > 0 && a.size() > f.size() + 1 && a.compare(0, f.size() + 1, f + "=") == 0) {
        path = std::string(a.substr(f.size() + 1));
        is_config = true;
      } else if (i > 0 && f.size() == 2 && f[0] == '-' && f[1] != '-' && a.size() > 2 && a.compare(0, 2, f) == 0) {
        path = std::string(a.substr(2));  // -cFILE, as getopt reads it
        is_config = true;
      }
      if (is_config) break;
    }
    if (!is_config) {
      args.emplace_back(a);
      continue;
    }
    if (std::find(flags.begin(), flags.end(), a) != flags.end()) ++i;  // the path was the next argument
    auto text = ReadFile(path);
    if (!text.ok()) return text.status();
    if (text.value().view().size() > kMaxConfigBytes)
      return Status::Error(fmt::format("{}: a config file is at most {} bytes", EscapeControl(path), kMaxConfigBytes));
    auto more = ConfigTextArgs(text.value().view(), path, names, block, option_of);
    if (!more.ok()) return more.status();
    args.insert(args.end(), more.value().begin(), more.value().end());
  }
  return args;
}

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

Status CheckConfigText(std::string_view text, const std::string& name, const std::vector<std::string>& names,
                       const std::vector<std::string>& option_of) {
  const std::string file = EscapeControl(name);
  LineCursor cursor(text);
  std::string_view line;
  // Options seen (by their first long name, else spelled with '_' for '-'), and their lines.
  struct Seen {
    std::string option, key;
    std::int64_t line;
  };
  std::vector<Seen> seen;
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
    for (const std::string& item : ValueItems(rest.substr(1)))
      if (item.empty())
        return fail(fmt::format("{}: an empty value (give one, or leave the line out for the default)", key));
    const auto at = std::find(names.begin(), names.end(), key);
    std::string normal = option_of.size() == names.size() ? option_of[static_cast<std::size_t>(at - names.begin())] : key;
    std::replace(normal.begin(), normal.end(), '-', '_');
    for (const Seen& earlier : seen)
      if (earlier.option == normal)
        return fail(fmt::format("{}: set twice (first on line {}{}); keep one", key, earlier.line,
                                earlier.key == key ? "" : " as " + earlier.key));
    seen.push_back({std::move(normal), key, ln});
  }
  if (!cursor.ok()) return Status::Error(cursor.Error(name));
  return Status::Ok();
}

namespace {

// CLI11's own INI/TOML reader kept a UTF-8 byte-order mark on the first key
// (which then matched no option and was skipped without a word) and cut
// quoted values at '#'; this one reads the lines CheckConfigText accepted,
// with the same splitting as ConfigTextArgs, so what is checked is what
// applies.
class KeyValueConfig final : public CLI::Config {
 public:
  std::string to_config(const CLI::App* app, bool defaults, bool write_description,
                        std::string prefix) const override {
    return CLI::ConfigTOML().to_config(app, defaults, write_description, std::move(prefix));
  }
  std::vector<CLI::ConfigItem> from_config(std::istream& in) const override {
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::vector<CLI::ConfigItem> items;
    ForEachKeyValue(text, [&](std::string_view key, std::string_view value, std::int64_t) {
      CLI::ConfigItem item;
      item.name = std::string(key);
      item.inputs = ValueItems(value);
      items.push_back(std::move(item));
      return true;
    });
    return items;
  }
};

}  // namespace

std::shared_ptr<CLI::Config> MakeConfigReader() { return std::make_shared<KeyValueConfig>(); }

std::string ConfigLineOf(const std::string& path, const CLI::App& app, std::string_view label, int argc,
                         char** argv) {
  const CLI::Option* o = app.get_option_no_throw(std::string(label));
  if (o == nullptr) return "";
  for (int i = 1; i < argc; ++i) {  // given on the command line: the file's value did not apply
    const std::string_view a = argv[i];
    if (a.starts_with("-") && o->check_name(std::string(a.substr(0, a.find('='))))) return "";
    // -bVALUE, -nx: a short name with its value attached.
    for (const std::string& s : o->get_snames())
      if (a.size() > 2 && a[0] == '-' && a[1] != '-' && a.substr(1, s.size()) == s) return "";
  }
  auto text = ReadFile(path);
  if (!text.ok()) return "";
  std::string where;
  ForEachKeyValue(text.value().view(), [&](std::string_view key, std::string_view, std::int64_t line) {
    for (const std::string& n : o->get_lnames())
      if (n == key) where = fmt::format("{}:{}", EscapeControl(path), line);
    return where.empty();
  });
  return where;
}

Status CheckConfigFile(const std::string& path, const CLI::App& app) {
  auto text = ReadFile(path);
  if (!text.ok()) return text.status();
  if (text.value().view().size() > kMaxConfigBytes)
    return Status::Error(fmt::format("{}: a config file is at most {} bytes", EscapeControl(path), kMaxConfigBytes));
  std::vector<std::string> option_of;
  const std::vector<std::string> names = LongNames(app, &option_of);
  return CheckConfigText(text.value().view(), path, names, option_of);
}

}  // namespace clustersim
