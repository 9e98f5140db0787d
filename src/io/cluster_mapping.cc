#include "io/cluster_mapping.h"

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
    // Work per allocated core: the run time at nominal speed B_core.
    const SimTime run = o.clip_to_limit && j.run_time > j.time_limit ? j.time_limit : j.run_time;
    pod.cpu_units = ToSeconds(run) * o.base_speed_per_core;
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
