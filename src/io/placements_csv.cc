#include "io/placements_csv.h"

#include <bit>

#include "io/row_writer.h"

namespace clustersim {
namespace {

std::string DeviceList(std::uint64_t mask) {
  std::string s;
  for (; mask != 0; mask &= mask - 1) {
    if (!s.empty()) s += '+';
    s += std::to_string(std::countr_zero(mask));
  }
  return s;
}

}  // namespace

PlacementLog::PlacementLog(const Workload& w, const ClusterPool& pool, TimeFormat f, TextSink* sink)
    : w_(w), pool_(pool), f_(f), sink_(sink), nodes_(w.jobs.size()), devices_(w.jobs.size()) {
  if (sink_ != nullptr) sink_->buf += "job_id,pod,node,devices,node_class,power_profile,cores,gpus,start_time\n";
}

void PlacementLog::OnStart(JobId id, SimTime t, std::int64_t) {
  const Cluster& c = pool_.cluster();
  std::string& nodes = nodes_[id];
  std::string& devices = devices_[id];
  NodeId last = static_cast<NodeId>(c.nodes.size());
  for (const Piece& p : pool_.pieces(id)) {
    const Node& node = c.nodes[p.node];
    const std::string list = DeviceList(p.devices);
    if (p.node != last) {  // a gang's pods on one node are listed once
      if (!nodes.empty()) nodes += ';';
      nodes += node.name;
      last = p.node;
    }
    if (!list.empty()) {
      if (!devices.empty()) devices += ';';
      devices += node.name + ":" + list;
    }
    if (sink_ == nullptr) continue;
    RowWriter row(&sink_->buf);
    row.Int(w_.jobs[id].trace_id).Char(',').Field(w_.pods[p.pod].name).Char(',').Field(node.name).Char(',');
    row.Text(list).Char(',').Field(node.node_class).Char(',').Text(EnumNameOf(kPowerProfileNames, node.profile)).Char(',');
    row.Double(p.millicores / 1000.0).Char(',').Int(std::popcount(p.devices)).Char(',').Time(t, f_).Char('\n');
    row.Flush();
    sink_->Poll();
  }
}

}  // namespace clustersim
