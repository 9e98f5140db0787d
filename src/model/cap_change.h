#pragma once
// One change of a cap schedule (`--caps FILE`, docs/energy.md §3): from
// `at`, the selected nodes' operating point takes the fields that are set.
// Read by io/caps_yaml, applied by power::ApplyCapChange.

#include <cstddef>
#include <cstdint>
#include <string>

#include "model/cluster.h"
#include "model/node_selector.h"
#include "model/time.h"

namespace clustersim {

struct CapChange {
  SimTime at = 0;
  NodeSelector nodes;
  bool set_cpu_cap = false, set_gpu_cap = false, set_freq = false;
  CapSetting cpu_cap;   // kNone = no CPU cap of either kind; kPercent = a DVFS target (§d.6)
  CapSetting gpu_cap;   // kNone = uncapped
  double freq_scale = 1;
  std::int64_t line = 0;  // in the schedule file, for messages
  std::size_t index = 0;  // position in the file's `changes`
  // Where the selector was written, for "matches no node": its field path
  // ("changes[2].nodes", or "changes[2].nodes[1]" for a list item) and line.
  std::string nodes_path;
  std::int64_t nodes_line = 0;
};

}  // namespace clustersim
