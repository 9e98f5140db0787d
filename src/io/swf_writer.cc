#include "io/swf_writer.h"

#include <charconv>
#include <cstdint>
#include <algorithm>
#include <utility>
#include <vector>

#include "io/number_parse.h"
#include "io/row_writer.h"
#include "io/text_lines.h"

namespace clustersim {

void WriteSimulatedSwf(std::string_view input, const Workload& w, const std::vector<JobRun>& runs, TimeFormat f,
                       TextSink* out) {
  // (job number, job) sorted: the jobs that carry a number are a run, taken
  // in job order (file order for equal submits, as the normaliser added
  // them); taken[first of the run] counts how many were.
  std::vector<std::pair<std::int64_t, JobId>> by_number(w.jobs.size());
  for (JobId id = 0; id < w.jobs.size(); ++id) by_number[id] = {w.jobs[id].trace_id, id};
  std::sort(by_number.begin(), by_number.end());
  std::vector<std::uint32_t> taken(by_number.size(), 0);

  LineCursor cursor(input);
  std::string_view line;
  std::vector<std::string_view> fields;
  bool noted = false;
  const auto note = [&] {
    if (noted) return;
    noted = true;
    out->buf +=
        "; clustersim: fields 3 (wait) and 4 (run time) are the simulated ones; -1 for a job that did not finish\n";
  };
  while (cursor.Next(&line)) {
    const std::string_view t = Trim(line);
    if (t.empty() || t.front() == ';') {
      out->buf.append(line).push_back('\n');
      continue;
    }
    note();
    SplitWhitespace(t, &fields);
    std::int64_t number = 0;
    const auto [end, ec] = fields.empty() ? std::from_chars_result{nullptr, std::errc::invalid_argument}
                                          : std::from_chars(fields[0].data(), fields[0].data() + fields[0].size(), number);
    if (fields.size() < 4 || ec != std::errc() || end != fields[0].data() + fields[0].size()) {
      out->buf.append(line).push_back('\n');  // not a record the reader took
      continue;
    }
    const JobRun* run = nullptr;
    const Job* job = nullptr;
    const auto first = std::lower_bound(by_number.begin(), by_number.end(), std::pair<std::int64_t, JobId>{number, 0});
    const std::size_t i = static_cast<std::size_t>(first - by_number.begin());
    if (i < by_number.size() && by_number[i].first == number && i + taken[i] < by_number.size() &&
        by_number[i + taken[i]].first == number) {
      const JobId id = by_number[i + taken[i]].second;
      ++taken[i];
      if (runs[id].state == JobState::kCompleted || runs[id].state == JobState::kTimeout) {
        run = &runs[id];
        job = &w.jobs[id];
      }
    }
    {
      RowWriter row(&out->buf);
      for (std::size_t k = 0; k < fields.size(); ++k) {
        if (k > 0) row.Char(' ');
        if (k == 2 || k == 3) {
          if (run == nullptr)
            row.Text("-1");
          else
            row.Time(k == 2 ? run->begin - job->submit : run->end - run->begin, f);
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
