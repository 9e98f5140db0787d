#pragma once
// OutputSet: the files of one run, published together. A run writes every
// file into a private directory made with mkdtemp beside the target
// (`.NAME.tmp-<pid>-XXXXXX`) and publishes the whole set in one step:
// renameat2(RENAME_EXCHANGE) swaps it with the previous output directory,
// which is then removed (a plain rename when there was none). A reader of
// the target sees the old complete set or the new complete set, never a mix.
//
//   - Files are created with O_CREAT|O_EXCL|O_NOFOLLOW inside the private
//     directory, so nothing planted in advance can redirect a write.
//   - The target must be a new name, an empty directory, or an earlier
//     output directory: one holding only names clustersim writes (listed by
//     the caller). Anything else (a user's files, a symbolic link, a device,
//     a FIFO, ".") is refused before the run starts, so no user file is ever
//     replaced.
//   - Runs publishing beside each other take an flock on the parent
//     directory, so concurrent runs into one target serialise: each publishes
//     a complete set, and the last one wins.
//   - Temporaries are removed on every exit path the process controls
//     (errors, destruction, SIGINT/SIGTERM/SIGHUP through TempRegistry); a
//     run finds and removes those of dead runs (SIGKILL, power loss).

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "io/text_sink.h"
#include "model/status.h"

namespace clustersim {

class OutputSet {
 public:
  // Validates `dir` against `known_names` (the files clustersim writes
  // there) and makes the private directory. Parent directories are created.
  // `inputs` are the run's input files: a target holding one is refused,
  // even under a known name, since publishing would delete it.
  static Result<std::unique_ptr<OutputSet>> Begin(const std::string& dir, const std::vector<std::string>& known_names,
                                                  const std::vector<std::string>& inputs = {});
  ~OutputSet();
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;

  // A new file `name` in the private directory.
  Result<std::unique_ptr<FdSink>> Create(const std::string& name);
  // Swaps the private directory in. REQUIRES: every sink was Close()d.
  Status Publish();

  const std::string& target() const { return target_; }
  const std::string& private_dir() const { return private_dir_; }

 private:
  OutputSet() = default;
  Status CheckTarget() const;  // the target is still replaceable
  std::string target_, parent_, base_, private_dir_;
  std::vector<std::string> known_;
  std::vector<int> slots_;  // TempRegistry entries: files, then the directory
  std::vector<std::string> created_;  // -o's parents this run made, deepest first
  bool published_ = false;
};

// Named output files (`simulator`'s -o/-R, the tracer's reports): none may
// be one of the inputs (writing it would replace the trace) and no two may
// be the same file (one would be lost). `outputs` are (flag, path); empty
// paths and /dev/null are skipped. Paths are compared resolved (symbolic
// links, "..").
Status CheckNamedOutputs(const std::vector<std::pair<std::string, std::string>>& outputs,
                         const std::vector<std::string>& inputs);

}  // namespace clustersim
