#pragma once
// Helpers for the work-based engine's tests: a JSONL trace and a cluster
// file given as text run through the real readers, cluster setup and
// engine with both checkers on; the result renders as "name:begin-end"
// (exact seconds) for one EXPECT_EQ. Jsonl() writes one record.

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cluster_setup.h"
#include "model/status.h"
#include "model/workload.h"
#include "sched/policy.h"
#include "sim/engine.h"

namespace clustersim::test {

struct WorkRun {
  Status status;
  Workload w;
  RunResult r;
  std::unique_ptr<ClusterSetup> setup;
  std::string diagnostics;
  std::vector<std::string> nodes;  // by JobId: the nodes it started on ("a;b"), seen at its start
};

// `prepare`, if given, sees the cluster set up before the run starts.
WorkRun RunWork(std::string_view jsonl, std::string_view cluster_yaml, const ClusterConfig& config = {},
                const Policy& policy = {}, const std::function<void(ClusterSetup&)>& prepare = {});

// "pod:begin-end ..." by job index (a job is named by its first pod);
// "pod:rejected" / "pod:unfinished".
std::string Times(const WorkRun& run);

// One JSONL record: `extra` is spliced in as more top-level fields.
std::string Jsonl(const std::string& id, double submit, const std::string& cpu, double cpu_units, int gpus = 0,
                  double gpu_units = 0, const std::string& extra = "");

// An output CSV as rows of column -> text (quoted fields unquoted).
using CsvRow = std::map<std::string, std::string>;
std::vector<CsvRow> ReadCsvRows(const std::filesystem::path& path);

}  // namespace clustersim::test
