#pragma once
// RunOutputs: what a report needs from one output directory, read back from
// the files a run wrote (summary.json, timing.json, jobs.csv,
// resources.csv and, for cluster runs, timeseries.csv and nodes.csv).
// Reports are rebuilt from files rather than from the engine's memory so
// that `clustersim report DIR` and `compare` work on any earlier run, and
// `--report` shows exactly what the files say.
//
// Only summary.json is required; each missing file is named in `missing`
// with the charts it would have fed, and the report says so.

#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/status.h"

namespace clustersim {

// Per job, in jobs.csv order; NaN where a value does not apply (a job that
// never started has no start, wait or slowdown).
struct JobColumns {
  std::vector<double> id, submit, start, end, wait, bsld, units, power_slowdown;
  std::vector<double> allocated;  // units held while running (NaN if the file has no such column)
  // A gang's pods that ended before their job and freed `units` at `time`
  // (jobs.csv's pod_releases); `row` indexes the columns above.
  struct PodRelease {
    std::size_t row;
    double time, units;
  };
  std::vector<PodRelease> pod_releases;
  std::size_t size() const { return id.size(); }
};

struct RunOutputs {
  std::string dir;   // as given
  std::string name;  // the directory's last component, for legends
  nlohmann::json summary;
  double capacity = 0;      // config.capacity
  std::string units;        // "processors", "nodes", ... (definitions.units)
  double origin = 0;        // first_submit_time (or the resource trace's start if earlier): time 0 of the charts
  // T - origin when --max_time cut the run (config.max_time, with jobs left
  // unfinished or never submitted): the run's time runs on to T; NaN if not.
  double cut_at = std::numeric_limits<double>::quiet_NaN();

  // An --compat rlscheduler evaluation: windows, never a schedule, so no
  // job or resource file (none is missing).
  bool rl_windows = false;
  bool has_jobs = false;
  std::size_t cut_running = 0;  // jobs.csv's unfinished jobs that had started (-t cut them while running)
  JobColumns jobs;
  bool has_resources = false;
  std::vector<double> res_time, res_allocated;  // a step function
  // The resource trace's allocated + free at each row: max(size in force,
  // units in use), the denominator of the summary's utilisation (free is
  // max(0, size - allocated)); the capacity where a file has no free column.
  std::vector<double> res_size;
  // The machine's size in force: config.capacity, then a capacity
  // schedule's steps (config.capacity_schedule.steps), as a step function.
  std::vector<double> size_time, size_units;
  bool has_timeseries = false;
  std::vector<double> ts_time;
  std::vector<std::pair<std::string, std::vector<double>>> ts;  // column name -> values
  std::vector<std::string> missing;  // "jobs.csv (the ... charts are left out)": what is not there, and what it costs

  const std::vector<double>* TimeseriesColumn(const std::string& name) const;
};

Result<RunOutputs> LoadRunOutputs(const std::string& dir);

}  // namespace clustersim
