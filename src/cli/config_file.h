#pragma once
// Config files (`--config FILE`, `simulator -c FILE`): `key = value` lines
// whose keys are long option names. CLI11 reads them; this check runs first
// and makes every surprise an error naming file and line, because CLI11
// alone skips what it does not understand: a misspelled key or a malformed
// line would silently run with defaults.
//
// Accepted, line by line: blank lines; comments starting with '#' or ';';
// `key = value` (or `key=value`) where key is a long option name (dashes or
// underscores as the option spells them) and value is a bare word, a number,
// a quoted string ("..." or '...'), or a list `[a, b]` for list options. A
// `[section]` header is refused: options have no sections. The file is read
// with the input bounds of io/file_reader.h and must be at most 1 MiB.

#include <string>
#include <vector>

#include "model/status.h"

namespace CLI {
class App;
}

namespace clustersim {

// The config path given on the command line through one of `flags`
// ("--config", "-c"), or "" if none.
std::string FindConfigPath(int argc, char** argv, const std::vector<std::string>& flags);

Status CheckConfigFile(const std::string& path, const CLI::App& app);

// For tests and fuzzing: the same check on text, against a list of long
// option names.
Status CheckConfigText(std::string_view text, const std::string& name, const std::vector<std::string>& option_names);

}  // namespace clustersim
