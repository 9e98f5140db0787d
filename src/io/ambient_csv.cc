#include "io/ambient_csv.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "io/file_reader.h"
#include "io/number_parse.h"
#include "io/text_lines.h"
#include "model/text_escape.h"

namespace clustersim {
namespace {

bool Number(std::string_view s, double* out) {
  SimTime t = 0;  // decimal seconds are exact; the same parser serves °C
  if (ParseSeconds(s, &t) != ParseError::kOk) return false;
  *out = ToSeconds(t);
  return std::isfinite(*out);
}

// Outside air for a machine room's PUE and (with thermal_inlet=facility)
// its nodes' inlet: below absolute zero is a typo, and above 100 °C the
// PUE formula only sits at its clamp, so neither is run silently.
constexpr double kMinAmbientC = -273.15, kMaxAmbientC = 100;

Status CheckAmbientRange(double lo, double hi, const std::string& where) {
  if (lo < kMinAmbientC)
    return Status::Error(fmt::format("{} {} °C, below absolute zero ({} °C)", where, lo, kMinAmbientC));
  if (hi > kMaxAmbientC)
    return Status::Error(fmt::format("{} {} °C, above {} °C; the facility model is for outside air temperatures",
                                     where, hi, kMaxAmbientC));
  return Status::Ok();
}

}  // namespace

Result<Ambient> ParseAmbient(const std::string& text, const std::string& label) {
  Ambient a;
  std::error_code ec;
  if (text.ends_with(".csv") || std::filesystem::is_regular_file(text, ec)) {
    auto file = ReadFile(text);
    if (!file.ok()) return file.status();
    a.kind = Ambient::Kind::kSteps;
    LineCursor cursor(file.value().view());
    std::string_view line;
    std::vector<std::string_view> f;
    while (cursor.Next(&line)) {
      if (IsBlank(line)) continue;
      SplitCsv(line, &f);
      double t = 0, c = 0;
      if (f.size() != 2 || !Number(f[0], &t) || !Number(f[1], &c)) {
        // A header is names: a first row with a number in it (`0,-4O`, a
        // typo) is a bad row, not a header to skip without a word.
        const bool names = std::all_of(f.begin(), f.end(), [](std::string_view x) {
          return !x.empty() && (std::isalpha(static_cast<unsigned char>(x[0])) || x[0] == '_' || x[0] == '"');
        });
        if (a.steps.empty() && cursor.line_number() == 1 && names) continue;
        return Status::Error(fmt::format("{}:{}: expected time_s,temp_c", EscapeControl(text), cursor.line_number()));
      }
      if (!a.steps.empty() && t <= a.steps.back().first)
        return Status::Error(fmt::format("{}:{}: times must increase", EscapeControl(text), cursor.line_number()));
      if (Status st = CheckAmbientRange(c, c, fmt::format("{}:{}:", EscapeControl(text), cursor.line_number()));
          !st.ok())
        return st;
      a.steps.emplace_back(t, c);
    }
    if (!cursor.ok()) return Status::Error(cursor.Error(text));
    if (a.steps.empty()) return Status::Error(EscapeControl(text) + ": no ambient rows");
    a.sinusoid.base_c = a.steps.front().second;
    return a;
  }
  std::vector<std::string_view> parts;
  SplitCsv(text, &parts);
  double v[3] = {20, 0, 24};
  if (parts.size() != 1 && parts.size() != 3)
    return Status::Error(fmt::format("{}: expected C, BASE,AMPLITUDE,PERIOD_H or a CSV file, got '{}'", label,
                                     EscapeControl(text)));
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (!Number(parts[i], &v[i]))
      return Status::Error(fmt::format("{}: '{}' is not a number", label, EscapeControl(parts[i])));
  if (parts.size() == 3 && !(v[2] > 0)) return Status::Error(label + ": the period must be > 0 hours");
  a.sinusoid = {v[0], parts.size() == 3 ? v[1] : 0, v[2] * 3600};
  const double swing = std::abs(a.sinusoid.amplitude_c);
  const std::string where =
      swing > 0 ? fmt::format("{}: the ambient {} ± {} °C reaches", label, v[0], swing) : label + ":";
  if (Status st = CheckAmbientRange(v[0] - swing, v[0] + swing, where); !st.ok()) return st;
  return a;
}

}  // namespace clustersim
