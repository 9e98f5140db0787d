#include "io/resource_trace.h"

#include <fmt/format.h>

#include <iterator>

namespace clustersim {

ResourceTrace::ResourceTrace(std::int64_t capacity, TimeFormat f) : capacity_(capacity), format_(f) {
  csv_ = "time,free_nodes,allocated_nodes\n";
  Row(0, 0);
}

void ResourceTrace::Row(SimTime t, std::int64_t used) {
  AppendTime(&csv_, t, format_);
  // Replay may over-subscribe: free is reported as 0 then, never negative.
  fmt::format_to(std::back_inserter(csv_), ",{},{}\n", used > capacity_ ? 0 : capacity_ - used, used);
}

}  // namespace clustersim
