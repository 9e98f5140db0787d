#pragma once
// dr_evt's schedule CSV: one row per finished job, in job-index order:
//   job_submit_time,begin_time,end_time,num_nodes,exit_status[,q_id|queue],time_limit
// The queue column appears only if the input had one; exit_status is 0. The
// file is valid replay input: simulating, then replaying it, reproduces the
// same times and resource trace.

#include <string>
#include <vector>

#include "io/row_writer.h"
#include "io/text_sink.h"
#include "io/time_format.h"
#include "model/workload.h"

namespace clustersim {

void WriteScheduleCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f, TextSink* out);
std::string ScheduleCsv(const Workload& w, const std::vector<JobRun>& runs, TimeFormat f);

// The job's queue as the input wrote it: a name (CSV `queue`) or a number.
void WriteQueue(RowWriter* row, const Workload& w, const Job& j);

}  // namespace clustersim
