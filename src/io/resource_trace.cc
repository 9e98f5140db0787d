#include "io/resource_trace.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "io/row_writer.h"

namespace clustersim {

ResourceTrace::ResourceTrace(std::int64_t capacity, TimeFormat f, TextSink* sink, const Workload* pcon)
    : pcon_(pcon != nullptr && pcon->has_pcon ? pcon : nullptr),
      capacity_(capacity),
      format_(f),
      sink_(sink ? sink : &own_) {
  sink_->buf += pcon_ != nullptr ? "time,free_nodes,allocated_nodes,avgpcon,minpcon,maxpcon\n" : "time,free_nodes,allocated_nodes\n";
}

void ResourceTrace::WriteRow(SimTime t, std::int64_t used) {
  {
    RowWriter row(&sink_->buf);
    // Replay may over-subscribe, and a capacity reduction leaves running
    // jobs above the new size: free is reported as 0 then, never negative.
    row.Time(t, format_).Char(',').Int(used > capacity_ ? 0 : capacity_ - used).Char(',').Int(used);
    if (pcon_ != nullptr)
      for (const Sum s : {power_.avg, power_.min, power_.max})
        row.Char(',').Time(static_cast<std::int64_t>(std::clamp<Sum>(s, 0, std::numeric_limits<std::int64_t>::max())),
                           TimeFormat::kExact);
    row.Char('\n');
  }
  sink_->Poll();
}

}  // namespace clustersim
