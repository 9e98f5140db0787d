#include "io/verbose_log.h"

#include <ostream>
#include <string>

namespace clustersim {

void VerboseLog::OnSubmit(JobId id, SimTime t) {
  *out_ << "Job " << w_.jobs[id].trace_id << " submitted at " << FormatTime(t, format_) << " ("
        << w_.jobs[id].units << " nodes)\n";
}

void VerboseLog::OnReject(JobId id, SimTime t) {
  *out_ << "Job " << w_.jobs[id].trace_id << " rejected at " << FormatTime(t, format_) << " ("
        << w_.jobs[id].units << " nodes)\n";
}

void VerboseLog::OnStart(JobId id, SimTime t, std::int64_t used) {
  *out_ << "Job " << w_.jobs[id].trace_id << " started at " << FormatTime(t, format_) << "\n"
        // What the pool took: a `pall` job replayed from an LLNL history holds none.
        << "  Resources allocated: " << used - used_ << " nodes, " << Free(used) << "/" << capacity_
        << " remaining\n";
  used_ = used;
}

void VerboseLog::OnEnd(JobId id, SimTime t, std::int64_t used) {
  // What the pool got back (pods that ended first already gave theirs).
  const std::int64_t freed = used_ - used;
  *out_ << "Job " << w_.jobs[id].trace_id << " ended at " << FormatTime(t, format_) << "\n"
        << "  Resources freed: " << freed << " nodes, now " << Free(used) << "/" << capacity_ << " free\n";
  used_ = used;
}

void VerboseLog::OnPodEnd(JobId id, std::uint32_t pod, SimTime t, std::int64_t used) {
  const std::int64_t freed = used_ - used;
  const std::string& name = pod < w_.pods.size() ? w_.pods[pod].name : std::to_string(pod);
  *out_ << "Pod " << name << " of job " << w_.jobs[id].trace_id << " ended at " << FormatTime(t, format_) << "\n"
        << "  Resources freed: " << freed << " nodes, now " << Free(used) << "/" << capacity_ << " free\n";
  used_ = used;
}

// The size in force at a warm start, said as a change when the schedule
// changed it before T (the log shows no earlier event).
void VerboseLog::OnWarmStart(SimTime t, std::int64_t capacity) {
  if (capacity != capacity_) OnCapacity(t, capacity, 0);
}

void VerboseLog::OnCapacity(SimTime t, std::int64_t capacity, std::int64_t used) {
  capacity_ = capacity;
  *out_ << "Capacity changed at " << FormatTime(t, format_) << " to " << capacity << " nodes, " << Free(used)
        << " free\n";
  used_ = used;
}

}  // namespace clustersim
