#include "io/jobs_csv.h"

#include <algorithm>

#include "io/schedule_csv.h"
#include "io/text_append.h"
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

void WriteJobsCsv(const Workload& w, const std::vector<JobRun>& runs, double tau, TextSink* sink) {
  std::string& out = sink->buf;
  out +=
      "job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,"
      "final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,"
      "allocated_resources,consumed_energy,metadata,actual_run_time,num_nodes,queue,bounded_slowdown,"
      "backfilled,busy_nodes_at_submit,clipped\n";
  const std::string wl = BaseName(w.name);
  const TimeFormat f = TimeFormat::kExact;
  auto sep = [&out] { out.push_back(','); };
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const Job& j = w.jobs[i];
    const JobRun& r = runs[i];
    const bool finished = IsFinished(r.state);
    AppendInt(&out, j.trace_id);
    sep();
    out += wl;
    out += ",fixed,";
    AppendTime(&out, j.submit, f);
    sep();
    AppendInt(&out, j.units);
    sep();
    AppendTime(&out, j.time_limit, f);
    out += r.state == JobState::kCompleted ? ",1," : ",0,";
    out += FinalState(r.state);
    sep();
    if (r.begin != kNoTime) AppendTime(&out, r.begin, f);
    sep();
    double bsld = 0;
    if (finished) {
      const SimTime exec = r.end - r.begin, ta = r.end - j.submit;
      AppendTime(&out, exec, f);
      sep();
      AppendTime(&out, r.end, f);
      sep();
      AppendTime(&out, r.begin - j.submit, f);
      sep();
      AppendTime(&out, ta, f);
      sep();
      if (exec > 0)
        AppendDouble(&out, static_cast<double>(ta) / static_cast<double>(exec));
      else
        out += "inf";
      bsld = BoundedSlowdown(ToSeconds(ta), ToSeconds(exec), tau);
    } else {
      out += ",,,,";
    }
    out += ",,-1,,";  // allocated_resources (counting pool: none), consumed_energy, metadata
    AppendTime(&out, j.run_time, f);
    sep();
    AppendInt(&out, j.units);
    sep();
    AppendQueue(&out, w, j);
    sep();
    if (finished) AppendDouble(&out, bsld);
    sep();
    out += r.backfilled ? '1' : '0';
    sep();
    AppendInt(&out, r.busy_at_submit);
    out += r.state == JobState::kTimeout ? ",1\n" : ",0\n";
    sink->Poll();
  }
}

std::string JobsCsv(const Workload& w, const std::vector<JobRun>& runs, double tau) {
  StringSink s;
  WriteJobsCsv(w, runs, tau, &s);
  return std::move(s.buf);
}

}  // namespace clustersim
