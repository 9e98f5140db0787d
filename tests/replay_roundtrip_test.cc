// The differential check of formats.md §4.1: every simulated schedule,
// written as schedule.csv and replayed, gives the same state after every
// instant as the simulation's resource trace, and never more units in use
// than the machine has. Random small traces (fixed seeds) under every
// policy and preset, with ties, zero-length jobs and overruns.

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/resource_trace.h"
#include "io/schedule_csv.h"
#include "io/trace_loader.h"
#include "sim/checker.h"
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
      ++cases;
    }
  }
  EXPECT_EQ(cases, 1800);
}

}  // namespace
}  // namespace clustersim::test
