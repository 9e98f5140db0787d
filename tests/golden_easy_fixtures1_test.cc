// Hand-computed golden schedules for the scenarios of dr_evt's scheduler
// fixtures 01-17 (dr_evt-compat.md §12.2), 100 nodes, FCFS + EASY, each under
// ClassicEasy() (window now+q <= S, extra-nodes rule, shadow ties
// aggregated) and DrEvtEasy() (window now+q < R, no extra nodes).
//
// Notation in the derivations: job (submit, nodes, limit[, actual]); F = free
// nodes; S = shadow time and E = extra nodes of the blocked head (classic);
// R = dr_evt's reservation (same walk as S, no E). Engine order per time:
// ENDs (job-index order), arrivals, one pass. Expected values were derived by
// hand from schedulers.md §1-§3 and dr_evt-compat.md §6/§8.1, never copied
// from program output.

#include <cstdint>
#include <vector>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "test_util.h"

namespace clustersim::test {
namespace {

SimOutcome RunSim(const std::string& csv, const Policy& policy, std::int64_t capacity = 100) {
  SimSetup s;
  s.capacity = capacity;
  s.policy = policy;
  s.run_time.mode =
      csv.find("actual_run_time") != std::string::npos ? RunTimeMode::kActual : RunTimeMode::kLimit;
  return SimulateText(csv, s);
}

void ExpectSchedule(const std::string& csv, const Policy& policy, const std::string& want) {
  SimOutcome o = RunSim(csv, policy);
  ASSERT_TRUE(o.status.ok()) << o.status.message() << "\n" << o.diagnostics;
  EXPECT_EQ(RenderSchedule(o), want);
}

void ExpectScheduleAndResources(const std::string& csv, const Policy& policy, const std::string& want,
                                const std::vector<std::string_view>& rows) {
  SimOutcome o = RunSim(csv, policy);
  ASSERT_TRUE(o.status.ok()) << o.status.message() << "\n" << o.diagnostics;
  EXPECT_EQ(RenderSchedule(o), want);
  std::string res = "time,free_nodes,allocated_nodes\n";
  for (std::string_view r : rows) res.append(r).append("\n");
  EXPECT_EQ(o.resources, res);
}

const std::string kHdr = "job_submit_time,num_nodes,time_limit\n";
const std::string kHdrActual = "job_submit_time,num_nodes,time_limit,actual_run_time\n";

// ---------------------------------------------------------------------------
// 01 backfill_allowed (= dr_evt-compat.md §13.1). J0 (0,70,200), J1 (10,50,300),
// J2 (20,20,50).
// t0: J0 starts, F=30. t10: J1 50>30 blocked; walk J0@200: 30+70=100>=50 ->
// S=R=200, E=50. t20: J2 20<=30 and 20+50=70 <(=) 200 -> backfills, F=10.
// t70: J2 ends, F=30. t200: J0 ends, F=100; J1 starts, F=50. t500: J1 ends.
// Resource rows (doc): 0,100,0 0,30,70 20,10,90 70,30,70 200,100,0 200,50,50
// 500,100,0.
const std::string kF01 = kHdr + "0,70,200\n10,50,300\n20,20,50\n";
const std::vector<std::string_view> kF01Rows = {
    "0,100,0", "0,30,70", "20,10,90", "70,30,70", "200,100,0", "200,50,50", "500,100,0"};
TEST(GoldenEasy, F01BackfillAllowed) {
  ExpectScheduleAndResources(kF01, ClassicEasy(), "0:0-200 1:200-500 2:20-70", kF01Rows);
}
TEST(GoldenDrEvt, F01BackfillAllowed) {
  ExpectScheduleAndResources(kF01, DrEvtEasy(), "0:0-200 1:200-500 2:20-70", kF01Rows);
}

// 02 backfill_blocked_time. J0 (0,70,200), J1 (10,90,300), J2 (20,20,250).
// t10: J1 blocked, S=R=200 (30+70=100>=90), E=10. t20: J2 20<=30 fits, but
// 20+250=270 > 200 and (classic) 20 > E=10 -> refused by both.
// t200: J0 ends, F=100: J1 starts (F=10); J2 20>10 blocked. t500: J1 ends,
// J2 starts 500-750.
const std::string kF02 = kHdr + "0,70,200\n10,90,300\n20,20,250\n";
TEST(GoldenEasy, F02BackfillBlockedByTime) {
  ExpectSchedule(kF02, ClassicEasy(), "0:0-200 1:200-500 2:500-750");
}
TEST(GoldenDrEvt, F02BackfillBlockedByTime) {
  ExpectSchedule(kF02, DrEvtEasy(), "0:0-200 1:200-500 2:500-750");
}

// 02b same shape but the head needs only 50: the two variants differ.
// J0 (0,70,200), J1 (10,50,300), J2 (20,20,250). t10: S=R=200, E=100-50=50.
// Classic t20: 270 > 200 but 20 <= E=50 -> J2 starts 20-270 (extra nodes),
//   F=10, E=30. t200: J0 ends, F=80: J1 starts 200-500.
// dr_evt t20: 270 >= 200, no extra rule -> refused. t200: F=100: J1 starts
//   (F=50), J2 20<=50 starts by the head cascade 200-450.
const std::string kF02b = kHdr + "0,70,200\n10,50,300\n20,20,250\n";
TEST(GoldenEasy, F02bLongCandidateUsesExtraNodes) {
  ExpectSchedule(kF02b, ClassicEasy(), "0:0-200 1:200-500 2:20-270");
}
TEST(GoldenDrEvt, F02bLongCandidateRefusedWithoutExtraNodes) {
  ExpectSchedule(kF02b, DrEvtEasy(), "0:0-200 1:200-500 2:200-450");
}

// 03 backfill_blocked_resources. J0 (0,70,200), J1 (10,50,300), J2 (20,40,50).
// t20: J2 40 > F=30 -> cannot start (in time, 70<200, but no nodes).
// t200: J0 ends, F=100: J1 starts (F=50), J2 40<=50 starts (F=10).
const std::string kF03 = kHdr + "0,70,200\n10,50,300\n20,40,50\n";
TEST(GoldenEasy, F03BackfillBlockedByResources) {
  ExpectSchedule(kF03, ClassicEasy(), "0:0-200 1:200-500 2:200-250");
}
TEST(GoldenDrEvt, F03BackfillBlockedByResources) {
  ExpectSchedule(kF03, DrEvtEasy(), "0:0-200 1:200-500 2:200-250");
}

// 04 backfill_resource_competition. J0 (0,60,100), J1 (5,80,100),
// J2 (10,25,50), J3 (10,20,50), J4 (10,15,50), J5 (10,10,200).
// t0: J0, F=40. t5: J1 blocked, S=R=100 (40+60), E=20.
// t10 scan in FCFS order: J2 25<=40, 60<=100 -> start, F=15; J3 20>15 skip;
//   J4 15<=15, 60<=100 -> start, F=0; scan stops (J5 never examined).
// t60: J2, J4 end, F=40. S=R=100, E=20.
//   Classic: J3 20<=40, 110>100 but 20<=E=20 -> start 60-110, E=0, F=20;
//     J5 10<=20, 260>100, 10>E=0 -> refused. t100: J0 ends, F=80: J1 80<=80
//     starts 100-200, F=0. t110: J3 ends, F=20: J5 (head) starts 110-310.
//   dr_evt: J3 110>=100 refused, J5 refused. t100: F=100: J1 starts (F=20),
//     J3 20<=20 starts 100-150 by cascade (F=0). t150: J3 ends, F=20: J5
//     starts 150-350.
const std::string kF04 = kHdr + "0,60,100\n5,80,100\n10,25,50\n10,20,50\n10,15,50\n10,10,200\n";
TEST(GoldenEasy, F04BackfillResourceCompetition) {
  ExpectSchedule(kF04, ClassicEasy(), "0:0-100 1:100-200 2:10-60 3:60-110 4:10-60 5:110-310");
}
TEST(GoldenDrEvt, F04BackfillResourceCompetition) {
  ExpectSchedule(kF04, DrEvtEasy(), "0:0-100 1:100-200 2:10-60 3:100-150 4:10-60 5:150-350");
}

// 05 multiple_backfills. J0 (0,60,100), J1 (5,80,100), J2..J5 (10,10,{30,40,
// 50,60}). t10: F=40, S=R=100; every candidate ends at 40..70 < 100 and fits:
// all four start at 10 (F 30,20,10,0). J2..J5 are done by 70; t100: J0 ends,
// F=100, J1 starts 100-200.
const std::string kF05 = kHdr + "0,60,100\n5,80,100\n10,10,30\n10,10,40\n10,10,50\n10,10,60\n";
TEST(GoldenEasy, F05MultipleBackfills) {
  ExpectSchedule(kF05, ClassicEasy(), "0:0-100 1:100-200 2:10-40 3:10-50 4:10-60 5:10-70");
}
TEST(GoldenDrEvt, F05MultipleBackfills) {
  ExpectSchedule(kF05, DrEvtEasy(), "0:0-100 1:100-200 2:10-40 3:10-50 4:10-60 5:10-70");
}

// 06 backfill_out_of_order. J0 (0,90,100), J1 (10,50,100), J2 (15,20,30),
// J3 (20,10,50). t10: J1 blocked, S=R=100, E=50. t15: J2 20 > F=10 -> waits.
// t20: J2 still 20>10; J3 10<=10, 70<=100 -> starts 20-70 before J2 (F=0).
// t70: J3 ends, F=10; J2 20>10. t100: J0 ends, F=100: J1 (F=50), J2 (F=30)
// start. J2 was submitted before J3 but starts after it.
const std::string kF06 = kHdr + "0,90,100\n10,50,100\n15,20,30\n20,10,50\n";
TEST(GoldenEasy, F06BackfillOutOfOrder) {
  ExpectSchedule(kF06, ClassicEasy(), "0:0-100 1:100-200 2:100-130 3:20-70");
}
TEST(GoldenDrEvt, F06BackfillOutOfOrder) {
  ExpectSchedule(kF06, DrEvtEasy(), "0:0-100 1:100-200 2:100-130 3:20-70");
}

// 07 simultaneous_submit. Four jobs at t=0 that all fit: (10,100), (20,50),
// (30,80), (40,60). They start in FCFS order, one resource row each:
// 0,90,10 0,70,30 0,40,60 0,0,100; ends: J1@50 -> 50,20,80; J3@60 -> 60,60,40;
// J2@80 -> 80,90,10; J0@100 -> 100,100,0.
const std::string kF07 = kHdr + "0,10,100\n0,20,50\n0,30,80\n0,40,60\n";
const std::vector<std::string_view> kF07Rows = {
    "0,100,0", "0,90,10", "0,70,30", "0,40,60", "0,0,100", "50,20,80", "60,60,40", "80,90,10", "100,100,0"};
TEST(GoldenEasy, F07SimultaneousSubmit) {
  ExpectScheduleAndResources(kF07, ClassicEasy(), "0:0-100 1:0-50 2:0-80 3:0-60", kF07Rows);
}
TEST(GoldenDrEvt, F07SimultaneousSubmit) {
  ExpectScheduleAndResources(kF07, DrEvtEasy(), "0:0-100 1:0-50 2:0-80 3:0-60", kF07Rows);
}

// 08 simultaneous_completion. J0 (0,30,100), J1 (0,30,100), J2 (0,40,100),
// J3 (10,100,50). t0: all three start, F=0. t10: J3 blocked (S=100).
// t100: three ENDs, one row each in job-index order (free 30, 60, 100), then
// J3 starts (free 0). J3 100-150.
const std::string kF08 = kHdr + "0,30,100\n0,30,100\n0,40,100\n10,100,50\n";
const std::vector<std::string_view> kF08Rows = {
    "0,100,0", "0,70,30", "0,40,60", "0,0,100", "100,30,70", "100,60,40", "100,100,0", "100,0,100", "150,100,0"};
TEST(GoldenEasy, F08SimultaneousCompletion) {
  ExpectScheduleAndResources(kF08, ClassicEasy(), "0:0-100 1:0-100 2:0-100 3:100-150", kF08Rows);
}
TEST(GoldenDrEvt, F08SimultaneousCompletion) {
  ExpectScheduleAndResources(kF08, DrEvtEasy(), "0:0-100 1:0-100 2:0-100 3:100-150", kF08Rows);
}

// 09 simultaneous_submit_complete. J0 (0,60,100), J1 (50,50,100),
// J2 (100,50,50). t50: J1 50>40 blocked. t100: the END of J0 is processed
// first (F=100), then J2 arrives; one pass: J1 starts (F=50), J2 50<=50 starts
// (F=0). Rows at 100: 100,100,0 100,50,50 100,0,100.
const std::string kF09 = kHdr + "0,60,100\n50,50,100\n100,50,50\n";
const std::vector<std::string_view> kF09Rows = {
    "0,100,0", "0,40,60", "100,100,0", "100,50,50", "100,0,100", "150,50,50", "200,100,0"};
TEST(GoldenEasy, F09SubmitAtCompletionTime) {
  ExpectScheduleAndResources(kF09, ClassicEasy(), "0:0-100 1:100-200 2:100-150", kF09Rows);
}
TEST(GoldenDrEvt, F09SubmitAtCompletionTime) {
  ExpectScheduleAndResources(kF09, DrEvtEasy(), "0:0-100 1:100-200 2:100-150", kF09Rows);
}

// 10 queue_drain_idle. J0 (0,50,100), J1 (10,30,50), J2 (300,100,100).
// J0 0-100, J1 starts at once 10-60; the machine is idle from 100 to 300;
// J2 starts at its arrival 300-400.
const std::string kF10 = kHdr + "0,50,100\n10,30,50\n300,100,100\n";
const std::vector<std::string_view> kF10Rows = {
    "0,100,0", "0,50,50", "10,20,80", "60,50,50", "100,100,0", "300,0,100", "400,100,0"};
TEST(GoldenEasy, F10QueueDrainIdle) {
  ExpectScheduleAndResources(kF10, ClassicEasy(), "0:0-100 1:10-60 2:300-400", kF10Rows);
}
TEST(GoldenDrEvt, F10QueueDrainIdle) {
  ExpectScheduleAndResources(kF10, DrEvtEasy(), "0:0-100 1:10-60 2:300-400", kF10Rows);
}

// 11 multiple_drains. J0 (0,100,50) 0-50; idle 50-100; J1 (100,60,30) and
// J2 (100,40,60) start at 100 (60+40=100); idle 160-500; J3 (500,80,10)
// 500-510; idle; J4 (1000,20,20) 1000-1020.
const std::string kF11 = kHdr + "0,100,50\n100,60,30\n100,40,60\n500,80,10\n1000,20,20\n";
TEST(GoldenEasy, F11MultipleDrains) {
  ExpectSchedule(kF11, ClassicEasy(), "0:0-50 1:100-130 2:100-160 3:500-510 4:1000-1020");
}
TEST(GoldenDrEvt, F11MultipleDrains) {
  ExpectSchedule(kF11, DrEvtEasy(), "0:0-50 1:100-130 2:100-160 3:500-510 4:1000-1020");
}

// 12 drain_with_backlog: 20 nodes stay idle while work is pending.
// J0 (0,80,100), J1 (10,100,100), J2 (20,30,200), J3 (20,10,200),
// J4 (250,60,100). t10: J1 blocked, S=R=100 (20+80=100), E=0.
// t20: J2 30>20; J3 10<=20 but 220>100 and 10>E=0 -> refused (both).
// t100: J0 ends, F=100: J1 starts, F=0. t200: J1 ends: J2 (F=70), J3 (F=60)
// start. t250: J4 60<=60 starts 250-350.
const std::string kF12 = kHdr + "0,80,100\n10,100,100\n20,30,200\n20,10,200\n250,60,100\n";
TEST(GoldenEasy, F12DrainWithBacklog) {
  ExpectSchedule(kF12, ClassicEasy(), "0:0-100 1:100-200 2:200-400 3:200-400 4:250-350");
}
TEST(GoldenDrEvt, F12DrainWithBacklog) {
  ExpectSchedule(kF12, DrEvtEasy(), "0:0-100 1:100-200 2:200-400 3:200-400 4:250-350");
}

// 13 consecutive_fcfs. Full-machine jobs (0,100,50), (0,100,30), (0,100,20),
// (5,100,10) run back to back: 0-50, 50-80, 80-100, 100-110.
const std::string kF13 = kHdr + "0,100,50\n0,100,30\n0,100,20\n5,100,10\n";
TEST(GoldenEasy, F13ConsecutiveFcfs) {
  ExpectSchedule(kF13, ClassicEasy(), "0:0-50 1:50-80 2:80-100 3:100-110");
}
TEST(GoldenDrEvt, F13ConsecutiveFcfs) {
  ExpectSchedule(kF13, DrEvtEasy(), "0:0-50 1:50-80 2:80-100 3:100-110");
}

// 14 fcfs_with_backfill. J0 (0,60,100), J1 (0,70,100), J2 (0,30,50),
// J3 (0,60,100), J4 (0,10,90), J5 (100,10,50).
// t0: J0 (F=40); J1 blocked, S=R=100, E=30; J2 30<=40, 50<=100 -> F=10;
//   J3 60>10; J4 10<=10, 90<(=)100 -> F=0.
// t50: J2 ends, F=30; J3 60>30. t90: J4 ends, F=40; J3 60>40.
// t100: J0 ends, F=100: J1 starts (F=30); J3 60>30 is the new head, S=R=200
//   (J1's end: 30+70); J5 (arrived at 100) 10<=30, 150<=200 -> 100-150.
// t200: J1 ends: J3 starts 200-300.
const std::string kF14 = kHdr + "0,60,100\n0,70,100\n0,30,50\n0,60,100\n0,10,90\n100,10,50\n";
TEST(GoldenEasy, F14FcfsWithBackfill) {
  ExpectSchedule(kF14, ClassicEasy(), "0:0-100 1:100-200 2:0-50 3:200-300 4:0-90 5:100-150");
}
TEST(GoldenDrEvt, F14FcfsWithBackfill) {
  ExpectSchedule(kF14, DrEvtEasy(), "0:0-100 1:100-200 2:0-50 3:200-300 4:0-90 5:100-150");
}

// 15 fcfs_partial_overlap. J0 (0,40,100), J1 (10,40,100), J2 (20,40,100),
// J3 (30,30,50). J0 0-100 (F=60), J1 10-110 (F=20). t20: J2 40>20 blocked,
// S=R=100 (J0), E=20. t30: J3 30>20. t100: J0 ends, F=60: J2 starts (F=20);
// J3 30>20. t110: J1 ends, F=60: J3 starts 110-160.
const std::string kF15 = kHdr + "0,40,100\n10,40,100\n20,40,100\n30,30,50\n";
TEST(GoldenEasy, F15FcfsPartialOverlap) {
  ExpectSchedule(kF15, ClassicEasy(), "0:0-100 1:10-110 2:100-200 3:110-160");
}
TEST(GoldenDrEvt, F15FcfsPartialOverlap) {
  ExpectSchedule(kF15, DrEvtEasy(), "0:0-100 1:10-110 2:100-200 3:110-160");
}

// 16 starvation_prevention (literal): J0 (0,80,500) plus 30 jobs (10k,5,40),
// k=1..30. Small job k runs [10k, 10k+40): at t=10k the END of job k-4 comes
// first, leaving jobs k-3..k-1 (15 nodes) + J0 (80) = 95 in use, so job k
// fits (F=5) and starts at once; from k=4 on, the last row at t=10k is
// "10k,0,100" (exactly full). J0 0-500.
std::string F16Input() {
  std::string s = kHdr + "0,80,500\n";
  for (int k = 1; k <= 30; ++k) s += std::to_string(10 * k) + ",5,40\n";
  return s;
}
std::string F16Expected() {
  std::string s = "0:0-500";
  for (int k = 1; k <= 30; ++k)
    s += " " + std::to_string(k) + ":" + std::to_string(10 * k) + "-" + std::to_string(10 * k + 40);
  return s;
}
// The last resource row whose time field is `t`.
std::string LastRowAt(const std::string& csv, const std::string& t) {
  std::string last;
  std::size_t pos = 0;
  while (pos < csv.size()) {
    std::size_t nl = csv.find('\n', pos);
    if (nl == std::string::npos) nl = csv.size();
    const std::string line = csv.substr(pos, nl - pos);
    if (line.compare(0, t.size() + 1, t + ",") == 0) last = line;
    pos = nl + 1;
  }
  return last;
}
void CheckF16(const Policy& p) {
  SimOutcome o = RunSim(F16Input(), p);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), F16Expected());
  for (int k = 4; k <= 30; ++k) {
    const std::string t = std::to_string(10 * k);
    EXPECT_EQ(LastRowAt(o.resources, t), t + ",0,100");
  }
}
TEST(GoldenEasy, F16StarvationPrevention) { CheckF16(ClassicEasy()); }
TEST(GoldenDrEvt, F16StarvationPrevention) { CheckF16(DrEvtEasy()); }

// 16b starvation_prevention, wide variant: 25-node 40 s jobs S0..S29 at
// t=10k (k=0..29) and H (15,80,500). Sorted ids: S0=0, S1=1, H=2, Sk=k+1.
// t15: S0, S1 run (F=50); H blocked: walk S0@40 -> 75, S1@50 -> 100>=80,
//   S=R=50, E=20. t20, t30: S2, S3: 60/70 > 50 and 25 > E=20 -> refused.
// t40: S0 ends (F=75), S4 arrives; H 80>75; S=R=50, E=20: S2..S4 refused.
// t50: S1 ends, F=100: H starts 50-550 (F=20). S2 (25>20) is the head; no
//   25-node job fits until 550.
// t550: H ends: S2..S5 start (4x25). Every 40 s four end and the next four
//   start: Sk (k>=2) starts at 550 + 40*floor((k-2)/4). The stream never
//   delays H past its reservation 50.
std::string F16bInput() {
  std::string s = kHdr + "0,25,40\n10,25,40\n15,80,500\n";
  for (int k = 2; k < 30; ++k) s += std::to_string(10 * k) + ",25,40\n";
  return s;
}
std::string F16bExpected() {
  std::string s = "0:0-40 1:10-50 2:50-550";
  for (int k = 2; k < 30; ++k) {
    const int b = 550 + 40 * ((k - 2) / 4);
    s += " " + std::to_string(k + 1) + ":" + std::to_string(b) + "-" + std::to_string(b + 40);
  }
  return s;
}
TEST(GoldenEasy, F16bStarvationPreventionWide) { ExpectSchedule(F16bInput(), ClassicEasy(), F16bExpected()); }
TEST(GoldenDrEvt, F16bStarvationPreventionWide) { ExpectSchedule(F16bInput(), DrEvtEasy(), F16bExpected()); }

// 17 late_large_priority. J0 (0,30,100), J1 (0,30,100), J2 (10,90,100),
// J3 (20,30,100), J4 (30,10,50). t0: J0, J1 (F=40). t10: J2 blocked,
// S=R=100 (40+60), E=10. t20: J3 30<=40 but 120>100 and 30>E=10 -> waits
// (keeps J2's priority). t30: J3 refused again; J4 10<=40, 80<(=)100 ->
// 30-80. t100: J0, J1 end, F=100: J2 starts (F=10); J3 30>10. t200: J3
// starts 200-300.
const std::string kF17 = kHdr + "0,30,100\n0,30,100\n10,90,100\n20,30,100\n30,10,50\n";
TEST(GoldenEasy, F17LateLargePriority) {
  ExpectSchedule(kF17, ClassicEasy(), "0:0-100 1:0-100 2:100-200 3:200-300 4:30-80");
}
TEST(GoldenDrEvt, F17LateLargePriority) {
  ExpectSchedule(kF17, DrEvtEasy(), "0:0-100 1:0-100 2:100-200 3:200-300 4:30-80");
}

}  // namespace
}  // namespace clustersim::test
