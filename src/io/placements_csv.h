#pragma once
// placements.csv (runs on a cluster): one row per placed piece of a job, in
// start order:
//   job_id,pod,node,devices,node_class,power_profile,cores,gpus,start_time
// `pod` is the pod's name (the trace's jobId; the SWF job number for SWF),
// `devices` the GPU indices on that node joined by '+' (empty without GPUs),
// `node_class` and `power_profile` the node's at placement. The same
// observer keeps, per job, the node and device lists for jobs.csv.

#include <string>
#include <vector>

#include "io/text_sink.h"
#include "io/time_format.h"
#include "model/workload.h"
#include "sched/cluster_pool.h"
#include "sim/observer.h"

namespace clustersim {

class PlacementLog final : public EngineObserver {
 public:
  // `sink` may be null: then only the per-job lists are kept.
  PlacementLog(const Workload& w, const ClusterPool& pool, TimeFormat f, TextSink* sink);
  void OnStart(JobId id, SimTime t, std::int64_t used) override;

  // "node-a;node-b" and "node-a:0+1;node-b:3" for a started job, else "".
  const std::string& nodes(JobId id) const { return nodes_[id]; }
  const std::string& devices(JobId id) const { return devices_[id]; }

 private:
  const Workload& w_;
  const ClusterPool& pool_;
  TimeFormat f_;
  TextSink* sink_;
  std::vector<std::string> nodes_, devices_;
};

}  // namespace clustersim
