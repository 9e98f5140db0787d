#pragma once
// dr_evt's schedule CSV: one row per finished job, in job-index order:
//   job_submit_time,begin_time,end_time,num_nodes,exit_status[,q_id|queue],time_limit
// The queue column appears only if the input had one; exit_status is 0.
// clustersim's schedule.csv adds a last column `job_id` (the job index of
// jobs.csv) so every output joins on it; `simulator` writes dr_evt's columns
// only. Either file is valid replay input: simulating, then replaying it,
// reproduces the same times and resource trace.

#include <string>
#include <vector>

#include "io/row_writer.h"
#include "io/text_sink.h"
#include "io/time_format.h"
#include "model/workload.h"

namespace clustersim {

void WriteScheduleCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f, TextSink* out,
                      bool job_id_column = false);
// rejected.csv: the jobs that never fit the machine, which schedule.csv
// cannot hold: job_id,job_submit_time,num_nodes,time_limit.
void WriteRejectedCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f, TextSink* out);
std::string ScheduleCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f);

// The job's queue as the input wrote it: a name (CSV `queue`) or a number.
void WriteQueue(RowWriter* row, const Workload& w, const Job& j);

}  // namespace clustersim
