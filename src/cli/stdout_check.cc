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
  const int e = errno;
  std::cerr << prog << ": error: cannot write to stdout" << (e != 0 ? std::string(": ") + std::strerror(e) : "")
            << "\n";
  return 1;
}

}  // namespace clustersim
