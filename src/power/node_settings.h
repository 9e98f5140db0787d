#pragma once
// A node's static operating point (model/cluster.h OperatingPoint) in the
// numbers the models use: the DVFS target f_dvfs and TargetThrottlePct
// (§c.3, §d.6), the applied RAPL cap in watts (clamped into the CPU's range,
// 0 = none), and each GPU's cap in watts (clamped to [MinCap, Max]; Max when
// uncapped). This is the seam part 2 makes time-varying: settling and cap
// schedules change these numbers, and the node's jobs are rerated.

#include "model/cap_change.h"
#include "model/cluster.h"
#include "model/status.h"

namespace clustersim::power {

struct NodeSettings {
  double throttle_pct = 0;  // TargetThrottlePct
  double f_dvfs = 1;        // DVFS target = state once settled
  double cpu_cap_w = 0;     // applied RAPL cap, 0 = none
  double gpu_cap_w = 0;     // per device; Max when uncapped; 0 without GPUs
};

// The settings of a node of type `t` under `op`. A non-positive GPU watt
// value is an error naming it; a GPU cap on a GPU-less node is blocked
// (§d.6): it sets nothing.
Result<NodeSettings> ResolveNodeSettings(const NodeType& t, const OperatingPoint& op);

// A cap schedule's change applied to one node's operating point (§d.6): a
// CPU percent or freq_scale sets the DVFS target, CPU watts the RAPL cap,
// `none` removes both (the node runs uncapped, as the word says), then a
// freq_scale in the same change sets the DVFS target; a GPU setting
// replaces the GPU cap.
void ApplyCapChange(const CapChange& c, OperatingPoint* op);

}  // namespace clustersim::power
