#pragma once
// The SHA-256 of a run's input, for summary.json's definitions
// (swf-and-metrics.md §4.3: the input hash), so a result can be tied to the
// exact bytes it came from: two runs with equal hashes read the same trace.

#include <string>
#include <vector>

#include "model/status.h"

namespace clustersim {

// Lowercase hex SHA-256 over the bytes of the files `paths`, as stored (a
// .gz file's compressed bytes: `sha256sum FILE` gives the same), in order
// (a trace list: the list file, then each listed trace). "" when an input is a directory
// (a JSONL directory has no single byte stream).
Result<std::string> InputSha256(const std::vector<std::string>& paths);

}  // namespace clustersim
