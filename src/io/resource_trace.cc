#include "io/resource_trace.h"

#include "io/text_append.h"

namespace clustersim {

ResourceTrace::ResourceTrace(std::int64_t capacity, TimeFormat f, TextSink* sink)
    : capacity_(capacity), format_(f), sink_(sink ? sink : &own_) {
  sink_->buf += "time,free_nodes,allocated_nodes\n";
  Row(0, 0);
}

void ResourceTrace::Row(SimTime t, std::int64_t used) {
  std::string& out = sink_->buf;
  AppendTime(&out, t, format_);
  out.push_back(',');
  // Replay may over-subscribe: free is reported as 0 then, never negative.
  AppendInt(&out, used > capacity_ ? 0 : capacity_ - used);
  out.push_back(',');
  AppendInt(&out, used);
  out.push_back('\n');
  sink_->Poll();
}

}  // namespace clustersim
