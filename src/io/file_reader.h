#pragma once
// Reads a whole input file into memory, transparently gunzipping `.gz`
// content (detected by its magic bytes, not its name). Whole-file reads keep
// the parsers simple and fast: the largest shared trace is ~50 MB unpacked.

#include <string>

#include "model/status.h"

namespace clustersim {

Result<std::string> ReadFileContents(const std::string& path);

// The name used in messages: the path as given.
std::string DisplayName(const std::string& path);

}  // namespace clustersim
