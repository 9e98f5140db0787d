#pragma once
// Reader for dr_evt's "simple" CSV traces. Columns are found by name (any
// order, aliases below); the trace mode comes from the header, as seed 001
// specifies:
//   begin_time + (end_time or a duration column) -> replay
//   no begin_time                                -> simulation (needs time_limit)
//   begin_time alone                             -> error
//   end_time without begin_time                  -> error (ambiguous)
// --force-simulation turns a replay header into a simulation input.
// Bad rows are reported to Diagnostics and skipped (see docs/formats.md for
// every rule); header problems are fatal and returned as a Status.

#include <cstdint>
#include <string>
#include <string_view>

#include "model/diagnostics.h"
#include "model/status.h"
#include "model/workload.h"

namespace clustersim {

struct CsvReadOptions {
  std::string timezone = "UTC";  // for calendar times without an offset
  bool force_simulation = false;
  // dr_evt treats actual_run_time > time_limit as an invalid row; by default
  // clustersim keeps the row and the engine kills the job at its limit.
  bool skip_overruns = false;
  std::int64_t max_jobs = -1;    // stop after this many valid rows (-1: all)
  // Stop after this many data rows read, kept or not (-1: all): dr_evt's
  // tracer counts -j in lines read (dr_evt-compat.md §3, §11).
  std::int64_t max_lines = -1;
  // --trace_type pcon: the avgpcon, minpcon, maxpcon columns are required
  // and read into Workload::pcon.
  bool pcon = false;
  // A job_id column (clustersim's schedule.csv has one) names the jobs when
  // every value is a distinct integer; otherwise, or when false (dr_evt's
  // `simulator`: the job id is the index), jobs are numbered by position.
  // cli/options.cc sets it for each front end; the default serves
  // in-process callers (tests).
  bool ids_from_column = true;
};

Result<Workload> ReadDrEvtCsv(std::string_view text, const std::string& name,
                              const CsvReadOptions& options, Diagnostics* diag);

}  // namespace clustersim
