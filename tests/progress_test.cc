// ProgressMeter (cli/progress.h): silent for short runs, one rewritten line
// with counts, rate and ETA for long ones, erased at the end; and the front
// end never shows it when stderr is not a terminal.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "cli/progress.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

// A clock the test moves: each reading advances it by `step` seconds.
struct FakeClock {
  double now = 100, step = 0;
  double operator()() { return now += step; }
};

TEST(ProgressMeter, ShortRunsStaySilent) {
  std::ostringstream out;
  FakeClock clock{100, 0.0001};  // 0.1 ms per clock reading
  ProgressMeter p(out, 10000, std::ref(clock));
  for (JobId i = 0; i < 10000; ++i) p.OnEnd(i, i * kTicksPerSecond, 0);
  p.OnFinish(0);
  EXPECT_EQ(out.str(), "");
  EXPECT_FALSE(p.shown());
}

// Fast events: the clock stands still, so the stride doubles at every
// check up to 256 (events 1, 3, 7, ..., 255, then every 256: ..., 9,983,
// 10,239). After 10,000 events the clock jumps 1.2 s; the check at 10,239
// prints (10,239 of 16,384 done in 1.2 s: 8.5 k events/s, ETA 0.72 s),
// then the line is erased.
TEST(ProgressMeter, LongRunsShowCountsRateAndEtaThenErase) {
  std::ostringstream out;
  FakeClock clock{100, 0};
  ProgressMeter p(out, 16384, std::ref(clock));
  JobId i = 0;
  for (; i < 10000; ++i) p.OnEnd(i, 1234567 * kTicksPerSecond, 0);
  EXPECT_EQ(out.str(), "");
  clock.now += 1.2;
  for (; i < 10238; ++i) p.OnEnd(i, 1234567 * kTicksPerSecond, 0);
  EXPECT_EQ(out.str(), "") << "no check between 9,983 and 10,239";
  p.OnEnd(i, 1234567 * kTicksPerSecond, 0);
  const std::string line = out.str();
  EXPECT_EQ(line, "\r  progress: 10,239 of 16,384 jobs, t = 1,234,567 s, 8.5 k events/s, ETA 1 s\033[K");
  p.OnFinish(0);
  EXPECT_EQ(out.str(), line + "\r\033[K");
}

// Slow events (each takes 0.6 s of wall time, as a conservative pass on a
// long queue can): the clock is read at every one, and the second, at
// 1.2 s, shows the line. A fixed 4,096-event stride never would.
TEST(ProgressMeter, RunsOfFewSlowEventsShowTheLineToo) {
  std::ostringstream out;
  FakeClock clock{100, 0.6};
  ProgressMeter p(out, 100, std::ref(clock));
  p.OnEnd(0, 10 * kTicksPerSecond, 0);
  EXPECT_EQ(out.str(), "") << "0.6 s: before the delay";
  p.OnEnd(1, 20 * kTicksPerSecond, 0);
  EXPECT_EQ(out.str(), "\r  progress: 2 of 100 jobs, t = 20 s, 2 events/s, ETA 59 s\033[K");
}

// With the delay at 0 a KTH run (about 57,000 events) is long enough for
// the meter: through a pipe nothing may appear, on a terminal (script(1)
// gives the run a pseudo-terminal) the line must, and be erased.
TEST(ProgressMeter, FrontEndShowsTheLineOnATerminalOnly) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!std::filesystem::exists(kth)) GTEST_SKIP() << "shared traces not found: " << kth;
  const std::string out = ScratchDir("progress_tty").string();
  ProcessOptions o;
  o.env = {"CLUSTERSIM_PROGRESS_DELAY=0"};
  const ProcessResult piped = RunProcess({ClustersimBinary(), "simulate", kth, "-o", out + "/pipe"}, o);
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.err.find("progress:"), std::string::npos) << piped.err;

  if (!std::filesystem::exists("/usr/bin/script")) GTEST_SKIP() << "/usr/bin/script (bsdutils) not found";
  const std::string cmd = "CLUSTERSIM_PROGRESS_DELAY=0 '" + ClustersimBinary() + "' simulate '" + kth + "' -o '" + out +
                          "/tty'";
  const ProcessResult tty = RunProcess({"/usr/bin/script", "-qec", cmd, "/dev/null"});
  ASSERT_EQ(tty.exit_code, 0) << tty.out << tty.err;
  EXPECT_NE(tty.out.find("progress: "), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find(" of 28,"), std::string::npos) << tty.out;  // KTH-SP2 cleaned: 28,4xx jobs
  EXPECT_NE(tty.out.find("\r\033[K"), std::string::npos) << "the line is erased before the summary";

  const std::string quiet = cmd + " --quiet";
  const ProcessResult q = RunProcess({"/usr/bin/script", "-qec", quiet, "/dev/null"});
  ASSERT_EQ(q.exit_code, 0);
  EXPECT_EQ(q.out.find("progress:"), std::string::npos) << q.out;
}

// A line as wide as the terminal wraps, and each \r rewrite then leaves the
// wrapped row behind: it is cut to width - 1. A warning written during the
// run first erases the line (it was glued to its end), and the next update
// draws it again.
TEST(ProgressMeter, LineFitsTheTerminalAndMakesWayForWarnings) {
  std::ostringstream out;
  FakeClock clock{100, 0.6};
  ProgressMeter p(out, 447794, std::ref(clock), 1.0, 40);
  p.OnEnd(0, 10 * kTicksPerSecond, 0);
  p.OnEnd(1, 45000000 * kTicksPerSecond, 0);
  EXPECT_EQ(out.str(), "\r  progress: 2 of 447,794 jobs, t = 45,0\033[K");  // 39 characters
  p.Interrupt();
  EXPECT_EQ(out.str().substr(out.str().size() - 4), "\r\033[K");
  const std::size_t before = out.str().size();
  p.Interrupt();  // nothing on screen: nothing to erase
  EXPECT_EQ(out.str().size(), before);
  p.OnEnd(2, 45000001 * kTicksPerSecond, 0);
  EXPECT_EQ(out.str().substr(before, 12), "\r  progress:") << "drawn again after the warning";
}

// The front end: a warning echoed while the line is up starts on a clean
// row (Diagnostics' hook), and under --max_time the total counts only the
// jobs submitted by then.
TEST(ProgressMeter, FrontEndErasesTheLineBeforeAWarningAndCountsJobsByMaxTime) {
  if (!std::filesystem::exists("/usr/bin/script")) GTEST_SKIP() << "/usr/bin/script (bsdutils) not found";
  const std::filesystem::path d = ScratchDir("progress_warn");
  {
    std::ofstream t(d / "t.csv");
    t << "job_submit_time,num_nodes,time_limit,actual_run_time\n";
    for (int i = 0; i < 3000; ++i) t << i << ",1,100,50\n";
    t << "5000,9,10,5\n";  // larger than the machine: rejected during the run, with a line on stderr
    for (int i = 0; i < 3000; ++i) t << 6000 + i << ",1,100,50\n";
  }
  const std::string cmd = "CLUSTERSIM_PROGRESS_DELAY=0 '" + ClustersimBinary() + "' simulate '" + (d / "t.csv").string() +
                          "' -n 4 -t 5500 -o '" + (d / "out").string() + "'";
  const ProcessResult tty = RunProcess({"/usr/bin/script", "-qec", cmd, "/dev/null"});
  ASSERT_EQ(tty.exit_code, 0) << tty.out << tty.err;
  const std::size_t warn = tty.out.find((d / "t.csv").string() + ": oversized_job");
  ASSERT_NE(warn, std::string::npos) << tty.out;
  ASSERT_GE(warn, 4u);
  // Right after an erase (or at the start of a row), not after the line's text.
  const std::string before = tty.out.substr(warn - 4, 4);
  EXPECT_TRUE(before == "\r\033[K" || before.back() == '\n') << "glued to the progress line: " << tty.out.substr(0, warn + 40);
  EXPECT_NE(tty.out.find(" of 3,001 jobs"), std::string::npos) << tty.out;
  EXPECT_EQ(tty.out.find(" of 6,001 jobs"), std::string::npos) << tty.out;
}

// A signal that ends the run while the line is up erases it (the shell's
// next output started inside "ETA 6 s"); once the line is gone, nothing is
// written. Each case runs in a child process that the signal ends.
TEST(ProgressMeter, ASignalEndingTheRunErasesTheLine) {
  for (const bool finished : {false, true}) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::dup2(fds[1], 2);
      ::close(fds[0]);
      std::ostringstream out;
      FakeClock clock{100, 0.6};
      ProgressMeter p(out, 100, std::ref(clock));
      p.OnEnd(0, 10 * kTicksPerSecond, 0);
      p.OnEnd(1, 20 * kTicksPerSecond, 0);  // drawn (into `out`; the note goes to fd 2)
      if (finished) p.OnFinish(0);
      ::raise(SIGTERM);
      ::_exit(0);
    }
    ::close(fds[1]);
    std::string err;
    char buf[64];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) err.append(buf, static_cast<std::size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the signal still ends the process";
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    EXPECT_EQ(err, finished ? "" : "\r\033[K");
  }
}

}  // namespace
}  // namespace clustersim::test
