#pragma once
// A command's last step: stdout is checked after the final flush. Output
// redirected to a full disk (or a file size limit) fails only there, when
// the C library writes its buffer; unchecked, `simulator ... -v > log` on a
// full disk exited 0 with the log cut mid-line.

#include <string>

namespace clustersim {

// `rc` when stdout took everything or the command had already failed (and
// said why); else one line on stderr naming `prog`, and 1.
int ExitAfterStdout(const char* prog, int rc);

// After stdout failed: "cannot write to stdout: CAUSE", `e` the errno of
// the failed write, or 0 when it is not known (then it is found again).
std::string StdoutFailure(int e);

}  // namespace clustersim
