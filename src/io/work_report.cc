#include "io/work_report.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "io/row_writer.h"

namespace clustersim {
namespace {

bool Finished(const JobRun& r) { return IsFinished(r.state); }

double Actual(const JobRun& r) { return ToSeconds(r.end - r.begin); }

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(v.size())));
  return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

nlohmann::json ClassStats(const WorkReport& r, int which) {  // 0 standard, 1 performance, 2 all
  const Workload& w = *r.workload;
  std::int64_t jobs = 0, done = 0, unfinished = 0, rejected = 0;
  std::vector<double> slow;
  double nominal_sum = 0, actual_sum = 0;
  for (JobId id = 0; id < w.jobs.size(); ++id) {
    if (which != 2 && r.performance[id] != which) continue;
    const JobRun& run = r.result->runs[id];
    ++jobs;
    if (run.state == JobState::kRejected) ++rejected;
    if (run.state == JobState::kUnfinished) ++unfinished;
    if (!Finished(run)) continue;
    ++done;
    if (r.nominal_s.empty()) continue;
    nominal_sum += r.nominal_s[id];
    actual_sum += Actual(run);
    if (r.nominal_s[id] > 0) slow.push_back(Actual(run) / r.nominal_s[id]);
  }
  nlohmann::json j = {{"jobs", jobs}, {"completed", done}, {"unfinished", unfinished}, {"rejected", rejected}};
  if (!r.nominal_s.empty()) {
    double mean = 0;
    for (double s : slow) mean += s;
    mean = slow.empty() ? 0 : mean / static_cast<double>(slow.size());
    j["power_slowdown"] = {{"mean", mean},
                           {"p50", Percentile(slow, 50)},
                           {"p90", Percentile(slow, 90)},
                           {"p99", Percentile(slow, 99)},
                           {"max", slow.empty() ? 0 : *std::max_element(slow.begin(), slow.end())},
                           {"jobs", static_cast<std::int64_t>(slow.size())}};
    j["nominal_seconds"] = nominal_sum;
    j["actual_seconds"] = actual_sum;
  }
  return j;
}

}  // namespace

JobsCsvExtra WorkJobsColumns(const WorkReport& r) {
  JobsCsvExtra e;
  e.header = ",nodes,gpu_devices,intent_class,cpu_class,gpu_class,nominal_duration,actual_duration,power_slowdown";
  e.cells = [&r](JobId id, std::string* out) {
    const Workload& w = *r.workload;
    const JobRun& run = r.result->runs[id];
    // The job's classes: its first pod's CPU class, its first GPU pod's GPU class.
    static const Pod kNone;
    const WorkJob& wj = w.work[id];
    const Pod& pod = wj.num_pods == 0 ? kNone : w.pods[wj.first_pod];
    const Pod* gpu_pod = nullptr;
    for (std::uint32_t p = wj.first_pod; p < wj.first_pod + wj.num_pods && gpu_pod == nullptr; ++p)
      if (w.pods[p].gpus > 0) gpu_pod = &w.pods[p];
    RowWriter row(out);
    row.Char(',').Text(r.placements != nullptr ? r.placements->nodes(id) : "").Char(',');
    row.Text(r.placements != nullptr ? r.placements->devices(id) : "").Char(',');
    row.Text(r.performance[id] ? "performance" : "standard").Char(',');
    row.Text(EnumNameOf(kCpuClassNames, pod.profile.cpu_class)).Char(',');
    row.Text(gpu_pod != nullptr ? EnumNameOf(kGpuClassNames, gpu_pod->profile.gpu_class) : "").Char(',');
    if (!r.nominal_s.empty()) row.Double(r.nominal_s[id]);
    row.Char(',');
    if (Finished(run)) row.Double(Actual(run));
    row.Char(',');
    if (Finished(run) && !r.nominal_s.empty() && r.nominal_s[id] > 0) row.Double(Actual(run) / r.nominal_s[id]);
  };
  return e;
}

std::string WorkSummaryJson(const WorkReport& r) {
  nlohmann::json j;
  j["execution"] = r.nominal_s.empty() ? "fixed" : "work";
  if (!r.engine.empty()) j["engine"] = r.engine;
  j["time_mode"] = r.tick_s > 0 ? "tick" : "event";
  if (r.tick_s > 0) j["tick_seconds"] = r.tick_s;
  j["classes"] = {{"standard", ClassStats(r, 0)}, {"performance", ClassStats(r, 1)}, {"all", ClassStats(r, 2)}};
  j["definitions"] = {
      {"nominal_duration", "the job alone on its allocation, uncapped, f = 1: max over its pods of "
                           "CPU units / (cores * B_core) and GPU units / (GPUs * B_gpu)"},
      {"power_slowdown", "actual duration (end - begin) / nominal duration, completed jobs with nominal > 0"},
      {"percentiles", "nearest rank: the ceil(p/100 * n)-th smallest value"},
      {"intent_class", "v1: intentClass, else affinity NotIn [eco]; legacy: affinity NotIn [eco] only (the page)"}};
  return j.dump(2);
}

}  // namespace clustersim
