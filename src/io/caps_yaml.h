#pragma once
// Cap schedules (`--caps FILE`): power settings that change over time.
//
//   changes:
//     - at: 2h                 # seconds on the trace's clock, or 90s, 30m, 2h, 1d
//       nodes: profile=eco     # a node selector (model/node_selector.h); default all;
//                              # or a list of names: [gpu-0, gpu-1, "cpu-*"]
//       cpu_cap: 300W          # RAPL cap; 60% is a DVFS target (§d.6); none removes the cap
//       gpu_cap: 70%           # per-GPU cap in W or % of Max; none uncaps
//       freq_scale: 0.8        # DVFS target in (0, 1]
//
// Each change is an event: from `at` on, the selected nodes' states settle
// toward the new targets (§e.1). Changes at one time apply in file order.
// Any problem stops the load with one line `file:line: key.path: message`.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/cap_change.h"
#include "model/status.h"

namespace clustersim {

// At most this many changes once node lists are expanded (one per listed
// node): YAML aliases can repeat a long list in a few bytes. The fuzz
// target passes a lower bound (expanding is slow under sanitizers).
inline constexpr std::size_t kMaxCapChanges = 1'000'000;

Result<std::vector<CapChange>> LoadCapSchedule(const std::string& path);
Result<std::vector<CapChange>> LoadCapScheduleText(std::string_view text, const std::string& name,
                                                   std::size_t max_changes = kMaxCapChanges);

}  // namespace clustersim
