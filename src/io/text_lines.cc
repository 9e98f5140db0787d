#include "io/text_lines.h"

#include <algorithm>
#include <cstring>

#include "io/file_reader.h"
#include "model/text_escape.h"

namespace clustersim {

LineCursor::LineCursor(std::string_view text) : text_(text) {
  if (text_.size() >= 3 && text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
}

bool LineCursor::Next(std::string_view* line) {
  if (pos_ >= text_.size() || error_ != nullptr) return false;
  const char* base = text_.data() + pos_;
  const void* nl = std::memchr(base, '\n', text_.size() - pos_);
  size_t len = nl ? static_cast<const char*>(nl) - base : text_.size() - pos_;
  if (len > kMaxLineBytes || line_no_ >= kMaxLines) {
    error_ = len > kMaxLineBytes ? "line_too_long" : "too_many_lines";
    ++line_no_;
    return false;
  }
  pos_ += len + (nl ? 1 : 0);
  if (len > 0 && base[len - 1] == '\r') --len;
  *line = std::string_view(base, len);
  ++line_no_;
  return true;
}

std::string LineCursor::Error(const std::string& name) const {
  if (error_ == nullptr) return "";
  if (std::strcmp(error_, "line_too_long") == 0)
    return EscapeControl(name) + ":" + std::to_string(line_no_) + ": line_too_long: a line is longer than " +
           std::to_string(kMaxLineBytes) + " bytes; this is not a text trace or configuration";
  return EscapeControl(name) + ": too_many_lines: more than " + std::to_string(kMaxLines) + " lines; split the trace";
}

bool IsBlank(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

std::string UnescapeCsvQuotes(std::string_view field) {
  std::string out;
  out.reserve(field.size());
  for (std::size_t i = 0; i < field.size(); ++i) {
    out += field[i];
    if (field[i] == '"' && i + 1 < field.size() && field[i + 1] == '"') ++i;
  }
  return out;
}

bool SplitCsv(std::string_view line, std::vector<std::string_view>* fields) {
  fields->clear();
  // Lines without quotes (nearly all) in one pass over the bytes: fields are
  // short, so a library search per comma cost more in calls than it saved.
  const char* const begin = line.data();
  const char* const end = begin + line.size();
  const char* field = begin;
  const char* p = begin;
  for (; p < end && *p != '"'; ++p) {
    if (*p == ',') {
      fields->emplace_back(field, static_cast<size_t>(p - field));
      field = p + 1;
    }
  }
  if (p == end) {
    fields->emplace_back(field, static_cast<size_t>(end - field));
    return true;
  }
  fields->clear();  // a quote: start over with the quote-aware split
  size_t i = 0;
  while (true) {
    // Skip leading spaces before a possible opening quote.
    size_t j = i;
    while (j < line.size() && line[j] == ' ') ++j;
    if (j < line.size() && line[j] == '"') {
      size_t k = j + 1;
      while (true) {
        if (k >= line.size()) return false;  // unterminated quote
        if (line[k] == '"') {
          if (k + 1 < line.size() && line[k + 1] == '"') {
            k += 2;
            continue;
          }
          break;
        }
        ++k;
      }
      fields->push_back(line.substr(j + 1, k - j - 1));
      size_t comma = line.find(',', k + 1);
      if (comma == std::string_view::npos) return true;
      i = comma + 1;
    } else {
      size_t comma = line.find(',', i);
      if (comma == std::string_view::npos) {
        fields->push_back(line.substr(i));
        return true;
      }
      fields->push_back(line.substr(i, comma - i));
      i = comma + 1;
    }
  }
}

void SplitWhitespace(std::string_view line, std::vector<std::string_view>* fields) {
  fields->clear();
  size_t i = 0, n = line.size();
  while (true) {
    while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= n) return;
    size_t start = i;
    while (i < n && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    fields->push_back(line.substr(start, i - start));
  }
}

int EditDistance(std::string_view a, std::string_view b) {
  std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace clustersim
