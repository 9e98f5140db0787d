#include "sim/work_execution.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "power/clamp.h"
#include "power/cpu_cap.h"
#include "power/cpu_throughput.h"
#include "power/gpu_power.h"
#include "power/node_load.h"
#include "power/peer_transfer.h"

namespace clustersim {
namespace {

// Calls fn(device index) for each device a task holds, lowest index first.
template <typename Fn>
void ForEachDevice(std::uint64_t mask, Fn fn) {
  for (; mask != 0; mask &= mask - 1) fn(std::countr_zero(mask));
}

}  // namespace

WorkExecution::WorkExecution(const Cluster& cluster, const Workload& w, const ClusterPool& pool,
                             const WorkOptions& options, ClusterPower* power)
    : cluster_(cluster), w_(w), pool_(pool), o_(options),
      node_tasks_(cluster.nodes.size()), node_time_(cluster.nodes.size(), 0), node_dirty_(cluster.nodes.size(), 0),
      tasks_left_(w.jobs.size(), 0), pod_tasks_left_(w.pods.size(), 0), stats_(w.jobs.size()), killed_(w.jobs.size(), 0),
      job_energy_j_(w.jobs.size(), 0), power_(power) {}

void WorkExecution::SetSampler(PowerSampler* sampler, SimTime interval, bool every_event) {
  sampler_ = sampler;
  sample_every_ = interval;
  sample_each_event_ = every_event;
}

void WorkExecution::Begin(SimTime t0) {
  std::fill(node_time_.begin(), node_time_.end(), t0);
  if (Status st = power_->Begin(t0); !st.ok() && status_.ok()) status_ = st;
  if (sampler_ != nullptr && sample_every_ > 0) {
    // The first multiple of the interval at or after t0.
    const SimTime q = t0 >= 0 ? (t0 + sample_every_ - 1) / sample_every_ : -((-t0) / sample_every_);
    next_sample_ = q * sample_every_;
  }
}

void WorkExecution::Finish(SimTime end) {
  for (NodeId n = 0; n < cluster_.nodes.size(); ++n) AdvanceNode(n, end);
  power_->Finish(end);
  // The last row shows the state the run ends in (off the interval grid
  // when the end falls between samples).
  if (sampler_ != nullptr && last_sample_ != end) sampler_->Sample(end, *this);
}

double WorkExecution::NominalSeconds(JobId id) const {
  const WorkJob& j = w_.work[id];
  double nominal = 0;
  for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) {
    const Pod& pod = w_.pods[p];
    const double cores = pod.millicores / 1000.0;
    double cpu = 0;
    if (pod.cpu_units > 0)
      cpu = pod.per_core_work ? pod.cpu_units / o_.base.per_core
                              : (cores > 0 ? pod.cpu_units / (cores * o_.base.per_core) : 0);
    double gpu = 0;
    if (pod.gpu_units > 0 && pod.gpus > 0) {
      const double base = o_.switches.gpu_base_speed == power::GpuBaseSpeed::kJoulie
                              ? std::max(0.1, static_cast<double>(pod.gpus)) * o_.base.per_core
                              : pod.gpus * o_.base.per_gpu;
      gpu = pod.gpu_units / base;
    }
    nominal = std::max({nominal, cpu, gpu});
  }
  return nominal;
}

std::uint32_t WorkExecution::NewSlot() {
  if (!free_slots_.empty()) {
    const std::uint32_t s = free_slots_.back();
    free_slots_.pop_back();
    return s;
  }
  tasks_.emplace_back();
  return static_cast<std::uint32_t>(tasks_.size() - 1);
}

void WorkExecution::Touch(NodeId n) {
  if (node_dirty_[n]) return;
  node_dirty_[n] = 1;
  dirty_.push_back(n);
}

void WorkExecution::Start(JobId id, SimTime now) {
  const auto pieces = pool_.pieces(id);
  stats_[id].nominal_s = NominalSeconds(id);
  tasks_left_[id] = static_cast<std::uint32_t>(pieces.size());
  if (pieces.empty()) {
    SimTime run = std::max<SimTime>(0, w_.jobs[id].run_time);
    if (const SimTime limit = w_.work[id].limit; limit != kTimeInfinity && run > limit) {
      run = limit;
      killed_[id] = 1;  // as a fixed run is (--overrun clip)
    }
    SimTime end = run < kMaxSimTime - now ? now + run : kMaxSimTime;
    empty_jobs_.emplace(TickUp(end), id);
  }
  for (const Piece& piece : pieces) ++pod_tasks_left_[piece.pod];
  for (const Piece& piece : pieces) {
    AdvanceNode(piece.node, now);  // co-runners progress at their old rates up to now
    const Pod& pod = w_.pods[piece.pod];
    const std::uint32_t slot = NewSlot();
    Task& t = tasks_[slot];
    const std::uint32_t version = t.version + 1;  // stale heap entries of a reused slot stay stale
    t = Task{};
    t.version = version;
    t.job = id;
    t.pod = piece.pod;
    t.node = piece.node;
    t.cores = piece.millicores / 1000.0;
    t.devices = piece.devices;
    t.gpus = pod.whole_node ? 0 : std::popcount(piece.devices);  // whole-node SWF jobs have no GPU work
    if (pod.per_core_work)
      t.cpu_total = pod.cpu_units * t.cores;
    else if (pod.spread && pod.millicores > 0)
      t.cpu_total = pod.cpu_units * static_cast<double>(piece.millicores) / static_cast<double>(pod.millicores);
    else
      t.cpu_total = pod.cpu_units;
    t.gpu_total = t.gpus > 0 ? pod.gpu_units : 0;
    t.cpu_left = std::max(0.0, t.cpu_total);
    t.gpu_left = std::max(0.0, t.gpu_total);
    if (const SimTime limit = w_.work[id].limit; limit != kTimeInfinity && limit < kMaxSimTime - now)
      t.deadline = now + limit;
    t.live = true;
    ++pods_running_;
    node_tasks_[piece.node].push_back(slot);
    Touch(piece.node);
  }
}

void WorkExecution::AdvanceNode(NodeId n, SimTime now) {
  const SimTime last = node_time_[n];
  if (now <= last) return;
  node_time_[n] = now;
  const double dt = ToSeconds(now - last);
  for (std::uint32_t s : node_tasks_[n]) {
    Task& t = tasks_[s];
    if (t.cpu_left > 0) t.cpu_left -= t.cpu_rate * dt;
    if (t.gpu_left > 0) t.gpu_left -= t.gpu_rate * dt;
    job_energy_j_[t.job] += t.power_w * dt;
  }
  power_->AdvanceNode(n, now);
}

SimTime WorkExecution::TickUp(SimTime t) const {
  if (o_.tick <= 0 || t == kTimeInfinity) return t;
  return (t + o_.tick - 1) / o_.tick * o_.tick;
}

SimTime WorkExecution::FinishTime(SimTime now, double left, double rate) const {
  if (left <= 0) return now;
  if (!(rate > 0)) return kTimeInfinity;
  const double dt_us = CeilMicros(left / rate);
  if (!(dt_us < static_cast<double>(kMaxSimTime - now))) return kTimeInfinity;
  SimTime t = now + std::max<SimTime>(1, static_cast<SimTime>(dt_us));
  return TickUp(t);  // the tick that sees the work run out
}

void WorkExecution::RecomputeNode(NodeId n, SimTime now) {
  const std::vector<std::uint32_t>& slots = node_tasks_[n];
  const NodeType& type = cluster_.type_of(n);
  const power::PowerSwitches& sw = o_.switches;
  // The cluster's types already carry the gpu_catalog switch (cluster_setup).
  const GpuSpec& gpu = type.gpu;

  // §f: the node's load from its running tasks, then its hardware (§e.6):
  // frequency under DVFS and the RAPL cap, θ, GPU caps, power.
  std::vector<power::PodLoad> loads;
  loads.reserve(slots.size());
  for (std::uint32_t s : slots) {
    const Task& t = tasks_[s];
    loads.push_back({t.cores, t.gpus, &w_.pods[t.pod].profile, t.cpu_left > 0, t.gpu_left > 0, false});
  }
  const double node_cores = type.millicores / 1000.0;
  power::NodeLoad load = power::AggregateNodeLoad(loads, node_cores, type.gpus, sw);
  const bool assigned = sw.gpu_util_source == power::GpuUtilSource::kAssigned && type.gpus > 0;
  if (assigned) {
    load.device_util.assign(static_cast<std::size_t>(type.gpus), 0.0);
    for (std::uint32_t s : slots)
      if (const Task& t = tasks_[s]; t.gpu_left > 0)
        ForEachDevice(t.devices, [&](int d) {
          load.device_util[static_cast<std::size_t>(d)] = power::Clamp01(w_.pods[t.pod].profile.u_gpu);
        });
  }
  power_->EvaluateNode(n, load);
  power_->ScheduleTimer(n);
  const NodeModel& model = power_->node(n);
  if (slots.empty()) return;
  const double f_eff = model.f_eff();
  const double theta_cpu = model.theta_cpu();
  // Attribution (§e.5): the node's dynamic power to its pods, by demand
  // share C_req·U_cpu on the CPU side and by device on the GPU side. The
  // node's load sets every active device to the same utilisation (§d.5),
  // so each device held draws the same: a pod's GPU share is its devices
  // over the devices of the pods with GPU work (never more than the power
  // of the devices it holds).
  double cpu_demand = 0, gpu_devices = 0;
  for (std::uint32_t s : slots) {
    const Task& t = tasks_[s];
    if (t.cpu_left > 0) cpu_demand += t.cores * w_.pods[t.pod].profile.u_cpu;
    if (t.gpu_left > 0) gpu_devices += t.gpus;
  }
  const int k = static_cast<int>(slots.size());
  const double cpu_share = power::CpuCapacityShare(node_cores, load.cpu_weight);
  const double gpu_share = power::GpuCapacityShare(type.gpus, load.gpu_requested);

  // §b: peer copies of the v1 jobs that make them.
  std::vector<double> ratio(slots.size(), 1.0);
  std::vector<double> peer(slots.size(), 0.0);
  if (o_.engine == power::WorkEngine::kV1 && gpu.peer_link_gbps > 0) {
    std::vector<std::vector<std::uint32_t>> devices;
    std::vector<power::PeerJob> jobs;
    std::vector<std::size_t> owner;
    for (std::size_t i = 0; i < slots.size(); ++i) {
      const Task& t = tasks_[slots[i]];
      const double p = w_.pods[t.pod].profile.peer;
      if (p <= 0 || t.gpus < 2 || t.gpu_left <= 0) continue;
      std::vector<std::uint32_t> d;
      ForEachDevice(t.devices, [&](int i) { d.push_back(static_cast<std::uint32_t>(i)); });
      devices.push_back(std::move(d));
      owner.push_back(i);
    }
    for (std::size_t j = 0; j < owner.size(); ++j)
      jobs.push_back({tasks_[slots[owner[j]]].job, w_.pods[tasks_[slots[owner[j]]].pod].profile.peer, devices[j]});
    if (!jobs.empty()) {
      const std::vector<double> phi =
          power::ReceiverGates(type.gpus, type.gated_devices, gpu.receiver_gate_fraction, o_.receiver_gate);
      const std::vector<power::PeerCopy> copies = power::PeerCopies(jobs, gpu.peer_link_gbps, phi);
      const std::vector<double> g = power::PeerRatios(jobs, copies);
      for (std::size_t j = 0; j < owner.size(); ++j) {
        ratio[owner[j]] = g[j];
        peer[owner[j]] = jobs[j].p;
      }
    }
  }

  std::vector<double> caps, thetas;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    Task& t = tasks_[slots[i]];
    const WorkProfile& prof = w_.pods[t.pod].profile;
    t.power_w = t.cpu_left > 0 && cpu_demand > 0 ? model.cpu_dynamic_w() * t.cores * prof.u_cpu / cpu_demand : 0;
    if (t.gpu_left > 0 && assigned) {
      // Each device draws its own pod's load: the pod's share is its devices'.
      ForEachDevice(t.devices, [&](int d) { t.power_w += model.device_dynamic_w(d); });
    } else if (t.gpu_left > 0 && gpu_devices > 0) {
      t.power_w += model.gpu_dynamic_w() * t.gpus / gpu_devices;
    }
    const double m = power::JobCpuMultiplier(prof, f_eff, theta_cpu, type.cpu.knee);
    const double ti = power::JobThrottleImpact(prof, m);
    t.cpu_rate = power::CpuProgressRate(sw, power::CpuSpeed(t.cores, o_.base.per_core, ti), k, cpu_share);
    t.gpu_rate = 0;
    if (t.gpus > 0 && t.gpu_total > 0) {
      caps.assign(static_cast<std::size_t>(t.gpus), model.gpu_cap_w());
      thetas.clear();
      ForEachDevice(t.devices,
                    [&](int d) { thetas.push_back(power::ThetaForGpuJob(sw, model.theta_gpu(d), theta_cpu)); });
      power::GpuJobInputs gi;
      gi.g_req = t.gpus;
      gi.s_gpu = prof.s_gpu;
      gi.gt = power::JobGpuThroughput(gpu, prof, caps, thetas, sw);
      gi.feed_impact = power::JobCpuFeedImpact(prof, m);
      gi.cap_ratio = gpu.max_w > 0 ? power::EffectiveGpuCap(gpu, model.gpu_cap_w()) / gpu.max_w : 1;
      gi.peer = peer[i];
      gi.peer_ratio = ratio[i];
      gi.gpu_share = gpu_share;
      t.gpu_rate = power::JobGpuSpeed(gi, o_.engine, o_.base, sw);
    }
    t.cpu_done = t.cpu_left > 0 ? FinishTime(now, t.cpu_left, t.cpu_rate) : kTimeInfinity;
    t.gpu_done = t.gpu_left > 0 ? FinishTime(now, t.gpu_left, t.gpu_rate) : kTimeInfinity;
    // A task with nothing left ends now (zero work, or both sides done).
    const SimTime next =
        t.cpu_left <= 0 && t.gpu_left <= 0 ? now : std::min({t.cpu_done, t.gpu_done, TickUp(t.deadline)});
    if (next == t.next_event) continue;  // its queued event still holds
    ++t.version;
    t.next_event = next;
    if (next != kTimeInfinity) heap_.push({next, t.job, slots[i], t.version});
  }
}

Status WorkExecution::ChangeOperatingPoint(NodeId n, const OperatingPoint& op, SimTime now) {
  AdvanceNode(n, now);
  Touch(n);
  return power_->SetOperatingPoint(n, op);
}

void WorkExecution::Settle(SimTime now) {
  std::sort(dirty_.begin(), dirty_.end());  // a deterministic order of recomputation
  for (NodeId n : dirty_) {
    node_dirty_[n] = 0;
    RecomputeNode(n, now);
  }
  dirty_.clear();
}

SimTime WorkExecution::NextEvent() {
  const SimTime task = NextTaskEvent();
  return empty_jobs_.empty() ? task : std::min(task, empty_jobs_.top().first);
}

SimTime WorkExecution::NextPowerEvent(bool workload_events) {
  const SimTime hardware = power_->NextEvent();
  if (!workload_events && hardware == kTimeInfinity) return kTimeInfinity;
  SimTime t = std::min(hardware, next_sample_);
  // Tick mode: the hardware too moves on the tick grid.
  return TickUp(t);
}

SimTime WorkExecution::NextTaskEvent() {
  while (!heap_.empty()) {
    const Event& e = heap_.top();
    const Task& t = tasks_[e.slot];
    if (t.live && t.version == e.version) return e.time;
    heap_.pop();
  }
  return kTimeInfinity;
}

void WorkExecution::Process(SimTime now, std::vector<JobId>* finished, std::vector<PodEnd>* pods_ended) {
  // A sample shows the state just before this instant's events.
  if (sampler_ != nullptr && (now >= next_sample_ || sample_each_event_)) {
    sampler_->Sample(now, *this);
    last_sample_ = now;
    while (next_sample_ <= now) next_sample_ += sample_every_ > 0 ? sample_every_ : kTimeInfinity;
  }
  // Hardware events: the node's pods progress at their old rates up to now.
  const auto prepare = [this, now](NodeId n) {
    AdvanceNode(n, now);
    Touch(n);
  };
  if (Status st = power_->Due(now, prepare); !st.ok() && status_.ok()) status_ = st;
  for (; !empty_jobs_.empty() && empty_jobs_.top().first <= now; empty_jobs_.pop())
    finished->push_back(empty_jobs_.top().second);
  while (NextTaskEvent() == now) {
    const Event e = heap_.top();
    heap_.pop();
    Task& t = tasks_[e.slot];
    ++events_;
    AdvanceNode(t.node, now);
    // A side whose finish is due is done: what is left is rounding of the
    // finish to the microsecond (or the tick), recorded for the checks.
    JobWorkStats& st = stats_[t.job];
    // At its limit (the tick that sees it, in tick mode), a side due now
    // counts as finished only if its exact finish came by the exact limit.
    const bool at_limit = TickUp(t.deadline) <= now;
    const auto late = [&](double left, double rate) {
      return at_limit && rate > 0 &&
             static_cast<double>(now) + left / rate * static_cast<double>(kTicksPerSecond) >
                 static_cast<double>(t.deadline) + 1e-3;
    };
    bool killed = (t.cpu_done <= now && late(t.cpu_left, t.cpu_rate)) || (t.gpu_done <= now && late(t.gpu_left, t.gpu_rate));
    if (t.cpu_done <= now) {
      if (t.cpu_rate > 0) st.snap_s = std::max(st.snap_s, std::fabs(t.cpu_left) / t.cpu_rate);
      t.cpu_left = 0;
      t.cpu_done = kTimeInfinity;
    }
    if (t.gpu_done <= now) {
      if (t.gpu_rate > 0) st.snap_s = std::max(st.snap_s, std::fabs(t.gpu_left) / t.gpu_rate);
      t.gpu_left = 0;
      t.gpu_done = kTimeInfinity;
    }
    killed = killed || (at_limit && (t.cpu_left > 0 || t.gpu_left > 0));
    if (killed) {
      killed_[t.job] = 1;
      t.cpu_left = t.gpu_left = 0;
      t.cpu_done = t.gpu_done = kTimeInfinity;
    }
    Touch(t.node);
    t.next_event = kTimeInfinity;  // this event is spent; Settle() queues the next
    if (t.cpu_left > 0 || t.gpu_left > 0) continue;
    t.live = false;
    ++t.version;
    auto& on_node = node_tasks_[t.node];
    on_node.erase(std::find(on_node.begin(), on_node.end(), e.slot));  // keep the order: sums stay reproducible
    free_slots_.push_back(e.slot);
    --pods_running_;
    const bool pod_done = --pod_tasks_left_[t.pod] == 0;
    if (--tasks_left_[t.job] == 0)
      finished->push_back(t.job);
    else if (pod_done && w_.work[t.job].pods_end_alone)
      pods_ended->push_back({t.job, t.pod});
  }
  std::sort(finished->begin(), finished->end());
  // A pod whose job ended at the same instant is released with the job.
  std::erase_if(*pods_ended, [&](const PodEnd& p) { return tasks_left_[p.job] == 0; });
  std::sort(pods_ended->begin(), pods_ended->end());
}

}  // namespace clustersim
