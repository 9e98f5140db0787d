#pragma once
// `clustersim report OUT_DIR` (report.html of one run) and
// `clustersim compare OUT_A OUT_B [...]` (compare.html of several).

#include <iosfwd>

namespace clustersim {

int RunReportCommand(int argc, char** argv, std::ostream& out, std::ostream& err);
int RunCompareCommand(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace clustersim
