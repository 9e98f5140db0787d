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

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/status.h"

namespace CLI {
class App;
class Config;
}

namespace clustersim {

// The config path given on the command line through one of `flags`
// ("--config", "-c"), or "" if none.
std::string FindConfigPath(int argc, char** argv, const std::vector<std::string>& flags);

Status CheckConfigFile(const std::string& path, const CLI::App& app);

// The reader `--config` gives CLI11 (app.config_formatter): the lines the
// check accepted, split as ConfigTextArgs splits them (quotes removed, a
// '#' inside quotes kept, a byte-order mark skipped).
std::shared_ptr<CLI::Config> MakeConfigReader();

// "FILE:LINE" of the line of config file `path` that set the option CLI11
// calls `label` ("--backfill"), for an error about its value; "" when the
// file does not set it or the command line gives it (whose value applied).
std::string ConfigLineOf(const std::string& path, const CLI::App& app, std::string_view label, int argc,
                         char** argv);

// For tests and fuzzing: the same check on text, against a list of long
// option names.
// `option_of`, if not empty, names each name's option (aliases share one):
// a file that sets one option twice under two names is refused too.
Status CheckConfigText(std::string_view text, const std::string& name, const std::vector<std::string>& option_names,
                       const std::vector<std::string>& option_of = {});

// `simulator -c FILE`: dr_evt applies a config file at its position on the
// command line, so options after it override it and options before it are
// overridden (dr_evt-compat.md §11; the caller makes every single-valued
// option take its last value). Returns the arguments with each `-c FILE`
// (any of `flags`) replaced by `--option=value` for what the file sets.
// The file is either `key = value` lines (the format above) or dr_evt's
// protobuf text (cli/protobuf_text.h) of DR_EVT_Params: the fields of the
// message `block` (sim_setup), or fields at the top level; the other
// program's message (trace_setup) is skipped. Field names are the long
// option names (memory_pressure_fraction is --check_memory_pressure).
Result<std::vector<std::string>> ExpandConfigArgs(int argc, char** argv, const std::vector<std::string>& flags,
                                                  const CLI::App& app, std::string_view block);
// The same on a file's text, against a list of long option names.
Result<std::vector<std::string>> ConfigTextArgs(std::string_view text, const std::string& name,
                                                const std::vector<std::string>& option_names, std::string_view block,
                                                const std::vector<std::string>& option_of = {});

}  // namespace clustersim
