// --capacity_schedule (dr_evt-compat §9): hand-computed schedules under
// EASY (classic and dr_evt), conservative and the resource trace; the
// identity when every change keeps the full size; a drained real trace
// checked independently of the engine's own checker; the reader's rules.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/capacity_csv.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kScheduleHeader = "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit,job_id\n";

// 10 nodes; the machine shrinks to 4 at t = 20 and is whole again at 200.
//   A (0, 8 nodes, 100 s) runs 0-100; from 20 it over-commits the machine
//   (8 of 4), which is not preempted and reports 0 free nodes.
//   B (10, 6 nodes, 50 s) waits: 2 free before 20; after A's end only 4
//   exist. The increase at 200 is a scheduling event: B runs 200-250.
// Utilisation: used 8*100 + 6*50 = 1100 node-seconds over the effective
// capacity max(scheduled, in use): 10*20 + 8*80 + 4*100 + 10*50 = 1740.
TEST(CapacitySchedule, ReductionNeverPreemptsAndAnIncreaseStartsTheWaitingJob) {
  const fs::path d = ScratchDir("cap_easy");
  std::ofstream(d / "jobs.csv") << "job_submit_time,num_nodes,time_limit\n0,8,100\n10,6,50\n";
  std::ofstream(d / "cap.csv") << "time,total_nodes\n20,4\n200,10\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "jobs.csv").string(), "-n", "10",
                                      "--capacity_schedule", (d / "cap.csv").string(), "--check", "-o",
                                      (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("capacity schedule"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 changes, between 4 and 10 nodes"), std::string::npos) << r.out;
  EXPECT_EQ(Slurp(d / "out" / "schedule.csv"), std::string(kScheduleHeader) + "0,0,100,8,0,100,0\n10,200,250,6,0,50,1\n");
  EXPECT_EQ(Slurp(d / "out" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n0,10,0\n0,2,8\n20,0,8\n100,4,0\n200,10,0\n200,4,6\n250,10,0\n");
  const auto s = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  EXPECT_DOUBLE_EQ(s["utilisation"]["makespan"].get<double>(), 1100.0 / 1740.0);
  EXPECT_DOUBLE_EQ(s["utilisation"]["from_zero"].get<double>(), 1100.0 / 1740.0);
  EXPECT_DOUBLE_EQ(s["utilisation"]["capacity_weighted"].get<double>(), 1100.0 / 1740.0);
  EXPECT_TRUE(s["utilisation"]["tick_mean"].is_null()) << "defined without a capacity schedule only";
  // Batsim's machine states count the physical machine: 1100 / (10 * 250).
  EXPECT_DOUBLE_EQ(s["utilisation"]["machine_states"].get<double>(), 0.44);
  EXPECT_EQ(s["config"]["capacity_schedule"]["changes"], 2);
  EXPECT_EQ(s["config"]["capacity_schedule"]["min_units"], 4);
  EXPECT_EQ(s["config"]["capacity_schedule"]["steps"], nlohmann::json::parse("[[20.0, 4], [200.0, 10]]"));
  EXPECT_EQ(s["nb_jobs_rejected"], 0);

  // Without the schedule B starts at A's end.
  const ProcessResult plain = RunProcess(
      {ClustersimBinary(), "simulate", (d / "jobs.csv").string(), "-n", "10", "--quiet", "-o", (d / "plain").string()});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(Slurp(d / "plain" / "schedule.csv"),
            std::string(kScheduleHeader) + "0,0,100,8,0,100,0\n10,100,150,6,0,50,1\n");
}

// 10 nodes, 4 from t = 5, 10 again from 300.
//   A (0, 2 nodes, 1000 s) runs 0-1000.
//   B (10, 6 nodes, 100 s) is larger than the machine now: it waits (not
//   rejected) and no release of running jobs can make room for it.
//   C (20, 2 nodes, 50 s) fits the 2 free nodes. Classic EASY: B's shadow
//   is infinite, so C backfills at 20. dr_evt: a reservation that can never
//   be met is `now`, which no candidate ends before: C waits, and both start
//   at the increase, B first (300-400), then C (300-350).
TEST(CapacitySchedule, HeadLargerThanTheMachineNowClassicVersusDrEvt) {
  const fs::path d = ScratchDir("cap_head");
  std::ofstream(d / "jobs.csv") << "job_submit_time,num_nodes,time_limit\n0,2,1000\n10,6,100\n20,2,50\n";
  std::ofstream(d / "cap.csv") << "# drain for maintenance\ntime,total_nodes\n5,4\n\n300,10\n";
  const ProcessResult cs = RunProcess({ClustersimBinary(), "simulate", (d / "jobs.csv").string(), "-n", "10",
                                       "--capacity-schedule", (d / "cap.csv").string(), "--check", "-o",
                                       (d / "out").string()});
  ASSERT_EQ(cs.exit_code, 0) << cs.err;
  EXPECT_EQ(Slurp(d / "out" / "schedule.csv"),
            std::string(kScheduleHeader) + "0,0,1000,2,0,1000,0\n10,300,400,6,0,100,1\n20,20,70,2,0,50,2\n");

  const ProcessResult sim = RunProcess({SimulatorBinary(), (d / "jobs.csv").string(), "-n", "10", "--capacity_schedule",
                                        (d / "cap.csv").string(), "-o", (d / "sim.csv").string()});
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_EQ(Slurp(d / "sim.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit\n"
            "0,0,1000,2,0,1000\n10,300,400,6,0,100\n20,300,350,2,0,50\n");
}

// Conservative, 10 nodes, 5 from t = 30, 10 again from 400.
//   A (0, 6, 100) runs 0-100. B (10, 6, 100) is reserved at 100; C (20, 5,
//   100) at 200 (4 free before). At 30 the plan is rebuilt for 5 nodes: B
//   can never fit 5, so it has no reservation; C gets 100-200 (backfilled:
//   B, earlier, still waits). At 400 the plan is rebuilt again and B runs
//   400-500.
TEST(CapacitySchedule, ConservativeRebuildsItsPlanAtEachChange) {
  const fs::path d = ScratchDir("cap_cons");
  std::ofstream(d / "jobs.csv") << "job_submit_time,num_nodes,time_limit\n0,6,100\n10,6,100\n20,5,100\n";
  std::ofstream(d / "cap.csv") << "30,5\n400,10\n";  // no header
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "jobs.csv").string(), "-n", "10",
                                      "--backfill", "conservative", "--capacity_schedule", (d / "cap.csv").string(),
                                      "--check", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Slurp(d / "out" / "schedule.csv"),
            std::string(kScheduleHeader) + "0,0,100,6,0,100,0\n10,400,500,6,0,100,1\n20,100,200,5,0,100,2\n");
  EXPECT_EQ(Slurp(d / "out" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n0,10,0\n0,4,6\n30,0,6\n100,5,0\n100,0,5\n200,5,0\n400,10,0\n400,4,"
            "6\n500,10,0\n");
  const std::string jobs = Slurp(d / "out" / "jobs.csv");
  std::istringstream in(jobs);
  std::string header, line;
  std::getline(in, header);
  const auto col = [&](const std::string& name) {
    std::istringstream h(header);
    std::string f;
    for (int i = 0; std::getline(h, f, ','); ++i)
      if (f == name) return i;
    return -1;
  };
  const int backfilled = col("backfilled");
  ASSERT_GE(backfilled, 0) << header;
  std::vector<std::string> flags;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string f;
    for (int i = 0; std::getline(row, f, ','); ++i)
      if (i == backfilled) flags.push_back(f);
  }
  EXPECT_EQ(flags, (std::vector<std::string>{"0", "0", "1"})) << jobs;
}

// A warm start at T = 50 takes the size in force then (6, set at 40), and
// the history before T leaves no row. J0 (6 nodes, replayed to 100) holds
// the machine; J3 (submit 50, 8 nodes, 20 s) is larger than 6 and waits;
// J4 (60, 4 nodes, 40 s) backfills at J0's end (J3's shadow is infinite):
// 100-130. At 120 the machine is whole, but J4 holds 4 of 10: J3 runs
// 130-140. Utilisation: (8*10 + 4*30) / (6*70 + 10*20) = 200 / 620.
TEST(CapacitySchedule, WarmStartTakesTheSizeInForceAtItsStart) {
  const fs::path d = ScratchDir("cap_warm");
  std::ofstream(d / "ws.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n"
                                 "0,0,100,6,100\n10,10,40,2,100\n20,60,90,2,100\n50,70,80,8,20\n60,60,90,4,40\n";
  std::ofstream(d / "cap.csv") << "40,6\n120,10\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "ws.csv").string(), "-n", "10",
                                      "--sim_start_time", "50", "--capacity_schedule", (d / "cap.csv").string(),
                                      "--check", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Slurp(d / "out" / "schedule.csv"), std::string(kScheduleHeader) + "50,130,140,8,0,20,3\n60,100,130,4,0,40,4\n");
  EXPECT_EQ(Slurp(d / "out" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n50,6,0\n50,0,6\n100,6,0\n100,2,4\n120,6,4\n130,10,0\n130,2,"
            "8\n140,10,0\n");  // the baseline at T shows 6 (it showed 10, then a row for the change at 40)
  const auto s = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  EXPECT_DOUBLE_EQ(s["utilisation"]["makespan"].get<double>(), 200.0 / 620.0);
}

// A job running at T holds more than the size in force then (8 of 4): it is
// replayed to its end like a job running at a reduction, and the job
// submitted at 60 waits for it. --check called the replayed start "8 units
// in use, more than the 4 that exist" and the run stopped with exit 2.
TEST(CapacitySchedule, WarmStartedJobMayHoldMoreThanTheSizeAtT) {
  const fs::path d = ScratchDir("cap_warm_over");
  std::ofstream(d / "ws.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n"
                                 "0,0,100,8,100\n60,60,90,2,50\n";
  std::ofstream(d / "cap.csv") << "time,total_nodes\n20,4\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "ws.csv").string(), "-n", "8",
                                      "--sim_start_time", "50", "--capacity_schedule", (d / "cap.csv").string(),
                                      "--check", "--quiet", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Slurp(d / "out" / "schedule.csv"), std::string(kScheduleHeader) + "60,100,130,2,0,50,1\n");
  EXPECT_EQ(Slurp(d / "out" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n50,4,0\n50,0,8\n100,4,0\n100,2,2\n130,4,0\n");
}

// With no job running at T, the size in force at T is still the one the
// run starts with, and the change at 40 leaves no row before T (it printed
// a row at 40 after the baseline at 50). J1 (8 nodes) waits for the change
// at 120: 120-130; J2 runs 60-90. Utilisation: (4*30 + 8*10) / (6*70 + 10*10).
TEST(CapacitySchedule, WarmStartWithNothingRunningStillStartsAtTheSizeInForce) {
  const fs::path d = ScratchDir("cap_warm_idle");
  std::ofstream(d / "ws.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n"
                                 "0,0,30,6,100\n50,70,80,8,20\n60,60,90,4,40\n";
  std::ofstream(d / "cap.csv") << "40,6\n120,10\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "ws.csv").string(), "-n", "10",
                                      "--sim_start_time", "50", "--capacity_schedule", (d / "cap.csv").string(),
                                      "--check", "--quiet", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Slurp(d / "out" / "schedule.csv"), std::string(kScheduleHeader) + "50,120,130,8,0,20,1\n60,60,90,4,0,40,2\n");
  EXPECT_EQ(Slurp(d / "out" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n50,6,0\n60,2,4\n90,6,0\n120,10,0\n120,2,8\n130,10,0\n");
  const auto s = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  EXPECT_DOUBLE_EQ(s["utilisation"]["capacity_weighted"].get<double>(), 200.0 / 520.0);
}

// Changes that keep the full size change nothing but the resource trace.
TEST(CapacitySchedule, ChangesToTheFullSizeLeaveTheScheduleAsItWas) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "shared traces not found: " << kth;
  const fs::path d = ScratchDir("cap_identity");
  std::ofstream(d / "cap.csv") << "time,total_nodes\n1000000,100\n5000000,100\n20000000,100\n";
  for (const char* backfill : {"easy", "conservative", "none"}) {
    SCOPED_TRACE(backfill);
    ASSERT_EQ(RunProcess({ClustersimBinary(), "simulate", kth, "--backfill", backfill, "--capacity_schedule",
                          (d / "cap.csv").string(), "--quiet", "-o", (d / "cap").string()})
                  .exit_code,
              0);
    ASSERT_EQ(RunProcess({ClustersimBinary(), "simulate", kth, "--backfill", backfill, "--quiet", "-o",
                          (d / "plain").string()})
                  .exit_code,
              0);
    for (const char* f : {"schedule.csv", "jobs.csv"}) EXPECT_TRUE(Slurp(d / "cap" / f) == Slurp(d / "plain" / f)) << f;
    // Nor its metrics: tick_mean is null only when a schedule changes the size.
    const auto cap = nlohmann::json::parse(Slurp(d / "cap" / "summary.json"))["utilisation"];
    const auto plain = nlohmann::json::parse(Slurp(d / "plain" / "summary.json"))["utilisation"];
    EXPECT_EQ(cap, plain);
  }
}

struct Row {
  double begin, end;
  long nodes;
};

std::vector<Row> ReadSchedule(const std::string& text) {
  std::vector<Row> rows;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string submit, begin, end, nodes;
    std::getline(f, submit, ',');
    std::getline(f, begin, ',');
    std::getline(f, end, ',');
    std::getline(f, nodes, ',');
    rows.push_back({std::stod(begin), std::stod(end), std::stol(nodes)});
  }
  return rows;
}

// KTH (100 nodes) drained to 50 for three weeks and to 20 for a month: at
// every instant a job starts, the jobs running (begun, not ended) fit the
// scheduled size, recomputed here from schedule.csv; every job finishes
// (the machine ends whole) and the resource trace never shows negative
// free nodes. Under both front ends and every policy family.
TEST(CapacitySchedule, DrainedRealTraceNeverStartsAJobBeyondTheScheduledSize) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "shared traces not found: " << kth;
  const fs::path d = ScratchDir("cap_kth");
  const std::map<double, long> cap = {{1e6, 50}, {2.8e6, 100}, {1e7, 20}, {1.26e7, 100}};
  {
    std::ofstream f(d / "cap.csv");
    f << "time,total_nodes\n";
    for (const auto& [t, n] : cap) f << static_cast<long>(t) << ',' << n << '\n';
  }
  const auto size_at = [&](double t) {
    long n = 100;
    for (const auto& [ct, cn] : cap)
      if (ct <= t) n = cn;
    return n;
  };
  struct Variant {
    bool simulator;
    std::vector<std::string> args;
  };
  const std::vector<Variant> variants = {
      {false, {"--backfill", "easy"}},         {false, {"--backfill", "conservative"}},
      {false, {"--backfill", "none"}},         {false, {"--backfill", "easy", "--backfill-order", "sjf"}},
      {true, {"--priority_policy", "fcfs"}},   {true, {"--priority_policy", "sjf"}},
      {true, {"--priority_policy", "fcfs_conservative"}}};
  for (const Variant& v : variants) {
    std::vector<std::string> argv;
    std::string sched;
    if (v.simulator) {
      sched = (d / "sim.csv").string();
      argv = {SimulatorBinary(), kth, "-o", sched, "-R", (d / "res.csv").string()};
    } else {
      sched = (d / "o" / "schedule.csv").string();
      argv = {ClustersimBinary(), "simulate", kth, "--check", "-o", (d / "o").string()};
    }
    argv.insert(argv.end(), v.args.begin(), v.args.end());
    argv.insert(argv.end(), {"--capacity_schedule", (d / "cap.csv").string()});
    std::string name;
    for (const std::string& a : v.args) name += a + " ";
    SCOPED_TRACE(name);
    const ProcessResult r = RunProcess(argv);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<Row> rows = ReadSchedule(Slurp(sched));
    EXPECT_GT(rows.size(), 28000u);
    // Sweep: ENDs before STARTs at equal times; check after each instant's STARTs.
    std::vector<std::pair<double, long>> ev;
    for (const Row& row : rows) {
      ev.push_back({row.begin, row.nodes});
      ev.push_back({row.end, -row.nodes});
    }
    std::sort(ev.begin(), ev.end());
    long used = 0;
    int violations = 0, starts_in_drain = 0;
    for (std::size_t i = 0; i < ev.size();) {
      const double t = ev[i].first;
      bool started = false;
      for (; i < ev.size() && ev[i].first == t; ++i) {
        used += ev[i].second;
        started |= ev[i].second > 0;
      }
      if (started && used > size_at(t)) ++violations;
      if (started && size_at(t) < 100) ++starts_in_drain;
    }
    EXPECT_EQ(violations, 0);
    // The drains are in the busy part of the trace. Without backfilling, or
    // under dr_evt's rule (a head larger than the machine now reserves
    // `now`, which blocks every candidate), a large head stops the queue
    // until the machine grows; EASY and conservative keep it moving.
    EXPECT_GT(starts_in_drain, 0);
    if (!v.simulator && v.args[1] != "none") {
      EXPECT_GT(starts_in_drain, 1000);
    }
    const std::string res = Slurp(v.simulator ? d / "res.csv" : d / "o" / "resources.csv");
    EXPECT_EQ(res.find(",-"), std::string::npos);
  }
}

TEST(CapacityScheduleReader, AcceptsHeaderCommentsAndCalendarTimes) {
  auto a = ParseCapacitySchedule("time,total_nodes\n# comment\n\n10,4\n20.5 , 8\n", "c.csv", "UTC", 10);
  ASSERT_TRUE(a.ok()) << a.status().message();
  ASSERT_EQ(a.value().size(), 2u);
  EXPECT_EQ(a.value()[0].time, 10 * kTicksPerSecond);
  EXPECT_EQ(a.value()[1].time, 20'500'000);
  EXPECT_EQ(a.value()[1].units, 8);
  auto b = ParseCapacitySchedule("2024-01-01 00:00:00,5\n2024-01-01T01:00:00Z,10\n", "c.csv", "UTC", 10);
  ASSERT_TRUE(b.ok()) << b.status().message();
  EXPECT_EQ(b.value()[0].time, 1704067200 * kTicksPerSecond);
  EXPECT_EQ(b.value()[1].time - b.value()[0].time, 3600 * kTicksPerSecond);
}

TEST(CapacityScheduleReader, EachBrokenRuleNamesItsLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"time,total_nodes\n10,4\n10,5\n", "c.csv:3: time_not_increasing"},
      {"time,total_nodes\n10,4\n5,5\n", "c.csv:3: time_not_increasing"},
      {"10,11\n", "c.csv:1: total_nodes_out_of_range"},
      {"10,-1\n", "c.csv:1: total_nodes_out_of_range"},
      {"10,4.5\n", "c.csv:1: bad_total_nodes"},
      {"10,4\nsoon,5\n", "c.csv:2: bad_time"},
      {"10,4\n2024-01-01 00:00:00,5\n", "c.csv:2: mixed_timestamps"},
      {"10\n", "c.csv:1: expected two fields"},
      {"-5,4\n100,10\n", "c.csv:1: time_before_start: a change at -5 s is before time 0 s"},
      {"10,4,7\n", "c.csv:1: expected two fields"},
      {"time,total_nodes\n# nothing\n", "c.csv: no change points"},
  };
  for (const auto& [text, message] : cases) {
    auto r = ParseCapacitySchedule(text, "c.csv", "UTC", 10);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.status().message().rfind(message, 0), 0u) << r.status().message();
  }
}

// dr_evt's clock starts at 0: a change before it would put the resource
// trace's rows out of time order (0, -5, ...). A warm start takes the
// changes before its time as the size in force at it, so there they stand.
TEST(CapacitySchedule, ChangeBeforeTheClockStarts) {
  auto warm = ParseCapacitySchedule("-5,4\n100,10\n", "c.csv", "UTC", 10, kNoTime);
  ASSERT_TRUE(warm.ok()) << warm.status().message();
  EXPECT_EQ(warm.value().front().time, -5 * kTicksPerSecond);
  const fs::path d = ScratchDir("cap_before_start");
  std::ofstream(d / "sim.csv") << "job_submit_time,num_nodes,time_limit\n0,1,10\n";
  std::ofstream(d / "cap.csv") << "time,total_nodes\n-5,2\n100,4\n";
  const ProcessResult r = RunProcess({SimulatorBinary(), (d / "sim.csv").string(), "-n", "4", "--capacity_schedule",
                                      (d / "cap.csv").string(), "-o", (d / "s.csv").string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find((d / "cap.csv").string() + ":2: time_before_start"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d / "s.csv"));
  EXPECT_FALSE(fs::exists(d / "s_resources.csv"));
  // Under a warm start the change sets the size in force at T (here 2 of 4
  // nodes: J1, 3 nodes, waits for the change at 100).
  std::ofstream(d / "hist.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,20,1,30\n"
                                   "10,10,20,3,30\n";
  const ProcessResult w = RunProcess({SimulatorBinary(), (d / "hist.csv").string(), "-n", "4", "--sim_start_time",
                                      "5", "--capacity_schedule", (d / "cap.csv").string(), "-o",
                                      (d / "w.csv").string()});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  EXPECT_EQ(Slurp(d / "w.csv"), "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit\n"
                                "10,100,110,3,0,30\n");
}

TEST(CapacitySchedule, RefusedWhereItHasNoMeaning) {
  const fs::path d = ScratchDir("cap_refused");
  std::ofstream(d / "replay.csv") << "job_submit_time,begin_time,end_time,num_nodes\n0,0,10,1\n";
  std::ofstream(d / "sim.csv") << "job_submit_time,num_nodes,time_limit\n0,1,10\n";
  std::ofstream(d / "cap.csv") << "5,2\n";
  std::ofstream(d / "bad.csv") << "5,20\n";
  struct Case {
    std::vector<std::string> argv;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{ClustersimBinary(), "replay", (d / "replay.csv").string(), "-n", "4"}, "replay keeps the trace's times"},
      {{ClustersimBinary(), "simulate", (d / "sim.csv").string(), "-n", "4", "--compat", "pyss"}, "pyss"},
      {{ClustersimBinary(), "simulate", (d / "sim.csv").string(), "-n", "4", "--capacity_schedule",
        (d / "bad.csv").string()},
       "bad.csv:1: total_nodes_out_of_range"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = c.argv;
    if (std::find(argv.begin(), argv.end(), "--capacity_schedule") == argv.end())
      argv.insert(argv.end(), {"--capacity_schedule", (d / "cap.csv").string()});
    argv.insert(argv.end(), {"-o", (d / "out").string()});
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 1) << c.message;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(d / "out" / "summary.json"));
  }
}

// A schedule that shrinks the machine below a waiting job's size for good
// leaves it waiting when nothing else can happen: the run says so (it used
// to end with "unfinished" and no word). Jobs 0 (3 nodes, 100 s) and 1
// (4 nodes) on 4 nodes; at 50 the machine shrinks to 3: job 1 never starts.
TEST(CapacitySchedule, JobsAboveTheFinalSizeAreNamedAtTheEnd) {
  const fs::path d = ScratchDir("cap_final");
  std::ofstream(d / "sim.csv") << "job_submit_time,num_nodes,time_limit\n0,3,100\n1,4,10\n";
  std::ofstream(d / "cap.csv") << "50,3\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "sim.csv").string(), "-n", "4",
                                      "--run_time_mode", "limit", "--capacity_schedule", (d / "cap.csv").string(),
                                      "-o", (d / "out").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("waiting_at_end: 1 waiting job never started: the capacity schedule ends at 3 nodes and 1 of "
                       "them is larger than that"),
            std::string::npos)
      << r.err;
}

// Changes are processed while jobs run, and a job of 0 nodes runs holding
// no node: the engine asked whether units were in use, so from A's end at
// 10 the changes at 20 and 50 were never made (utilisation 20 / 400).
// Utilisation: 2*10 node-seconds used over 4*20 + 0*30 + 4*50 = 280.
TEST(CapacitySchedule, AZeroNodeJobRunningKeepsTheScheduleInForce) {
  const fs::path d = ScratchDir("cap_zero_node");
  std::ofstream(d / "jobs.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,2,10,10\n0,0,100,100\n";
  std::ofstream(d / "cap.csv") << "20,0\n50,4\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "jobs.csv").string(), "-n", "4",
                                      "--capacity_schedule", (d / "cap.csv").string(), "--check", "--quiet", "-o",
                                      (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Slurp(d / "out" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n0,4,0\n0,2,2\n0,2,2\n10,4,0\n20,0,0\n50,4,0\n100,4,0\n");
  const auto s = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  EXPECT_DOUBLE_EQ(s["utilisation"]["capacity_weighted"].get<double>(), 20.0 / 280.0);
  EXPECT_TRUE(s["utilisation"]["tick_mean"].is_null());  // the size changed
  EXPECT_EQ(s["counts"]["scheduler_passes"], 4);          // at 0, 10, 50 (the increase) and 100
  // The console counts in English ("1 changes", "(1 jobs" before).
  std::ofstream(d / "one.csv") << "job_submit_time,num_nodes,time_limit\n0,1,10\n";
  std::ofstream(d / "cap1.csv") << "20,2\n";
  const ProcessResult one = RunProcess({ClustersimBinary(), "simulate", (d / "one.csv").string(), "-n", "4",
                                        "--capacity_schedule", (d / "cap1.csv").string(), "-o", (d / "one").string()});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.out.find("(1 job, 4 nodes,"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find(": 1 change, to 2 nodes\n"), std::string::npos) << one.out;
}

// A change before the first arrival is an event, but not queue history:
// the time-weighted queue mean is the same with a no-op change a day
// earlier (it used to stretch the span and halve the mean).
TEST(CapacitySchedule, AnEarlyChangeDoesNotStretchTheQueueAverage) {
  const fs::path d = ScratchDir("cap_early");
  std::ofstream(d / "sim.csv") << "job_submit_time,num_nodes,time_limit\n100000,4,100\n100001,4,100\n";
  std::ofstream(d / "cap.csv") << "1000,4\n";
  auto mean = [&](bool schedule) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / "sim.csv").string(), "-n", "4",
                                     "--run_time_mode", "limit", "--quiet", "-o", (d / (schedule ? "s" : "n")).string()};
    if (schedule) argv.insert(argv.end(), {"--capacity_schedule", (d / "cap.csv").string()});
    EXPECT_EQ(RunProcess(argv).exit_code, 0);
    std::ifstream in(d / (schedule ? "s" : "n") / "summary.json");
    return nlohmann::json::parse(in)["queue_length"]["mean_time_weighted"].get<double>();
  };
  // Job 1 waits 99 s of the 200 s from the first arrival to the last end.
  EXPECT_DOUBLE_EQ(mean(false), 99.0 / 200.0);
  EXPECT_DOUBLE_EQ(mean(true), 99.0 / 200.0);
}

}  // namespace
}  // namespace clustersim::test
