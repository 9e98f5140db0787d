#include "io/verbose_log.h"

#include <ostream>

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
        << "  Resources allocated: " << w_.jobs[id].units << " nodes, " << Free(used) << "/" << capacity_
        << " remaining\n";
}

void VerboseLog::OnEnd(JobId id, SimTime t, std::int64_t used) {
  *out_ << "Job " << w_.jobs[id].trace_id << " ended at " << FormatTime(t, format_) << "\n"
        << "  Resources freed: " << w_.jobs[id].units << " nodes, now " << Free(used) << "/" << capacity_
        << " free\n";
}

void VerboseLog::OnCapacity(SimTime t, std::int64_t capacity, std::int64_t used) {
  capacity_ = capacity;
  *out_ << "Capacity changed at " << FormatTime(t, format_) << " to " << capacity << " nodes, " << Free(used)
        << " free\n";
}

}  // namespace clustersim
