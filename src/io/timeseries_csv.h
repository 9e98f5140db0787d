#pragma once
// timeseries.csv and node_timeseries.csv (work-based runs, docs/energy.md
// §6): samples of the cluster's power state at every multiple of
// --timeseries-interval (or after every event time with
// --timeseries-every-event), each showing the state just before that
// instant's events.
//
// timeseries.csv: time,it_power_w,it_power_avg_w,cpu_power_w,cpu_power_avg_w,
//   gpu_power_w,gpu_power_avg_w,facility_power_w,cooling_power_w,pue,ambient_c,
//   mean_freq,cpu_capped_nodes,mean_cpu_cap_w,mean_gpu_cap_w,mean_cpu_util,mean_gpu_util,
//   cpu_temp_mean_c,cpu_temp_max_c,gpu_temp_mean_c,gpu_temp_max_c,
//   throttle_fraction,pods_running
// node_timeseries.csv (nodes chosen by --timeseries-nodes SELECTOR): time,node,
//   power_w,cpu_power_w,cpu_power_avg_w,gpu_power_w,gpu_power_avg_w,freq,
//   cpu_cap_w,gpu_cap_w,cpu_util,gpu_util,cpu_temp_c,gpu_temp_max_c,
//   theta_cpu,theta_gpu_max

#include <vector>

#include "io/text_sink.h"
#include "io/time_format.h"
#include "model/cluster.h"
#include "sim/work_execution.h"

namespace clustersim {

class TimeseriesWriter final : public PowerSampler {
 public:
  // Either sink may be null; `nodes` are the NodeIds of node_timeseries.csv.
  TimeseriesWriter(const Cluster& cluster, TimeFormat f, TextSink* cluster_sink, TextSink* node_sink,
                   std::vector<NodeId> nodes);
  void Sample(SimTime t, const WorkExecution& work) override;

 private:
  const Cluster& cluster_;
  TimeFormat f_;
  TextSink* cluster_sink_;
  TextSink* node_sink_;
  std::vector<NodeId> nodes_;
};

}  // namespace clustersim
