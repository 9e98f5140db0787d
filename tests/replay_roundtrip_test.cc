// The differential check of formats.md §4.1: every simulated schedule,
// written as schedule.csv and replayed, gives the same state after every
// instant as the simulation's resource trace, and never more units in use
// than the machine has. Random small traces (fixed seeds) under every
// policy and preset, with ties, zero-length jobs and overruns.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "io/resource_trace.h"
#include "io/schedule_csv.h"
#include "io/trace_loader.h"
#include "sim/checker.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

// The last row of each timestamp: the state once every event there is done.
std::vector<std::string> StatePerInstant(const std::string& csv) {
  std::istringstream in(csv);
  std::vector<std::string> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const std::string t = line.substr(0, line.find(','));
    if (!rows.empty() && rows.back().substr(0, rows.back().find(',')) == t) rows.pop_back();
    rows.push_back(line);
  }
  return rows;
}

std::int64_t MaxAllocated(const std::string& csv) {
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  std::int64_t m = 0;
  while (std::getline(in, line)) m = std::max<std::int64_t>(m, std::stoll(line.substr(line.rfind(',') + 1)));
  return m;
}

std::string RandomTrace(std::mt19937_64* rng, std::int64_t capacity) {
  std::uniform_int_distribution<int> njobs(1, 30), gap(0, 3), size(1, static_cast<int>(capacity)), limit(0, 12),
      coin(0, 9);
  std::string t = "job_submit_time,num_nodes,time_limit,actual_run_time\n";
  int submit = 0;
  for (int i = 0, n = njobs(*rng); i < n; ++i) {
    submit += gap(*rng) == 0 ? 0 : gap(*rng) * 5;  // many ties
    const int l = limit(*rng) * 5;
    const int c = coin(*rng);
    const int run = c == 0 ? 0 : c == 1 ? l + 5 : c == 2 ? l : std::uniform_int_distribution<int>(0, l)(*rng);
    t += std::to_string(submit) + "," + std::to_string(size(*rng)) + "," + std::to_string(l) + "," +
         std::to_string(run) + "\n";
  }
  return t;
}

TEST(ReplayRoundTrip, EverySimulatedScheduleReplaysToTheSameStates) {
  struct Named {
    const char* name;
    Policy policy;
  };
  std::vector<Named> policies = {{"classic easy", ClassicEasy()}, {"dr_evt easy", DrEvtEasy()},
                                 {"conservative", Conservative()}, {"none", NoBackfill()}};
  Policy sjf = ClassicEasy();
  sjf.ordering = Ordering::kSjf;
  policies.push_back({"sjf easy", sjf});
  Policy pyss = Conservative();
  pyss.compat = Compat::kPyss;
  policies.push_back({"pyss conservative", pyss});
  std::mt19937_64 rng(20261203);
  int cases = 0;
  for (int round = 0; round < 300; ++round) {
    const std::int64_t capacity = std::uniform_int_distribution<int>(1, 12)(rng);
    const std::string trace = RandomTrace(&rng, capacity);
    for (const Named& p : policies) {
      SCOPED_TRACE(std::string(p.name) + " on\n" + trace);
      SimSetup s;
      s.capacity = capacity;
      s.policy = p.policy;
      const SimOutcome sim = SimulateText(trace, s);
      ASSERT_TRUE(sim.status.ok()) << sim.status.message();
      TextSink schedule;
      WriteScheduleCsv(sim.workload, sim.result.runs, TimeFormat::kExact, &schedule);
      SimSetup r;
      r.capacity = capacity;
      r.name = "schedule.csv";
      const SimOutcome replay = SimulateText(schedule.buf, r);
      ASSERT_TRUE(replay.status.ok()) << replay.status.message();
      ASSERT_EQ(replay.workload.mode, TraceMode::kReplay);
      EXPECT_EQ(StatePerInstant(replay.resources), StatePerInstant(sim.resources));
      EXPECT_LE(MaxAllocated(replay.resources), capacity);
      // Replay's queue is the jobs between submit and recorded begin: the
      // queue the simulation had between instants, so the same time
      // integral. (Its samples within an instant, between one job's end and
      // the next, are not in a schedule: peaks and per-arrival counts may
      // differ.)
      EXPECT_NEAR(replay.result.queue.area, sim.result.queue.area, 1e-9);
      EXPECT_EQ(replay.result.queue.span, sim.result.queue.span);
      EXPECT_EQ(replay.result.queue.submits, sim.result.queue.submits);
      ++cases;
    }
  }
  EXPECT_EQ(cases, 1800);
}

// Replay reports its queue (formerly zeros). Hand-computed: A(0, 0-10),
// B(0, 5-15), C(2, 5-8), D(5, 5-6), one node each.
//   arrivals: A 0 waiting, B 0 (A began at 0), C 1 (B), D 0 (B, C begin at 5)
//   after each instant 0 2 5 6 8 10 15: 1 2 0 0 0 0 0 -> sum 3, peak 2
//   integral: 1 job x 2 s + 2 jobs x 3 s = 8 job-s over 15 s
TEST(ReplayQueue, JobsBetweenSubmitAndRecordedBeginAreTheQueue) {
  SimSetup r;
  r.capacity = 4;
  const SimOutcome o = SimulateText(
      "job_submit_time,begin_time,end_time,num_nodes,time_limit\n"
      "0,0,10,1,20\n0,5,15,1,20\n2,5,8,1,20\n5,5,6,1,20\n",
      r);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  ASSERT_EQ(o.workload.mode, TraceMode::kReplay);
  const QueueStats& q = o.result.queue;
  EXPECT_EQ(q.submits, 4);
  EXPECT_DOUBLE_EQ(q.sum_at_submit, 1);
  EXPECT_EQ(q.passes, 7);
  EXPECT_DOUBLE_EQ(q.sum_per_pass, 3);
  EXPECT_EQ(q.peak, 2);
  EXPECT_DOUBLE_EQ(q.area, 8);
  EXPECT_EQ(q.span, 15 * kTicksPerSecond);
}

}  // namespace
}  // namespace clustersim::test

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// Every output names a job by the same id: an SWF trace's job number in
// jobs.csv, schedule.csv and rejected.csv (schedule.csv and rejected.csv
// wrote the 0-based index, so a join paired the wrong jobs), and a replay of
// schedule.csv keeps them. Job 20 has no processors (skipped), job 30 asks
// for more than the machine (rejected).
TEST(JobIds, EveryOutputJoinsOnTheTracesJobNumber) {
  const fs::path d = ScratchDir("job_ids");
  std::ofstream(d / "t.swf") << "; MaxProcs: 4\n"
                                "10 0 0 100 2 -1 -1 2 200 -1 1 1 1 -1 1 -1 -1 -1\n"
                                "20 5 0 100 -1 -1 -1 -1 200 -1 1 1 1 -1 1 -1 -1 -1\n"
                                "30 10 0 100 8 -1 -1 8 200 -1 1 1 1 -1 1 -1 -1 -1\n"
                                "40 20 0 50 2 -1 -1 2 200 -1 1 1 1 -1 1 -1 -1 -1\n";
  const ProcessResult sim =
      RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "-o", (d / "sim").string(), "--quiet"});
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  auto split = [](const std::string& line) {
    std::vector<std::string> out;
    std::istringstream row(line);
    for (std::string field; std::getline(row, field, ',');) out.push_back(field);
    return out;
  };
  // The job_id column of an output CSV, row by row.
  auto ids = [&](const fs::path& csv) {
    std::istringstream in(Slurp(csv));
    std::string line;
    std::getline(in, line);
    const std::vector<std::string> header = split(line);
    const auto col = static_cast<std::size_t>(std::find(header.begin(), header.end(), "job_id") - header.begin());
    std::vector<std::string> out;
    while (std::getline(in, line)) out.push_back(col < header.size() ? split(line).at(col) : "no job_id column");
    return out;
  };
  EXPECT_EQ(ids(d / "sim" / "jobs.csv"), (std::vector<std::string>{"10", "30", "40"}));
  EXPECT_EQ(ids(d / "sim" / "schedule.csv"), (std::vector<std::string>{"10", "40"}));
  EXPECT_EQ(ids(d / "sim" / "rejected.csv"), (std::vector<std::string>{"30"}));
  const ProcessResult rep = RunProcess({ClustersimBinary(), "replay", (d / "sim" / "schedule.csv").string(), "-n",
                                        "4", "-o", (d / "rep").string(), "--quiet"});
  ASSERT_EQ(rep.exit_code, 0) << rep.err;
  EXPECT_EQ(ids(d / "rep" / "jobs.csv"), (std::vector<std::string>{"10", "40"}));
  EXPECT_EQ(Slurp(d / "rep" / "schedule.csv"), Slurp(d / "sim" / "schedule.csv"));
  // Ids that are not distinct integers are not used, and no row is lost.
  for (const auto& [a, b] : {std::pair{"abc", "x-2"}, std::pair{"7", "7"}}) {
    std::ofstream(d / "odd.csv") << "job_submit_time,num_nodes,time_limit,job_id\n0,1,10," << a << "\n5,1,10," << b
                                 << "\n";
    const ProcessResult odd = RunProcess(
        {ClustersimBinary(), "simulate", (d / "odd.csv").string(), "-n", "2", "-o", (d / "odd").string()});
    ASSERT_EQ(odd.exit_code, 0) << odd.err;
    EXPECT_NE(odd.err.find("job_id_column_unused"), std::string::npos) << odd.err;
    EXPECT_EQ(ids(d / "odd" / "jobs.csv"), (std::vector<std::string>{"0", "1"}));
  }
}

}  // namespace
}  // namespace clustersim::test
