#pragma once
// WorkExecution: how started work-based jobs (seed 002) progress and end.
// Each placed piece of a job (a pod on a node, or the part of a spread pod
// on one node) is a task with CPU and GPU work left and two rates that
// depend on its node: the operating point, the node's aggregated load (§f)
// and its co-runners (k, peer links). Rates are constant between events,
// so every finish time is solved, not stepped (power-model.md §a.4, §e.5).
//
// Any change on a node — a task starting, finishing, or finishing one side
// of its work (which changes the node's load and so its RAPL-capped
// frequency) — advances that node's tasks to now and recomputes their rates
// and finish times: the cost of an event is the tasks on the touched nodes,
// never the cluster. A job ends when its last task does.
//
// Times are microseconds: a finish falls on the first tick at or after the
// exact instant (event mode), or on the first multiple of the emulated tick
// (tick mode, --tick, SIM_EMULATE_TICK), which is the v1 timing of the page.

#include <cmath>
#include <cstdint>
#include <functional>
#include <queue>
#include <string>
#include <vector>

#include "model/cluster.h"
#include "model/status.h"
#include "model/time.h"
#include "model/workload.h"
#include "power/job_speed.h"
#include "power/node_settings.h"
#include "power/switches.h"
#include "sched/cluster_pool.h"
#include "sim/cluster_power.h"

namespace clustersim {

struct WorkOptions {
  power::WorkEngine engine = power::WorkEngine::kV1;
  power::PowerSwitches switches;
  power::BaseSpeeds base;
  bool receiver_gate = false;  // SIM_GPU_RECEIVER_GATE
  SimTime tick = 0;            // 0: event mode
  SimTime power_step = kTicksPerSecond;  // §e.5 power.step: control step while a node settles
};

class WorkExecution;

// Seconds to microseconds, rounded up: the first tick at or after the exact
// instant. A value within a nanosecond above a whole microsecond is float
// noise and rounds down to it (4.9 units on 0.7 cores is 7.000000000000001
// s: 7 s), so hand-computed times come out exact and a job's planned
// nominal duration is the one it runs.
inline double CeilMicros(double seconds) {
  return std::ceil(seconds * static_cast<double>(kTicksPerSecond) - 1e-3);
}

// Receives samples of the cluster's power state (timeseries.csv): at every
// multiple of an interval, or after every event. A sample shows the state
// just before the events of its instant.
class PowerSampler {
 public:
  virtual ~PowerSampler() = default;
  virtual void Sample(SimTime t, const WorkExecution& work) = 0;
};

// What a finished job's work did, for jobs.csv and the checks.
struct JobWorkStats {
  double nominal_s = 0;     // alone on its allocation, uncapped, f = 1
  // Work conservation: at a finish the work left must be what the rounding
  // of the finish time explains. The largest |left| / rate seen, in
  // seconds: at most 1 us in event mode, one tick in tick mode.
  double snap_s = 0;
};

class WorkExecution {
 public:
  // REQUIRES: the pool and the power model outlive this.
  WorkExecution(const Cluster& cluster, const Workload& w, const ClusterPool& pool, const WorkOptions& options,
                ClusterPower* power);

  // Starts the clocks (power, energy) at t0, the first event of the run.
  void Begin(SimTime t0);
  // Closes every integral at the run's last event.
  void Finish(SimTime end);
  // Samples every `interval` (0: none) and, with every_event, after each
  // event time. REQUIRES: before Begin.
  void SetSampler(PowerSampler* sampler, SimTime interval, bool every_event);

  // Job `id` started at `now` on the pieces the pool gave it.
  void Start(JobId id, SimTime now);
  // The earliest pending event of the jobs (a task finishing one side or all
  // of its work), kTimeInfinity if none. REQUIRES: Settle() after the last
  // change.
  SimTime NextEvent();
  // The earliest event of the hardware (a control step, a thermal crossing,
  // a cap change) or a sample; these only matter while jobs remain, so the
  // engine asks only while jobs are to come or pods run. Without
  // `workload_events` (every pod left is stalled), samples follow the
  // hardware: once it has settled nothing can change and the run ends.
  SimTime NextPowerEvent(bool workload_events);
  // A pod of a running job whose work ran out at `now`, while other pods of
  // the job (a gang) still work.
  struct PodEnd {
    JobId job;
    std::uint32_t pod;
    bool operator<(const PodEnd& o) const { return job != o.job ? job < o.job : pod < o.pod; }
  };
  // Processes every event due at `now`; jobs whose last task finished are
  // appended to `finished` in job-index order, and the pods that finished
  // before the rest of their job (WorkJob::pods_end_alone) to `pods_ended`
  // in (job, pod) order.
  void Process(SimTime now, std::vector<JobId>* finished, std::vector<PodEnd>* pods_ended);
  // Node n takes operating point `op` at `now` (power policy C): its pods
  // progress at their old rates up to now, then at the new ones (Settle).
  Status ChangeOperatingPoint(NodeId n, const OperatingPoint& op, SimTime now);
  // Recomputes the rates of every node changed since the last call.
  void Settle(SimTime now);

  const JobWorkStats& stats(JobId id) const { return stats_[id]; }
  // The job reached its WorkJob::limit with work left and was stopped there.
  bool killed_at_limit(JobId id) const { return killed_[id] != 0; }
  const ClusterPower& power() const { return *power_; }
  // Dynamic energy attributed to job id so far (§e.5: by demand share).
  double job_energy_j(JobId id) const { return job_energy_j_[id]; }
  std::int64_t pods_running() const { return pods_running_; }
  // Set when a cap schedule change could not be applied (an error ends the run).
  const Status& status() const { return status_; }
  // Nominal duration of a job (§ jobs.csv), known before it runs.
  double NominalSeconds(JobId id) const;
  std::int64_t events() const { return events_; }

 private:
  struct Task {
    JobId job = 0;
    std::uint32_t pod = 0;
    NodeId node = 0;
    double cores = 0;
    int gpus = 0;
    std::uint64_t devices = 0;
    double cpu_total = 0, gpu_total = 0;
    double cpu_left = 0, gpu_left = 0;
    double cpu_rate = 0, gpu_rate = 0;
    double power_w = 0;  // the node's dynamic power attributed to this task
    SimTime cpu_done = kTimeInfinity, gpu_done = kTimeInfinity;  // quantised finish of each side
    SimTime deadline = kTimeInfinity;    // exact; killed at its tick if work is left then (WorkJob::limit)
    SimTime next_event = kTimeInfinity;  // the event queued with the current version, if any
    std::uint32_t version = 0;
    bool live = false;
  };
  struct Event {
    SimTime time;
    JobId job;
    std::uint32_t slot;
    std::uint32_t version;
    bool operator>(const Event& o) const {
      return time != o.time ? time > o.time : job != o.job ? job > o.job : slot > o.slot;
    }
  };
  void AdvanceNode(NodeId n, SimTime now);
  void RecomputeNode(NodeId n, SimTime now);
  void Touch(NodeId n);
  SimTime FinishTime(SimTime now, double left, double rate) const;
  SimTime TickUp(SimTime t) const;  // the first tick at or after t (t itself without ticks)
  SimTime NextTaskEvent();
  std::uint32_t NewSlot();

  const Cluster& cluster_;
  const Workload& w_;
  const ClusterPool& pool_;
  WorkOptions o_;
  std::vector<Task> tasks_;
  std::vector<std::uint32_t> free_slots_;
  std::vector<std::vector<std::uint32_t>> node_tasks_;  // live task slots per node
  std::vector<SimTime> node_time_;                      // when the node's tasks were last advanced
  std::vector<std::uint8_t> node_dirty_;
  std::vector<NodeId> dirty_;
  std::vector<std::uint32_t> tasks_left_;  // by job
  std::vector<std::uint32_t> pod_tasks_left_;  // by pod (a spread pod has a task per node)
  // Jobs without pieces (an SWF/CSV job of zero nodes): no work to slow, so
  // they run their trace run time, as under --execution fixed. Earliest first.
  std::priority_queue<std::pair<SimTime, JobId>, std::vector<std::pair<SimTime, JobId>>, std::greater<>> empty_jobs_;
  std::vector<JobWorkStats> stats_;
  std::vector<std::uint8_t> killed_;  // by job: stopped at its limit
  std::vector<double> job_energy_j_;
  ClusterPower* power_;
  PowerSampler* sampler_ = nullptr;
  SimTime sample_every_ = 0, next_sample_ = kTimeInfinity;
  bool sample_each_event_ = false;
  SimTime last_sample_ = kNoTime;
  std::int64_t pods_running_ = 0;
  Status status_;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> heap_;
  std::int64_t events_ = 0;
};

}  // namespace clustersim
