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
// (a trace list: the list file, then each listed trace). A JSONL folder
// counts as its parts' bytes, in the order they are read (`cat` of the
// parts in byte-wise name order, piped to `sha256sum`, gives the same).
Result<std::string> InputSha256(const std::vector<std::string>& paths);

}  // namespace clustersim
