#include "io/work_report.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <nlohmann/json.hpp>

#include "io/json_text.h"
#include "io/row_writer.h"
#include "sim/power_controller.h"
#include "sim/work_execution.h"

namespace clustersim {
namespace {

bool Finished(const JobRun& r) { return IsFinished(r.state); }

double Actual(const JobRun& r) { return ToSeconds(r.end - r.begin); }

// Actual over nominal duration. A job's end is on the tick grid, so work of
// under one tick at nominal speed takes one tick: its nominal counts as one
// tick too, or 1e-300 s of work read as a slowdown of 1e294 (and a denormal
// as infinity, which JSON cannot hold).
double PowerSlowdown(const JobRun& r, double nominal_s) {
  return Actual(r) / std::max(nominal_s, 1.0 / static_cast<double>(kTicksPerSecond));
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(v.size())));
  return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

nlohmann::json ClassStats(const WorkReport& r, int which) {  // 0 standard, 1 performance, 2 all
  const Workload& w = *r.workload;
  std::int64_t jobs = 0, done = 0, killed = 0, unfinished = 0, rejected = 0;
  // Joulie counts completions per pod (each pod is a job to Kubernetes,
  // §a.1/§a.6); a JSONL gang is one job here, so its pods are counted too.
  std::int64_t pods = 0, pods_done = 0;
  // Pods of an unfinished or killed gang that ended before the rest did
  // complete too (Joulie counts each pod as it finishes).
  std::vector<std::int64_t> ended_alone(w.jobs.size(), 0);
  for (const RunResult::PodRelease& p : r.result->pod_releases) ++ended_alone[p.job];
  std::vector<double> slow;
  double nominal_sum = 0, actual_sum = 0, energy = 0;
  for (JobId id = 0; id < w.jobs.size(); ++id) {
    if (which != 2 && r.performance[id] != which) continue;
    const JobRun& run = r.result->runs[id];
    ++jobs;
    const std::int64_t job_pods = w.work.empty() || !w.work[id].pods_end_alone ? 1 : w.work[id].num_pods;
    pods += job_pods;
    pods_done += run.state == JobState::kCompleted ? job_pods : ended_alone[id];
    if (r.work != nullptr) energy += r.work->job_energy_j(id);
    if (run.state == JobState::kRejected) ++rejected;
    if (run.state == JobState::kUnfinished) ++unfinished;
    // Killed at its limit: how long it would have run is unknown, so it
    // has no power slowdown (actual / nominal would read below 1).
    if (run.state == JobState::kTimeout) ++killed;
    if (run.state != JobState::kCompleted) continue;
    ++done;
    if (r.nominal_s.empty()) continue;
    nominal_sum += r.nominal_s[id];
    actual_sum += Actual(run);
    if (r.nominal_s[id] > 0) slow.push_back(PowerSlowdown(run, r.nominal_s[id]));
  }
  nlohmann::json j = {{"jobs", jobs},           {"completed", done},   {"killed_at_limit", killed},
                      {"unfinished", unfinished}, {"rejected", rejected}, {"pods", pods},
                      {"pods_completed", pods_done}};
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
  if (r.work != nullptr) j["energy_j"] = energy;
  return j;
}

}  // namespace

JobsCsvExtra WorkJobsColumns(const WorkReport& r) {
  JobsCsvExtra e;
  e.header =
      ",nodes,gpu_devices,intent_class,cpu_class,gpu_class,nominal_duration,actual_duration,power_slowdown,energy_j,"
      "pod_releases";
  // A gang's pods that finished before the job, by job (in time order), so
  // that a reader can follow what the job held (report.html's occupancy).
  auto releases = std::make_shared<std::vector<std::vector<std::size_t>>>();
  for (std::size_t k = 0; k < r.result->pod_releases.size(); ++k) {
    const JobId job = r.result->pod_releases[k].job;
    if (releases->size() <= job) releases->resize(job + 1);
    (*releases)[job].push_back(k);
  }
  e.cells = [&r, releases](JobId id, std::string* out) {
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
    row.Char(',').Field(r.placements != nullptr ? r.placements->nodes(id) : "").Char(',');
    row.Field(r.placements != nullptr ? r.placements->devices(id) : "").Char(',');
    row.Text(r.performance[id] ? "performance" : "standard").Char(',');
    row.Text(EnumNameOf(kCpuClassNames, pod.profile.cpu_class)).Char(',');
    row.Text(gpu_pod != nullptr ? EnumNameOf(kGpuClassNames, gpu_pod->profile.gpu_class) : "").Char(',');
    if (!r.nominal_s.empty()) row.Double(r.nominal_s[id]);
    row.Char(',');
    if (Finished(run)) row.Double(Actual(run));
    row.Char(',');
    if (run.state == JobState::kCompleted && !r.nominal_s.empty() && r.nominal_s[id] > 0)
      row.Double(PowerSlowdown(run, r.nominal_s[id]));  // not for a job killed at its limit
    row.Char(',');
    if (r.work != nullptr && run.begin != kNoTime) row.Double(r.work->job_energy_j(id));
    row.Char(',');
    if (id < releases->size())
      for (std::size_t n = 0; const std::size_t k : (*releases)[id]) {
        const RunResult::PodRelease& p = r.result->pod_releases[k];
        if (n++ > 0) row.Char(';');
        row.Time(p.time, TimeFormat::kExact).Char(':').Int(p.units);
      }
  };
  if (r.work != nullptr)
    e.consumed_energy = [&r](JobId id, std::string* out) {
      RowWriter row(out);
      if (r.result->runs[id].begin != kNoTime)
        row.Double(r.work->job_energy_j(id));
      else
        row.Text("-1");
    };
  return e;
}

std::string WorkSummaryJson(const WorkReport& r) {
  nlohmann::json j;
  j["execution"] = r.nominal_s.empty() ? "fixed" : "work";
  if (!r.engine.empty()) j["engine"] = r.engine;
  j["time_mode"] = r.tick_s > 0 ? "tick" : "event";
  if (r.tick_s > 0) j["tick_seconds"] = r.tick_s;
  j["inputs"] = nlohmann::json::object();
  for (const WorkReport::InputFile& f : r.inputs) j["inputs"][f.role] = {{"path", f.path}, {"sha256", f.sha256}};
  j["operating_rules"] = r.operating_rules;
  if (!r.model.empty()) {
    j["model"] = nlohmann::json::object();
    for (const auto& [name, value] : r.model) j["model"][name] = value;
  }
  if (!r.power_policy.empty()) {
    j["power_policy"] = {{"policy", r.power_policy}, {"performance_nodes", r.performance_nodes},
                         {"families", r.families}};
    nlohmann::json& pj = j["power_policy"];
    const power::PowerPolicyOptions& o = r.policy_options;
    if (r.power_policy == "B") pj["hp_frac"] = o.hp_frac;
    if (r.power_policy == "B" || r.power_policy == "C") pj["hp_order"] = EnumNameOf(power::kSelectionOrderNames, o.order);
    if (const PowerController* c = r.controller; c != nullptr) {
      pj["hp_base_frac"] = o.base_frac, pj["hp_min"] = o.hp_min, pj["hp_max"] = o.hp_max;
      pj["perf_per_hp"] = o.perf_per_hp, pj["reconcile_interval_s"] = ToSeconds(c->period());
      std::int64_t changes = 0;
      for (const ReconcileRecord& rec : c->log()) changes += rec.changed;
      pj["reconciles"] = c->reconciles();
      pj["node_state_changes"] = changes;
      pj["performance_nodes_min"] = c->min_performance();
      pj["performance_nodes_max"] = c->max_performance();
      pj["performance_nodes_mean"] = c->mean_performance();
      pj["draining_nodes_mean"] = c->mean_draining();
    }
  }
  j["classes"] = {{"standard", ClassStats(r, 0)}, {"performance", ClassStats(r, 1)}, {"all", ClassStats(r, 2)}};
  if (r.work != nullptr) {
    const ClusterPower& p = r.work->power();
    const double span = ToSeconds(p.end() - p.begin());
    double idle = 0, jobs = 0;
    for (NodeId n = 0; n < p.nodes(); ++n) idle += p.node(n).idle_energy_j();
    for (JobId id = 0; id < r.workload->jobs.size(); ++id) jobs += r.work->job_energy_j(id);
    j["energy"] = {{"span_seconds", span},
                   {"it_energy_j", p.it_energy_j()},
                   {"facility_energy_j", p.facility_energy_j()},
                   {"cooling_energy_j", p.facility_energy_j() - p.it_energy_j()},
                   {"idle_energy_j", idle},
                   {"jobs_energy_j", jobs},
                   {"mean_it_power_w", span > 0 ? p.it_energy_j() / span : 0},
                   {"peak_it_power_w", p.peak_it_w()},
                   {"mean_facility_power_w", span > 0 ? p.facility_energy_j() / span : 0},
                   {"peak_facility_power_w", p.peak_facility_w()},
                   {"pue", p.it_energy_j() > 0 ? nlohmann::json(p.facility_energy_j() / p.it_energy_j())
                                               : nlohmann::json(nullptr)},  // no IT energy, no ratio
                   {"design_it_power_w", p.design_it_w()},
                   {"energy_delay_product_js", p.it_energy_j() * r.makespan_s}};
  }
  j["definitions"] = {
      {"nominal_duration", "the job alone on its allocation, uncapped, f = 1: max over its pods of "
                           "CPU units / (cores * B_core) and GPU units / (GPUs * B_gpu)"},
      {"power_slowdown", "actual duration (end - begin) / nominal duration, completed jobs with nominal > 0"},
      {"percentiles", "nearest rank: the ceil(p/100 * n)-th smallest value"},
      {"intent_class", "v1: intentClass, else affinity NotIn [eco]; legacy: affinity NotIn [eco], else intentClass; "
                       "both as v1 under intent_source=intent_first (--compat joulie)"},
      {"energy", "IT energy = integral of the nodes' instantaneous power (CPU + GPUs) from the first event to the "
                 "last (to T when -t cuts the run); idle_energy = each node's power with nothing running at its current frequency and caps; "
                 "jobs_energy = the rest, attributed to the running pods by demand share (C_req*U_cpu on the CPU "
                 "side; on the GPU side by device: every active device draws alike under the node's load, and each "
                 "carries an equal share to the pod holding it), so idle + jobs = IT; facility = integral of IT * PUE; "
                 "energy_delay_product = IT energy * makespan. With energy_power=averaged the nodes' and IT energy "
                 "integrate the telemetry average instead; the difference (at the run's two ends) goes to idle_energy, "
                 "which a run shorter than a telemetry window can leave negative"}};
  return JsonText(j);
}

void WritePolicyCsv(const PowerController& c, TimeFormat f, TextSink* out) {
  out->buf += "time,perf_pods,performance,draining,eco,changed\n";
  for (const ReconcileRecord& rec : c.log()) {
    RowWriter row(&out->buf);
    row.Time(rec.time, f).Char(',').Int(rec.perf_pods).Char(',').Int(rec.hp).Char(',').Int(rec.draining).Char(',');
    row.Int(rec.eco).Char(',').Int(rec.changed).Char('\n');
    row.Flush();
    out->Poll();
  }
}

void WriteNodesCsv(const WorkReport& r, TextSink* out) {
  out->buf += "node,class,power_profile,energy_j,cpu_energy_j,gpu_energy_j,idle_energy_j,mean_power_w,"
              "time_throttled_s,peak_cpu_temp_c\n";
  const ClusterPower& p = r.work->power();
  const double span = ToSeconds(p.end() - p.begin());
  for (NodeId n = 0; n < p.nodes(); ++n) {
    const NodeModel& m = p.node(n);
    const Node& node = r.cluster->nodes[n];
    RowWriter row(&out->buf);
    row.Field(node.name).Char(',').Field(node.node_class).Char(',');
    row.Text(EnumNameOf(kPowerProfileNames, node.profile));
    row.Char(',').Double(m.energy_j()).Char(',').Double(m.cpu_energy_j()).Char(',').Double(m.gpu_energy_j()).Char(',');
    row.Double(m.idle_energy_j()).Char(',').Double(span > 0 ? m.energy_j() / span : 0).Char(',');
    row.Double(m.throttled_s()).Char(',').Double(m.peak_temp_cpu()).Char('\n');
    row.Flush();
    out->Poll();
  }
}

void WriteDevicesCsv(const WorkReport& r, TextSink* out) {
  out->buf += "node,device,energy_j,mean_power_w,time_throttled_s,peak_temp_c\n";
  const ClusterPower& p = r.work->power();
  const double span = ToSeconds(p.end() - p.begin());
  for (NodeId n = 0; n < p.nodes(); ++n) {
    const NodeModel& m = p.node(n);
    for (int d = 0; d < m.gpus(); ++d) {
      RowWriter row(&out->buf);
      row.Field(r.cluster->nodes[n].name).Char(',').Int(d).Char(',').Double(m.device_energy_j(d)).Char(',');
      row.Double(span > 0 ? m.device_energy_j(d) / span : 0).Char(',').Double(m.device_throttled_s(d)).Char(',');
      row.Double(m.peak_temp_gpu(d)).Char('\n');
      row.Flush();
      out->Poll();
    }
  }
}

}  // namespace clustersim
