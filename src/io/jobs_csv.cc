#include "io/jobs_csv.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "io/time_format.h"

namespace clustersim {
namespace {

const char* FinalState(JobState s) {
  switch (s) {
    case JobState::kCompleted: return "COMPLETED_SUCCESSFULLY";
    case JobState::kTimeout: return "COMPLETED_WALLTIME_REACHED";
    case JobState::kRejected: return "REJECTED";
    default: return "UNFINISHED";
  }
}

std::string BaseName(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string JobsCsv(const Workload& w, const std::vector<JobRun>& runs, double tau) {
  std::string out =
      "job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,"
      "final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,"
      "allocated_resources,consumed_energy,metadata,actual_run_time,num_nodes,queue,bounded_slowdown,"
      "backfilled,busy_nodes_at_submit,clipped\n";
  out.reserve(w.jobs.size() * 160);
  const std::string wl = BaseName(w.name);
  auto it = std::back_inserter(out);
  const TimeFormat f = TimeFormat::kExact;
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const Job& j = w.jobs[i];
    const JobRun& r = runs[i];
    const bool finished = r.state == JobState::kCompleted || r.state == JobState::kTimeout;
    const bool started = r.begin != kNoTime;
    fmt::format_to(it, "{},{},fixed,{},{},{},{},{},", j.trace_id, wl, FormatTime(j.submit, f), j.units,
                   FormatTime(j.time_limit, f), r.state == JobState::kCompleted ? 1 : 0, FinalState(r.state));
    if (started) {
      AppendTime(&out, r.begin, f);
    }
    out += ',';
    if (finished) {
      const SimTime exec = r.end - r.begin, ta = r.end - j.submit;
      const double stretch_v = exec > 0 ? static_cast<double>(ta) / static_cast<double>(exec) : 0;
      const double rt = ToSeconds(exec);
      const double bsld = std::max(1.0, ToSeconds(ta) / std::max(rt, tau));
      fmt::format_to(it, "{},{},{},{},{},", FormatTime(exec, f), FormatTime(r.end, f),
                     FormatTime(r.begin - j.submit, f), FormatTime(ta, f),
                     exec > 0 ? fmt::format("{}", stretch_v) : std::string("inf"));
      fmt::format_to(it, ",-1,,{},{},{},{},{},{},{}\n", FormatTime(j.run_time, f), j.units, j.queue, bsld,
                     r.backfilled ? 1 : 0, r.busy_at_submit, r.state == JobState::kTimeout ? 1 : 0);
    } else {
      fmt::format_to(it, ",,,,,,-1,,{},{},{},,{},{},0\n", FormatTime(j.run_time, f), j.units, j.queue,
                     r.backfilled ? 1 : 0, r.busy_at_submit);
    }
  }
  return out;
}

}  // namespace clustersim
