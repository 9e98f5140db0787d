// Hand-computed golden schedules for clustersim's classic EASY default
// (schedulers.md §1-§3, §6, §9) and plain FCFS: the six-job table of
// dr_evt-compat.md §13.3 (FCFS, classic EASY and priority+easy SJF rows), the
// shadow-tie gotcha (§3), the stale-shadow toy (§9), the `<=` window and the
// extra-nodes budget, zero-length jobs and jobs that overrun their limit.
// Every expectation is derived by hand in the comment above it; notation:
// job (submit, nodes, limit[, actual]), F = free nodes, S = shadow time,
// E = extra nodes.

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "test_util.h"

namespace clustersim::test {
namespace {

SimOutcome RunSim(const std::string& csv, const Policy& policy, std::int64_t capacity = 100,
               Overrun overrun = Overrun::kClip) {
  SimSetup s;
  s.capacity = capacity;
  s.policy = policy;
  s.overrun = overrun;
  s.run_time.mode =
      csv.find("actual_run_time") != std::string::npos ? RunTimeMode::kActual : RunTimeMode::kLimit;
  return SimulateText(csv, s);
}

void ExpectSchedule(const std::string& csv, const Policy& policy, const std::string& want,
                    std::int64_t capacity = 100) {
  SimOutcome o = RunSim(csv, policy, capacity);
  ASSERT_TRUE(o.status.ok()) << o.status.message() << "\n" << o.diagnostics;
  EXPECT_EQ(RenderSchedule(o), want);
}

std::string Rows(std::initializer_list<std::string_view> rows) {
  std::string res = "time,free_nodes,allocated_nodes\n";
  for (std::string_view r : rows) res.append(r).append("\n");
  return res;
}

const std::string kHdr = "job_submit_time,num_nodes,time_limit\n";
const std::string kHdrActual = "job_submit_time,num_nodes,time_limit,actual_run_time\n";

// dr_evt-compat.md §13.3: six jobs at t=0, (nodes, limit): J0 (60,50),
// J1 (20,100), J2 (50,200), J3 (30,50), J4 (15,100), J5 (10,40).
const std::string kSixJobs = kHdr + "0,60,50\n0,20,100\n0,50,200\n0,30,50\n0,15,100\n0,10,40\n";

// FCFS, no backfill. t0: J0 (F=40), J1 (F=20); J2 50>20 stops the pass.
// t50: J0 ends (F=80): J2 (F=30), J3 (F=0); J4 15>0. t100: J1 and J3 end
// (F=50): J4 (F=35), J5 (F=25). Row: 0 0 50 50 100 100.
TEST(GoldenEasy, SixJobsFcfsNoBackfill) {
  ExpectSchedule(kSixJobs, NoBackfill(), "0:0-50 1:0-100 2:50-250 3:50-100 4:100-200 5:100-140");
}

// Classic EASY. t0: J0, J1 (F=20); J2 blocked: walk J0@50 -> 20+60=80>=50,
// S=50, E=80-50=30. J3 30>20 skip; J4 15<=20, 100>50 but 15<=E=30 -> starts
// (E=15, F=5); J5 10>5 skip.
// t50: J0 ends (F=65): J2 starts (F=15); J3 30>15 blocked: walk J1@100 (20)
// and J4@100 (15) -> 15+35=50>=30, S=100, E=20; J5 10<=15, 90<=100 -> 50-90.
// t90: J5 ends (F=15). t100: J1, J4 end (F=50): J3 100-150.
// Row: 0 0 50 100 0 50.
TEST(GoldenEasy, SixJobsClassicEasy) {
  ExpectSchedule(kSixJobs, ClassicEasy(), "0:0-50 1:0-100 2:50-250 3:100-150 4:0-100 5:50-90");
}

// priority+easy with SJF order (schedulers.md §6, clustersim variant): the
// head is the shortest waiting job. SJF order (stable): J5 (40), J0 (50),
// J3 (50), J1 (100), J4 (100), J2 (200). t0 head cascade: J5 (F=90), J0
// (F=30), J3 (F=0); J1 blocked: walk J5@40 -> 10, J0+J3@50 -> 100: S=50,
// E=80; J4, J2 do not fit (F=0). t40: J5 ends (F=10): J1 20>10; J4 15>10,
// J2 50>10. t50: F=100: J1 (F=80), J4 (F=65), J2 (F=15) start.
TEST(GoldenEasy, SixJobsSjfPriorityEasy) {
  Policy p = ClassicEasy();
  p.ordering = Ordering::kSjf;
  ExpectSchedule(kSixJobs, p, "0:0-50 1:50-150 2:50-250 3:0-50 4:50-150 5:0-40");
}

// schedulers.md §3 shadow-tie gotcha, C=10. A (0,4,100), B (0,3,100) run
// (F=3); H (0,5,100) blocked; J (0,3,1000). Walk: A@100 -> 3+4=7>=5, S=100;
// the tie rule adds B (also @100): avail 10, E=5. J 3<=3, 1000>100 but
// 3<=E=5 -> starts 0-1000. t100: A, B end (F=7): H 100-200.
TEST(GoldenEasy, ShadowTieGotchaAggregatesEqualEnds) {
  ExpectSchedule(kHdr + "0,4,100\n0,3,100\n0,5,100\n0,3,1000\n", ClassicEasy(),
                 "0:0-100 1:0-100 2:100-200 3:0-1000", 10);
}

// schedulers.md §9 stale-shadow toy, classic part, C=10. A (0,6,100,30),
// H (0,8,50,50), K (0,4,80,80), M (40,4,50,50).
// t0: A (F=4); H blocked, S=100 (A's limit), E=2; K 4<=4, 80<=100 -> 0-80.
// t30: A ends (F=6); S recomputed: K@80 -> 6+4=10>=8, S=80, E=2.
// t40: M 4<=6, 90>80 and 4>E=2 -> refused. t80: K ends (F=10): H 80-130
// (F=2); M 4>2. t130: M 130-180.
TEST(GoldenEasy, StaleShadowToyHStartsAt80) {
  ExpectSchedule(kHdrActual + "0,6,100,30\n0,8,50,50\n0,4,80,80\n40,4,50,50\n", ClassicEasy(),
                 "0:0-30 1:80-130 2:0-80 3:130-180", 10);
}

// A candidate ending exactly at S is accepted (window now+q <= S).
// J0 (0,90,100), J1 (10,95,100), J2 (20,10,80). t10: S=100, E=5.
// t20: J2 10<=10, 20+80=100<=100 -> starts 20-100 (10>E, so only the
// window admits it). t100: J0 and J2 end (F=100): J1 100-200.
TEST(GoldenEasy, CandidateEndingAtShadowIsAccepted) {
  ExpectSchedule(kHdr + "0,90,100\n10,95,100\n20,10,80\n", ClassicEasy(), "0:0-100 1:100-200 2:20-100");
}

// Extra-nodes budget: only jobs admitted by the extra rule consume E.
// J0 (0,60,100), J1 (0,80,100), J2 (0,10,50), J3 (0,15,500), J4 (0,10,500),
// J5 (0,5,500). t0: J0 (F=40); J1 blocked: S=100, E=100-80=20.
// J2 50<=100 -> window (F=30, E stays 20). J3 500>100, 15<=20 -> extra
// (F=15, E=5). J4 10<=15 but 10>E=5 -> refused. J5 5<=5 -> extra (F=10, E=0).
// t50: J2 ends (F=20); walk: 20 + J0@100 (60) = 80>=80, so S=100, E=0;
//   J4 550>100, 10>0 -> refused.
// t100: J0 ends (F=80): J1 80<=80 starts (F=0); J4 blocked.
// t200: J1 ends (F=80): J4 200-700. J3, J5 end at 500.
TEST(GoldenEasy, ExtraNodesBudgetOnlyChargedForLongCandidates) {
  ExpectSchedule(kHdr + "0,60,100\n0,80,100\n0,10,50\n0,15,500\n0,10,500\n0,5,500\n", ClassicEasy(),
                 "0:0-100 1:100-200 2:0-50 3:0-500 4:200-700 5:0-500");
}

// Zero-length job: its START row precedes its END row; the END at t=0 is a
// completion at 0 and triggers another pass at 0 (engine.h step 4).
// J0 (0,50,10,0), J1 (0,60,100,100). t0 pass: J0 starts (F=50); J1 60>50
// blocked (S=10, E=40; no other candidate). J0's END at 0 (F=100), pass:
// J1 starts 0-100.
TEST(GoldenEasy, ZeroLengthJobStartsBeforeItEnds) {
  SimOutcome o = RunSim(kHdrActual + "0,50,10,0\n0,60,100,100\n", ClassicEasy());
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-0 1:0-100");
  EXPECT_EQ(o.resources, Rows({"0,100,0", "0,50,50", "0,100,0", "0,40,60", "100,100,0"}));
}

// Replay of such a schedule where the job given the units has the lower id:
// J0 (begin 0, end 100, 60 nodes), J1 (begin 0, end 0, 50 nodes). J1 starts
// and ends before J0 starts, so the units in use never exceed 100 (replay
// used to start both first: 110).
TEST(GoldenEasy, ReplayedZeroLengthJobEndsBeforeTheOtherStartsAtItsTime) {
  SimOutcome o = SimulateText(
      "job_submit_time,begin_time,end_time,num_nodes\n0,0,100,60\n0,0,0,50\n", SimSetup{});
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  ASSERT_EQ(o.workload.mode, TraceMode::kReplay);
  EXPECT_EQ(RenderSchedule(o), "0:0-100 1:0-0");
  EXPECT_EQ(o.resources, Rows({"0,100,0", "0,50,50", "0,100,0", "0,40,60", "100,100,0"}));
  EXPECT_EQ(o.result.oversubscribed_events, 0);
  EXPECT_EQ(o.diagnostics.find("oversubscribed"), std::string::npos) << o.diagnostics;
}

// Zero-length job alone at its time: J0 (0,50,10,0), J1 (5,60,100,100).
// Rows: START 0,50,50 then END 0,100,0; J1 arrives at 5 and starts 5-105.
TEST(GoldenEasy, ZeroLengthJobThenLaterArrival) {
  SimOutcome o = RunSim(kHdrActual + "0,50,10,0\n5,60,100,100\n", ClassicEasy());
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-0 1:5-105");
  EXPECT_EQ(o.resources, Rows({"0,100,0", "0,50,50", "0,100,0", "5,40,60", "105,100,0"}));
}

// Overrun, default Overrun::kClip: J0 (0,50,100,150) is killed at its limit,
// 0-100 (state timeout). J1 (10,60,100,100): blocked at 10 (S=100, E=40, no
// candidate); t100: J0 killed (F=100): J1 100-200.
TEST(GoldenEasy, OverrunningJobIsKilledAtItsLimit) {
  SimOutcome o = RunSim(kHdrActual + "0,50,100,150\n10,60,100,100\n", ClassicEasy());
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-100 1:100-200");
  EXPECT_EQ(o.result.runs[0].state, JobState::kTimeout);
  EXPECT_EQ(o.result.runs[1].state, JobState::kCompleted);
}

// Overrun::kAllow (schedulers.md §1: once start+q <= now the projected end is
// now + 1 tick). J0 (0,50,100,150) runs 0-150. J1 (10,60,100,100): t10
// S=100, E=40. J2 (120,30,50,50): at 120 J0's projected end is 120+1 tick,
// avail 50+50=100, S=120.000001, E=40; J2 30<=50, 170>S but 30<=E -> starts
// 120-170 (F=20). t150: J0 ends (F=70): J1 150-250.
TEST(GoldenEasy, OverrunAllowedProjectsOneTickAhead) {
  SimOutcome o = RunSim(kHdrActual + "0,50,100,150\n10,60,100,100\n120,30,50,50\n", ClassicEasy(), 100,
                     Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-150 1:150-250 2:120-170");
}

// Arrivals after the last queued job was backfilled (no END in between).
// J0 (0,50,100), J1 (0,70,100), J2 (0,20,50), J3 (10,20,50), J4 (20,10,60).
// t0: J0 (F=50); J1 blocked, S=100, E=30; J2 50<=100 -> 0-50 (F=30).
// t10: J3 20<=30, 60<=100 -> 10-60 (F=10). t20: J4 10<=10, 80<=100 -> 20-80.
// t100: J0 ends (F=100 after J2, J3, J4 are done): J1 100-200.
const std::string kLateArrivals = kHdr + "0,50,100\n0,70,100\n0,20,50\n10,20,50\n20,10,60\n";
TEST(GoldenEasy, ArrivalsAfterLastQueuedJobWasBackfilled) {
  ExpectSchedule(kLateArrivals, ClassicEasy(), "0:0-100 1:100-200 2:0-50 3:10-60 4:20-80");
}

// Extra-node budget carried across passes with no END in between.
// J0 (0,50,100), J1 (0,70,100), J2 (0,20,500), J3 (10,15,500),
// J4 (20,10,500), J5 (30,5,500).
// t0: J0 (F=50); J1 blocked, S=100, E=30; J2 500>100, 20<=30 -> extra
//   (F=30, E=10).
// t10: J3 15<=30 but 15>E=10 -> refused. t20: J3 refused; J4 10<=E=10 ->
//   20-520 (F=20, E=0). t30: J5 5>E=0 -> refused (J3 too).
// t100: J0 ends; J2 (20) and J4 (10) still run, F=70 = n_J1 + E: J1 starts
//   (F=0); J3 15>0 blocked; J5 5>0 cannot start.
// t200: J1 ends (F=70): J3 (F=55), then J5 5<=55 by cascade: both 200-700.
const std::string kExtraAcross = kHdr + "0,50,100\n0,70,100\n0,20,500\n10,15,500\n20,10,500\n30,5,500\n";
TEST(GoldenEasy, ExtraNodesBudgetAcrossArrivals) {
  ExpectSchedule(kExtraAcross, ClassicEasy(), "0:0-100 1:100-200 2:0-500 3:200-700 4:20-520 5:200-700");
}

// Oracle planning (--plan_with actual) under the default kill at the limit
// plans with the run the job will have. A (0, 2 nodes, limit 10, run 20) is
// killed at 10; H (1, 4, 10, 10) waits for it; K (2, 2, 15, 15).
// Planned with min(20, 10): at t1 S = 10, E = 0; at t2 K 2+15 > 10 and
// 2 > 0: refused. H 10-20, K 20-35. Planned with A's uncut 20 s, K was
// backfilled at 2 and H waited for it until 17 (two nodes idle 10-17).
// Letting A run on (--overrun allow), the oracle's plan is its 20 s.
TEST(GoldenEasy, OraclePlanningSeesTheKillAtTheLimit) {
  const std::string csv = kHdrActual + "0,2,10,20\n1,4,10,10\n2,2,15,15\n";
  for (Policy p : {ClassicEasy(), Conservative()}) {
    p.plan_with_actual = true;
    SimOutcome o = RunSim(csv, p, 4);
    ASSERT_TRUE(o.status.ok()) << o.status.message() << "\n" << o.diagnostics;
    EXPECT_EQ(RenderSchedule(o), "0:0-10 1:10-20 2:20-35") << DescribePolicy(p);
  }
  Policy easy = ClassicEasy();
  easy.plan_with_actual = true;
  SimOutcome allow = RunSim(csv, easy, 4, Overrun::kAllow);
  ASSERT_TRUE(allow.status.ok()) << allow.status.message();
  EXPECT_EQ(RenderSchedule(allow), "0:0-20 1:20-30 2:2-17");
}

}  // namespace
}  // namespace clustersim::test
