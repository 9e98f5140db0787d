#include "cli/stdout_check.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

namespace clustersim {

int ExitAfterStdout(const char* prog, int rc) {
  errno = 0;
  std::cout.flush();
  const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  if (!failed || rc != 0) return rc;  // a failed command has said why
  // An output longer than the buffer failed before this flush, and the C
  // library dropped the buffer with its errno: one more byte, on an output
  // already cut short, finds the cause again (a full disk, a size limit).
  if (errno == 0) {
    std::clearerr(stdout);
    if (std::fputc('\n', stdout) != EOF) std::fflush(stdout);
  }
  const int e = errno;
  std::cerr << prog << ": error: cannot write to stdout" << (e != 0 ? std::string(": ") + std::strerror(e) : "")
            << "\n";
  return 1;
}

}  // namespace clustersim
