#pragma once
// Runs a program the way a user would (fork + exec), with the limits and
// faults the reliability tests inject: a file size limit with SIGXFSZ
// ignored (a full disk), an address-space limit, extra environment, a
// signal sent after a delay. Captures stdout, stderr, the exit status and
// the child's peak resident memory.

#include <string>
#include <vector>

namespace clustersim::test {

struct ProcessOptions {
  std::string cwd;                      // "" = inherit
  std::vector<std::string> env;         // "NAME=value" added to the environment
  long file_size_limit = -1;            // RLIMIT_FSIZE bytes, -1 = none
  long address_space_limit = -1;        // RLIMIT_AS bytes, -1 = none
  int signal_after_ms = -1;             // send `signal` this long after the start
  int signal = 15;
  std::string stdin_path;               // "" = /dev/null
};

struct ProcessResult {
  int exit_code = -1;     // -1 if killed by a signal
  int term_signal = 0;    // the signal that ended it, 0 if it exited
  long max_rss_kb = 0;
  std::string out, err;
};

ProcessResult RunProcess(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// Paths of the built programs.
std::string ClustersimBinary();
std::string SimulatorBinary();
std::string TracerBinary();

// True when the tests were built with AddressSanitizer (which reserves
// terabytes of address space, so RLIMIT_AS cannot be used).
bool BuiltWithSanitizers();

}  // namespace clustersim::test
