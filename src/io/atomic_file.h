#pragma once
// Outputs are written whole to `path.tmp-<pid>` and renamed over `path`, so a
// reader never sees a partial file and a failed run leaves no half output.

#include <string>
#include <string_view>

#include "model/status.h"

namespace clustersim {

Status WriteFileAtomically(const std::string& path, std::string_view content);

}  // namespace clustersim
