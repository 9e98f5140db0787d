#pragma once
// The text of a JSON output (summary.json, its `work` part).

#include <string>

#include <nlohmann/json.hpp>

namespace clustersim {

// Indented by two. JSON is UTF-8, but a path or a name read from an input
// need not be: a byte that is not UTF-8 is written as U+FFFD rather than
// failing the run (nlohmann's default throws, which ended a run with exit 3
// and no outputs).
inline std::string JsonText(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace clustersim
