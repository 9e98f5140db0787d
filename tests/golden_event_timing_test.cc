// schedulers.md §1's knobs on their own: --shadow-ties, --event-order,
// --schedule-per and --free-from. Hand-computed schedules; notation: job
// (submit, nodes, limit, actual), F = free nodes, S = shadow time, E =
// extra nodes. Each case gives different schedules for the values it
// compares, so a knob that is ignored fails it.

#include <string>

#include <gtest/gtest.h>

#include "cli/options.h"
#include "cli/run_config.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

std::string Schedule(const std::string& csv, const Policy& policy, std::int64_t capacity, EventTiming timing = {}) {
  SimSetup s;
  s.capacity = capacity;
  s.policy = policy;
  s.timing = timing;
  s.run_time.mode = RunTimeMode::kActual;
  const SimOutcome o = SimulateText(csv, s);
  EXPECT_TRUE(o.status.ok()) << o.status.message() << "\n" << o.diagnostics;
  return RenderSchedule(o);
}

const std::string kHdr = "job_submit_time,num_nodes,time_limit,actual_run_time\n";

// §3's gotcha, C = 10: A (0, 4, 100) and B (0, 3, 100) run, F = 3. H
// (1, 5, 50) is blocked: A's end gives 7 >= 5, so S = 100.
// include: B also ends at 100, E = 10 - 5 = 5, and J (2, 3, 1000) starts at
// 2 on nodes H will not need (3 <= 5).
// first: the walk stops at A, E = 7 - 5 = 2, J (3 > 2) is refused and waits
// for H's start at 100, when 10 - 5 = 5 nodes are left for it.
TEST(GoldenEventTiming, ShadowTiesFirstStopsAtTheJobThatMakesRoom) {
  const std::string csv = kHdr + "0,4,100,100\n0,3,100,100\n1,5,50,50\n2,3,1000,1000\n";
  Policy p = ClassicEasy();
  EXPECT_EQ(Schedule(csv, p, 10), "0:0-100 1:0-100 2:100-150 3:2-1002");
  p.shadow_ties_first = true;
  EXPECT_EQ(Schedule(csv, p, 10), "0:0-100 1:0-100 2:100-150 3:100-1100");
}

// The tie order is start order, not job order. C = 10: W (0, 8, 10) runs;
// A (1, 4, 90) heads the queue (S = 10, E = 6) and B (2, 2, 98) backfills
// at 2 on extra nodes; A starts at 10. Both end at 100, F = 4. H (11, 6, 50)
// is blocked, S = 100. include: E = 10 - 6 = 4, and J (12, 2, 1000) starts
// at 12. first, in start order: B gives 6 >= 6, E = 0, J is refused and
// starts with H at 100. (In job order A would come first, E = 2, and J
// would start at 12.)
TEST(GoldenEventTiming, ShadowTiesFirstWalksTiesInStartOrder) {
  const std::string csv = kHdr + "0,8,10,10\n1,4,90,90\n2,2,98,98\n11,6,50,50\n12,2,1000,1000\n";
  Policy p = ClassicEasy();
  EXPECT_EQ(Schedule(csv, p, 10), "0:0-10 1:10-100 2:2-100 3:100-150 4:12-1012");
  p.shadow_ties_first = true;
  EXPECT_EQ(Schedule(csv, p, 10), "0:0-10 1:10-100 2:2-100 3:100-150 4:100-1100");
}

// SJF + EASY, C = 10: A (0, 10, 50, 50) runs; X (1, 6, 100) waits; at 50 A
// ends exactly at its estimate and Y1 (50, 5, 20) and Y2 (50, 6, 10) arrive.
const std::string kSjf = kHdr + "0,10,50,50\n1,6,100,100\n50,5,20,20\n50,6,10,10\n";

Policy SjfEasy() {
  Policy p = ClassicEasy();
  p.ordering = Ordering::kSjf;
  return p;
}

// Clean default (ENDs first, one pass): the pass at 50 sees Y2, Y1, X in SJF
// order: Y2 starts (F = 4); Y1 is blocked, S = 60; X (6 > 4) waits. At 60 Y1
// starts (F = 5), X is blocked until Y1 ends at 80.
// submits-first changes nothing with one pass per timestamp, nor does
// free-from estimate: every END precedes the pass either way.
TEST(GoldenEventTiming, OnePassPerTimestampSeesEverythingAtThatTime) {
  const std::string want = "0:0-50 1:80-180 2:60-80 3:50-60";
  EXPECT_EQ(Schedule(kSjf, SjfEasy(), 10), want);
  EXPECT_EQ(Schedule(kSjf, SjfEasy(), 10, {EventOrder::kSubmitsFirst, SchedulePer::kTimestamp, FreeFrom::kEstimate}), want);
}

// A pass per event, ENDs first: A's END alone is a pass, and X, the only
// waiting job, starts at 50 (F = 4). Y1's arrival: Y1 is blocked (S = 150,
// X's end). Y2's: Y2 heads the SJF queue, blocked; Y1 (5 > 4) too. At 150
// Y2 starts (F = 4) and Y1 waits for it: 160.
TEST(GoldenEventTiming, PassPerEventEndsFirstStartsTheOnlyWaitingJob) {
  EXPECT_EQ(Schedule(kSjf, SjfEasy(), 10, {EventOrder::kEndsFirst, SchedulePer::kEvent, FreeFrom::kActual}),
            "0:0-50 1:50-150 2:160-180 3:150-160");
}

// A pass per event, submits first, free from actual ends: the arrivals'
// passes see F = 0; A's END then runs the pass of the clean default.
TEST(GoldenEventTiming, PassPerEventSubmitsFirstWaitsForTheEnd) {
  EXPECT_EQ(Schedule(kSjf, SjfEasy(), 10, {EventOrder::kSubmitsFirst, SchedulePer::kEvent, FreeFrom::kActual}),
            "0:0-50 1:80-180 2:60-80 3:50-60");
}

// The same from estimates (pyss's combination): A ends at its estimate, so
// it is free before Y1 arrives. Y1's pass: SJF {Y1, X}: Y1 starts (F = 5),
// X is blocked (S = 70). Y2's pass: Y2 (6 > 5) heads and is blocked. At 70
// Y2 starts (F = 4) and X waits for it: 80.
TEST(GoldenEventTiming, FreeFromEstimateFreesAnOnTimeJobBeforeTheArrivals) {
  EXPECT_EQ(Schedule(kSjf, SjfEasy(), 10, {EventOrder::kSubmitsFirst, SchedulePer::kEvent, FreeFrom::kEstimate}),
            "0:0-50 1:80-180 2:50-70 3:70-80");
}

// A job that ends before its estimate is not free early: A (0, 10, 80, 50)
// under the same knobs leaves the arrivals' passes F = 0, as with actual.
TEST(GoldenEventTiming, FreeFromEstimateKeepsEarlyEndsInTheirPlace) {
  const std::string csv = kHdr + "0,10,80,50\n1,6,100,100\n50,5,20,20\n50,6,10,10\n";
  EXPECT_EQ(Schedule(csv, SjfEasy(), 10, {EventOrder::kSubmitsFirst, SchedulePer::kEvent, FreeFrom::kEstimate}),
            "0:0-50 1:80-180 2:60-80 3:50-60");
}

// A capacity increase is an event: a pass per event runs one after it. An
// 8-node machine scheduled at 4 nodes from 0, back to 8 at 10: A (0, 4, 100) runs; B (5, 4, 50) waits and starts at
// 10 on the new nodes under either timing (without that pass it would wait
// for A's end at 100).
TEST(GoldenEventTiming, ACapacityIncreaseIsAPassPerEvent) {
  const std::string csv = kHdr + "0,4,100,100\n5,4,50,50\n";
  for (const EventTiming t : {EventTiming{}, EventTiming{EventOrder::kEndsFirst, SchedulePer::kEvent, FreeFrom::kActual},
                              EventTiming{EventOrder::kSubmitsFirst, SchedulePer::kEvent, FreeFrom::kEstimate}}) {
    SimSetup s;
    s.capacity = 8;
    s.policy = ClassicEasy();
    s.timing = t;
    s.capacity_schedule = {{0, 4}, {10 * kTicksPerSecond, 8}};
    s.run_time.mode = RunTimeMode::kActual;
    const SimOutcome o = SimulateText(csv, s);
    ASSERT_TRUE(o.status.ok()) << o.status.message();
    EXPECT_EQ(RenderSchedule(o), "0:0-100 1:10-60");
  }
}

// --shadow-ties first with overrunning jobs (--overrun allow): every job
// past its projected end ends "at now + 1 tick", one tie walked in start
// order. C = 10: X (0, 3, limit 10, run 1000) and Y (1, 4, limit 5, run
// 1000) overrun from 10; at 20 F = 3, H (20, 5) is blocked. Start order X
// first: 3 + 3 = 6 >= 5, E = 1, so J (21, 2, 1000) is refused. X ends at
// 1000 (F = 6): H starts (F = 1); Y ends at 1001: J starts. (Y first, by
// projected end, gave E = 2: J started at 21 and H only at 1001.)
TEST(GoldenEventTiming, ShadowTiesFirstOrdersOverrunningJobsByStart) {
  const std::string csv = kHdr + "0,3,10,1000\n1,4,5,1000\n20,5,50,50\n21,2,1000,1000\n";
  Policy p = ClassicEasy();
  p.shadow_ties_first = true;
  SimSetup s;
  s.capacity = 10;
  s.policy = p;
  s.overrun = Overrun::kAllow;
  s.run_time.mode = RunTimeMode::kActual;
  const SimOutcome o = SimulateText(csv, s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-1000 1:1-1001 2:1000-1050 3:1001-2001");
}

Result<RunConfig> ResolveArgs(const OptionValues& v) { return Resolve(v, Frontend::kClustersim, false); }

// The presets fill the knobs (a named table), a knob overrides its preset's
// value, and combinations without a meaning are refused with the reason.
TEST(GoldenEventTiming, PresetsAndKnobsResolve) {
  OptionValues v;
  v.trace = "t.swf";
  EXPECT_TRUE(ResolveArgs(v).value().engine.timing == EventTiming{});
  v.compat = "pyss";
  const EventTiming pyss{EventOrder::kSubmitsFirst, SchedulePer::kEvent, FreeFrom::kEstimate};
  EXPECT_TRUE(ResolveArgs(v).value().engine.timing == pyss);
  v.schedule_per = "timestamp";
  const EventTiming mixed{EventOrder::kSubmitsFirst, SchedulePer::kTimestamp, FreeFrom::kEstimate};
  EXPECT_TRUE(ResolveArgs(v).value().engine.timing == mixed);
  v.schedule_per = "events";
  auto typo = ResolveArgs(v);
  ASSERT_FALSE(typo.ok());
  EXPECT_NE(typo.status().message().find("--schedule-per"), std::string::npos) << typo.status().message();

  OptionValues rl;
  rl.trace = "t.swf";
  rl.compat = "rlscheduler";
  rl.event_order = "submits-first";
  EXPECT_FALSE(ResolveArgs(rl).ok());

  OptionValues allow;
  allow.trace = "t.swf";
  allow.free_from = "estimate";
  EXPECT_TRUE(ResolveArgs(allow).ok());
  allow.overrun = "allow";
  EXPECT_FALSE(ResolveArgs(allow).ok());

  // Conservative reservations count on-time ends as free: a pass between
  // same-time ENDs would oversubscribe the machine (the trace-invariant
  // checker found it), so a pass per event needs --free-from estimate.
  OptionValues cons;
  cons.trace = "t.swf";
  cons.backfill = "conservative";
  cons.schedule_per = "event";
  auto refused = ResolveArgs(cons);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("--free-from estimate"), std::string::npos);
  cons.free_from = "estimate";
  EXPECT_TRUE(ResolveArgs(cons).ok());
  cons.schedule_per = "timestamp";
  cons.free_from = "";
  cons.event_order = "submits-first";
  EXPECT_TRUE(ResolveArgs(cons).ok());  // one pass after every END: nothing to refuse

  OptionValues ties;
  ties.trace = "t.swf";
  ties.shadow_ties = "first";
  ASSERT_TRUE(ResolveArgs(ties).ok());
  EXPECT_TRUE(ResolveArgs(ties).value().engine.policy.shadow_ties_first);
  ties.backfill = "conservative";
  EXPECT_FALSE(ResolveArgs(ties).ok());
  ties.backfill = "easy";
  ties.compat = "dr_evt";
  EXPECT_FALSE(ResolveArgs(ties).ok());

  OptionValues cluster;
  cluster.trace = "t.jsonl";
  cluster.cluster = "c.yaml";
  EXPECT_TRUE(ResolveArgs(cluster).ok()) << ResolveArgs(cluster).status().message();
  cluster.schedule_per = "event";
  EXPECT_FALSE(ResolveArgs(cluster).ok());
}

}  // namespace
}  // namespace clustersim::test
