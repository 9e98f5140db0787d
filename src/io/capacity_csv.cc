#include "io/capacity_csv.h"

#include <fmt/format.h>

#include "io/file_reader.h"
#include "io/number_parse.h"
#include "io/text_lines.h"
#include "io/time_format.h"
#include "io/timestamp.h"

namespace clustersim {

namespace {

std::string_view Unquote(std::string_view s) {
  s = Trim(s);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = Trim(s.substr(1, s.size() - 2));
  return s;
}

bool IsHeader(std::string_view a, std::string_view b) {
  return (a == "time" || a == "timestamp") && (b == "total_nodes" || b == "nodes" || b == "capacity");
}

}  // namespace

Result<CapacitySchedule> ParseCapacitySchedule(std::string_view text, const std::string& name,
                                               const std::string& timezone, std::int64_t total_units,
                                               SimTime clock_start) {
  auto parser = TimestampParser::Create(timezone);
  if (!parser.ok()) return parser.status();
  CapacitySchedule out;
  bool first = true;
  LineCursor lines(text);
  for (std::string_view raw; lines.Next(&raw);) {
    const std::string_view line = Trim(raw);
    if (line.empty() || line.front() == '#') continue;
    const std::string where = fmt::format("{}:{}", name, lines.line_number());
    const std::size_t comma = line.find(',');
    if (comma == std::string_view::npos || line.find(',', comma + 1) != std::string_view::npos)
      return Status::Error(where + ": expected two fields, time,total_nodes");
    const std::string_view time_text = Unquote(line.substr(0, comma)), units_text = Unquote(line.substr(comma + 1));
    const bool header = first && IsHeader(time_text, units_text);
    first = false;
    if (header) continue;
    ParsedTime pt;
    switch (parser.value()->Parse(time_text, &pt)) {
      case TimestampParser::Outcome::kOk: break;
      case TimestampParser::Outcome::kMixed:
        return Status::Error(where + ": mixed_timestamps: '" + std::string(time_text) +
                             "' is not in the encoding of the first row (epoch seconds or calendar time)");
      case TimestampParser::Outcome::kRange:
        return Status::Error(fmt::format("{}: number_out_of_range: time '{}' is out of range (|t| <= {} s)", where,
                                         time_text, kMaxInputSeconds));
      default:
        return Status::Error(where + ": bad_time: '" + std::string(time_text) +
                             "' is neither epoch seconds nor a calendar time");
    }
    std::int64_t units = 0;
    if (ParseInt(units_text, &units) != ParseError::kOk)
      return Status::Error(where + ": bad_total_nodes: '" + std::string(units_text) + "' is not an integer");
    if (units < 0 || units > total_units)
      return Status::Error(fmt::format("{}: total_nodes_out_of_range: {} is outside [0, {}] (--total_nodes)", where,
                                       units, total_units));
    if (clock_start != kNoTime && pt.t < clock_start)
      return Status::Error(fmt::format("{}: time_before_start: a change at {} s is before time {} s, where the "
                                       "simulation clock starts",
                                       where, FormatTime(pt.t, TimeFormat::kExact),
                                       FormatTime(clock_start, TimeFormat::kExact)));
    if (!out.empty() && pt.t <= out.back().time)
      return Status::Error(where + ": time_not_increasing: change times must strictly increase");
    out.push_back({pt.t, units});
  }
  if (!lines.ok()) return Status::Error(lines.Error(name));
  if (out.empty()) return Status::Error(name + ": no change points (expected rows time,total_nodes)");
  return out;
}

Result<CapacitySchedule> ReadCapacitySchedule(const std::string& path, const std::string& timezone,
                                              std::int64_t total_units, SimTime clock_start) {
  auto text = ReadFileContents(path);
  if (!text.ok()) return text.status();
  return ParseCapacitySchedule(text.value(), path, timezone, total_units, clock_start);
}

}  // namespace clustersim
