#include "work_test_util.h"

#include <fstream>

#include <fmt/format.h>

#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"
#include "io/jsonl_trace.h"
#include "io/time_format.h"
#include "sched/cluster_pool.h"
#include "sim/checker.h"
#include "sim/cluster_checker.h"
#include "sim/work_execution.h"

namespace clustersim::test {

WorkRun RunWork(std::string_view jsonl, std::string_view cluster_yaml, const ClusterConfig& config,
                const Policy& policy, const std::function<void(ClusterSetup&)>& prepare) {
  WorkRun run;
  Diagnostics diag;
  auto w = LoadJsonlTraceText(jsonl, "trace.jsonl", {}, &diag);
  for (const auto& d : diag.entries()) run.diagnostics += d.ToString() + "\n";
  if (!w.ok()) {
    run.status = w.status();
    return run;
  }
  run.w = w.take();
  auto cluster = LoadClusterText(cluster_yaml, "cluster.yaml", ShippedCatalog());
  if (!cluster.ok()) {
    run.status = cluster.status();
    return run;
  }
  auto setup = SetUpLoadedCluster(cluster.take(), config, policy, false, &run.w);
  if (!setup.ok()) {
    run.status = setup.status();
    return run;
  }
  run.setup = setup.take();
  if (prepare) prepare(*run.setup);
  EngineOptions eo;
  eo.policy = policy;
  ScheduleChecker checker(run.w, eo);
  checker.set_variable_durations(run.setup->work != nullptr);
  ClusterChecker cluster_checker(run.w, *run.setup->pool, run.setup->work.get(), ToSeconds(config.work.tick), true);
  // The nodes of each start, read while the job holds them.
  struct Where : EngineObserver {
    const ClusterPool* pool;
    std::vector<std::string>* nodes;
    void OnStart(JobId id, SimTime, std::int64_t) override {
      for (const Piece& p : pool->pieces(id)) {
        const std::string& name = pool->cluster().nodes[p.node].name;
        std::string& s = (*nodes)[id];
        if (s != name && !s.ends_with(";" + name)) s += (s.empty() ? "" : ";") + name;
      }
    }
  } where;
  run.nodes.resize(run.w.jobs.size());
  where.pool = run.setup->pool.get();
  where.nodes = &run.nodes;
  std::vector<EngineObserver*> obs = {&checker, &cluster_checker, &where};
  run.r = Simulate(run.w, eo, obs, &diag, ClusterRun{run.setup->pool.get(), run.setup->work.get(), run.setup->controller.get()});
  run.status = !checker.status().ok() ? checker.status() : cluster_checker.status();
  for (const auto& d : diag.entries()) run.diagnostics += d.ToString() + "\n";
  return run;
}

std::string Times(const WorkRun& run) {
  std::string s;
  for (JobId id = 0; id < run.w.jobs.size(); ++id) {
    if (!s.empty()) s += ' ';
    s += run.w.pods[run.w.work[id].first_pod].name + ":";
    const JobRun& r = run.r.runs[id];
    if (r.state == JobState::kRejected) s += "rejected";
    else if (!IsFinished(r.state)) s += "unfinished";
    else s += FormatTime(r.begin, TimeFormat::kExact) + "-" + FormatTime(r.end, TimeFormat::kExact);
  }
  return s;
}

std::string Jsonl(const std::string& id, double submit, const std::string& cpu, double cpu_units, int gpus,
                  double gpu_units, const std::string& extra) {
  std::string requests = fmt::format(R"("cpu":"{}")", cpu);
  if (gpus > 0) requests += fmt::format(R"(,"nvidia.com/gpu":"{}")", gpus);
  return fmt::format(R"({{"type":"job","jobId":"{}","submitTimeOffsetSec":{},"podTemplate":{{"requests":{{{}}}}},)"
                     R"("work":{{"cpuUnits":{},"gpuUnits":{}}}{}{}}})",
                     id, submit, requests, cpu_units, gpu_units, extra.empty() ? "" : ",", extra) +
         "\n";
}

namespace {

std::vector<std::string> SplitCsvLine(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') fields.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else fields.back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

}  // namespace

std::vector<CsvRow> ReadCsvRows(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  std::vector<CsvRow> rows;
  if (!std::getline(in, line)) return rows;
  const std::vector<std::string> head = SplitCsvLine(line);
  while (std::getline(in, line)) {
    const std::vector<std::string> f = SplitCsvLine(line);
    CsvRow r;
    for (std::size_t i = 0; i < head.size() && i < f.size(); ++i) r[head[i]] = f[i];
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace clustersim::test
