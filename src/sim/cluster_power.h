#pragma once
// ClusterPower: the hardware of every node of a work-based run and what
// they add up to (power-model.md §e, §g): one NodeModel per node, the
// control-step and thermal timers of nodes that change by themselves, the
// cap schedule (`--caps`), the IT power and its integral, and the facility
// (ambient, PUE, cooling) around it. WorkExecution drives it: it advances a
// node before changing its pods, and evaluates it after.

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "model/ambient.h"
#include "model/cap_change.h"
#include "model/cluster.h"
#include "model/node_selector.h"
#include "model/status.h"
#include "model/time.h"
#include "power/facility.h"
#include "power/node_settings.h"
#include "power/switches.h"
#include "sim/node_model.h"

namespace clustersim {

struct FacilityOptions {
  Ambient ambient;
  double design_it_w = 0;  // facility.designITWatts; 0 = derived from the cluster
};

class ClusterPower {
 public:
  ClusterPower(const Cluster& cluster, const std::vector<OperatingPoint>& ops, std::vector<CapChange> schedule,
               const power::PowerSwitches& sw, SimTime control_step, const FacilityOptions& facility);

  // Starts the clocks at t0. Cap schedule changes timed before t0 are in
  // force, settled, from the start; an error names a change that a node
  // cannot take.
  Status Begin(SimTime t0);
  // Node n up to now (energy, temperatures, settling) and the facility with it.
  void AdvanceNode(NodeId n, SimTime now);
  // Re-evaluates node n for its new load; the IT total follows.
  void EvaluateNode(NodeId n, const power::NodeLoad& load);
  // The earliest cap change or node timer; kTimeInfinity if none.
  SimTime NextEvent();
  // Applies the cap changes and pops the node timers due at `now`. For
  // every node concerned, prepare(n) is called first: it must bring the
  // node (its pods and, through AdvanceNode, its hardware) up to now and
  // mark it for re-evaluation.
  Status Due(SimTime now, const std::function<void(NodeId)>& prepare);
  // Node n takes a new operating point now (power policy C turning it eco
  // or performance); its states settle toward it as after a cap change.
  // REQUIRES: AdvanceNode(n, now) first.
  Status SetOperatingPoint(NodeId n, const OperatingPoint& op);
  // Schedules node n's next timer after an evaluation.
  void ScheduleTimer(NodeId n);
  // Closes every integral at the end of the run.
  void Finish(SimTime end);

  const NodeModel& node(NodeId n) const { return models_[n]; }
  std::size_t nodes() const { return models_.size(); }
  double it_w() const { return it_w_; }
  // The exported (telemetry-averaged, §e.4) CPU and GPU totals at t: the
  // average of a sum is the sum of the averages, so one boxcar per window
  // length serves the whole cluster.
  double CpuAverageW(SimTime t) const;
  double GpuAverageW(SimTime t) const;
  double cpu_w() const { return cpu_w_; }
  double gpu_w() const { return gpu_w_; }
  double it_energy_j() const { return it_energy_j_; }
  double facility_energy_j() const { return facility_energy_j_; }
  double peak_it_w() const { return peak_it_w_; }
  double peak_facility_w() const { return peak_facility_w_; }
  double design_it_w() const { return design_it_w_; }
  // The cap schedule, in time order.
  const std::vector<CapChange>& schedule() const { return schedule_; }
  // At t >= the last change: ambient, PUE and facility power (§g).
  double AmbientAt(SimTime t) const { return power::AmbientAt(facility_.ambient, ToSeconds(t)); }
  double PueAt(SimTime t) const;
  double FacilityPowerAt(SimTime t) const { return it_w_ * PueAt(t); }
  SimTime begin() const { return begin_; }
  SimTime end() const { return facility_time_; }

 private:
  void AdvanceFacility(SimTime now);
  // The IT power PUE's load fraction is taken against (§g): the design IT
  // power, or the running peak with the power held now.
  double PueRefW() const;
  const Cluster& cluster_;
  std::vector<OperatingPoint> ops_;
  std::vector<CapChange> schedule_;
  std::size_t next_change_ = 0;
  power::PowerSwitches sw_;
  SimTime step_;
  FacilityOptions facility_;
  std::vector<NodeModel> models_;
  std::vector<std::uint32_t> timer_version_;
  struct Timer {
    SimTime time;
    NodeId node;
    std::uint32_t version;
    bool operator>(const Timer& o) const { return time != o.time ? time > o.time : node > o.node; }
  };
  std::priority_queue<Timer, std::vector<Timer>, std::greater<>> timers_;
  double it_w_ = 0, cpu_w_ = 0, gpu_w_ = 0;
  // Totals per telemetry window (nodes of one window share a boxcar).
  struct WindowGroup {
    double window_s;
    double total_w = 0;
    power::BoxcarAverage boxcar;
    double ema = 0;
    SimTime ema_time = 0;
  };
  std::vector<WindowGroup> cpu_groups_, gpu_groups_;
  std::vector<std::uint16_t> cpu_group_of_, gpu_group_of_;  // by NodeId
  void UpdateGroups(NodeId n, double cpu_delta, double gpu_delta, SimTime now);
  double GroupAverage(const std::vector<WindowGroup>& g, SimTime t) const;
  // Node n's settings after change c (updating its operating point), or an
  // error naming the schedule line.
  Result<power::NodeSettings> ApplyChange(const CapChange& c, NodeId n);
  double it_energy_j_ = 0, facility_energy_j_ = 0;
  double pue_at_begin_ = 1, pue_at_end_ = 1;  // at t0; at the end of the last interval integrated
  double peak_it_w_ = 0, peak_facility_w_ = 0, running_peak_w_ = 0, design_it_w_ = 0;
  SimTime begin_ = 0, facility_time_ = 0;
};

}  // namespace clustersim
