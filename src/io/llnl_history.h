#pragma once
// Readers for LLNL's raw job histories, both replay-shaped (dr_evt-compat
// §2.3, §2.4):
//   - Lassen's 33-column CSV (`--trace_format lassen`): columns at fixed
//     positions whose header names are checked (11 num_nodes, 23
//     begin_time, 24 end_time, 29 job_submit_time, 30 queue, 32
//     time_limit); calendar times in PST8PDT; num_nodes and time_limit are
//     whole unsigned integers ("80.0" is a bad number). Fields may be
//     quoted (commas, "" and backslash escapes inside); a row with more
//     fields than the header keeps the fields before `user_script` from
//     the front and those after it from the back, the middle being the
//     script.
//   - the legacy whitespace `.trace`: `num_nodes begin end submit queue
//     limit` per line, `#` comments, single-token times (epoch seconds or
//     ISO with 'T').
// Lassen histories get dr_evt's legacy queue filter (model/legacy_queue.h):
// a row whose queue contains neither "pbatch" nor "pall" is dropped and
// counted (note `queue_filtered`), a kept row with an unknown queue name is
// skipped (`unknown_queue`; dr_evt stops). A .trace keeps every row and its
// queue names as written (dr_evt's test traces use `batch`). Other bad rows
// are diagnosed and skipped as in the simple CSV. Jobs are stable-sorted by
// submit time.
//
// --force-simulation schedules either format: begin and end are not
// checked; a Lassen job runs its recorded end - begin, a .trace job (whose
// begin and end are placeholders in dr_evt's tests) its limit.

#include <cstdint>
#include <string>
#include <string_view>

#include "model/diagnostics.h"
#include "model/status.h"
#include "model/workload.h"

namespace clustersim {

struct LlnlReadOptions {
  std::string timezone = "PST8PDT";  // dr_evt hard-codes the zone Lassen's times were logged in
  std::int64_t max_jobs = -1;        // stop after this many kept rows (-1: all)
  std::int64_t max_lines = -1;       // stop after this many data rows read, kept or not (dr_evt's tracer -j)
  bool force_simulation = false;
};

Result<Workload> ReadLassenCsv(std::string_view text, const std::string& name, const LlnlReadOptions& options,
                               Diagnostics* diag);
Result<Workload> ReadLegacyTrace(std::string_view text, const std::string& name, const LlnlReadOptions& options,
                                 Diagnostics* diag);

// Whether a CSV header line has Lassen's layout (the checked names at their
// positions), so the loader can recognise a Lassen file by content.
bool LooksLikeLassenHeader(std::string_view line);

}  // namespace clustersim
