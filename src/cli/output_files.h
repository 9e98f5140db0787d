#pragma once
// Where a run's files go: clustersim publishes a whole output directory at
// once (io/output_set.h), so no earlier run's file stays beside this run's;
// `simulator` writes dr_evt's individually named files, each replaced
// atomically on its own (io/atomic_file.h).

#include <memory>
#include <string>
#include <vector>

#include "io/atomic_file.h"
#include "io/output_set.h"
#include "io/text_sink.h"
#include "model/status.h"

namespace clustersim {

class OutputFiles {
 public:
  // Every name clustersim writes into an output directory; a directory
  // holding anything else is not replaced. `inputs` may not be written over.
  static Result<std::unique_ptr<OutputFiles>> IntoDirectory(const std::string& dir,
                                                            const std::vector<std::string>& inputs);
  static std::unique_ptr<OutputFiles> AsNamedFiles();

  // A sink for `name` (a file name in the directory, or a path).
  Result<TextSink*> Open(const std::string& name);

  // Closes every file and publishes them; on error nothing new is visible
  // (for named files: none not already renamed). With `report`, report.html
  // is built from the closed files and published with them.
  Status Publish(bool report = false);

 private:
  OutputFiles() = default;
  std::unique_ptr<OutputSet> set_;
  std::vector<std::unique_ptr<FdSink>> dir_files_;
  std::vector<std::unique_ptr<AtomicFileSink>> path_files_;
};

// `clustersim report -o` and `compare -o`: a page written over one of the
// runs' own files (summary.json, jobs.csv, ...) would destroy the run it
// describes, and one over such a file of any other run (a folder holding
// summary.json or timing.json) would destroy that run. An error naming the
// file, else OK. With `own_report` (`report`, not `compare`), the
// report.html of the run shown may be replaced: it is that run's page, and
// the default target of `report`.
Status CheckPageTarget(const std::string& page, const std::vector<std::string>& run_dirs, bool own_report);

}  // namespace clustersim
