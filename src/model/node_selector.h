#pragma once
// NodeSelector: which nodes a setting applies to (operating points on the
// command line, cap schedules). Written `class=NAME`, `profile=eco`,
// `label=KEY=VALUE`, `name=GLOB` (shell wildcards * ? [..] on node names),
// or `all`. Parsed in io/node_selector.h.

#include <string>

#include "model/cluster.h"

namespace clustersim {

struct NodeSelector {
  enum class Kind : unsigned char { kAll, kClass, kProfile, kLabel, kName };
  Kind kind = Kind::kAll;
  std::string key;    // label key
  std::string value;  // class name, profile name, label value or glob
  PowerProfile profile = PowerProfile::kPerformance;

  bool Matches(const Node& n) const;
  std::string ToString() const;
};

}  // namespace clustersim
