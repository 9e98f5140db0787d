#include "subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

namespace clustersim::test {

std::string ClustersimBinary() { return std::string(CLUSTERSIM_BINARY_DIR) + "/src/clustersim"; }
std::string SimulatorBinary() { return std::string(CLUSTERSIM_BINARY_DIR) + "/src/simulator"; }
std::string TracerBinary() { return std::string(CLUSTERSIM_BINARY_DIR) + "/src/tracer"; }

bool BuiltWithSanitizers() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#else
  return false;
#endif
}

ProcessResult RunProcess(const std::vector<std::string>& argv, const ProcessOptions& o) {
  ProcessResult r;
  int out_pipe[2], err_pipe[2];
  if (::pipe(out_pipe) != 0 || ::pipe(err_pipe) != 0) return r;
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    const int in = ::open(o.stdin_path.empty() ? "/dev/null" : o.stdin_path.c_str(), O_RDONLY);
    if (in >= 0) ::dup2(in, 0);
    if (!o.cwd.empty() && ::chdir(o.cwd.c_str()) != 0) ::_exit(126);
    for (const std::string& e : o.env) ::putenv(const_cast<char*>(e.c_str()));
    if (o.file_size_limit >= 0) {
      ::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails with EFBIG instead
      rlimit l{static_cast<rlim_t>(o.file_size_limit), static_cast<rlim_t>(o.file_size_limit)};
      ::setrlimit(RLIMIT_FSIZE, &l);
    }
    if (o.address_space_limit >= 0) {
      rlimit l{static_cast<rlim_t>(o.address_space_limit), static_cast<rlim_t>(o.address_space_limit)};
      ::setrlimit(RLIMIT_AS, &l);
    }
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  bool signalled = false;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  int open_fds = 2;
  while (open_fds > 0) {
    int timeout = -1;
    if (o.signal_after_ms >= 0 && !signalled) {
      const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::steady_clock::now() - start).count();
      timeout = std::max<int>(0, o.signal_after_ms - static_cast<int>(elapsed));
    }
    const int n = ::poll(fds, 2, timeout);
    if (n == 0 && !signalled) {
      ::kill(pid, o.signal);
      signalled = true;
      continue;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[4096];
      const ssize_t got = ::read(fds[i].fd, buf, sizeof buf);
      if (got <= 0) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      } else {
        (i == 0 ? r.out : r.err).append(buf, static_cast<std::size_t>(got));
      }
    }
  }
  int status = 0;
  rusage ru{};
  ::wait4(pid, &status, 0, &ru);
  r.max_rss_kb = ru.ru_maxrss;
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.term_signal = WTERMSIG(status);
  return r;
}

}  // namespace clustersim::test
