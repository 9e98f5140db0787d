#pragma once
// RowWriter: builds an output row in a fixed buffer and appends it to the
// output string in one go. Appending field by field (a capacity check and a
// memcpy call each) was most of the cost of writing jobs.csv: 2,980
// instructions per job on KTH. Text longer than the space left (a queue
// name, a workload name) goes straight to the string, so rows have no limit.

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "io/time_format.h"

namespace clustersim {

// Appends `s` as one CSV field: as is, or in quotes with each quote doubled
// (RFC 4180) when it holds a comma, a quote or a line break, or starts or
// ends with a space or tab (which readers trim from an unquoted field).
inline bool CsvFieldNeedsQuotes(std::string_view s) {
  const auto space = [](char ch) { return ch == ' ' || ch == '\t'; };
  return s.find_first_of(",\"\r\n") != std::string_view::npos || (!s.empty() && (space(s.front()) || space(s.back())));
}
inline void AppendCsvField(std::string* out, std::string_view s) {
  if (!CsvFieldNeedsQuotes(s)) {
    out->append(s);
    return;
  }
  *out += '"';
  for (const char ch : s) {
    if (ch == '"') *out += '"';
    *out += ch;
  }
  *out += '"';
}

class RowWriter {
 public:
  explicit RowWriter(std::string* out) : out_(out) {}
  ~RowWriter() { Flush(); }
  RowWriter(const RowWriter&) = delete;
  RowWriter& operator=(const RowWriter&) = delete;

  RowWriter& Int(std::int64_t v) {
    Room(24);
    p_ = std::to_chars(p_, end(), v).ptr;
    return *this;
  }
  // Shortest representation that round-trips (deterministic), except that
  // whole numbers below 2^53 (every one a double holds exactly) are written
  // in full: the shortest form of 100,000 is "1e+05", which sat beside
  // "80000" in one column. Below 10,000 (a stretch or slowdown of exactly
  // 1, the common case) this is also ten times cheaper than to_chars.
  RowWriter& Double(double v) {
    if (v >= 0 && v < 10000 && !std::signbit(v) && v == static_cast<double>(static_cast<int>(v)))
      return Int(static_cast<int>(v));
    if (std::fabs(v) < 0x1p53 && v == std::trunc(v) && v != 0) return Int(static_cast<std::int64_t>(v));
    Room(32);
    p_ = std::to_chars(p_, end(), v).ptr;
    return *this;
  }
  RowWriter& Time(SimTime t, TimeFormat f) {
    Room(kMaxTimeChars);
    p_ = PutTime(p_, t, f);
    return *this;
  }
  RowWriter& Char(char c) {
    Room(1);
    *p_++ = c;
    return *this;
  }
  RowWriter& Text(std::string_view s) {
    if (s.size() > static_cast<std::size_t>(end() - p_)) {
      Flush();
      if (s.size() > sizeof buf_) return out_->append(s), *this;
    }
    std::memcpy(p_, s.data(), s.size());
    p_ += s.size();
    return *this;
  }
  // A name from the input (a pod, a node, a queue, a file): quoted as
  // AppendCsvField says, so a row keeps its columns and a name its spaces;
  // as is otherwise (the common case costs one scan).
  RowWriter& Field(std::string_view s) {
    if (!CsvFieldNeedsQuotes(s)) return Text(s);
    Flush();
    AppendCsvField(out_, s);
    return *this;
  }
  // Appends what is buffered; the destructor does it too.
  void Flush() {
    out_->append(buf_, p_);
    p_ = buf_;
  }

 private:
  char* end() { return buf_ + sizeof buf_; }
  void Room(std::size_t n) {
    if (static_cast<std::size_t>(end() - p_) < n) Flush();
  }

  std::string* out_;
  char buf_[512];
  char* p_ = buf_;
};

}  // namespace clustersim
