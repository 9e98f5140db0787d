#pragma once
// Checks shared by the option files: CLI11 validators that accept decimal
// numbers in range only, enum names with a nearest-name hint, and the
// small parse helpers of Resolve.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join

#include "io/number_parse.h"
#include "io/text_lines.h"
#include "io/timestamp.h"
#include "model/name_table.h"
#include "model/status.h"
#include "model/text_escape.h"

namespace clustersim {

// Numbers on the command line and in config files are decimal, in range, and
// never empty: CLI11 alone would take 0x10 as 16 and clamp 2^64 silently.
inline CLI::Validator IntIn(std::int64_t lo, std::int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        std::int64_t v = 0;
        const ParseError e = ParseInt(s, &v);
        if (e == ParseError::kEmpty) return "an empty value (expected an integer)";
        if (e == ParseError::kSyntax) return fmt::format("'{}' is not a decimal integer", EscapeControl(s));
        const bool open_above = hi == std::numeric_limits<std::int64_t>::max();
        // A number too long for 64 bits is out of range on its sign's side.
        const bool too_small = e == ParseError::kRange ? Trim(s).starts_with('-') : v < lo;
        if (e == ParseError::kRange || v < lo || v > hi) {
          if (!open_above) return fmt::format("{} is out of range [{}, {}]", s, lo, hi);
          return too_small ? fmt::format("{} is out of range (at least {})", s, lo)
                           : fmt::format("{} is out of range (at most {})", s, hi);
        }
        return "";
      },
      lo > 0 ? "INT>0" : "INT>=0");
}

// [lo, hi], or (lo, hi] with lo_open; a bound of 1e300 or more is "none".
inline CLI::Validator RealIn(double lo, double hi, bool lo_open = false) {
  return CLI::Validator(
      [lo, hi, lo_open](std::string& s) -> std::string {
        const std::string_view t = Trim(s);
        if (t.empty()) return "an empty value (expected a number)";
        // Decimal only: digits, one point, an exponent; no hex floats, inf or nan.
        const bool plain = std::all_of(t.begin(), t.end(), [](char c) {
          return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+';
        });
        double v = 0;
        const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (!plain || ec != std::errc() || p != t.data() + t.size() || !std::isfinite(v))
          return fmt::format("'{}' is not a decimal number", EscapeControl(s));
        if ((lo_open ? v <= lo : v < lo) || v > hi) {
          const std::string low = fmt::format("{}{}", lo_open ? "(" : "[", lo);
          if (hi >= 1e300) return fmt::format("{} is out of range ({} {})", s, lo_open ? "above" : "at least", lo);
          return fmt::format("{} is out of range {}, {}]", s, low, hi);
        }
        return "";
      },
      "NUMBER");
}

inline constexpr std::int64_t kIntMax = std::numeric_limits<std::int64_t>::max();

// A command line CLI11 refused: --help and --version print and return 0;
// anything else is one line, "PROG: error: WHAT (see --help)", and 1, like
// every other error of the front ends.
inline int ExitOnParseError(const CLI::App& app, const CLI::ParseError& e, const std::string& prog, std::ostream& out,
                            std::ostream& err) {
  if (e.get_exit_code() == 0) return app.exit(e, out, err);
  // A mistyped long flag ("--backfil") gets the nearest one, as values do.
  std::string hint;
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    for (const std::string& a : app.remaining()) {
      if (a.size() < 3 || a.rfind("--", 0) != 0) continue;
      const std::string name = a.substr(2, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 2);
      int best_d = 3;
      for (const CLI::Option* o : app.get_options())
        for (const std::string& l : o->get_lnames())
          if (const int d = EditDistance(name, l); d < best_d) best_d = d, hint = "; did you mean --" + l + "?";
      if (!hint.empty()) break;
    }
  }
  // CLI11 says "--total-nodes: At Most 1 required but received 2" when a
  // value is given twice, often once by each of its names (-n and
  // --total-nodes): say which names it has and which value would be lost.
  std::string what = e.what();
  if (const auto at = what.find(": At Most 1 required but received ");
      dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr && at != std::string::npos) {
    const std::string name = what.substr(0, at);
    std::vector<const CLI::App*> apps{&app};  // the option may be a subcommand's
    for (std::size_t k = 0; k < apps.size(); ++k) {
      for (const CLI::App* sub : apps[k]->get_subcommands([](const CLI::App*) { return true; })) apps.push_back(sub);
      for (const CLI::Option* o : apps[k]->get_options())
        if (o->check_name(name)) {
          std::string values;
          for (const std::string& r : o->results()) values += (values.empty() ? "" : ", ") + r;
          what = fmt::format("{} was given more than once (names: {}; values: {}); give it once", name,
                             o->get_name(false, true), values);
        }
    }
  }
  err << prog << ": error: " << EscapeControl(what) << hint << " (see --help)\n";
  return 1;
}

// Parses `value` with the enum's name table; an unknown value gets the list
// of canonical names (plus `extra`, names the caller maps itself) and the
// nearest one.
template <typename E, std::size_t N>
Status ParseEnum(const std::string& flag, const std::string& value, const EnumName<E> (&table)[N], E* out,
                 std::initializer_list<std::string_view> extra = {}) {
  if (ParseEnumName(table, value, out)) return Status::Ok();
  std::vector<std::string_view> names = CanonicalNames(table);
  names.insert(names.end(), extra.begin(), extra.end());
  std::string best;
  int best_d = 3;
  for (std::string_view n : names)
    if (const int d = EditDistance(value, n); d < best_d) best_d = d, best = n;
  return Status::Error(fmt::format("{}: unknown value '{}' (expected one of: {}){}", flag, value,
                                   fmt::join(names, ", "),
                                   best.empty() ? "" : fmt::format("; did you mean '{}'?", best)));
}

#define RETURN_IF_ERROR(expr)      \
  do {                             \
    Status _st = (expr);           \
    if (!_st.ok()) return _st;     \
  } while (0)

// The flags whose condition holds, in the order given: a refusal names the
// options the command line gave, not every option it could have.
inline std::vector<std::string> GivenFlags(std::initializer_list<std::pair<bool, const char*>> candidates) {
  std::vector<std::string> given;
  for (const auto& [set, flag] : candidates)
    if (set) given.emplace_back(flag);
  return given;
}

// Whether `text` (an error message) names `option` ("--tick") as a whole
// word: "--tick" is not in "--tick-x".
inline bool MentionsOption(std::string_view text, std::string_view option) {
  const auto word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_'; };
  for (std::size_t at = text.find(option); at != std::string_view::npos; at = text.find(option, at + 1)) {
    const std::size_t end = at + option.size();
    if ((at == 0 || !word(text[at - 1])) && (end == text.size() || !word(text[end]))) return true;
  }
  return false;
}

// A value from the command line, else from the environment variable Joulie
// uses for it (so its scripts' settings carry over), else empty.
inline std::string FlagOrEnv(const std::string& flag_value, const char* env) {
  if (!flag_value.empty()) return flag_value;
  const char* e = std::getenv(env);
  return e != nullptr ? std::string(e) : std::string();
}

inline Status ParseReal(const std::string& flag, const std::string& text, double lo, double hi, double* out) {
  std::string t = text;
  const std::string err = RealIn(lo, hi).operator()(t);
  if (!err.empty()) return Status::Error(flag + ": " + err);
  *out = std::stod(text);
  return Status::Ok();
}

// "[+]digits" in [lo, hi] (a TOML config writes `seed = +3`), else
// "FLAG: expected EXPECTED, got 'TEXT'": generate's counts and both seeds.
inline Status ParseUnsigned(std::string_view flag, std::string_view text, std::uint64_t lo, std::uint64_t hi,
                            std::string_view expected, std::uint64_t* out) {
  const std::string_view digits = text.substr(text.starts_with('+') ? 1 : 0);
  std::uint64_t v = 0;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos ||
      std::from_chars(digits.data(), digits.data() + digits.size(), v).ec != std::errc() || v < lo || v > hi)
    return Status::Error(fmt::format("{}: expected {}, got '{}'", flag, expected, text));
  *out = v;
  return Status::Ok();
}

// A time on the trace's clock: seconds or a duration ("86400", "24h", "1d"),
// else a calendar time read in `zone`, whose text is kept in *calendar so
// that an SWF run can place it with its header (cli/run.cc).
inline Status ParseTraceTime(const char* flag, const std::string& text, const std::string& zone, SimTime* t,
                             std::string* calendar) {
  if (double seconds = 0; ParseDurationText(text, &seconds)) {
    *t = static_cast<SimTime>(std::llround(seconds * kTicksPerSecond));
    return Status::Ok();
  }
  auto calendar_time = ParseCalendarTime(text, zone);
  if (!calendar_time.ok()) return calendar_time.status();
  // A number, but not in a form or range the clock takes (1e20, 10^13; -5
  // is a calendar reader's epoch time, refused later as before time 0):
  // said so, not "cannot parse".
  if (char* end = nullptr; !calendar_time.value() && !text.empty() &&
                           (std::strtod(text.c_str(), &end), end == text.c_str() + text.size()))
    return Status::Error(fmt::format("{}: '{}' is not a time on the trace's clock: give seconds as digits in [0, {}] "
                                     "(86400) or a duration (90m, 24h, 1d)",
                                     flag, text, kMaxInputSeconds));
  if (!calendar_time.value())
    return Status::Error(fmt::format(
        "{}: cannot parse '{}' as seconds (86400), a duration (24h, 1d) or a calendar time ('2024-05-01 08:00:00')",
        flag, text));
  *t = *calendar_time.value();
  *calendar = text;
  return Status::Ok();
}

}  // namespace clustersim
