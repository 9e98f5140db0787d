// -t/--max_time: units, calendar times on an SWF log's clock (or refused),
// and jobs after the stop reported as not submitted, through the front end.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/file_reader.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// Four one-processor jobs of 50 s at 0, 100, 3700 and 7300 s on a log that
// starts at 2001-09-09 01:46:40 UTC (UnixStartTime 1000000000), whose zone
// is Stockholm (CEST, UTC+2, in September).
std::string Swf(bool with_start) {
  std::string s = "; MaxProcs: 4\n; TimeZoneString: Europe/Stockholm\n";
  if (with_start) s += "; UnixStartTime: 1000000000\n";
  for (int i = 0; const int t : {0, 100, 3700, 7300})
    s += std::to_string(++i) + " " + std::to_string(t) + " 0 50 1 -1 -1 1 60 -1 1 1 1 -1 1 -1 -1 -1\n";
  return s;
}

struct Outcome {
  ProcessResult p;
  nlohmann::json summary;
};

Outcome Simulate(const fs::path& d, const std::string& swf, const std::string& max_time,
                 const std::vector<std::string>& extra = {}) {
  const fs::path trace = d / "log.swf";
  std::ofstream(trace) << swf;
  Outcome r;
  std::vector<std::string> argv = {ClustersimBinary(), "simulate", trace.string(), "-t", max_time, "-o",
                                   (d / "out").string()};
  argv.insert(argv.end(), extra.begin(), extra.end());
  r.p = RunProcess(argv);
  auto text = ReadFileContents((d / "out" / "summary.json").string());
  if (r.p.exit_code == 0 && text.ok()) r.summary = nlohmann::json::parse(text.value());
  return r;
}

TEST(MaxTime, SecondsAndUnitsAreTheTracesClock) {
  const fs::path d = ScratchDir("maxtime_units");
  for (const char* t : {"3600", "3600s", "60m", "1h"}) {
    SCOPED_TRACE(t);
    const Outcome r = Simulate(d, Swf(true), t);
    ASSERT_EQ(r.p.exit_code, 0) << r.p.err;
    EXPECT_EQ(r.summary["counts"]["completed"], 2);
    EXPECT_EQ(r.summary["counts"]["not_submitted"], 2);
    EXPECT_EQ(r.summary["counts"]["unfinished"], 0);
  }
  // 1d covers every job; 1 s stops with job 1 running (unfinished, not
  // "not submitted") and job 2 in the future.
  EXPECT_EQ(Simulate(d, Swf(true), "1d").summary["counts"]["completed"], 4);
  const Outcome early = Simulate(d, Swf(true), "1");
  EXPECT_EQ(early.summary["counts"]["unfinished"], 1);
  EXPECT_EQ(early.summary["counts"]["not_submitted"], 3);
  auto jobs = ReadFileContents((d / "out" / "jobs.csv").string());
  ASSERT_TRUE(jobs.ok());
  EXPECT_NE(jobs.value().find(",unfinished,"), std::string::npos);
  EXPECT_NE(jobs.value().find(",not_submitted,"), std::string::npos);
}

// 04:46:40 in Stockholm (UTC+2) is 02:46:40 UTC, 3600 s after the log's
// start: the same run as -t 3600. Read in UTC it would be 3 h later.
TEST(MaxTime, CalendarTimeOnSwfUsesTheHeadersStartAndZone) {
  const fs::path d = ScratchDir("maxtime_calendar");
  const Outcome r = Simulate(d, Swf(true), "2001-09-09 04:46:40");
  ASSERT_EQ(r.p.exit_code, 0) << r.p.err;
  EXPECT_NE(r.p.err.find("is t = 3600 s on the log's clock"), std::string::npos) << r.p.err;
  EXPECT_EQ(r.summary["counts"]["completed"], 2);
  EXPECT_EQ(r.summary["counts"]["not_submitted"], 2);
}

// -z given reads the time in its zone, over the header's (as the tracer
// does): 02:46:40 UTC is 3600 s after the start. It had no effect.
TEST(MaxTime, AGivenTimezoneOverridesTheHeaders) {
  const fs::path d = ScratchDir("maxtime_zone_given");
  const Outcome r = Simulate(d, Swf(true), "2001-09-09 02:46:40", {"-z", "UTC"});
  ASSERT_EQ(r.p.exit_code, 0) << r.p.err;
  EXPECT_NE(r.p.err.find("is t = 3600 s on the log's clock"), std::string::npos) << r.p.err;
  EXPECT_EQ(r.summary["counts"]["completed"], 2);
}

TEST(MaxTime, CalendarTimeWithoutUnixStartTimeIsRefused) {
  const fs::path d = ScratchDir("maxtime_nostart");
  const Outcome r = Simulate(d, Swf(false), "2001-09-09 04:46:40");
  EXPECT_EQ(r.p.exit_code, 1);
  EXPECT_NE(r.p.err.find("no UnixStartTime"), std::string::npos) << r.p.err;
  EXPECT_FALSE(fs::exists(d / "out" / "summary.json"));
  const Outcome bad = Simulate(d, Swf(true), "tomorrow");
  EXPECT_EQ(bad.p.exit_code, 1);
  EXPECT_NE(bad.p.err.find("a duration (24h, 1d)"), std::string::npos) << bad.p.err;
}

// `simulate` on a trace with recorded times replays it, and says so on
// stderr with the flag that simulates it instead; `replay` says nothing.
TEST(ReplayFormat, SimulateSaysItReplaysAndHowToSimulate) {
  const fs::path d = ScratchDir("replay_notice");
  std::ofstream(d / "r.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,100,1,100\n";
  const std::string trace = (d / "r.csv").string(), out = (d / "out").string();
  const ProcessResult sim = RunProcess({ClustersimBinary(), "simulate", trace, "-n", "4", "-o", out});
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_NE(sim.err.find("replays them; to schedule it, add --force-simulation"), std::string::npos) << sim.err;
  const ProcessResult rep = RunProcess({ClustersimBinary(), "replay", trace, "-n", "4", "-o", out});
  ASSERT_EQ(rep.exit_code, 0) << rep.err;
  EXPECT_EQ(rep.err.find("--force-simulation"), std::string::npos) << rep.err;
}

// A job backfilled and still running at the stop counts as backfilled in
// the summary, as jobs.csv marks it (the count took finished jobs only).
// 4 processors: A (2, 100 s) runs; B (4) waits for A, its shadow is 100; C
// (1 processor, 50 s) starts at 2 ahead of B and runs past -t 30.
TEST(MaxTime, AJobBackfilledAndRunningAtTheStopCounts) {
  const fs::path d = ScratchDir("maxtime_backfilled");
  const std::string swf =
      "; MaxProcs: 4\n"
      "1 0 0 100 2 -1 -1 2 100 -1 1 1 1 -1 1 -1 -1 -1\n"
      "2 1 0 10 4 -1 -1 4 10 -1 1 1 1 -1 1 -1 -1 -1\n"
      "3 2 0 50 1 -1 -1 1 50 -1 1 1 1 -1 1 -1 -1 -1\n";
  const Outcome r = Simulate(d, swf, "30");
  ASSERT_EQ(r.p.exit_code, 0) << r.p.err;
  EXPECT_EQ(r.summary["counts"]["unfinished"], 3);
  EXPECT_EQ(r.summary["counts"]["backfilled"], 1);
  const std::string jobs = Slurp(d / "out" / "jobs.csv");
  EXPECT_NE(jobs.find("\n3,"), std::string::npos) << jobs;
}

}  // namespace
}  // namespace clustersim::test
