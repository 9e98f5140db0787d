// Hostile input never produces a wrong number, a crash or unbounded memory
// (README "Reliability"): times out of range are refused with file, line and
// rule; sums cannot overflow; devices are refused; a gzip bomb is stopped
// with a small peak RSS; running out of memory says so; control bytes are
// escaped; config files and numeric options are strict.

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "io/capacity_csv.h"
#include "io/jsonl_trace.h"
#include "io/trace_loader.h"
#include "sim/checker.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

void Write(const fs::path& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; }

ProcessResult Simulate(const std::vector<std::string>& args, const ProcessOptions& o = {}) {
  std::vector<std::string> argv = {ClustersimBinary(), "simulate"};
  argv.insert(argv.end(), args.begin(), args.end());
  return RunProcess(argv, o);
}

const char* kHeader = "job_submit_time,num_nodes,time_limit,actual_run_time\n";

// The row that used to end at -446744073709.551616 s: refused, with the bound.
TEST(ReliabilityInput, TimesPastTheBoundAreRefusedWithLineAndRule) {
  SimSetup s;
  SimOutcome o = SimulateText(std::string(kHeader) + "9000000000000,1,9000000000000,9000000000000\n0,1,10,10\n", s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(o.workload.jobs.size(), 1u);
  EXPECT_NE(o.diagnostics.find("input.csv:2: number_out_of_range: job_submit_time '9000000000000' is out of range "
                               "(|t| <= 1000000000000 s)"),
            std::string::npos)
      << o.diagnostics;
  // At the bound itself the arithmetic is exact: end = 1e12 + 1e12.
  o = SimulateText(std::string(kHeader) + "1000000000000,1,1000000000000,1000000000000\n", s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:1000000000000-2000000000000");
}

// Every reader says the same about a time past the bound: the rule and the
// bound with its unit (the capacity schedule called 1e13 "neither epoch
// seconds nor a calendar time"; a JSONL offset scaled past the bound was
// taken).
TEST(ReliabilityInput, EveryReaderNamesTheTimeBound) {
  const std::string bound = "(|t| <= 1000000000000 s)";
  auto cap = ParseCapacitySchedule("time,total_nodes\n1e13,5\n", "cap.csv", "UTC", 10);
  ASSERT_FALSE(cap.ok());
  EXPECT_EQ(cap.status().message(), "cap.csv:2: number_out_of_range: time '1e13' is out of range " + bound);

  Diagnostics swf_diag;
  LoadOptions lo;
  lo.format = TraceFormat::kSwf;
  lo.capacity = 4;
  std::string swf = "1 1e13 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 -1 -1 -1\n";
  (void)LoadTraceText(swf, "big.swf", lo, &swf_diag);
  ASSERT_EQ(swf_diag.entries().size(), 1u);
  EXPECT_EQ(swf_diag.entries()[0].ToString(),
            "big.swf:1: number_out_of_range: field 2: '1e13' is out of range " + bound);
  Diagnostics count_diag;
  (void)LoadTraceText("1 0 0 10 1e13 -1 -1 1 10 -1 1 1 1 1 1 -1 -1 -1\n", "big.swf", lo, &count_diag);
  ASSERT_EQ(count_diag.entries().size(), 1u);
  EXPECT_EQ(count_diag.entries()[0].ToString(),
            "big.swf:1: number_out_of_range: field 5: '1e13' is out of range (|value| <= 1000000000000)");

  for (const auto& [scale, line, why] :
       {std::tuple{1.0, R"({"jobId":"a","submitTimeOffsetSec":1e13})", "submitTimeOffsetSec 1e+13"},
        std::tuple{5.0, R"({"jobId":"a","submitTimeOffsetSec":1e12})", "submitTimeOffsetSec 1e+12 x time_scale 5"}}) {
    Diagnostics diag;
    JsonlOptions jo;
    jo.time_scale = scale;
    auto w = LoadJsonlTraceText(line, "big.jsonl", jo, &diag);
    ASSERT_TRUE(w.ok()) << w.status().message();
    EXPECT_EQ(w.value().jobs.size(), 0u) << why;
    ASSERT_EQ(diag.entries().size(), 1u) << why;
    EXPECT_EQ(diag.entries()[0].ToString(),
              std::string("big.jsonl:1: number_out_of_range: ") + why + " is out of range " + bound);
  }
}

// Times lie in [0, 10^12] s: the clock starts at 0 (dr_evt-compat §2.5), and
// a job spanning the whole range replays without overflow.
TEST(ReliabilityInput, ReplayAtBothBoundsHasAPositiveMakespan) {
  SimSetup s;
  const SimOutcome o = SimulateText(
      "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,1000000000000,1,1\n", s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-1000000000000");
  const SimOutcome bad = SimulateText(
      "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,9000000000000,1,1\n"
      "-1,0,5,1,1\n",
      s);
  EXPECT_EQ(bad.workload.jobs.size(), 0u);
  EXPECT_NE(bad.diagnostics.find("number_out_of_range"), std::string::npos) << bad.diagnostics;
  EXPECT_NE(bad.diagnostics.find(":3: negative_time: job_submit_time '-1' is before time 0"), std::string::npos)
      << bad.diagnostics;
}

// Serial work past the simulable horizon (2^62 us) is one clear error.
TEST(ReliabilityInput, WorkPastTheHorizonIsRefused) {
  const fs::path d = ScratchDir("in_horizon");
  std::string t = kHeader;
  for (int i = 0; i < 5; ++i) t += "1000000000000,1,1000000000000,1000000000000\n";
  Write(d / "big.csv", t);
  const ProcessResult r = Simulate({(d / "big.csv").string(), "-n", "1", "-o", (d / "out").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("horizon_exceeded: the jobs run one after another would end past the simulable horizon"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(d / "out"));
}

// A sampled duration past the bound is clamped to it and counted.
TEST(ReliabilityInput, HugeSampledDurationsAreClampedAndCounted) {
  SimSetup s;
  s.run_time.mode = RunTimeMode::kDistribution;
  s.run_time.distribution = Distribution::kUniform;
  s.run_time.scale = 1e9;
  s.run_time.stddev = 2e9;
  s.overrun = Overrun::kAllow;
  const SimOutcome o = SimulateText(std::string(kHeader) + "0,1,100000,1\n0,1,1,1\n", s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(o.workload.jobs[0].run_time, kMaxInputTime);       // 1e14..2e14 s, clamped
  EXPECT_LT(o.workload.jobs[1].run_time, kMaxInputTime);       // 1e9..2e9 s, kept
  EXPECT_NE(o.diagnostics.find("sampled_duration_clamped: 1 sampled run time exceeded 1000000000000 s and was clamped"),
            std::string::npos)
      << o.diagnostics;
}

// The summary counts the clamped jobs, not the one message that names them.
TEST(ReliabilityInput, ClampedSampledDurationsAreCountedPerJobInTheSummary) {
  const fs::path d = ScratchDir("in_clamp_count");
  std::string t = kHeader;
  for (int i = 0; i < 4; ++i) t += std::to_string(i) + ",1,100,50\n";
  Write(d / "s4.csv", t);
  const ProcessResult r =
      Simulate({(d / "s4.csv").string(), "-n", "4", "-r", "distribution", "-S", "1e12", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("sampled_duration_clamped: 4 sampled run times exceeded"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("sampled_duration_clamped 4"), std::string::npos) << r.out;
  EXPECT_NE(Slurp(d / "out" / "summary.json").find("\"sampled_duration_clamped\": 4"), std::string::npos);
}

// --check: an event outside the bounds is a violation (a guard for overflow).
TEST(ReliabilityInput, CheckerRefusesEventsOutsideTheBounds) {
  Workload w;
  w.name = "w";
  w.capacity = 1;
  Job j;
  j.run_time = j.time_limit = 10;
  w.jobs.push_back(j);
  ScheduleChecker c(w, EngineOptions{});
  c.OnStart(0, kMaxSimTime + 1, 1);
  EXPECT_NE(c.status().message().find("is outside [0, "), std::string::npos) << c.status().message();
  // Before 0, where the clock and the resource trace's baseline row start.
  ScheduleChecker early(w, EngineOptions{});
  early.OnStart(0, -Seconds(10), 1);
  EXPECT_NE(early.status().message().find("event time -10 s is outside [0, "), std::string::npos)
      << early.status().message();
}

TEST(ReliabilityInput, DevicesAreRefusedAsTracesAndConfigs) {
  const fs::path d = ScratchDir("in_dev");
  ProcessResult r = Simulate({"/dev/zero", "-n", "4", "-o", (d / "out").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim: error: /dev/zero: is a device, not a file; refusing to read it (it may never end)\n");
  Write(d / "jobs.csv", std::string(kHeader) + "0,1,10,10\n");
  r = Simulate({(d / "jobs.csv").string(), "-n", "4", "--config", "/dev/zero", "-o", (d / "out").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim: error: /dev/zero: is a device, not a file; refusing to read it (it may never end)\n");
  EXPECT_FALSE(fs::exists(d / "out"));
}

// 1 GiB of zeros or of newlines, gzip-compressed: refused after a bounded
// amount of output. Peak RSS stays under 100 MB (250 MB under ASan, whose
// shadow memory and allocator add their own).
void WriteGzipOf(const fs::path& p, char byte, std::size_t bytes) {
  gzFile f = gzopen(p.c_str(), "wb1");
  ASSERT_NE(f, nullptr);
  const std::string chunk(1 << 20, byte);
  for (std::size_t done = 0; done < bytes; done += chunk.size()) gzwrite(f, chunk.data(), static_cast<unsigned>(chunk.size()));
  gzclose(f);
}

TEST(ReliabilityInput, GzipBombsAreStoppedWithBoundedMemory) {
  const fs::path d = ScratchDir("in_bomb");
  const long limit_kb = BuiltWithSanitizers() ? 250 * 1024 : 100 * 1024;
  WriteGzipOf(d / "zeros.csv.gz", '\0', std::size_t{1} << 30);
  WriteGzipOf(d / "newlines.csv.gz", '\n', std::size_t{1} << 30);
  ProcessResult r = Simulate({(d / "zeros.csv.gz").string(), "-n", "4", "-o", (d / "out").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("zeros.csv.gz:1: line_too_long: a line is longer than 1048576 bytes"), std::string::npos) << r.err;
  EXPECT_LT(r.max_rss_kb, limit_kb);
  r = Simulate({(d / "newlines.csv.gz").string(), "-n", "4", "-o", (d / "out").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("newlines.csv.gz: gzip_bomb:"), std::string::npos) << r.err;
  EXPECT_LT(r.max_rss_kb, limit_kb);
  if (!BuiltWithSanitizers()) {  // and under an address-space limit, as `ulimit -v` would set
    ProcessOptions o;
    o.address_space_limit = 300L << 20;
    r = Simulate({(d / "newlines.csv.gz").string(), "-n", "4", "-o", (d / "out").string()}, o);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("gzip_bomb"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(d / "out"));
}

// Memory exhaustion while reading is a message and exit 1, not a crash:
// injected with an address-space limit, or under ASan by capping the size of
// one allocation (ASan reserves too much address space for RLIMIT_AS).
TEST(ReliabilityInput, OutOfMemoryWhileReadingIsAClearError) {
  const fs::path d = ScratchDir("in_oom");
  {
    gzFile f = gzopen((d / "many.csv.gz").c_str(), "wb1");
    ASSERT_NE(f, nullptr);
    gzputs(f, kHeader);
    for (int i = 0; i < 4'000'000; ++i) gzprintf(f, "%d,%d,%d,%d\n", i, 1 + i % 7, 100 + i % 1000, 50 + i % 77);
    gzclose(f);
  }
  ProcessOptions o;
  if (BuiltWithSanitizers())
    o.env = {"ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=16:detect_leaks=0"};
  else
    o.address_space_limit = 96L << 20;
  const ProcessResult r = Simulate({(d / "many.csv.gz").string(), "-n", "8", "-o", (d / "out").string()}, o);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("out of memory while reading"), std::string::npos) << r.err;
  EXPECT_EQ(r.term_signal, 0);
}

// NUL and ESC from a trace are escaped in messages, never echoed raw.
TEST(ReliabilityInput, ControlBytesAreEscapedInMessages) {
  const fs::path d = ScratchDir("in_escape");
  Write(d / "t.csv", std::string(kHeader) + "0,\x1b[31mred,10,10\n1,2\x00x,10,10\n2,1,10,10\n" +
                         std::string("3,1,10,1\x07\n", 11));
  const ProcessResult r = Simulate({(d / "t.csv").string(), "-n", "32", "-o", (d / "out").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos);
  EXPECT_EQ(r.err.find('\x07'), std::string::npos);
  EXPECT_NE(r.err.find("'\\x1b[31mred'"), std::string::npos) << r.err;
}

// A trace or cluster file whose name is not UTF-8 (a Latin-1 file name)
// ended every run with "internal error: invalid UTF-8 byte", exit 3 and no
// outputs: summary.json now holds U+FFFD for the byte, and parses.
TEST(ReliabilityInput, AFileNameThatIsNotUtf8StillGivesASummary) {
  const fs::path d = ScratchDir("in_latin1_name");
  const fs::path trace = d / "j\xfe.csv", cluster = d / "c\xff.yaml";
  fs::copy_file(std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/jobs.csv", trace);
  fs::copy_file(std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/cluster.yaml", cluster);
  const ProcessResult r = Simulate({trace.string(), "-n", "32", "--report", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(Slurp(d / "out" / "summary.json").find("j\xef\xbf\xbd.csv\""), std::string::npos);
  const ProcessResult c = Simulate({std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/ai-day.jsonl", "--cluster",
                                    cluster.string(), "--outputs", "summary", "-o", (d / "cl").string()});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_NE(Slurp(d / "cl" / "summary.json").find("c\xef\xbf\xbd.yaml"), std::string::npos);
}

TEST(ReliabilityInput, ConfigFileTyposAreErrorsWithFileAndLine) {
  const fs::path d = ScratchDir("in_config");
  Write(d / "jobs.csv", std::string(kHeader) + "0,1,10,10\n");
  struct Case {
    std::string text, expected;
  };
  const std::vector<Case> cases = {
      {"[x\n", "c.toml:1: '[x': sections are not supported; write options as top-level `key = value` lines"},
      {"# fine\nbakfill = \"easy\"\n", "c.toml:2: unknown option 'bakfill' (did you mean 'backfill'?)"},
      {"backfill easy\n", "c.toml:1: malformed line 'backfill easy' (expected `key = value`)"},
      {"backfill = \"easy\n", "c.toml:1: backfill: malformed value '\"easy' (a word, a number, a quoted string or a [list])"},
      {"outputs = [summary, jobs\n",
       "c.toml:1: outputs: malformed value '[summary, jobs' (a word, a number, a quoted string or a [list])"},
  };
  for (const Case& c : cases) {
    Write(d / "c.toml", c.text);
    ProcessOptions o;
    o.cwd = d.string();
    const ProcessResult r = Simulate({"jobs.csv", "-n", "4", "--config", "c.toml", "-o", "out"}, o);
    EXPECT_EQ(r.exit_code, 1) << c.text;
    EXPECT_EQ(r.err, "clustersim: error: " + c.expected + "\n") << c.text;
    EXPECT_FALSE(fs::exists(d / "out"));
  }
  Write(d / "c.toml", "backfill = \"none\"\noutputs = [summary]\n; comment\n");
  ProcessOptions o;
  o.cwd = d.string();
  EXPECT_EQ(Simulate({"jobs.csv", "-n", "4", "--config", "c.toml", "--quiet", "-o", "out"}, o).exit_code, 0);
}

TEST(ReliabilityInput, NumericOptionsAreStrict) {
  const fs::path d = ScratchDir("in_numeric");
  Write(d / "jobs.csv", std::string(kHeader) + "0,1,10,10\n");
  struct Case {
    std::vector<std::string> args;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {{"-n", "0x10"}, "--total_nodes: '0x10' is not a decimal integer"},
      {{"-n", "18446744073709551616"}, "--total_nodes: 18446744073709551616 is out of range [1, 1000000000]"},
      {{"-n", "-18446744073709551616"}, "--total_nodes: -18446744073709551616 is out of range [1, 1000000000]"},
      {{"-n", "0"}, "--total_nodes: 0 is out of range [1, 1000000000]"},
      {{"-n", "abc"}, "--total_nodes: 'abc' is not a decimal integer"},
      {{"-n", "4", "--max_jobs", "-5"}, "--max_jobs: -5 is out of range (at least 0)"},
      {{"-n", "4", "--max_jobs", ""}, "--max_jobs: an empty value (expected an integer)"},
      {{"-n", "4", "-S", "0x1p3"}, "--run_time_scale: '0x1p3' is not a decimal number"},
      {{"-n", "4", "-S", "nan"}, "--run_time_scale: 'nan' is not a decimal number"},
      {{"-n", "4", "-S", "0"}, "--run_time_scale: 0 is out of range (0, 1000000000000]"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {(d / "jobs.csv").string(), "-o", (d / "out").string()};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const ProcessResult r = Simulate(args);
    EXPECT_EQ(r.exit_code, 1) << c.expected;
    EXPECT_EQ(r.err, "clustersim: error: " + c.expected + " (see --help)\n");  // one line, like every error
  }
  EXPECT_FALSE(fs::exists(d / "out"));
}

// A trace read from a FIFO: the run hashed its input by opening it again
// after the simulation and blocked for a writer that was gone (from a pipe,
// /dev/stdin, it hashed nothing: the empty input's SHA-256). The hash of an
// input that can be read only once is null.
TEST(ReliabilityInput, AFifoInputIsReadOnceAndItsHashIsNull) {
  const fs::path d = ScratchDir("rel_fifo_input");
  ASSERT_EQ(::mkfifo((d / "in.csv").c_str(), 0600), 0);
  const pid_t writer = ::fork();
  if (writer == 0) {
    std::ofstream(d / "in.csv") << kHeader << "0,1,10,5\n1,2,10,5\n";
    ::_exit(0);
  }
  ProcessOptions o;
  o.signal_after_ms = 20000;  // a hang fails the test instead of stopping the suite
  o.signal = SIGKILL;
  const ProcessResult r = Simulate({(d / "in.csv").string(), "-n", "4", "-o", (d / "out").string(), "--quiet"}, o);
  ::waitpid(writer, nullptr, 0);
  ASSERT_EQ(r.term_signal, 0) << "the run hung";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string summary = Slurp(d / "out" / "summary.json");
  EXPECT_NE(summary.find("\"input_sha256\": null"), std::string::npos) << summary.substr(0, 400);
  EXPECT_NE(summary.find("\"completed\": 2"), std::string::npos);
}

}  // namespace
}  // namespace clustersim::test
