// Hand-computed golden schedules for the dr_evt compatibility policies
// (dr_evt-compat.md §6, §8, §13; schedulers.md §3, §9, §10): dr_evt EASY
// (strict now+q < R, no extra nodes), its fcfs_conservative approximation,
// its sjf (FCFS-head reservation, <=, one job per call) and its
// `conservative` (= EASY). Notation: job (submit, nodes, limit[, actual]),
// F = free nodes, R = reservation of the blocked head.

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

Policy DrEvtSjf() {
  Policy p = DrEvtEasy();
  p.ordering = Ordering::kSjf;
  return p;
}

Policy DrEvtFcfsConservative() {
  Policy p = DrEvtEasy();
  p.dr_evt_fcfs_conservative = true;
  return p;
}

const std::string kHdr = "job_submit_time,num_nodes,time_limit\n";
const std::string kHdrActual = "job_submit_time,num_nodes,time_limit,actual_run_time\n";

// dr_evt-compat.md §13.3: six jobs at t=0, (nodes, limit): J0 (60,50),
// J1 (20,100), J2 (50,200), J3 (30,50), J4 (15,100), J5 (10,40).
const std::string kSixJobs = kHdr + "0,60,50\n0,20,100\n0,50,200\n0,30,50\n0,15,100\n0,10,40\n";

// dr_evt EASY row. t0: J0, J1 (F=20); J2 blocked, R=50 (20+60); J3 30>20;
// J4 15<=20 but 100 >= 50; J5 10<=20, 40<50 -> 0-40 (F=10).
// t40: J5 ends (F=20); J4 140>=50 refused. t50: J0 ends (F=80): J2 (F=30),
// J3 30<=30 (F=0) by cascade. t100: J1, J3 end (F=50): J4 100-200.
// Row: 0 0 50 50 100 0.
TEST(GoldenDrEvt, SixJobsDrEvtEasy) {
  ExpectSchedule(kSixJobs, DrEvtEasy(), "0:0-50 1:0-100 2:50-250 3:50-100 4:100-200 5:0-40");
}

// fcfs_conservative row (§8.3). t0: cascade J0, J1 (F=20). J3 30>20 skipped.
// J4 fits: window = min(R(J2)=50, R(J3): 20+60>=30 at 50 -> 50) = 50;
// 100<50 false. J5 fits: earlier waiting J4 fits now, so R(J4)=now=0 ->
// window 0, refused. t50: J0 ends (F=80): J2 (F=30), J3 (F=0). t100: J1, J3
// end (F=50): J4 (F=35), J5 (F=25). Row: 0 0 50 50 100 100.
TEST(GoldenDrEvt, SixJobsFcfsConservative) {
  ExpectSchedule(kSixJobs, DrEvtFcfsConservative(), "0:0-50 1:0-100 2:50-250 3:50-100 4:100-200 5:100-140");
}

// dr_evt sjf + easy row (§8.4). Multimap (limit) order: J5 (40), J0 (50),
// J3 (50), J1 (100), J4 (100), J2 (200); all submits are 0, so each call's
// head is the first job in that order. Calls at t0: J5 (F=90), J0 (F=30),
// J3 (F=0); then head J1 blocked, R: J5@40 -> 10, J0+J3@50 -> 100 >= 20:
// R=50; J4, J2 do not fit -> none. t40: J5 ends (F=10): J1 20>10; no
// candidate fits. t50: F=100: J1 (F=80), J4 (F=65), J2 (F=15), one per call.
// Row: 0 50 50 0 50 0.
TEST(GoldenDrEvt, SixJobsSjfEasy) {
  ExpectSchedule(kSixJobs, DrEvtSjf(), "0:0-50 1:50-150 2:50-250 3:0-50 4:50-150 5:0-40");
}

// §13.4 with every resource row. t0: J0 (F=40). t10: J1 (F=10), J2 blocked
// (R=50), J4 10+30=40<50 (F=0). t40: J4 ends. t50: J0's END (free 70), J2
// (free 30), J3 blocked (R=100), J5 70<100 (free 15). t70: J5 ends. t100: J2
// ends (free 70), J3 starts (free 35). t110: J1 ends. t140: J3 ends.
TEST(GoldenDrEvt, WorkedExampleFixture33) {
  SimOutcome o = RunSim(kHdr + "0,60,50\n10,30,100\n10,40,50\n10,35,40\n10,10,30\n45,15,20\n", DrEvtEasy());
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-50 1:10-110 2:50-100 3:100-140 4:10-40 5:50-70");
  EXPECT_EQ(o.resources, Rows({"0,100,0", "0,40,60", "10,10,90", "10,0,100", "40,10,90", "50,70,30", "50,30,70",
                               "50,15,85", "70,30,70", "100,70,30", "100,35,65", "110,65,35", "140,100,0"}));
}

// Shadow-tie gotcha input (schedulers.md §3), C=10, under dr_evt: there is no
// extra-nodes rule, so J (0,3,1000) is refused at t0 (1000 >= R=100) although
// it would only use nodes H does not need. t100: A, B end (F=10): H (F=5),
// then J 3<=5 by cascade: 100-1100.
TEST(GoldenDrEvt, ShadowTieGotchaInputRefusesLongCandidate) {
  ExpectSchedule(kHdr + "0,4,100\n0,3,100\n0,5,100\n0,3,1000\n", DrEvtEasy(),
                 "0:0-100 1:0-100 2:100-200 3:100-1100", 10);
}

// schedulers.md §9 stale-shadow toy, dr_evt part, C=10. A (0,6,100,30),
// H (0,8,50,50), K (0,4,80,80), M (40,4,50,50). t0: R=100; K 80<100 -> 0-80.
// t30: A ends; R recomputed every call = 80 (K). t40: M 90 >= 80 refused.
// t80: K ends (F=10): H 80-130 (F=2). t130: M 130-180.
TEST(GoldenDrEvt, StaleShadowToyHStartsAt80) {
  ExpectSchedule(kHdrActual + "0,6,100,30\n0,8,50,50\n0,4,80,80\n40,4,50,50\n", DrEvtEasy(),
                 "0:0-30 1:80-130 2:0-80 3:130-180", 10);
}

// Strict window: J0 (0,90,100), J1 (10,95,100), J2 (20,10,80). t20: J2 fits
// (10<=10) but 20+80=100 is not < R=100 -> refused. t100: J0 ends (F=100):
// J1 (F=5); J2 10>5. t200: J2 200-280.
TEST(GoldenDrEvt, CandidateEndingAtReservationIsRefused) {
  ExpectSchedule(kHdr + "0,90,100\n10,95,100\n20,10,80\n", DrEvtEasy(), "0:0-100 1:100-200 2:200-280");
}

// No extra nodes. J0 (0,60,100), J1 (0,80,100), J2 (0,10,50), J3 (0,15,500),
// J4 (0,10,500), J5 (0,5,500). t0: J0 (F=40), J1 blocked R=100; J2 50<100
// (F=30); J3, J4, J5 end at 500 >= 100 -> refused. t50: J2 ends; nothing.
// t100: J0 ends (F=100): J1 (F=20), J3 15<=20 by cascade (F=5); J4 10>5
// blocked, R: J1@200 -> 85>=10, R=200; J5 5<=5 but 600>=200 -> refused.
// t200: J1 ends (F=85): J4 (F=75), J5 (F=70).
TEST(GoldenDrEvt, LongCandidatesNeverUseExtraNodes) {
  ExpectSchedule(kHdr + "0,60,100\n0,80,100\n0,10,50\n0,15,500\n0,10,500\n0,5,500\n", DrEvtEasy(),
                 "0:0-100 1:100-200 2:0-50 3:100-600 4:200-700 5:200-700");
}

// dr_evt sjf backfills with limit <= R - now (§8.4), one job per call.
// J0 (0,60,100), J1 (10,80,100), J2 (20,30,80), J3 (20,10,70).
// t20: multimap order J3 (70), J2 (80), J1 (100); the head is the earliest
// submit, J1 (10), blocked: R=100 (40+60), R-now=80. Call 1: J3 10<=40,
// 70<=80 -> starts (F=30). Call 2: R still 100 (J3@90 -> 40, J0@100 -> 100);
// J2 30<=30, 80<=80 -> starts (F=0). Call 3: nothing fits. t90: J3 ends.
// t100: J0, J2 end: J1 100-200.
TEST(GoldenDrEvt, SjfBackfillWindowIsLessOrEqual) {
  ExpectSchedule(kHdr + "0,60,100\n10,80,100\n20,30,80\n20,10,70\n", DrEvtSjf(),
                 "0:0-100 1:100-200 2:20-100 3:20-90");
}

// Same input, dr_evt FCFS EASY: t20: J2 100 is not < 100 -> refused; J3
// 90<100 -> 20-90. t100: J0 ends (F=100): J1 (F=20); J2 30>20 (R=200).
// t200: J2 200-280.
TEST(GoldenDrEvt, FcfsEasyOnSjfInputIsStrict) {
  ExpectSchedule(kHdr + "0,60,100\n10,80,100\n20,30,80\n20,10,70\n", DrEvtEasy(),
                 "0:0-100 1:100-200 2:200-280 3:20-90");
}

// fcfs_conservative: the window is the minimum of the earlier waiting jobs'
// independent reservations. J0 (0,50,50), J1 (0,40,100), J2 (0,90,100),
// J3 (0,30,100), J4 (0,10,60).
// t0: J0, J1 (F=10). J2 blocked. J3 30>10 skipped. J4 fits: R(J2): 10,
//   J0@50 -> 60, J1@100 -> 100 >= 90: 100; R(J3): J0@50 -> 60 >= 30: 50;
//   window 50, 60<50 false -> refused.
// t50: J0 ends (F=60). J2 90>60. J3 fits: window R(J2)=100, 150<100 false.
//   J4 fits: R(J3)=now (it fits) -> refused.
// t100: J1 ends (F=100): J2 (F=10). J3 30>10. J4: window R(J3): 10 +
//   J2@200 (90) -> 200; 160<200 -> 100-160 (F=0).
// t160: J4 ends (F=10). t200: J2 ends: J3 200-300.
TEST(GoldenDrEvt, FcfsConservativeUsesMinimumOfEarlierReservations) {
  ExpectSchedule(kHdr + "0,50,50\n0,40,100\n0,90,100\n0,30,100\n0,10,60\n", DrEvtFcfsConservative(),
                 "0:0-50 1:0-100 2:100-200 3:200-300 4:100-160");
}

// Same input, dr_evt EASY: t0: J4 fits, 60<R=100 -> 0-60. t50: J0 ends
// (F=50); R: J4@60 -> 60, J1@100 -> 100: R=100; J3 150>=100 refused.
// t60: J3 still refused. t100: J1 ends: J2 (F=10); J3 (R=200) waits.
// t200: J3 200-300.
TEST(GoldenDrEvt, EasyOnFcfsConservativeInput) {
  ExpectSchedule(kHdr + "0,50,50\n0,40,100\n0,90,100\n0,30,100\n0,10,60\n", DrEvtEasy(),
                 "0:0-50 1:0-100 2:100-200 3:200-300 4:0-60");
}

// dr_evt's `conservative` with fcfs priority is its EASY (§8.2). J0 (0,60,100),
// J1 (0,80,100), J2 (0,90,100), J3 (0,20,250). t0: J0 (F=40); J1 blocked,
// R=100; J2 90>40; J3 250>=100 refused. t100: J1 (F=20); J2 blocked, R=200;
// J3 350>=200 refused. t200: J2 (F=10); J3 20>10. t300: J3 300-550.
// (Profile conservative gives the same here; classic EASY does not, see
// golden_conservative_test.cc.)
TEST(GoldenDrEvt, ConservativeBackfillIsEasy) {
  Policy p = DrEvtEasy();
  p.backfill = Backfill::kConservative;
  ExpectSchedule(kHdr + "0,60,100\n0,80,100\n0,90,100\n0,20,250\n", p, "0:0-100 1:100-200 2:200-300 3:300-550");
}

// Overrun, default clip: J0 (0,50,100,150) is killed at 100; J1
// (10,60,100,100) blocked (R=100) then 100-200.
TEST(GoldenDrEvt, OverrunningJobIsKilledAtItsLimit) {
  SimOutcome o = RunSim(kHdrActual + "0,50,100,150\n10,60,100,100\n", DrEvtEasy());
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-100 1:100-200");
  EXPECT_EQ(o.result.runs[0].state, JobState::kTimeout);
}

// Overrun::kAllow: J0 (0,50,100,150) runs 0-150. At 120, J2 (120,30,50,50)
// arrives: J0's projected end has passed. Whether it is projected at
// now + 1 tick or dropped (dr_evt: R falls back to now), J2 (ending 170)
// is not < R and there is no extra rule -> refused. t150: J0 ends (F=100):
// J1 (F=40), J2 30<=40 by cascade: 150-200.
TEST(GoldenDrEvt, OverrunAllowedDisablesBackfillPastTheLimit) {
  SimOutcome o = RunSim(kHdrActual + "0,50,100,150\n10,60,100,100\n120,30,50,50\n", DrEvtEasy(), 100,
                     Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-150 1:150-250 2:150-200");
}

// fcfs_conservative when the head can never be made room for: C = 10, J0
// (0, 6 nodes, limit 10, run 100) overruns from t = 10 and dr_evt's
// reservation ignores it; J1 (0, 2, 100, 100). At 20, H (8 nodes) is
// blocked: 2 free + J1's 2 released can never give 8, so R(H) = now, and
// every later candidate's window, the minimum over the earlier waiting
// jobs (H among them), is now: neither A (3 nodes, q 500) nor B (2 nodes,
// q 50, which fits) starts. (clustersim let A's refusal lift the window to
// R(3) = 100 and started B at 20; dr_evt's calculate_conservative_window
// takes every earlier job's reservation, H's included.) t100: J0 and J1
// end, H 100-110 (2 free); A does not fit; B: W = R(A) = 110 and 100 + 50
// is not < 110. t110: A 110-115, then B, now the head, 110-160.
TEST(GoldenDrEvt, FcfsConservativeHeadBeyondReachBlocksEveryCandidate) {
  SimOutcome o = RunSim(kHdrActual + "0,6,10,100\n0,2,100,100\n20,8,10,10\n20,3,500,5\n20,2,50,50\n",
                        DrEvtFcfsConservative(), 10, Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-100 1:0-100 2:100-110 3:110-115 4:110-160");
}

// The same rule further down the queue, C = 10: J0 (0, 2, 10, 100) runs
// past its limit; J1 (0, 5, 50, 50) starts at 0 (3 free); J2 (0, 8, 50,
// 50) and J3 (0, 10, 10, 10) wait. At 20 J4 (20, 1, 5, 5) arrives and fits:
// J2's reservation is 50 (3 + J1's 5), J3's is now (3 + 5 < 10 ever, J0
// ignored), so W = min(50, now) = now and J4 is refused (the smallest
// earlier job alone, J2, would have let it run 20-25). t50: J1 ends, J2
// 50-100; t100: J0 and J2 end: J3 100-110 (0 free), J4 110-115.
TEST(GoldenDrEvt, FcfsConservativeJobBeyondReachBlocksTheCandidatesAfterIt) {
  SimOutcome o = RunSim(kHdrActual + "0,2,10,100\n0,5,50,50\n0,8,50,50\n0,10,10,10\n20,1,5,5\n",
                        DrEvtFcfsConservative(), 10, Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-100 1:0-50 2:50-100 3:100-110 4:110-115");
}

// Zero-length job under the dr_evt preset: clustersim orders a job's own
// START before its END (dr_evt-compat.md §14). J0 (0,50,10,0),
// J1 (0,60,100,100): J0 starts and ends at 0, then J1 starts at 0.
TEST(GoldenDrEvt, ZeroLengthJobStartsBeforeItEnds) {
  SimOutcome o = RunSim(kHdrActual + "0,50,10,0\n0,60,100,100\n", DrEvtEasy());
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-0 1:0-100");
  EXPECT_EQ(o.resources, Rows({"0,100,0", "0,50,50", "0,100,0", "0,40,60", "100,100,0"}));
}

// A zero-node job with no node free (dr_evt-compat §3 accepts it), 4 nodes:
// J0 (1,10), J1 (4,10), J2 (3,1), J3 (0,1). t0, first call: J0 by cascade
// (F=3); J1 blocked, R=10; J2 3<=3, 1<10 (F=0): the scan stops. The next
// call at t0 (§6: until none is returned): J1 blocked, R=10 again; J3
// 0<=0, 1<10 starts at 0, as a scan that begins with no node free does.
TEST(GoldenDrEvt, ZeroNodeJobStartsWhenTheScanBeforeFilledTheMachine) {
  ExpectSchedule(kHdr + "0,1,10\n0,4,10\n0,3,1\n0,0,1\n", DrEvtEasy(), "0:0-10 1:10-20 2:0-1 3:0-1", 4);
}

// Arrivals after the last queued job was backfilled (no END in between).
// J0 (0,50,100), J1 (0,70,100), J2 (0,20,50), J3 (10,20,50), J4 (20,10,60).
// t0: R=100; J2 50<100 (F=30). t10: J3 60<100 (F=10). t20: J4 80<100 (F=0).
// t100: J0 ends: J1 100-200.
TEST(GoldenDrEvt, ArrivalsAfterLastQueuedJobWasBackfilled) {
  ExpectSchedule(kHdr + "0,50,100\n0,70,100\n0,20,50\n10,20,50\n20,10,60\n", DrEvtEasy(),
                 "0:0-100 1:100-200 2:0-50 3:10-60 4:20-80");
}

// Same input as GoldenEasy.ExtraNodesBudgetAcrossArrivals, dr_evt: every
// candidate ends at >= 500 > R=100, so none backfills before 100.
// t100: J0 ends (F=100): J1 (F=30), J2 20<=30 by cascade (F=10); J3 15>10
// blocked, R: J1@200 -> 80>=15, R=200; J4, J5 end at 600 >= 200 -> refused.
// t200: J1 ends (F=80): J3 (F=65), J4 (F=55), J5 (F=50) start.
TEST(GoldenDrEvt, NoExtraNodesAcrossArrivals) {
  ExpectSchedule(kHdr + "0,50,100\n0,70,100\n0,20,500\n10,15,500\n20,10,500\n30,5,500\n", DrEvtEasy(),
                 "0:0-100 1:100-200 2:100-600 3:200-700 4:200-700 5:200-700");
}

}  // namespace
}  // namespace clustersim::test
