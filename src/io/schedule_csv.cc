#include "io/schedule_csv.h"

#include "io/text_append.h"

namespace clustersim {

void WriteScheduleCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f, TextSink* sink) {
  std::string& out = sink->buf;
  out += "job_submit_time,begin_time,end_time,num_nodes,exit_status";
  if (w.has_queue_column) out += "," + w.queue_column;
  out += ",time_limit\n";
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const JobRun& r = runs[i];
    if (!IsFinished(r.state)) continue;
    const Job& j = w.jobs[i];
    AppendTime(&out, j.submit, f);
    out += ',';
    AppendTime(&out, r.begin, f);
    out += ',';
    AppendTime(&out, r.end, f);
    out += ',';
    AppendInt(&out, j.units);
    out += ",0,";
    if (w.has_queue_column) {
      AppendQueue(&out, w, j);
      out += ',';
    }
    // Limits are durations; always exact so a replay keeps them.
    AppendTime(&out, j.time_limit, TimeFormat::kExact);
    out += '\n';
    sink->Poll();
  }
}

void AppendQueue(std::string* out, const Workload& w, const Job& j) {
  if (w.queue_column == "queue" && j.queue >= 0 && static_cast<std::size_t>(j.queue) < w.queue_names.size())
    *out += w.queue_names[static_cast<std::size_t>(j.queue)];
  else
    AppendInt(out, j.queue);
}

std::string ScheduleCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f) {
  StringSink s;
  WriteScheduleCsv(w, runs, f, &s);
  return std::move(s.buf);
}

}  // namespace clustersim
