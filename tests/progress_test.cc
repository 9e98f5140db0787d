// ProgressMeter (cli/progress.h): silent for short runs, one rewritten line
// with counts, rate and ETA for long ones, erased at the end; and the front
// end never shows it when stderr is not a terminal.

#include <filesystem>
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

// 8,192 ENDs with the clock at 0.6 s per reading: the check at event 4,096
// is the first reading after the start (0.6 s: too early), the one at 8,192
// is at 1.2 s: printed, with half the jobs done (ETA = 1.2 s) and 8,192
// events in 1.2 s (6.8 k/s), then erased.
TEST(ProgressMeter, LongRunsShowCountsRateAndEtaThenErase) {
  std::ostringstream out;
  FakeClock clock{100, 0.6};
  ProgressMeter p(out, 16384, std::ref(clock));
  for (JobId i = 0; i < 8192; ++i) p.OnEnd(i, 1234567 * kTicksPerSecond, 0);
  const std::string line = out.str();
  EXPECT_EQ(line,
            "\r  progress: 8,192 of 16,384 jobs done, t = 1,234,567 s, 6.8 k events/s, ETA 1 s\033[K");
  p.OnFinish(0);
  EXPECT_EQ(out.str(), line + "\r\033[K");
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

}  // namespace
}  // namespace clustersim::test
