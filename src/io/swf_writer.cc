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
// Gives the job number and the submit time in ticks.
bool ReadRecord(std::string_view line, std::vector<std::string_view>* fields, std::int64_t* number,
                SimTime* submit) {
  SplitWhitespace(line, fields);
  if (fields->size() < kSwfFieldCount) return false;
  for (int i = 0; i < kSwfFieldCount; ++i) {
    SimTime v = 0;
    if (ParseSeconds((*fields)[static_cast<std::size_t>(i)], &v) != ParseError::kOk) return false;
    if (i == kSwfJobNumber) *number = v / kTicksPerSecond;
    if (i == kSwfSubmit) *submit = v;
  }
  return true;
}

}  // namespace

void WriteSimulatedSwf(std::string_view input, const Workload& w, const std::vector<JobRun>& runs, TimeFormat f,
                       TextSink* out) {
  // Jobs by (job number, submit order). A number normally names one record
  // and one job. When it repeats, a record pairs with a job of its number
  // and its submit time; only when every record of the number became a job
  // (none dropped or cut) may one pair with another submit (a policy moved
  // it: pyss's -5 -> 1), the first left in submit order.
  std::vector<std::pair<std::int64_t, JobId>> by_number(w.jobs.size());
  for (JobId id = 0; id < w.jobs.size(); ++id) by_number[id] = {w.jobs[id].trace_id, id};
  std::sort(by_number.begin(), by_number.end());
  std::vector<std::uint8_t> taken(by_number.size(), 0);

  std::vector<std::string_view> fields;
  std::vector<std::int64_t> record_numbers;  // sorted: how many records carry each number
  {
    LineCursor cursor(input);
    std::string_view line;
    std::int64_t number = 0;
    SimTime submit = 0;
    while (cursor.Next(&line))
      if (const std::string_view t = Trim(line); !t.empty() && t.front() != ';' &&
                                                 ReadRecord(t, &fields, &number, &submit))
        record_numbers.push_back(number);
    std::sort(record_numbers.begin(), record_numbers.end());
  }

  LineCursor cursor(input);
  std::string_view line;
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
    std::int64_t number = 0;
    SimTime submit = 0;
    if (!ReadRecord(t, &fields, &number, &submit)) {
      out->buf.append(line).push_back('\n');  // not a record the reader took: as it was
      continue;
    }
    const auto lo = std::lower_bound(by_number.begin(), by_number.end(), std::pair<std::int64_t, JobId>{number, 0});
    auto hi = lo;
    while (hi != by_number.end() && hi->first == number) ++hi;
    const auto records = std::equal_range(record_numbers.begin(), record_numbers.end(), number);
    const bool all_kept = records.second - records.first == hi - lo;
    std::size_t match = by_number.size();
    for (auto it = lo; it != hi && match == by_number.size(); ++it) {
      const std::size_t k = static_cast<std::size_t>(it - by_number.begin());
      if (!taken[k] && w.jobs[it->second].submit == submit) match = k;
    }
    for (auto it = lo; it != hi && match == by_number.size() && all_kept; ++it)
      if (const std::size_t k = static_cast<std::size_t>(it - by_number.begin()); !taken[k]) match = k;
    const JobRun* run = nullptr;
    const Job* job = nullptr;
    if (match < by_number.size()) {
      taken[match] = 1;
      const JobId id = by_number[match].second;
      if (IsFinished(runs[id].state)) {
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
