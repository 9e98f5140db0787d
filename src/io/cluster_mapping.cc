#include "io/cluster_mapping.h"

#include <algorithm>
#include <set>
#include <string>

#include <fmt/format.h>

namespace clustersim {

namespace {

// The queue as the trace writes it: a CSV's name, else its number.
std::string QueueLabel(const Workload& w, std::int32_t q) {
  if (!w.queue_names.empty() && q >= 0 && static_cast<std::size_t>(q) < w.queue_names.size())
    return w.queue_names[static_cast<std::size_t>(q)];
  return std::to_string(q);
}

// A --queue-class key no job's queue matches is a typo or the wrong trace.
Status CheckQueueKeys(const ClusterMappingOptions& o, const Workload& w) {
  if (o.queue_class.empty()) return Status::Ok();
  std::set<std::string, std::less<>> seen;
  for (const Job& j : w.jobs) seen.insert(QueueLabel(w, j.queue));
  for (const auto& [key, cls] : o.queue_class)
    if (!seen.contains(key)) {
      std::string queues;
      for (const std::string& q : seen) queues += (queues.empty() ? "" : ", ") + q;
      return Status::Error(fmt::format("--queue-class: no job of the trace is in queue '{}' (its queues: {})", key,
                                       queues.empty() ? "none" : queues));
    }
  return Status::Ok();
}

}  // namespace

Status MapOntoCluster(const ClusterMappingOptions& o, Workload* w) {
  if (Status st = CheckQueueKeys(o, *w); !st.ok()) return st;
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
    if (!o.queue_class.empty())
      if (auto it = o.queue_class.find(QueueLabel(*w, j.queue)); it != o.queue_class.end())
        pod.profile.cpu_class = it->second;
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
