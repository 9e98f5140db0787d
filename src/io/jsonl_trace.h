#pragma once
// Joulie's JSONL workload traces (power-model.md §l.1, §l.2): one JSON
// object per line, a file or a folder of `*.jsonl` parts read in name order.
// Each `type: "job"` record is one Pod; pods with `gang: true` that share a
// `workloadId` form one WorkJob, every other pod is its own. The Workload
// gets, index for index (JobId): `jobs` (submit, units = total millicores,
// trace_id = the input position of the job's first record among the pods
// read; time_limit = run_time = 0, filled later from the work), `work` and
// `pods` (a job's pods contiguous, in file order), sorted by submit (ties:
// file order of the first record).
//
// Bad records get one message naming file, line and rule and are skipped
// and counted (Severity::kSkip; --strict stops at the first). Values the
// reader repairs (a clamped intensity, a fractional GPU request, a class
// alias...) are kept and counted as warnings. Rules are listed in
// io/jsonl_record.h.

#include <string>
#include <string_view>
#include <vector>

#include "model/diagnostics.h"
#include "model/status.h"
#include "model/workload.h"

namespace clustersim {

struct JsonlOptions {
  // 1 trace-second = time_scale simulated seconds (§l.2; Joulie's
  // experiments compress time with 120). Submit offsets are scaled.
  double time_scale = 1;
  // §k.1 item 12: `gpu.compute` / `cpu.compute` mean the *_bound classes
  // (counted as class_alias). false maps them to mixed, as Joulie does.
  bool class_alias = true;
};

// `path` is a file (gzip is detected by content) or a folder of parts named
// *.jsonl or *.jsonl.gz; messages name the part and its own line numbers.
Result<Workload> LoadJsonlTrace(const std::string& path, const JsonlOptions& options, Diagnostics* diag);

// The parts of a JSONL folder, as LoadJsonlTrace reads them: regular files
// named *.jsonl or *.jsonl.gz, in byte-wise name order, as paths under
// `dir`. `left_out` (if given) gets the other entries' names, sorted, but
// for hidden ones (a name starting with '.' or '_', as Spark's `_SUCCESS`
// and `.part-0.jsonl.crc`).
Result<std::vector<std::string>> ListJsonlParts(const std::string& dir, std::vector<std::string>* left_out = nullptr);

// For tests: parse text directly, naming it `name` in messages.
Result<Workload> LoadJsonlTraceText(std::string_view text, const std::string& name, const JsonlOptions& options,
                                    Diagnostics* diag);

}  // namespace clustersim
