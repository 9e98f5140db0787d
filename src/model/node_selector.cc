#include "model/node_selector.h"

#include <fnmatch.h>

namespace clustersim {

bool NodeSelector::Matches(const Node& n) const {
  switch (kind) {
    case Kind::kAll: return true;
    case Kind::kClass: return n.node_class == value;
    case Kind::kProfile: return n.profile == profile;
    case Kind::kLabel:
      for (const auto& [k, v] : n.labels)
        if (k == key && v == value) return true;
      return false;
    case Kind::kName: return ::fnmatch(value.c_str(), n.name.c_str(), 0) == 0;
  }
  return false;
}

std::string NodeSelector::ToString() const {
  switch (kind) {
    case Kind::kAll: return "all";
    case Kind::kClass: return "class=" + value;
    case Kind::kProfile: return "profile=" + value;
    case Kind::kLabel: return "label=" + key + "=" + value;
    case Kind::kName: return "name=" + value;
  }
  return "?";
}

}  // namespace clustersim
