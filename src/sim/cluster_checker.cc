#include "sim/cluster_checker.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "sim/work_execution.h"

namespace clustersim {

ClusterChecker::ClusterChecker(const Workload& w, const ClusterPool& pool, const WorkExecution* work, double tick_s,
                               bool run_to_end)
    : w_(w), pool_(pool), work_(work), tick_s_(tick_s), run_to_end_(run_to_end),
      used_mc_(pool.cluster().nodes.size(), 0), used_mem_(pool.cluster().nodes.size(), 0),
      used_devices_(pool.cluster().nodes.size(), 0), whole_(pool.cluster().nodes.size(), 0),
      pods_on_(pool.cluster().nodes.size(), 0), held_(w.jobs.size()), began_(w.jobs.size(), 0) {}

void ClusterChecker::Fail(std::string message) {
  if (error_.empty()) error_ = "check failed: " + std::move(message);
}

void ClusterChecker::OnStart(JobId id, SimTime t, std::int64_t) {
  const Cluster& c = pool_.cluster();
  const auto pieces = pool_.pieces(id);
  held_[id].assign(pieces.begin(), pieces.end());
  began_[id] = t;
  for (const Piece& p : pieces) {
    const NodeType& type = c.type_of(p.node);
    const Node& node = c.nodes[p.node];
    if (used_devices_[p.node] & p.devices)
      Fail(fmt::format("at {} s job {} was given a GPU of {} that another pod holds", ToSeconds(t),
                       w_.jobs[id].trace_id, node.name));
    if (w_.pods[p.pod].whole_node && pods_on_[p.node] > 0)
      Fail(fmt::format("at {} s job {} took {} as a whole node while it ran other pods", ToSeconds(t),
                       w_.jobs[id].trace_id, node.name));
    // §h.1/§h.3: only performance nodes take performance pods, and a pod's
    // required affinity binds (the profile now: policy C changes it).
    if (pool_.is_performance(id) && node.profile != PowerProfile::kPerformance)
      Fail(fmt::format("at {} s performance job {} was placed on {}, a {} node", ToSeconds(t), w_.jobs[id].trace_id,
                       node.name, EnumNameOf(kPowerProfileNames, node.profile)));
    if ((w_.pods[p.pod].profiles & ProfileBit(node.profile)) == 0)
      Fail(fmt::format("at {} s job {} was placed on {}, a {} node its affinity excludes", ToSeconds(t),
                       w_.jobs[id].trace_id, node.name, EnumNameOf(kPowerProfileNames, node.profile)));
    if (whole_[p.node] > 0)
      Fail(fmt::format("at {} s job {} was placed on {}, which a whole-node pod holds", ToSeconds(t),
                       w_.jobs[id].trace_id, node.name));
    used_mc_[p.node] += p.millicores;
    // Without a node memory size the pool ignores memory, and requests of
    // up to 2^63 bytes could not be summed.
    if (type.memory_bytes > 0) used_mem_[p.node] += p.memory;
    used_devices_[p.node] |= p.devices;
    ++pods_on_[p.node];
    if (w_.pods[p.pod].whole_node) ++whole_[p.node];
    if (used_mc_[p.node] > type.millicores)
      Fail(fmt::format("at {} s node {} holds {} cores, more than its {}", ToSeconds(t), node.name,
                       used_mc_[p.node] / 1000.0, type.millicores / 1000.0));
    if (type.memory_bytes > 0 && used_mem_[p.node] > type.memory_bytes)
      Fail(fmt::format("at {} s node {} holds {} bytes of memory, more than its {}", ToSeconds(t), node.name,
                       used_mem_[p.node], type.memory_bytes));
  }
}

void ClusterChecker::Free(const Piece& p) {
  used_mc_[p.node] -= p.millicores;
  if (pool_.cluster().type_of(p.node).memory_bytes > 0) used_mem_[p.node] -= p.memory;
  used_devices_[p.node] &= ~p.devices;
  --pods_on_[p.node];
  if (w_.pods[p.pod].whole_node) --whole_[p.node];
}

void ClusterChecker::OnEnd(JobId id, SimTime t, std::int64_t) {
  for (const Piece& p : held_[id]) Free(p);
  std::vector<Piece>().swap(held_[id]);
  ended_.emplace_back(id, t);
}

void ClusterChecker::OnPodEnd(JobId id, std::uint32_t pod, SimTime t, std::int64_t) {
  // The pod's pieces leave the job; the pool must have dropped them too.
  std::size_t freed = 0;
  for (const Piece& p : held_[id])
    if (p.pod == pod) Free(p), ++freed;
  std::erase_if(held_[id], [pod](const Piece& p) { return p.pod == pod; });
  const std::int64_t job = w_.jobs[id].trace_id;
  if (freed == 0) Fail(fmt::format("at {} s job {} ended pod {}, which it did not hold", ToSeconds(t), job, pod));
  for (const Piece& p : pool_.pieces(id))
    if (p.pod == pod) Fail(fmt::format("at {} s the pool still holds pod {} of job {} after it ended", ToSeconds(t), pod, job));
}

void ClusterChecker::OnFinish(SimTime) {
  // Jobs that never ended (stalled work, or running at --max_time) still
  // hold their nodes: count them out, then every node must be empty. They
  // did not finish, so the work-left check below does not see them.
  for (JobId id = 0; id < held_.size(); ++id) {
    for (const Piece& p : held_[id]) Free(p);
    std::vector<Piece>().swap(held_[id]);
  }
  if (run_to_end_) {
    const Cluster& c = pool_.cluster();
    for (NodeId n = 0; n < c.nodes.size(); ++n)
      if (used_mc_[n] != 0 || used_devices_[n] != 0 || pods_on_[n] != 0)
        Fail(fmt::format("node {} still holds {} cores and GPUs {:#x} at the end", c.nodes[n].name,
                         used_mc_[n] / 1000.0, used_devices_[n]));
  }
  if (work_ == nullptr) return;
  // Energy is conserved (§e.5): what the pods were given plus what stayed
  // with the nodes is what the nodes drew, and the nodes' sum is the IT
  // energy integrated beside them.
  const ClusterPower& p = work_->power();
  double nodes = 0, idle = 0, jobs = 0;
  for (NodeId n = 0; n < p.nodes(); ++n) nodes += p.node(n).energy_j(), idle += p.node(n).idle_energy_j();
  for (JobId id = 0; id < w_.jobs.size(); ++id) jobs += work_->job_energy_j(id);
  auto close = [](double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)}); };
  if (!close(jobs + idle, nodes))
    Fail(fmt::format("energy not conserved: jobs {} J + idle {} J != nodes {} J", jobs, idle, nodes));
  if (!close(nodes, p.it_energy_j()))
    Fail(fmt::format("energy not conserved: nodes {} J != IT {} J", nodes, p.it_energy_j()));
  // A finish falls on the first microsecond (tick) at or after the exact
  // instant, so at most that much work can be left over, plus float noise:
  // each advance of a node subtracts rate * dt from the work left, with an
  // error of about 1e-16 of the whole work each time, which at the task's
  // rate is 1e-16 of its run time (a fuzzer found 5e-9 s over the tick on
  // a 1-millicore gang sharing a node for ~10^6 s). 1e-10 of the run time
  // allows a million advances and still catches any lost millisecond.
  const double tick = (tick_s_ > 0 ? tick_s_ : 1e-6) * (1 + 1e-6) + 1e-9;
  for (const auto& [id, end] : ended_) {
    const double bound = tick + 1e-10 * ToSeconds(end - began_[id]);
    if (work_->stats(id).snap_s > bound)
      Fail(fmt::format("work not conserved: job {} finished with {} s of work left (bound {} s)",
                       w_.jobs[id].trace_id, work_->stats(id).snap_s, bound));
  }
}

}  // namespace clustersim
