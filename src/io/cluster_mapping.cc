#include "io/cluster_mapping.h"

#include <algorithm>
#include <string>

namespace clustersim {

Status MapOntoCluster(const ClusterMappingOptions& o, Workload* w) {
  w->work.clear();
  w->pods.clear();
  w->work.reserve(w->jobs.size());
  for (const Job& j : w->jobs) {
    WorkJob job;
    job.first_pod = static_cast<std::uint32_t>(w->pods.size());
    job.workload_id = std::to_string(j.trace_id);
    Pod pod;
    pod.name = std::to_string(j.trace_id);
    pod.profile = o.profile;
    if (auto it = o.queue_class.find(j.queue); it != o.queue_class.end()) pod.profile.cpu_class = it->second;
    pod.per_core_work = true;
    // Work per allocated core: the run time at nominal speed B_core. Under
    // --overrun clip the job is killed at its limit, as a fixed run is, and
    // also when caps slow it past the limit.
    pod.cpu_units = ToSeconds(j.run_time) * o.base_speed_per_core;
    if (o.clip_to_limit) job.limit = std::max<SimTime>(0, j.time_limit);
    pod.gpu_units = 0;
    if (o.whole_nodes) {
      pod.whole_node = true;
      pod.millicores = 0;  // the node's, known at placement
      for (std::int64_t n = 0; n < j.units; ++n) w->pods.push_back(pod);
      job.num_pods = static_cast<std::uint32_t>(j.units);
    } else {
      pod.spread = true;
      pod.millicores = j.units * 1000;
      w->pods.push_back(pod);
      job.num_pods = j.units > 0 ? 1 : 0;
      if (j.units == 0) w->pods.pop_back();
    }
    job.gang = job.num_pods > 1;
    w->work.push_back(std::move(job));
  }
  return Status::Ok();
}

}  // namespace clustersim
