#pragma once
// A whole file published atomically (see AtomicFileSink in text_sink.h): a
// reader sees the old file or the new one, never a partial one.

#include <string>
#include <string_view>

#include "model/status.h"

namespace clustersim {

Status WriteFileAtomically(const std::string& path, std::string_view content);

}  // namespace clustersim
