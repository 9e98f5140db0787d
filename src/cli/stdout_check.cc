#include "cli/stdout_check.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

namespace clustersim {

std::string StdoutFailure(int e) {
  // An output longer than the buffer failed before the last flush, and the
  // C library dropped the buffer with its errno: one more byte, on an
  // output already cut short, finds the cause again (a full disk, a size
  // limit). Only on a file or a device, whose causes last: on a pipe a
  // failure can pass (EAGAIN), and the byte would land in the output.
  struct stat st {};
  if (e == 0 && fstat(STDOUT_FILENO, &st) == 0 && (S_ISREG(st.st_mode) || S_ISCHR(st.st_mode))) {
    std::clearerr(stdout);
    errno = 0;
    if (std::fputc('\n', stdout) != EOF) std::fflush(stdout);
    e = errno;
  }
  return std::string("cannot write to stdout") + (e != 0 ? std::string(": ") + std::strerror(e) : "");
}

int ExitAfterStdout(const char* prog, int rc) {
  errno = 0;
  std::cout.flush();
  const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  if (!failed || rc != 0) return rc;  // a failed command has said why
  std::cerr << prog << ": error: " << StdoutFailure(errno) << "\n";
  return 1;
}

}  // namespace clustersim
