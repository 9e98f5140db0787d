#pragma once
// The tracer's front ends: `clustersim trace TRACE` and dr_evt's `tracer`
// command line (report/tracer.h says what it computes). Both print dr_evt's
// stdout lines and write only the reports asked for, each file complete or
// not at all (written to a temporary file and renamed).

#include <iosfwd>

namespace clustersim {

enum class TracerFrontend { kClustersim, kDrEvt };

// argv[0] is the command's name. Returns the exit code: 0 success (or
// --help), 1 bad options or input.
int RunTraceCommand(int argc, char** argv, TracerFrontend frontend, std::ostream& out, std::ostream& err);

}  // namespace clustersim
