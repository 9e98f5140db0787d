#pragma once
// A Cluster of real nodes (seed 002): hardware types shared by replicas,
// and the nodes themselves with their power profile, labels and static
// operating point. io/cluster_yaml builds it from Joulie's inventory format;
// sched/ places pods on it; power/ turns a node's operating point and load
// into frequency, GPU throughput and (part 2) power.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/hardware.h"
#include "model/name_table.h"

namespace clustersim {

using NodeId = std::uint32_t;

// Joulie's node power profiles (§h.1). A performance pod never lands on an
// eco or draining node.
enum class PowerProfile : std::uint8_t { kPerformance, kEco, kDraining };
inline constexpr EnumName<PowerProfile> kPowerProfileNames[] = {
    {"performance", PowerProfile::kPerformance}, {"eco", PowerProfile::kEco}, {"draining", PowerProfile::kDraining}};
// Sets of profiles, one bit each (a pod's required node affinity).
inline constexpr std::uint8_t ProfileBit(PowerProfile p) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(p)); }
inline constexpr std::uint8_t kAllProfiles = 0b111;

// A GPU cap given in watts or as a percent of the board max (§d.6).
struct CapSetting {
  enum class Kind : std::uint8_t { kNone, kWatts, kPercent };
  Kind kind = Kind::kNone;
  double value = 0;
  bool set() const { return kind != Kind::kNone; }
};

// A node's static operating point (part 1; part 2 makes it time-varying).
// CPU intents follow §d.6: a percent (or a frequency scale) is a DVFS
// target, TargetThrottlePct = 100 - pct; watts are a RAPL cap, clamped into
// the CPU's range when applied.
struct OperatingPoint {
  bool set = false;          // given explicitly; else the power profile's defaults apply
  double throttle_pct = 0;   // DVFS target f = 1 - throttle_pct / 100
  double cpu_cap_w = 0;      // RAPL cap, 0 = none
  CapSetting gpu_cap;        // per-GPU cap
};

// What replicas of one inventory group share.
struct NodeType {
  std::string name;          // the group's prefix or node name
  CpuSpec cpu;
  GpuSpec gpu;
  GpuModelGiven gpu_given;
  std::int64_t millicores = 16000;  // allocatable cores x 1000
  int gpus = 0;
  std::int64_t memory_bytes = 0;    // 0 = not limited
  std::vector<std::uint32_t> gated_devices;  // receiver gate (§b.3), device indices
};

struct Node {
  std::string name;
  std::uint32_t type = 0;    // index into Cluster::types
  PowerProfile profile = PowerProfile::kPerformance;
  std::string node_class;    // free-form class name (selectors), e.g. "gpu-h100"
  std::vector<std::pair<std::string, std::string>> labels;
  OperatingPoint op;
};

struct Cluster {
  std::string name;          // file name, for messages
  std::vector<NodeType> types;
  std::vector<Node> nodes;   // in file order, replicas expanded (prefix-0, prefix-1, ...)

  const NodeType& type_of(NodeId n) const { return types[nodes[n].type]; }
  std::int64_t total_millicores() const;
  std::int64_t total_gpus() const;
};

// The nodes in name order (byte-wise, as Go's sort.Strings), equal names in
// file order: Joulie's order for placement ties and policy selection.
std::vector<NodeId> NodesByName(const Cluster& cluster);

}  // namespace clustersim
