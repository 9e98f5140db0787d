// Output sets are all-or-nothing and never touch what was not asked for
// (README "Reliability", io/output_set.h). Each case runs the real binary the
// way a user would and injects the failure: a planted symbolic link, an empty
// or odd -o, a directory in the way, a full disk (a file size limit), a
// SIGKILL at the publishing rename, SIGTERM mid-run, two runs at once, and
// the temporaries of a dead run.

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "io/text_sink.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

void Write(const fs::path& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; }

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every file of a directory by name (timing.json excluded: wall times differ
// between identical runs).
std::map<std::string, std::string> Snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename() != "timing.json") files[e.path().filename().string()] = Read(e.path());
  return files;
}

// Names in `dir` that start with '.' (our temporaries).
std::vector<std::string> Hidden(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string()[0] == '.') names.push_back(e.path().filename().string());
  return names;
}

const char* kJobs =
    "job_submit_time,num_nodes,time_limit,actual_run_time\n"
    "0,2,100,50\n5,4,100,80\n10,1,30,30\n";

ProcessResult Simulate(const fs::path& trace, const std::string& out, std::vector<std::string> extra = {},
                       const ProcessOptions& o = {}) {
  std::vector<std::string> argv = {ClustersimBinary(), "simulate", trace.string(), "-n", "4", "--quiet", "-o", out};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return RunProcess(argv, o);
}

TEST(ReliabilityOutput, EmptyOutputNameIsRefusedAndNothingIsWritten) {
  const fs::path d = ScratchDir("rel_empty");
  Write(d / "jobs.csv", kJobs);
  ProcessOptions o;
  o.cwd = d.string();
  const ProcessResult r = Simulate(d / "jobs.csv", "", {}, o);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim: error: the output directory name is empty; give -o DIR (default: out)\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1);  // jobs.csv only
  const ProcessResult dot = Simulate(d / "jobs.csv", ".", {}, o);
  EXPECT_EQ(dot.exit_code, 1);
  EXPECT_NE(dot.err.find("name a directory of its own"), std::string::npos) << dot.err;
}

// A failed run leaves nothing, not even the parents -o named: a missing
// trace, an empty --jobs slice and simulator's -o under new folders each
// left them behind, empty. A parent that existed before stays.
TEST(ReliabilityOutput, AFailedRunLeavesNoDirectoryItMade) {
  const fs::path d = ScratchDir("rel_parents");
  Write(d / "jobs.csv", kJobs);
  EXPECT_EQ(Simulate(d / "none.csv", (d / "z1" / "o").string()).exit_code, 1);
  EXPECT_FALSE(fs::exists(d / "z1"));
  EXPECT_EQ(Simulate(d / "jobs.csv", (d / "p1" / "p2" / "o").string(), {"--jobs", "0:0"}).exit_code, 1);
  EXPECT_FALSE(fs::exists(d / "p1"));
  fs::create_directory(d / "kept");
  EXPECT_EQ(Simulate(d / "jobs.csv", (d / "kept" / "new" / "o").string(), {"--jobs", "0:0"}).exit_code, 1);
  EXPECT_TRUE(fs::exists(d / "kept"));
  EXPECT_FALSE(fs::exists(d / "kept" / "new"));
  // A named file (simulator's -o, report -o) opened and never committed.
  {
    AtomicFileSink sink((d / "s1" / "s2" / "sched.csv").string());
    ASSERT_TRUE(sink.Open().ok());
    EXPECT_TRUE(fs::exists(d / "s1" / "s2"));
  }
  EXPECT_FALSE(fs::exists(d / "s1"));
  {
    AtomicFileSink sink((d / "s1" / "s2" / "sched.csv").string());
    ASSERT_TRUE(sink.Open().ok());
    sink.buf = "x\n";
    ASSERT_TRUE(sink.Commit().ok());
  }
  EXPECT_EQ(Read(d / "s1" / "s2" / "sched.csv"), "x\n");
  // A run that succeeds makes them.
  EXPECT_EQ(Simulate(d / "jobs.csv", (d / "q1" / "q2" / "o").string()).exit_code, 0);
  EXPECT_TRUE(fs::exists(d / "q1" / "q2" / "o" / "summary.json"));
}

TEST(ReliabilityOutput, SymbolicLinksAreNeverFollowed) {
  const fs::path d = ScratchDir("rel_symlink");
  Write(d / "jobs.csv", kJobs);
  Write(d / "victim.txt", "precious\n");
  // The output directory itself is a link to somewhere else.
  fs::create_directories(d / "elsewhere");
  fs::create_symlink(d / "elsewhere", d / "out");
  ProcessResult r = Simulate(d / "jobs.csv", (d / "out").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("is a symbolic link, not an output directory"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_empty(d / "elsewhere"));
  // A link planted inside an earlier output directory, named like an output.
  fs::create_directories(d / "out2");
  fs::create_symlink(d / "victim.txt", d / "out2" / "schedule.csv");
  r = Simulate(d / "jobs.csv", (d / "out2").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds schedule.csv, a symbolic link"), std::string::npos) << r.err;
  EXPECT_EQ(Read(d / "victim.txt"), "precious\n");
  // simulator's named files: a link at the output name is refused too.
  fs::create_symlink(d / "victim.txt", d / "sched.csv");
  r = RunProcess({SimulatorBinary(), (d / "jobs.csv").string(), "--total_nodes", "4", "-o", (d / "sched.csv").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("sched.csv: is a symbolic link, not a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(Read(d / "victim.txt"), "precious\n");
  EXPECT_TRUE(Hidden(d).empty());
}

TEST(ReliabilityOutput, DevicesFifosAndForeignDirectoriesAreRefused) {
  const fs::path d = ScratchDir("rel_odd");
  Write(d / "jobs.csv", kJobs);
  ASSERT_EQ(::mkfifo((d / "fifo").c_str(), 0600), 0);
  ProcessResult r = Simulate(d / "jobs.csv", (d / "fifo").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("is a FIFO, not an output directory"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_fifo(d / "fifo"));
  r = Simulate(d / "jobs.csv", "/dev/null");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("/dev/null: is a device"), std::string::npos) << r.err;
  // A directory holding a user's file is not replaced.
  fs::create_directories(d / "mine");
  Write(d / "mine" / "notes.txt", "mine\n");
  r = Simulate(d / "jobs.csv", (d / "mine").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds notes.txt, which is not a clustersim output"), std::string::npos) << r.err;
  EXPECT_EQ(Read(d / "mine" / "notes.txt"), "mine\n");
  // Runs kept side by side under one directory: a run into that directory
  // names the earlier run it would replace and how to write beside it.
  ASSERT_EQ(Simulate(d / "jobs.csv", (d / "runs" / "a").string()).exit_code, 0);
  const auto kept = Read(d / "runs" / "a" / "summary.json");
  r = Simulate(d / "jobs.csv", (d / "runs").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds a, an earlier run's output directory"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("give -o " + (d / "runs" / "NAME").string()), std::string::npos) << r.err;
  EXPECT_EQ(Read(d / "runs" / "a" / "summary.json"), kept);
  // simulator -o /dev/null writes nothing and succeeds.
  r = RunProcess({SimulatorBinary(), (d / "jobs.csv").string(), "--total_nodes", "4", "-o", "/dev/null", "-R",
                  (d / "res.csv").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  EXPECT_TRUE(fs::exists(d / "res.csv"));
}

// The run's own input inside the output directory, even under an output's
// name (jobs.csv), is never deleted by publishing: the run is refused.
TEST(ReliabilityOutput, InputInsideTheOutputDirectoryIsRefused) {
  const fs::path d = ScratchDir("rel_input_inside");
  fs::create_directories(d / "out");
  Write(d / "out" / "jobs.csv", kJobs);
  ProcessResult r = Simulate(d / "out" / "jobs.csv", (d / "out").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds the input " + (d / "out" / "jobs.csv").string()), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(Read(d / "out" / "jobs.csv"), kJobs);
  // The same through a path spelled differently: "..", and a link to the
  // input's directory (the target itself is a plain directory).
  fs::create_directories(d / "other");
  r = Simulate(d / "other" / ".." / "out" / "jobs.csv", (d / "out").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds the input"), std::string::npos) << r.err;
  fs::create_directory_symlink(d / "out", d / "link");
  r = Simulate(d / "link" / "jobs.csv", (d / "out").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds the input"), std::string::npos) << r.err;
  EXPECT_EQ(Read(d / "out" / "jobs.csv"), kJobs);
  // A trace named by a -L list.
  Write(d / "list.txt", (d / "out" / "jobs.csv").string() + "\n");
  r = RunProcess({ClustersimBinary(), "simulate", "-L", (d / "list.txt").string(), "-n", "4", "--quiet", "-o",
                  (d / "out").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds the input " + (d / "out" / "jobs.csv").string()), std::string::npos) << r.err;
  EXPECT_EQ(Read(d / "out" / "jobs.csv"), kJobs);
  // A replay of an earlier run's schedule.csv into that run's directory.
  ASSERT_EQ(Simulate(d / "out" / "jobs.csv", (d / "run").string()).exit_code, 0);
  const std::string schedule = Read(d / "run" / "schedule.csv");
  r = RunProcess({ClustersimBinary(), "replay", (d / "run" / "schedule.csv").string(), "-n", "4", "--quiet", "-o",
                  (d / "run").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds the input"), std::string::npos) << r.err;
  EXPECT_EQ(Read(d / "run" / "schedule.csv"), schedule);
}

// dr_evt's named files never replace the trace, and two of them are never
// the same file (one would be lost): simulator -o/-R and the tracer's
// reports, with the path spelled differently too. -o /dev/null discards the
// schedule only: the resource trace goes beside the default schedule, not
// into /dev. (Each was written over before: the input silently replaced.)
TEST(ReliabilityOutput, NamedOutputsNeverReplaceTheInputOrEachOther) {
  const fs::path d = ScratchDir("rel_named_outputs");
  const fs::path jobs = d / "jobs.csv";
  Write(jobs, kJobs);
  auto sim = [&](std::vector<std::string> extra) {
    std::vector<std::string> argv = {SimulatorBinary(), jobs.string(), "-n", "4"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    ProcessOptions o;
    o.cwd = d.string();
    return RunProcess(argv, o);
  };
  ProcessResult r = sim({"-o", (d / "x" / ".." / "jobs.csv").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("is the input"), std::string::npos) << r.err;
  r = sim({"-R", "jobs.csv"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("-R jobs.csv: is the input"), std::string::npos) << r.err;
  r = sim({"-o", "s.csv", "-R", "./s.csv"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("-o and -R both name"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d / "s.csv"));
  EXPECT_EQ(Read(jobs), kJobs);
  r = sim({"-o", "/dev/null"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(d / "jobs_sim_resources.csv"));
  EXPECT_FALSE(fs::exists(d / "jobs_sim.csv"));

  const fs::path hist = d / "history.csv";
  const std::string history = Read(std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/history.csv");
  Write(hist, history);
  for (const char* flag : {"-o", "-s", "-r", "-m", "-d"}) {
    r = RunProcess({TracerBinary(), hist.string(), flag, hist.string()});
    EXPECT_EQ(r.exit_code, 1) << flag;
    EXPECT_NE(r.err.find("is the input"), std::string::npos) << flag << ": " << r.err;
  }
  r = RunProcess({ClustersimBinary(), "trace", hist.string(), "-o", (d / "t.csv").string(), "--queues",
                  (d / "." / "t.csv").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("both name"), std::string::npos) << r.err;
  EXPECT_EQ(Read(hist), history);
}

// A directory where one output should go: the run refuses before writing,
// and the earlier complete set stays as it was.
TEST(ReliabilityOutput, DirectoryInTheWayOfOneOutputLeavesTheOldSet) {
  const fs::path d = ScratchDir("rel_inway");
  Write(d / "jobs.csv", kJobs);
  ASSERT_EQ(Simulate(d / "jobs.csv", (d / "out").string()).exit_code, 0);
  fs::remove(d / "out" / "jobs.csv");
  fs::create_directories(d / "out" / "jobs.csv");
  const auto before = Snapshot(d / "out");
  Write(d / "jobs2.csv", "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,10\n");
  const ProcessResult r = Simulate(d / "jobs2.csv", (d / "out").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("holds jobs.csv, a directory"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_directory(d / "out" / "jobs.csv"));
  EXPECT_EQ(Snapshot(d / "out"), before);
  EXPECT_TRUE(Hidden(d).empty());
  // simulator: a directory at the schedule's name is refused the same way.
  fs::create_directories(d / "s.csv");
  const ProcessResult s = RunProcess({SimulatorBinary(), (d / "jobs.csv").string(), "--total_nodes", "4", "-o",
                                      (d / "s.csv").string()});
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_NE(s.err.find("s.csv: is a directory, not a regular file"), std::string::npos) << s.err;
}

// A full disk, injected as a file size limit (writes past it fail with
// EFBIG): one clear error, the old set intact, no temporaries left.
TEST(ReliabilityOutput, WriteFailureKeepsTheOldCompleteSet) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "no KTH trace";
  const fs::path d = ScratchDir("rel_full");
  Write(d / "jobs.csv", kJobs);
  ASSERT_EQ(Simulate(d / "jobs.csv", (d / "out").string()).exit_code, 0);
  const auto before = Snapshot(d / "out");
  ProcessOptions o;
  o.file_size_limit = 64 * 1024;  // KTH's schedule is ~1 MB
  const ProcessResult r =
      RunProcess({ClustersimBinary(), "simulate", kth, "--quiet", "-o", (d / "out").string()}, o);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("write failed: File too large (disk full or file size limit)"), std::string::npos) << r.err;
  EXPECT_EQ(Snapshot(d / "out"), before);
  EXPECT_TRUE(Hidden(d).empty()) << Hidden(d)[0];
}

bool HaveStrace() { return std::system("strace -V >/dev/null 2>&1") == 0; }

// SIGKILL at the publishing rename (strace injects it): readers see the old
// complete set; the next run removes the dead run's temporary and publishes.
TEST(ReliabilityOutput, KillAtThePublishingRenameLeavesTheOldSet) {
  if (!HaveStrace()) {
    std::printf("SKIPPED: strace is not installed (scripts/install-deps.sh installs it)\n");
    GTEST_SKIP() << "no strace";
  }
  const fs::path d = ScratchDir("rel_kill");
  Write(d / "jobs.csv", kJobs);
  Write(d / "jobs2.csv", "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,10,10\n");
  ASSERT_EQ(Simulate(d / "jobs.csv", (d / "out").string()).exit_code, 0);
  const auto before = Snapshot(d / "out");
  const ProcessResult r =
      RunProcess({"/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-e", "inject=rename,renameat,renameat2:signal=KILL",
                  ClustersimBinary(), "simulate", (d / "jobs2.csv").string(), "-n", "4", "--quiet", "-o",
                  (d / "out").string()});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_EQ(Snapshot(d / "out"), before);
  EXPECT_EQ(Hidden(d).size(), 1u);  // the dead run's private directory
  const ProcessResult again = Simulate(d / "jobs2.csv", (d / "out").string());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(Hidden(d).empty());
  EXPECT_NE(Snapshot(d / "out"), before);
}

// SIGINT at the first publishing rename of simulator's two named files
// (strace injects it): the new schedule stood beside the old resource
// trace. The signal now waits until both are renamed; so for the tracer's.
TEST(ReliabilityOutput, AnInterruptPublishesEveryNamedFileOrNone) {
  if (!HaveStrace()) GTEST_SKIP() << "no strace";
  const fs::path d = ScratchDir("rel_int_named");
  Write(d / "jobs.csv", kJobs);
  Write(d / "history.csv", "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,10,1,20\n5,10,30,2,20\n");
  const std::vector<std::string> inject = {"/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-e",
                                           "inject=rename,renameat,renameat2:signal=INT:when=1"};
  const struct {
    std::string binary;
    std::vector<std::string> args;
    fs::path a, b;
  } cases[] = {{SimulatorBinary(), {(d / "jobs.csv").string(), "-n", "4", "-o", (d / "s.csv").string()}, d / "s.csv",
                d / "s_resources.csv"},
               {TracerBinary(),
                {(d / "history.csv").string(), "-o", (d / "t.csv").string(), "-r", (d / "r.csv").string()},
                d / "t.csv", d / "r.csv"}};
  for (const auto& k : cases) {
    Write(k.a, "old\n");
    Write(k.b, "old\n");
    std::vector<std::string> argv = inject;
    argv.push_back(k.binary);
    argv.insert(argv.end(), k.args.begin(), k.args.end());
    const ProcessResult r = RunProcess(argv);
    EXPECT_TRUE(r.term_signal == SIGINT || r.exit_code == 130) << k.binary << ": " << r.exit_code << " " << r.err;
    EXPECT_NE(Slurp(k.a), "old\n") << k.binary;
    EXPECT_NE(Slurp(k.b), "old\n") << k.binary;
  }
}

// SIGTERM while the run waits for its input (a FIFO nobody writes): the
// process ends by the signal and leaves no temporaries.
TEST(ReliabilityOutput, SigtermRemovesTheTemporaries) {
  const fs::path d = ScratchDir("rel_term");
  ASSERT_EQ(::mkfifo((d / "in.csv").c_str(), 0600), 0);
  // Hold the FIFO's write end open so the reader blocks in read(), not open().
  const pid_t writer = ::fork();
  if (writer == 0) {
    const int fd = ::open((d / "in.csv").c_str(), O_WRONLY);
    ::sleep(30);
    ::_exit(fd >= 0 ? 0 : 1);
  }
  ProcessOptions o;
  o.signal_after_ms = 500;
  o.signal = SIGTERM;
  const ProcessResult r = Simulate(d / "in.csv", (d / "out").string(), {}, o);
  ::kill(writer, SIGKILL);
  ::waitpid(writer, nullptr, 0);
  EXPECT_EQ(r.term_signal, SIGTERM) << r.err;
  EXPECT_FALSE(fs::exists(d / "out"));
  EXPECT_TRUE(Hidden(d).empty()) << Hidden(d)[0];
}

// Two runs into one directory at once: both succeed, and the directory holds
// one run's complete set, never a mix.
TEST(ReliabilityOutput, ConcurrentRunsPublishCompleteSets) {
  const std::string kth = TracesDir() + "/KTH-SP2.filtered.swf";
  if (!fs::exists(kth)) GTEST_SKIP() << "no KTH trace";
  const fs::path d = ScratchDir("rel_concurrent");
  const std::vector<std::string> a = {ClustersimBinary(), "simulate", kth, "--quiet", "--backfill", "easy", "-o"};
  const std::vector<std::string> b = {ClustersimBinary(), "simulate", kth, "--quiet", "--backfill", "none", "-o"};
  auto with = [](std::vector<std::string> v, const fs::path& out) {
    v.push_back(out.string());
    return v;
  };
  ASSERT_EQ(RunProcess(with(a, d / "ref_a")).exit_code, 0);
  ASSERT_EQ(RunProcess(with(b, d / "ref_b")).exit_code, 0);
  const auto ref_a = Snapshot(d / "ref_a"), ref_b = Snapshot(d / "ref_b");
  ASSERT_NE(ref_a, ref_b);
  for (int round = 0; round < 3; ++round) {
    ProcessResult ra, rb;
    std::thread ta([&] { ra = RunProcess(with(a, d / "out")); });
    std::thread tb([&] { rb = RunProcess(with(b, d / "out")); });
    ta.join();
    tb.join();
    EXPECT_EQ(ra.exit_code, 0) << ra.err;
    EXPECT_EQ(rb.exit_code, 0) << rb.err;
    const auto got = Snapshot(d / "out");
    EXPECT_TRUE(got == ref_a || got == ref_b) << "round " << round << ": a mixed set";
    EXPECT_TRUE(Hidden(d).empty());
  }
}

// A killed run's temporaries (their names carry its pid) are removed by the
// next run into the same place; a live process's are left alone.
TEST(ReliabilityOutput, StaleTemporariesOfDeadRunsAreRemoved) {
  const fs::path d = ScratchDir("rel_stale");
  Write(d / "jobs.csv", kJobs);
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);  // its pid is now free: a dead run's
  const std::string dead = ".out.tmp-" + std::to_string(child) + "-Ab3dEf";
  const std::string live = ".out.tmp-" + std::to_string(::getpid()) + "-Zz9yXw";
  fs::create_directories(d / dead);
  Write(d / dead / "schedule.csv", "half");
  fs::create_directories(d / live);
  Write(d / (".sched.csv.tmp-" + std::to_string(child) + "-q1w2e3"), "half");
  ASSERT_EQ(Simulate(d / "jobs.csv", (d / "out").string()).exit_code, 0);
  EXPECT_FALSE(fs::exists(d / dead));
  EXPECT_TRUE(fs::exists(d / live));
  const ProcessResult r =
      RunProcess({SimulatorBinary(), (d / "jobs.csv").string(), "--total_nodes", "4", "-o", (d / "sched.csv").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(d / (".sched.csv.tmp-" + std::to_string(child) + "-q1w2e3")));
}

// Outputs an earlier run wrote and this one does not are gone with the old
// set (the whole directory is replaced).
TEST(ReliabilityOutput, FilesOfAnEarlierRunDoNotSurvive) {
  const fs::path d = ScratchDir("rel_replace");
  Write(d / "jobs.csv", kJobs);
  ASSERT_EQ(Simulate(d / "jobs.csv", (d / "out").string()).exit_code, 0);
  Write(d / "out" / "windows.csv", "from an rlscheduler run\n");
  ASSERT_EQ(Simulate(d / "jobs.csv", (d / "out").string(), {"--outputs", "summary"}).exit_code, 0);
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(d / "out")) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"summary.json", "timing.json"}));
}

// `simulator` replays write the schedule too (dr_evt-compat §10.1, the
// seed's "Output: Same times as input"), at the default name: the input's
// times, rows in submit order; it replaces one an earlier simulation left.
TEST(ReliabilityOutput, SimulatorReplayWritesTheInputTimesAsItsSchedule) {
  const fs::path d = ScratchDir("rel_replay_sched");
  Write(d / "h.csv",
        "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,100,2,200\n10,10,50,1,60\n5,30,70,1,90\n");
  ProcessOptions here;
  here.cwd = d.string();
  const ProcessResult sim =
      RunProcess({SimulatorBinary(), "h.csv", "--total_nodes", "4", "-z", "UTC", "--force-simulation"}, here);
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  ASSERT_NE(Slurp(d / "h_sim.csv").find("\n5,5,45,1,0,90\n"), std::string::npos);  // simulated: starts at submit
  const ProcessResult replay = RunProcess({SimulatorBinary(), "h.csv", "--total_nodes", "4", "-z", "UTC"}, here);
  ASSERT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_EQ(Slurp(d / "h_sim.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit\n"
            "0,0,100,2,0,200\n5,30,70,1,0,90\n10,10,50,1,0,60\n");
  EXPECT_TRUE(fs::exists(d / "h_sim_resources.csv"));
}

// A queue name with a comma and a quote, read as RFC 4180 says ("q,""z"" is
// q,"z), is written quoted and reads back the same: replaying a schedule
// gives the same schedule. (The doubled quote grew on every round trip.)
TEST(ReliabilityOutput, QuotedQueueNamesSurviveTheRoundTrip) {
  const fs::path d = ScratchDir("rel_queue_quotes");
  // A quoted name keeps its spaces ("sp " is not sp; both were sp), and is
  // written quoted so the next reader keeps them too.
  Write(d / "t.csv", "job_submit_time,begin_time,end_time,num_nodes,queue,time_limit\n"
                     "0,0,10,1,\"q,\"\"z\"\"\",20\n5,5,8,1,plain,20\n6,6,8,1,\"sp \",20\n7,7,8,1, sp ,20\n");
  for (const auto& [in, out] : {std::pair{"t.csv", "a"}, std::pair{"a/schedule.csv", "b"}}) {
    const ProcessResult r = RunProcess({ClustersimBinary(), "replay", (d / in).string(), "-n", "2", "--quiet", "-o",
                                        (d / out).string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const std::string a = Slurp(d / "a" / "schedule.csv");
  EXPECT_NE(a.find(",\"q,\"\"z\"\"\","), std::string::npos) << a;
  EXPECT_NE(a.find(",\"sp \","), std::string::npos) << a;
  EXPECT_NE(a.find(",sp,"), std::string::npos) << a;
  EXPECT_EQ(Slurp(d / "b" / "schedule.csv"), a);
}

// A set of named files (simulator's -o and -R, the tracer's reports) is
// written out before any is published: under a full disk, -R (or -m) was
// replaced by the new run while -o (or -r) kept the old one.
TEST(ReliabilityOutput, AFullDiskLeavesEveryNamedFileOld) {
  const fs::path d = ScratchDir("rel_full_named");
  ProcessOptions o;
  o.file_size_limit = 3000;  // the schedule (~4 KB) fails, the resources (~2.7 KB) fit
  for (const char* f : {"s.csv", "r.csv"}) Write(d / f, "old\n");
  const ProcessResult sim = RunProcess({SimulatorBinary(), std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/jobs.csv", "-n", "100", "-o",
                                        (d / "s.csv").string(), "-R", (d / "r.csv").string()},
                                       o);
  EXPECT_EQ(sim.exit_code, 1);
  EXPECT_NE(sim.err.find("s.csv: write failed: File too large"), std::string::npos) << sim.err;
  EXPECT_EQ(Read(d / "s.csv"), "old\n");
  EXPECT_EQ(Read(d / "r.csv"), "old\n");

  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "no KTH trace";
  o.file_size_limit = 64 * 1024;  // the 168-hour summary (~10 KB) fits, the resource trace does not
  for (const char* f : {"m.csv", "r.csv"}) Write(d / f, "old\n");
  const ProcessResult tr = RunProcess(
      {TracerBinary(), kth, "-z", "UTC", "-m", (d / "m.csv").string(), "-r", (d / "r.csv").string()}, o);
  EXPECT_EQ(tr.exit_code, 1);
  EXPECT_NE(tr.err.find("r.csv: write failed: File too large"), std::string::npos) << tr.err;
  EXPECT_EQ(Read(d / "m.csv"), "old\n");
  EXPECT_EQ(Read(d / "r.csv"), "old\n");
  EXPECT_TRUE(Hidden(d).empty()) << Hidden(d)[0];
}

// stdout redirected to a full disk: the C library's last write fails at
// exit, and every front end exited 0 with its report cut short.
TEST(ReliabilityOutput, AFullStdoutIsAnError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const fs::path d = ScratchDir("rel_full_stdout");
  const std::string jobs = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/jobs.csv";
  const std::string history = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/history.csv";
  const std::vector<std::pair<std::string, std::vector<std::string>>> commands = {
      {"simulator", {SimulatorBinary(), jobs, "-n", "32", "-z", "UTC", "-o", (d / "s.csv").string()}},
      {"clustersim", {ClustersimBinary(), "simulate", jobs, "-n", "32", "-o", (d / "out").string()}},
      {"clustersim", {ClustersimBinary(), "switches"}},
      // Longer than the buffer: the first write fails mid-run, and the cause
      // was lost with the buffer ("cannot write to stdout" alone).
      {"clustersim", {ClustersimBinary(), "simulate", jobs, "-n", "32", "-v", "-o", (d / "out_v").string()}},
      {"clustersim generate", {ClustersimBinary(), "generate", "-o", "-", "--workloads", "200", "--quiet"}},
      {"tracer", {TracerBinary(), history, "-z", "UTC", "-n", "32"}}};
  for (const auto& [prog, argv] : commands) {
    std::vector<std::string> sh = {"/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full"};
    sh.insert(sh.end(), argv.begin(), argv.end());
    const ProcessResult r = RunProcess(sh);
    EXPECT_EQ(r.exit_code, 1) << argv[1];
    EXPECT_NE(r.err.find(prog + ": error: cannot write to stdout: No space left on device"), std::string::npos)
        << r.err;
  }
}

// `... -v | head -1`: SIGPIPE ends the run, which left its private output
// directory (and simulator's temporary) behind.
TEST(ReliabilityOutput, ABrokenPipeLeavesNoTemporaries) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "no KTH trace";
  const fs::path d = ScratchDir("rel_sigpipe");
  for (const std::string& run :
       {"'" + ClustersimBinary() + "' simulate '" + kth + "' -v -o '" + (d / "out").string() + "'",
        "'" + SimulatorBinary() + "' '" + kth + "' -v -z UTC -o '" + (d / "s.csv").string() + "'"}) {
    const ProcessResult r = RunProcess({"/bin/sh", "-c", run + " | head -1"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, 4), "Job ") << r.out;
    EXPECT_TRUE(Hidden(d).empty()) << run << ": " << Hidden(d)[0];
  }
}

}  // namespace
}  // namespace clustersim::test
