#pragma once
// `clustersim generate`: writes a synthetic JSONL workload trace (Joulie's
// generator, power-model.md §l.3; io/workload_generator.h). argv[0] is the
// subcommand's name. Returns the exit code: 0 success (or --help), 1 bad
// options or an output that cannot be written. A file output is written to a
// temporary file and renamed into place only on success.

#include <iosfwd>

namespace clustersim {

int RunGenerate(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace clustersim
