#pragma once
// Allocation-free appends of numbers to a std::string, for the output
// writers' hot loops (fmt's back_insert_iterator path is several times
// slower on million-row outputs). Doubles use the shortest representation
// that round-trips (std::to_chars), which is deterministic across runs.

#include <charconv>
#include <cstdint>
#include <string>

namespace clustersim {

inline void AppendInt(std::string* out, std::int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, r.ptr);
}

inline void AppendDouble(std::string* out, double v) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, r.ptr);
}

}  // namespace clustersim
