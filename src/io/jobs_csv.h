#pragma once
// jobs.csv: Batsim's per-job columns, in Batsim's order, then clustersim's
// extensions (see docs/formats.md):
//   job_id,workload_name,profile,submission_time,requested_number_of_resources,
//   requested_time,success,final_state,starting_time,execution_time,
//   finish_time,waiting_time,turnaround_time,stretch,allocated_resources,
//   consumed_energy,metadata,actual_run_time,num_nodes,queue,
//   bounded_slowdown,backfilled,busy_nodes_at_submit,clipped

#include <functional>
#include <string>
#include <vector>

#include "io/text_sink.h"
#include "model/workload.h"

namespace clustersim {

// Extra columns after the standard ones (runs on a cluster, work-based
// runs): `header` starts with ',' and `cells(id, out)` appends the row's
// cells, each preceded by ','.
struct JobsCsvExtra {
  std::string header;
  std::function<void(JobId, std::string*)> cells;
  // Batsim's consumed_energy cell (joules) when energy is modelled; -1 without.
  std::function<void(JobId, std::string*)> consumed_energy;
};

void WriteJobsCsv(const Workload& w, const std::vector<JobRun>& runs, double bsld_tau_s, TextSink* out,
                  const JobsCsvExtra* extra = nullptr);
std::string JobsCsv(const Workload& w, const std::vector<JobRun>& runs, double bsld_tau_s);

}  // namespace clustersim
