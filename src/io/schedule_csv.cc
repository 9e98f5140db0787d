#include "io/schedule_csv.h"

#include "io/row_writer.h"

namespace clustersim {

void WriteScheduleCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f, TextSink* sink,
                      bool job_id_column) {
  std::string& out = sink->buf;
  out += "job_submit_time,begin_time,end_time,num_nodes,exit_status";
  if (w.has_queue_column) out += "," + w.queue_column;
  out += ",time_limit";
  if (w.has_pcon) out += ",avgpcon,minpcon,maxpcon";
  out += job_id_column ? ",job_id\n" : "\n";
  RowWriter row(&out);
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const JobRun& r = runs[i];
    if (!IsFinished(r.state)) continue;
    const Job& j = w.jobs[i];
    row.Time(j.submit, f).Char(',').Time(r.begin, f).Char(',').Time(r.end, f).Char(',').Int(j.units);
    row.Text(",0,");
    if (w.has_queue_column) {
      WriteQueue(&row, w, j);
      row.Char(',');
    }
    // Limits are durations; always exact so a replay keeps them.
    row.Time(j.time_limit, TimeFormat::kExact);
    if (w.has_pcon) {
      const PowerDraw p = j.pcon >= 0 ? w.pcon[static_cast<std::size_t>(j.pcon)] : PowerDraw{};
      // Exact decimals: the same fixed point as times.
      row.Char(',').Time(p.avg, TimeFormat::kExact).Char(',').Time(p.min, TimeFormat::kExact).Char(',');
      row.Time(p.max, TimeFormat::kExact);
    }
    if (job_id_column) row.Char(',').Int(j.trace_id);  // as in jobs.csv and placements.csv
    row.Char('\n');
    row.Flush();
    sink->Poll();
  }
}

void WriteRejectedCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f, TextSink* sink) {
  sink->buf += "job_id,job_submit_time,num_nodes,time_limit\n";
  RowWriter row(&sink->buf);
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    if (runs[i].state != JobState::kRejected) continue;
    const Job& j = w.jobs[i];
    row.Int(j.trace_id).Char(',').Time(j.submit, f).Char(',').Int(j.units).Char(',');
    row.Time(j.time_limit, TimeFormat::kExact).Char('\n');
    row.Flush();
    sink->Poll();
  }
}

void WriteQueue(RowWriter* row, const Workload& w, const Job& j) {
  if (w.queue_column == "queue" && j.queue >= 0 && static_cast<std::size_t>(j.queue) < w.queue_names.size())
    row->Field(w.queue_names[static_cast<std::size_t>(j.queue)]);
  else
    row->Int(j.queue);
}

std::string ScheduleCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f) {
  StringSink s;
  WriteScheduleCsv(w, runs, f, &s);
  return std::move(s.buf);
}

}  // namespace clustersim
