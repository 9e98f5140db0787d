#pragma once
// jobs.csv: Batsim's per-job columns, in Batsim's order, then clustersim's
// extensions (see docs/formats.md):
//   job_id,workload_name,profile,submission_time,requested_number_of_resources,
//   requested_time,success,final_state,starting_time,execution_time,
//   finish_time,waiting_time,turnaround_time,stretch,allocated_resources,
//   consumed_energy,metadata,actual_run_time,num_nodes,queue,
//   bounded_slowdown,backfilled,busy_nodes_at_submit,clipped

#include <string>
#include <vector>

#include "io/text_sink.h"
#include "model/workload.h"

namespace clustersim {

void WriteJobsCsv(const Workload& w, const std::vector<JobRun>& runs, double bsld_tau_s, TextSink* out);
std::string JobsCsv(const Workload& w, const std::vector<JobRun>& runs, double bsld_tau_s);

}  // namespace clustersim
