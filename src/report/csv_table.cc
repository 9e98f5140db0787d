#include "report/csv_table.h"

#include <fmt/format.h>

#include <charconv>
#include <fstream>
#include <limits>
#include <sstream>
#include <string_view>

namespace clustersim {
namespace {

// Splits one line into fields; quoted fields lose their quotes.
void SplitFields(std::string_view line, std::vector<std::string>* out) {
  out->clear();
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      out->push_back(std::move(field));
      field.clear();
    } else {
      field += ch;
    }
  }
  out->push_back(std::move(field));
}

double ToNumber(const std::string& s) {
  if (s == "inf") return std::numeric_limits<double>::infinity();
  double v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nan("");
  return v;
}

}  // namespace

Result<CsvTable> ReadCsvTable(const std::string& path, const std::vector<std::string>& numeric,
                              const std::vector<std::string>& text, bool required) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(fmt::format("{}: cannot open", path));
  std::string line;
  if (!std::getline(in, line)) return Status::Error(fmt::format("{}:1: empty file, expected a CSV header", path));
  std::vector<std::string> header;
  SplitFields(line, &header);
  auto find = [&](const std::string& name) -> Result<long> {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<long>(i);
    if (required) return Status::Error(fmt::format("{}:1: no column '{}'", path, name));
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
  CsvTable t;
  t.numbers.resize(numeric.size());
  t.texts.resize(text.size());
  std::vector<std::string> f;
  std::size_t lineno = 1;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    SplitFields(line, &f);
    if (f.size() < header.size())
      return Status::Error(
          fmt::format("{}:{}: {} fields, the header has {}", path, lineno, f.size(), header.size()));
    for (std::size_t k = 0; k < num_at.size(); ++k)
      t.numbers[k].push_back(num_at[k] < 0 ? std::nan("") : ToNumber(f[static_cast<std::size_t>(num_at[k])]));
    for (std::size_t k = 0; k < text_at.size(); ++k)
      t.texts[k].push_back(text_at[k] < 0 ? std::string() : f[static_cast<std::size_t>(text_at[k])]);
    ++t.rows;
  }
  return t;
}

}  // namespace clustersim
