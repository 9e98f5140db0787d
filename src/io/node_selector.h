#pragma once
// Text forms of node selectors and of the settings given per selector on the
// command line: `--cpu-cap [SELECTOR:]VALUE` and friends (README "Clusters").

#include <string_view>

#include "model/node_selector.h"
#include "model/status.h"

namespace clustersim {

// `all`, `class=NAME`, `profile=performance|eco|draining`, `label=K=V`, `name=GLOB`.
Result<NodeSelector> ParseNodeSelector(std::string_view text);

// "[SELECTOR:]VALUE": the selector (all when absent) and the value text.
struct SelectedValue {
  NodeSelector selector;
  std::string value;
};
Result<SelectedValue> ParseSelectedValue(std::string_view text);

// A power value: "300W", "300" (watts), "60%", or "none" (no cap: for a
// CPU, neither a RAPL cap nor a DVFS target). Watts must be > 0; percents
// in (0, 100].
Result<CapSetting> ParseCapValue(std::string_view text);

}  // namespace clustersim
