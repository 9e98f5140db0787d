#include "report/run_outputs.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "report/csv_table.h"

namespace clustersim {
namespace {

namespace fs = std::filesystem;

Result<nlohmann::json> ReadJson(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(fmt::format("{}: cannot open", path));
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // A hand-edited or truncated file: name the line, as the CSVs do.
    const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
    return Status::Error(fmt::format("{}:{}: bad_json: {}", path, line, e.what()));
  }
  if (!j.is_object()) return Status::Error(fmt::format("{}: not a JSON object", path));
  return j;
}

// The timeseries columns a report draws (docs/energy.md names them all).
const std::vector<std::string> kSeriesColumns = {
    "it_power_w",    "it_power_avg_w",  "facility_power_w", "cpu_power_w",     "gpu_power_w",
    "mean_cpu_cap_w", "mean_gpu_cap_w", "mean_freq", "cpu_temp_max_c",   "gpu_temp_max_c",  "cpu_temp_mean_c",
    "gpu_temp_mean_c", "ambient_c"};

// jobs.csv's pod_releases cell, "time:units;time:units" (work_report.h);
// a malformed entry is left out (the occupancy then counts the pod to the
// job's end, as without the column).
void ReadPodReleases(std::string_view cell, std::size_t row, double origin, JobColumns* j) {
  while (!cell.empty()) {
    const std::size_t semi = cell.find(';');
    const std::string_view entry = cell.substr(0, semi);
    cell = semi == std::string_view::npos ? std::string_view() : cell.substr(semi + 1);
    const std::size_t colon = entry.find(':');
    if (colon == std::string_view::npos) continue;
    const double t = CsvNumber(entry.substr(0, colon)), units = CsvNumber(entry.substr(colon + 1));
    if (std::isfinite(t) && std::isfinite(units)) j->pod_releases.push_back({row, t - origin, units});
  }
}

// The machine's size over the charts' clock: the full capacity, then each
// step of a capacity schedule (a step before time 0 sets the size at 0).
void ReadSizeInForce(RunOutputs* r) {
  r->size_time = {0};
  r->size_units = {r->capacity};
  const nlohmann::json& s = r->summary;
  if (!s.contains("config") || !s["config"].contains("capacity_schedule")) return;
  const nlohmann::json& cs = s["config"]["capacity_schedule"];
  if (!cs.is_object() || !cs.contains("steps") || !cs["steps"].is_array()) return;
  for (const nlohmann::json& step : cs["steps"]) {
    if (!step.is_array() || step.size() != 2 || !step[0].is_number() || !step[1].is_number()) continue;
    const double t = step[0].get<double>() - r->origin, units = step[1].get<double>();
    if (t <= 0) {
      r->size_units[0] = units;
    } else {
      r->size_time.push_back(t);
      r->size_units.push_back(units);
    }
  }
}

}  // namespace

const std::vector<double>* RunOutputs::TimeseriesColumn(const std::string& name) const {
  for (const auto& [n, v] : ts)
    if (n == name) return &v;
  return nullptr;
}

Result<RunOutputs> LoadRunOutputs(const std::string& dir) {
  RunOutputs r;
  r.dir = dir;
  r.name = fs::path(dir).lexically_normal().filename().string();
  if (r.name.empty()) r.name = fs::path(dir).lexically_normal().parent_path().filename().string();
  const fs::path d(dir);
  if (!fs::is_directory(d)) return Status::Error(fmt::format("{}: not a directory", dir));
  if (!fs::exists(d / "summary.json"))
    return Status::Error(fmt::format("{}: no summary.json here: not a clustersim output directory (write one with "
                                     "clustersim simulate TRACE -o {})",
                                     dir, dir));
  auto summary = ReadJson((d / "summary.json").string());
  if (!summary.ok()) return summary.status();
  r.summary = summary.take();
  const nlohmann::json& s = r.summary;
  r.rl_windows = s.contains("config") && s["config"].contains("window_size");
  if (s.contains("config") && s["config"].contains("capacity") && s["config"]["capacity"].is_number())
    r.capacity = s["config"]["capacity"].get<double>();
  // An rlscheduler evaluation records the machine as whole nodes.
  else if (s.contains("config") && s["config"].contains("capacity_nodes") && s["config"]["capacity_nodes"].is_number())
    r.capacity = s["config"]["capacity_nodes"].get<double>(), r.units = "nodes";
  if (r.units.empty() && s.contains("definitions") && s["definitions"].contains("units") &&
      s["definitions"]["units"].is_string())
    r.units = s["definitions"]["units"].get<std::string>();
  if (r.units.empty()) r.units = "units";
  if (s.contains("first_submit_time") && s["first_submit_time"].is_number())
    r.origin = s["first_submit_time"].get<double>();
  const bool none_finished = s.contains("nb_jobs_finished") && s["nb_jobs_finished"] == 0;
  // timing.json's wall time stays out of the page: it varies from run to
  // run, and the page, like every other output, is the same for the same
  // run.

  if (fs::exists(d / "jobs.csv")) {
    auto t = ReadCsvTable((d / "jobs.csv").string(),
                          {"job_id", "submission_time", "starting_time", "finish_time", "waiting_time",
                           "bounded_slowdown", "requested_number_of_resources", "power_slowdown", "allocated_units"},
                          {"status", "pod_releases"}, /*required=*/false);
    if (!t.ok()) return t.status();
    CsvTable& c = t.value();
    if (std::isnan(c.numbers[0].empty() ? 0.0 : c.numbers[0][0]) && c.rows > 0)
      return Status::Error(fmt::format("{}/jobs.csv: no job_id column", dir));
    // summary.json's first_submit_time is over finished jobs: a job cut by
    // -t before it finished may come first, and with none finished it reads
    // 0 (a trace on Unix time was drawn over 54 years). Time counts from the
    // first admitted submit.
    double first = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < c.rows; ++i)
      if (c.texts[0][i] != "rejected" && c.texts[0][i] != "not_submitted") first = std::min(first, c.numbers[1][i]);
    if (std::isfinite(first)) r.origin = none_finished ? first : std::min(r.origin, first);
    JobColumns& j = r.jobs;
    for (std::size_t i = 0; i < c.rows; ++i) {
      // Jobs the run never admitted have no place in time-based charts.
      const std::string& st = c.texts[0][i];
      if (st == "rejected" || st == "not_submitted") continue;
      j.id.push_back(c.numbers[0][i]);
      j.submit.push_back(c.numbers[1][i] - r.origin);
      j.start.push_back(c.numbers[2][i] - r.origin);
      j.end.push_back(c.numbers[3][i] - r.origin);
      // jobs.csv leaves waiting_time empty until a job finishes; a job
      // --max_time cut while it ran has waited all the same.
      const double wait = c.numbers[4][i];
      j.wait.push_back(std::isnan(wait) && !std::isnan(c.numbers[2][i]) ? c.numbers[2][i] - c.numbers[1][i] : wait);
      r.cut_running += st == "unfinished" && !std::isnan(c.numbers[2][i]) ? 1 : 0;
      j.bsld.push_back(c.numbers[5][i]);
      j.units.push_back(c.numbers[6][i]);
      j.power_slowdown.push_back(c.numbers[7][i]);
      j.allocated.push_back(c.numbers[8][i]);
      ReadPodReleases(c.texts[1][i], j.size() - 1, r.origin, &j);
    }
    // A column the charts need, gone from a hand-edited file: said, not drawn as zeros in silence.
    for (const std::string& col : c.absent)
      if (col == "submission_time" || col == "starting_time" || col == "finish_time")
        r.missing.push_back(fmt::format("jobs.csv's {} column (the charts from it are empty)", col));
    r.has_jobs = true;
  } else {
    if (!r.rl_windows) r.missing.push_back("jobs.csv (the queue length, wait, slowdown and occupancy charts are left out)");
  }

  if (fs::exists(d / "resources.csv")) {
    auto t = ReadCsvTable((d / "resources.csv").string(), {"time", "allocated_nodes", "free_nodes?"});
    if (!t.ok()) return t.status();
    // Rows without a time or a value (a hand-edited file) cannot be placed: dropped.
    for (std::size_t i = 0; i < t.value().rows; ++i) {
      const double time = t.value().numbers[0][i], alloc = t.value().numbers[1][i];
      if (!std::isfinite(time) || !std::isfinite(alloc)) continue;
      const double f = t.value().numbers[2][i];
      r.res_time.push_back(time);
      r.res_allocated.push_back(alloc);
      r.res_size.push_back(std::isfinite(f) ? alloc + f : std::max(alloc, r.capacity));
    }
    // Without jobs.csv, a run where no job finished starts at its first
    // allocation.
    if (!r.has_jobs && none_finished)
      for (std::size_t i = 0; i < r.res_time.size(); ++i)
        if (r.res_allocated[i] > 0) {
          r.origin = r.res_time[i];
          break;
        }
    // The trace's baseline row (time 0, nothing allocated) and any other
    // idle rows before the first submit hold nothing to draw; counting time
    // from them put a CSV trace with Unix times 50 years right of its origin
    // and left every chart flat.
    std::size_t idle_lead = 0;
    while (idle_lead < r.res_time.size() && r.res_time[idle_lead] < r.origin && r.res_allocated[idle_lead] == 0)
      ++idle_lead;
    r.res_time.erase(r.res_time.begin(), r.res_time.begin() + static_cast<std::ptrdiff_t>(idle_lead));
    r.res_allocated.erase(r.res_allocated.begin(), r.res_allocated.begin() + static_cast<std::ptrdiff_t>(idle_lead));
    r.res_size.erase(r.res_size.begin(), r.res_size.begin() + static_cast<std::ptrdiff_t>(idle_lead));
    // A warm start's resource trace starts before the first submit with
    // nodes in use: time then counts from the earlier of the two (in every
    // chart alike).
    if (!r.res_time.empty() && r.res_time.front() < r.origin) {
      const double shift = r.origin - r.res_time.front();
      r.origin -= shift;
      for (std::vector<double>* col : {&r.jobs.submit, &r.jobs.start, &r.jobs.end})
        for (double& x : *col) x += shift;
      for (JobColumns::PodRelease& p : r.jobs.pod_releases) p.time += shift;
    }
    for (double& x : r.res_time) x -= r.origin;
    r.has_resources = true;
  } else {
    if (!r.rl_windows) r.missing.push_back("resources.csv (the allocation and utilisation charts are left out)");
  }
  ReadSizeInForce(&r);

  if (fs::exists(d / "timeseries.csv")) {
    std::vector<std::string> cols = {"time"};
    cols.insert(cols.end(), kSeriesColumns.begin(), kSeriesColumns.end());
    auto t = ReadCsvTable((d / "timeseries.csv").string(), cols, {}, /*required=*/false);
    if (!t.ok()) return t.status();
    // Rows without a time are dropped from every column alike.
    std::vector<std::size_t> keep;
    for (std::size_t i = 0; i < t.value().rows; ++i)
      if (std::isfinite(t.value().numbers[0][i])) keep.push_back(i);
    for (const std::size_t i : keep) r.ts_time.push_back(t.value().numbers[0][i] - r.origin);
    for (std::size_t k = 0; k < kSeriesColumns.size(); ++k) {
      std::vector<double> v;
      for (const std::size_t i : keep) v.push_back(t.value().numbers[k + 1][i]);
      bool any = false;
      for (const double x : v) any = any || !std::isnan(x);
      if (any) r.ts.emplace_back(kSeriesColumns[k], std::move(v));
    }
    r.has_timeseries = true;
  }
  // A run -t cut holds its queue and its running jobs on to T, as the
  // summary's time-weighted queue does: the charts end there, not at the
  // last event before it.
  const auto count = [&](const char* key) {
    return s.contains("counts") && s["counts"].contains(key) && s["counts"][key].is_number()
               ? s["counts"][key].get<double>()
               : 0.0;
  };
  if (s.contains("config") && s["config"].contains("max_time") && s["config"]["max_time"].is_number() &&
      count("unfinished") + count("not_submitted") > 0)
    r.cut_at = s["config"]["max_time"].get<double>() - r.origin;
  return r;
}

}  // namespace clustersim
