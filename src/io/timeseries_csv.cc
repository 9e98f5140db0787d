#include "io/timeseries_csv.h"

#include <algorithm>

#include "io/row_writer.h"

namespace clustersim {

TimeseriesWriter::TimeseriesWriter(const Cluster& cluster, TimeFormat f, TextSink* cluster_sink, TextSink* node_sink,
                                   std::vector<NodeId> nodes)
    : cluster_(cluster), f_(f), cluster_sink_(cluster_sink), node_sink_(node_sink), nodes_(std::move(nodes)) {
  if (cluster_sink_ != nullptr)
    cluster_sink_->buf +=
        "time,it_power_w,it_power_avg_w,cpu_power_w,cpu_power_avg_w,gpu_power_w,gpu_power_avg_w,facility_power_w,"
        "cooling_power_w,pue,ambient_c,mean_freq,cpu_capped_nodes,mean_cpu_cap_w,mean_gpu_cap_w,mean_cpu_util,mean_gpu_util,"
        "cpu_temp_mean_c,cpu_temp_max_c,gpu_temp_mean_c,gpu_temp_max_c,throttle_fraction,pods_running\n";
  if (node_sink_ != nullptr)
    node_sink_->buf +=
        "time,node,power_w,cpu_power_w,cpu_power_avg_w,gpu_power_w,gpu_power_avg_w,freq,cpu_cap_w,gpu_cap_w,"
        "cpu_util,gpu_util,cpu_temp_c,gpu_temp_max_c,theta_cpu,theta_gpu_max\n";
}

void TimeseriesWriter::Sample(SimTime t, const WorkExecution& work) {
  const ClusterPower& p = work.power();
  if (cluster_sink_ != nullptr) {
    double freq = 0, cpu_cap = 0, gpu_cap = 0, cpu_util = 0, gpu_util = 0, t_cpu_sum = 0, t_cpu_max = -1e300;
    double t_gpu_sum = 0, t_gpu_max = -1e300, throttled = 0;
    std::int64_t gpus = 0, gpu_nodes = 0, capped = 0;
    const std::size_t n = p.nodes();
    for (NodeId i = 0; i < n; ++i) {
      const NodeModel& m = p.node(i);
      freq += m.f_eff();
      // Only nodes under a RAPL cap: 0 W means "no cap", not a cap of 0.
      if (m.cpu_cap_w() > 0) cpu_cap += m.cpu_cap_w(), ++capped;
      cpu_util += m.cpu_util();
      const double tc = m.TempCpu(t);
      t_cpu_sum += tc;
      t_cpu_max = std::max(t_cpu_max, tc);
      if (m.gpus() > 0) {
        ++gpu_nodes;
        gpu_cap += m.gpu_cap_w();
        gpu_util += m.gpu_util();
      }
      m.GpuTempStats(t, &t_gpu_sum, &t_gpu_max);
      gpus += m.gpus();
      throttled += m.throttled() ? 1 : 0;
    }
    const double nn = static_cast<double>(std::max<std::size_t>(n, 1));
    const double pue = p.PueAt(t);
    RowWriter row(&cluster_sink_->buf);
    row.Time(t, f_).Char(',').Double(p.it_w()).Char(',').Double(p.CpuAverageW(t) + p.GpuAverageW(t)).Char(',');
    row.Double(p.cpu_w()).Char(',').Double(p.CpuAverageW(t)).Char(',').Double(p.gpu_w()).Char(',');
    row.Double(p.GpuAverageW(t)).Char(',').Double(p.it_w() * pue).Char(',').Double(p.it_w() * (pue - 1)).Char(',');
    row.Double(pue).Char(',').Double(p.AmbientAt(t)).Char(',').Double(freq / nn).Char(',').Int(capped).Char(',');
    if (capped > 0) row.Double(cpu_cap / static_cast<double>(capped));
    row.Char(',');
    row.Double(gpu_nodes > 0 ? gpu_cap / static_cast<double>(gpu_nodes) : 0).Char(',').Double(cpu_util / nn).Char(',');
    row.Double(gpu_nodes > 0 ? gpu_util / static_cast<double>(gpu_nodes) : 0).Char(',');
    row.Double(t_cpu_sum / nn).Char(',').Double(t_cpu_max).Char(',');
    if (gpus > 0) row.Double(t_gpu_sum / static_cast<double>(gpus)).Char(',').Double(t_gpu_max).Char(',');
    else row.Text(",,");
    row.Double(throttled / nn).Char(',').Int(work.pods_running()).Char('\n');
    row.Flush();
    cluster_sink_->Poll();
  }
  if (node_sink_ == nullptr) return;
  for (NodeId i : nodes_) {
    const NodeModel& m = p.node(i);
    double gpu_avg = 0, t_gpu = -1e300, theta_gpu = 0;
    for (int d = 0; d < m.gpus(); ++d) {
      gpu_avg += m.GpuAverageW(d, t);
      t_gpu = std::max(t_gpu, m.TempGpu(d, t));
      theta_gpu = std::max(theta_gpu, m.ReportedThetaGpu(d, t));
    }
    RowWriter row(&node_sink_->buf);
    row.Time(t, f_).Char(',').Field(cluster_.nodes[i].name).Char(',').Double(m.power_w()).Char(',');
    row.Double(m.cpu_w()).Char(',').Double(m.CpuAverageW(t)).Char(',').Double(m.gpu_w()).Char(',').Double(gpu_avg);
    row.Char(',').Double(m.f_eff()).Char(',');
    if (m.cpu_cap_w() > 0) row.Double(m.cpu_cap_w());  // empty: no RAPL cap
    row.Char(',');
    if (m.gpus() > 0) row.Double(m.gpu_cap_w());
    row.Char(',');
    row.Double(m.cpu_util()).Char(',').Double(m.gpu_util()).Char(',').Double(m.TempCpu(t)).Char(',');
    if (m.gpus() > 0) row.Double(t_gpu);
    row.Char(',').Double(m.ReportedThetaCpu(t)).Char(',').Double(theta_gpu).Char('\n');
    row.Flush();
    node_sink_->Poll();
  }
}

}  // namespace clustersim
