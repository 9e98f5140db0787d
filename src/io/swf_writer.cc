#include "io/swf_writer.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "io/number_parse.h"
#include "io/row_writer.h"
#include "io/swf_reader.h"
#include "io/text_lines.h"

namespace clustersim {
namespace {

// A record line as the reader takes it: 18 fields or more, each of the 18 a
// number ParseSeconds reads (so "1.0" and "+2" are job numbers, as there).
struct Record {
  std::int64_t number = 0;
  SimTime submit = 0, run = 0;
  std::size_t index = 0;  // among the file's record lines
};

bool ReadRecord(std::string_view line, std::vector<std::string_view>* fields, Record* r) {
  SplitWhitespace(line, fields);
  if (fields->size() < kSwfFieldCount) return false;
  for (int i = 0; i < kSwfFieldCount; ++i) {
    SimTime v = 0;
    if (ParseSeconds((*fields)[static_cast<std::size_t>(i)], &v) != ParseError::kOk) return false;
    if (i == kSwfJobNumber) r->number = v / kTicksPerSecond;
    if (i == kSwfSubmit) r->submit = v;
    if (i == kSwfRun) r->run = v;
  }
  return true;
}

bool IsRecordLine(std::string_view t) { return !t.empty() && t.front() != ';'; }

// The job each record line became (kNoJob if none). A number normally names
// one record and one job. Where it repeats, a record pairs first with a job
// of its number, submit and run time, then of its number and submit; only
// when every record of the number became a job (none dropped or cut) may
// one pair with another submit (a policy moved it: pyss's -5 -> 1).
constexpr JobId kNoJob = static_cast<JobId>(-1);

std::vector<JobId> MatchRecords(std::vector<Record> records, const Workload& w) {
  std::vector<JobId> job_of(records.size(), kNoJob);
  std::vector<std::pair<std::int64_t, JobId>> jobs(w.jobs.size());
  for (JobId id = 0; id < w.jobs.size(); ++id) jobs[id] = {w.jobs[id].trace_id, id};
  std::sort(jobs.begin(), jobs.end());
  std::stable_sort(records.begin(), records.end(),
                   [](const Record& a, const Record& b) { return a.number < b.number; });
  std::vector<std::uint8_t> taken(jobs.size(), 0);
  std::size_t j = 0;
  for (std::size_t r = 0; r < records.size();) {
    const std::int64_t n = records[r].number;
    std::size_t r_end = r;
    while (r_end < records.size() && records[r_end].number == n) ++r_end;
    while (j < jobs.size() && jobs[j].first < n) ++j;
    std::size_t j_end = j;
    while (j_end < jobs.size() && jobs[j_end].first == n) ++j_end;
    const bool all_kept = r_end - r == j_end - j;
    for (int round = 0; round < 3; ++round) {
      if (round == 2 && !all_kept) break;
      for (std::size_t k = r; k < r_end; ++k) {
        if (job_of[records[k].index] != kNoJob) continue;
        for (std::size_t m = j; m < j_end; ++m) {
          const Job& job = w.jobs[jobs[m].second];
          const bool fits = round == 2 || (job.submit == records[k].submit && (round == 1 || job.run_time == records[k].run));
          if (taken[m] || !fits) continue;
          taken[m] = 1;
          job_of[records[k].index] = jobs[m].second;
          break;
        }
      }
    }
    r = r_end;
    j = j_end;
  }
  return job_of;
}

}  // namespace

void WriteSimulatedSwf(std::string_view input, const Workload& w, const std::vector<JobRun>& runs, TimeFormat f,
                       TextSink* out) {
  // One pass reads the record lines (the matching needs them all), the
  // second copies the file; it only splits the lines the first one took.
  std::vector<std::string_view> fields;
  std::vector<std::uint8_t> taken;  // by record line: the reader took it
  std::vector<JobId> job_of;
  {
    std::vector<Record> records;
    LineCursor cursor(input);
    std::string_view line;
    Record r;
    while (cursor.Next(&line))
      if (const std::string_view t = Trim(line); IsRecordLine(t)) {
        taken.push_back(ReadRecord(t, &fields, &r));
        if (!taken.back()) continue;
        r.index = records.size();
        records.push_back(r);
      }
    job_of = MatchRecords(std::move(records), w);
  }

  LineCursor cursor(input);
  std::string_view line;
  std::size_t record = 0, record_line = 0;
  bool noted = false;
  const auto note = [&] {
    if (noted) return;
    noted = true;
    out->buf +=
        "; clustersim: fields 3 (wait) and 4 (run time) are the simulated ones; -1 for a job that did not finish\n";
  };
  while (cursor.Next(&line)) {
    const std::string_view t = Trim(line);
    if (!IsRecordLine(t)) {
      out->buf.append(line).push_back('\n');
      continue;
    }
    note();
    if (!taken[record_line++]) {
      out->buf.append(line).push_back('\n');  // not a record the reader took: as it was
      continue;
    }
    SplitWhitespace(t, &fields);
    const JobId id = job_of[record++];
    const bool finished = id != kNoJob && IsFinished(runs[id].state);
    {
      RowWriter row(&out->buf);
      for (std::size_t k = 0; k < fields.size(); ++k) {
        if (k > 0) row.Char(' ');
        if (k == 2 || k == 3) {
          if (!finished)
            row.Text("-1");
          else
            row.Time(k == 2 ? runs[id].begin - w.jobs[id].submit : runs[id].end - runs[id].begin, f);
        } else {
          row.Text(fields[k]);
        }
      }
      row.Char('\n');
    }
    out->Poll();
  }
  note();  // a log without records still says what the file is
}

}  // namespace clustersim
