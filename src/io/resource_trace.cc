#include "io/resource_trace.h"

#include "io/row_writer.h"

namespace clustersim {

ResourceTrace::ResourceTrace(std::int64_t capacity, TimeFormat f, TextSink* sink)
    : capacity_(capacity), format_(f), sink_(sink ? sink : &own_) {
  sink_->buf += "time,free_nodes,allocated_nodes\n";
  Row(0, 0);
}

void ResourceTrace::Row(SimTime t, std::int64_t used) {
  {
    RowWriter row(&sink_->buf);
    // Replay may over-subscribe, and a capacity reduction leaves running
    // jobs above the new size: free is reported as 0 then, never negative.
    row.Time(t, format_).Char(',').Int(used > capacity_ ? 0 : capacity_ - used).Char(',').Int(used).Char('\n');
  }
  sink_->Poll();
}

}  // namespace clustersim
