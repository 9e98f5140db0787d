#include "report/csv_table.h"

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string_view>

#include "io/file_reader.h"
#include "io/text_lines.h"
#include "model/text_escape.h"

namespace clustersim {

double CsvNumber(std::string_view s) {
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf") return -std::numeric_limits<double>::infinity();
  double v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nan("");
  return v;
}

Result<CsvTable> ReadCsvTable(const std::string& path, const std::vector<std::string>& numeric,
                              const std::vector<std::string>& text, bool required) {
  auto contents = ReadFile(path);  // mapped: RICC's jobs.csv is 70 MB
  if (!contents.ok()) return contents.status();
  LineCursor lines(contents.value().view());
  std::string_view line;
  std::vector<std::string_view> header, f;
  std::vector<std::string> absent;
  if (!lines.Next(&line) || !SplitCsv(line, &header))
    return Status::Error(fmt::format("{}:1: expected a CSV header", path));
  auto find = [&](std::string_view name) -> Result<long> {
    const bool optional = !name.empty() && name.back() == '?';
    if (optional) name.remove_suffix(1);
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<long>(i);
    if (required && !optional) return Status::Error(fmt::format("{}:1: no column '{}'", path, name));
    absent.emplace_back(name);
    return -1L;
  };
  std::vector<long> num_at, text_at;
  for (const auto& n : numeric) {
    auto i = find(n);
    if (!i.ok()) return i.status();
    num_at.push_back(i.value());
  }
  for (const auto& n : text) {
    auto i = find(n);
    if (!i.ok()) return i.status();
    text_at.push_back(i.value());
  }
  const std::size_t columns = header.size();
  CsvTable t;
  t.absent = std::move(absent);
  t.numbers.resize(numeric.size());
  t.texts.resize(text.size());
  while (lines.Next(&line)) {
    if (IsBlank(line)) continue;
    // A quoted field may hold a line break (RFC 4180; a trace file name with
    // one goes into jobs.csv so): the record goes on over the next lines,
    // which follow it in the same buffer.
    const std::int64_t first_line = lines.line_number();
    while (!SplitCsv(line, &f)) {
      std::string_view more;
      if (!lines.Next(&more)) return Status::Error(fmt::format("{}:{}: unterminated quote", path, first_line));
      line = std::string_view(line.data(), static_cast<std::size_t>(more.data() + more.size() - line.data()));
    }
    if (f.size() < columns)
      return Status::Error(
          fmt::format("{}:{}: {} fields, the header has {}", path, lines.line_number(), f.size(), columns));
    for (std::size_t k = 0; k < num_at.size(); ++k) {
      if (num_at[k] < 0) {
        t.numbers[k].push_back(std::nan(""));
        continue;
      }
      // Empty (or nan) is "no value" (a job that never started); text where a
      // number belongs is a damaged file, drawn wrong without a word.
      const std::string_view field = f[static_cast<std::size_t>(num_at[k])];
      const double v = CsvNumber(field);
      if (std::isnan(v) && !field.empty() && field != "nan" && field != "-nan") {
        std::string_view name = numeric[k];
        if (name.ends_with('?')) name.remove_suffix(1);
        return Status::Error(fmt::format("{}:{}: column '{}': '{}' is not a number", path, first_line, name,
                                         EscapeControl(std::string(field))));
      }
      t.numbers[k].push_back(v);
    }
    for (std::size_t k = 0; k < text_at.size(); ++k)
      t.texts[k].emplace_back(text_at[k] < 0 ? std::string_view() : f[static_cast<std::size_t>(text_at[k])]);
    ++t.rows;
  }
  if (!lines.ok()) return Status::Error(lines.Error(path));
  return t;
}

}  // namespace clustersim
