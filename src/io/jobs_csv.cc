#include "io/jobs_csv.h"

#include <algorithm>

#include "io/schedule_csv.h"
#include "io/row_writer.h"
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

void WriteJobsCsv(const Workload& w, const std::vector<JobRun>& runs, double tau, TextSink* sink,
                  const JobsCsvExtra* extra) {
  std::string& out = sink->buf;
  out +=
      "job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,"
      "final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,"
      "allocated_resources,consumed_energy,metadata,actual_run_time,num_nodes,queue,bounded_slowdown,"
      "backfilled,busy_nodes_at_submit,clipped,status,allocated_units";
  if (extra != nullptr) out += extra->header;
  out += '\n';
  const std::string wl = BaseName(w.name);
  const TimeFormat f = TimeFormat::kExact;
  RowWriter row(&out);
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const Job& j = w.jobs[i];
    const JobRun& r = runs[i];
    const bool finished = IsFinished(r.state);
    row.Int(j.trace_id).Char(',').Field(wl).Text(",fixed,").Time(j.submit, f).Char(',').Int(j.units).Char(',');
    row.Time(j.time_limit, f).Text(r.state == JobState::kCompleted ? ",1," : ",0,").Text(FinalState(r.state));
    row.Char(',');
    if (r.begin != kNoTime) row.Time(r.begin, f);
    row.Char(',');
    double bsld = 0;
    if (finished) {
      const SimTime exec = r.end - r.begin, ta = r.end - j.submit;
      row.Time(exec, f).Char(',').Time(r.end, f).Char(',').Time(r.begin - j.submit, f).Char(',');
      row.Time(ta, f).Char(',');
      if (exec > 0)
        row.Double(static_cast<double>(ta) / static_cast<double>(exec));
      else
        row.Text("inf");
      bsld = BoundedSlowdown(ToSeconds(ta), ToSeconds(exec), tau);
    } else {
      row.Text(",,,,");
    }
    row.Text(",,");  // allocated_resources: the counting pool names no nodes (see `nodes`)
    if (extra != nullptr && extra->consumed_energy) {
      row.Flush();
      extra->consumed_energy(static_cast<JobId>(i), &out);
    } else {
      row.Text("-1");
    }
    row.Text(",,");  // metadata
    row.Time(j.run_time, f).Char(',').Int(j.units).Char(',');
    WriteQueue(&row, w, j);
    row.Char(',');
    if (finished) row.Double(bsld);
    row.Char(',').Char(r.backfilled ? '1' : '0').Char(',').Int(r.busy_at_submit);
    row.Text(r.state == JobState::kTimeout ? ",1," : ",0,").Text(JobStateName(r.state)).Char(',');
    // A pool allocates exactly the request's units; a replayed pall job holds none (DedicatedAccessJobs).
    row.Int(r.begin != kNoTime && !r.holds_no_units ? j.units : 0);
    row.Flush();
    if (extra != nullptr) extra->cells(static_cast<JobId>(i), &out);
    out += '\n';
    sink->Poll();
  }
}

std::string JobsCsv(const Workload& w, const std::vector<JobRun>& runs, double tau) {
  StringSink s;
  WriteJobsCsv(w, runs, tau, &s);
  return std::move(s.buf);
}

}  // namespace clustersim
