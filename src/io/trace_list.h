#pragma once
// Progressive loading (dr_evt's -L/--infile_list): a text file naming trace
// files, one per line ('#' comments and blank lines ignored), loaded in
// order into one workload. A path is taken as written, else relative to the
// list's folder. The files must share a format and queue column, describe
// simulation jobs, and not overlap in time: each file's first submit is at
// or after the previous file's last. The result is the run of the files
// concatenated: CSV rows are numbered across files (so sampled run times,
// which depend on (seed, row), are the concatenated file's), queue names
// share one table. dr_evt feeds the files to a running simulation one by
// one; with its ordering rules that gives the same schedule (dr_evt-compat
// §6), so one load of the whole list is that run.

#include <cstdint>
#include <string>
#include <vector>

#include "io/trace_loader.h"

namespace clustersim {

Result<LoadedTrace> LoadTraceList(const std::string& list_path, const LoadOptions& options, Diagnostics* diag);

// The files a list names, resolved as LoadTraceList reads them, with the
// list's line of each (for messages, and for the output directory's check
// that no input lies inside it).
struct ListedFile {
  std::int64_t line = 0;
  std::string path;
};
Result<std::vector<ListedFile>> ListedTraceFiles(const std::string& list_path);

}  // namespace clustersim
