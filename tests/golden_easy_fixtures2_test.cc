// Hand-computed golden schedules for the scenarios of dr_evt's scheduler
// fixtures 18-34 (dr_evt-compat.md §12.2), 100 nodes, FCFS + EASY, each under
// ClassicEasy() and DrEvtEasy(). Notation as in golden_easy_fixtures1_test.cc:
// job (submit, nodes, limit[, actual]); F = free nodes; S/E = classic shadow
// and extra nodes; R = dr_evt reservation. Expected values derived by hand
// from schedulers.md §1-§3 and dr_evt-compat.md §6/§8.1.

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

// 18 backfill_no_starvation: continuous backfilling never delays the head.
// J0 (0,50,100), J1 (0,100,100), J2 (0,50,40), J3 (40,50,40), J4 (80,50,40),
// J5 (80,20,10), J6 (95,50,5).
// t0: J0 (F=50); J1 blocked, S=R=100 (50+50), E=0. J2 50<=50, 40<=100 -> F=0.
// t40: J2 ends (F=50); J3 80<=100 -> 40-80 (F=0).
// t80: J3 ends (F=50); J4 120>100, 50>E=0 -> refused; J5 90<=100 -> 80-90.
// t90: J5 ends (F=50); J4 refused (130>100).
// t95: J4 refused; J6 50<=50, 95+5=100:
//   classic 100<=100 -> starts 95-100 (F=0); dr_evt 100<100 false -> refused.
// t100: classic: J0 and J6 end (F=100): J1 starts 100-200; t200: J4 200-240.
//   dr_evt: J0 ends (F=100): J1 starts; t200: J4 (F=50), J6 (F=0) start.
// Either way J1 starts at its reservation 100.
const std::string kF18 =
    kHdr + "0,50,100\n0,100,100\n0,50,40\n40,50,40\n80,50,40\n80,20,10\n95,50,5\n";
TEST(GoldenEasy, F18BackfillNoStarvation) {
  ExpectSchedule(kF18, ClassicEasy(), "0:0-100 1:100-200 2:0-40 3:40-80 4:200-240 5:80-90 6:95-100");
}
TEST(GoldenDrEvt, F18BackfillNoStarvation) {
  ExpectSchedule(kF18, DrEvtEasy(), "0:0-100 1:100-200 2:0-40 3:40-80 4:200-240 5:80-90 6:200-205");
}

// 19 resource_fragmentation. J0..J2 (0,33,100), J3 (0,34,50), J4 (0,2,10),
// J5 (0,1,200). t0: J0..J2 use 99, F=1. J3 blocked: walk F=1, J0@100 -> 34>=34
// so S=100; the tie rule adds J1, J2 (also @100): avail 100, E=66.
// J4 2>1 cannot start. J5 1<=1, 200>100:
//   classic 1<=E=66 -> starts 0-200 (F=0). t100: three ENDs, F=99: J3 starts
//     (F=65), J4 starts 100-110.
//   dr_evt no extra rule -> refused. t100: F=100: J3, J4, J5 start by cascade.
const std::string kF19 = kHdr + "0,33,100\n0,33,100\n0,33,100\n0,34,50\n0,2,10\n0,1,200\n";
TEST(GoldenEasy, F19ResourceFragmentation) {
  ExpectSchedule(kF19, ClassicEasy(), "0:0-100 1:0-100 2:0-100 3:100-150 4:100-110 5:0-200");
}
TEST(GoldenDrEvt, F19ResourceFragmentation) {
  ExpectSchedule(kF19, DrEvtEasy(), "0:0-100 1:0-100 2:0-100 3:100-150 4:100-110 5:100-300");
}

// 20 fragmentation_recovery. J0 (0,45,100), J1 (0,45,100), J2 (0,60,100),
// J3 (0,5,50), J4 (0,5,60), J5 (0,5,30). t0: J0, J1 (F=10); J2 blocked,
// S=R=100 (10+90), E=40; J3 50<=100 -> F=5; J4 60<=100 -> F=0; scan stops.
// t50: J3 ends (F=5): J5 5<=5, 80<(=)100 -> 50-80. t100: J0, J1 end: J2 starts.
const std::string kF20 = kHdr + "0,45,100\n0,45,100\n0,60,100\n0,5,50\n0,5,60\n0,5,30\n";
TEST(GoldenEasy, F20FragmentationRecovery) {
  ExpectSchedule(kF20, ClassicEasy(), "0:0-100 1:0-100 2:100-200 3:0-50 4:0-60 5:50-80");
}
TEST(GoldenDrEvt, F20FragmentationRecovery) {
  ExpectSchedule(kF20, DrEvtEasy(), "0:0-100 1:0-100 2:100-200 3:0-50 4:0-60 5:50-80");
}

// 21 sustained_high_load (50 jobs): pairs k=0..24 submitted at 10k,
// A_k (60 nodes, 100 s) then B_k (40 nodes, 50 s); ids A_k=2k, B_k=2k+1.
// Classic: t0: A0, B0 start (F=0). t50: B0 ends (F=40); head A1 blocked,
//   S=100 (A0: 40+60), E=40; B1 50+50=100<=100 -> 50-100 (F=0).
//   t=100k (k>=1): A_{k-1} and B_{2k-1} end (F=100); A_k starts (F=40);
//   A_{k+1} blocked, S=100k+100, E=40; the first waiting B is B_{2k}:
//   [100k,100k+50); at 100k+50 B_{2k+1} ends exactly at S (<=) -> starts.
//   So B_j runs [50j, 50j+50) (the machine is full 0..1250) and A_k runs
//   [100k, 100k+100); after B24 (1200-1250) the A's run alone.
// dr_evt: at 100k+50 the second B would end at R=100k+100, not < R ->
//   refused; so A_k and B_k both start at 100k (B_k backfilled 150<200 etc.).
//   Arrivals while F=40 (t in (100k+50,100k+100)) only bring 50 s B's that
//   would end after R, so nothing else starts.
std::string F21Input() {
  std::string s = kHdr;
  for (int k = 0; k < 25; ++k) s += std::to_string(10 * k) + ",60,100\n" + std::to_string(10 * k) + ",40,50\n";
  return s;
}
std::string F21Expected(bool classic) {
  std::string s;
  for (int k = 0; k < 25; ++k) {
    const int a = 100 * k;
    const int b = classic ? 50 * k : 100 * k;
    if (k) s += " ";
    s += std::to_string(2 * k) + ":" + std::to_string(a) + "-" + std::to_string(a + 100) + " " +
         std::to_string(2 * k + 1) + ":" + std::to_string(b) + "-" + std::to_string(b + 50);
  }
  return s;
}
TEST(GoldenEasy, F21SustainedHighLoad) { ExpectSchedule(F21Input(), ClassicEasy(), F21Expected(true)); }
TEST(GoldenDrEvt, F21SustainedHighLoad) { ExpectSchedule(F21Input(), DrEvtEasy(), F21Expected(false)); }

// 22 bursty_load: bursts at t=200b (b=0..3), each X (40,100), Y (40,100),
// Z (40,50), W (10,60); ids 4b..4b+3. The previous burst is done by
// 200(b-1)+150. At t: X, Y start (F=20); Z 40>20 blocked, S=R=t+100 (X and Y
// both end then: 20+80=100), E=60; W 10<=20, t+60<(=)t+100 -> [t,t+60).
// t+100: X, Y end: Z starts [t+100,t+150).
std::string F22Input() {
  std::string s = kHdr;
  for (int b = 0; b < 4; ++b) {
    const std::string t = std::to_string(200 * b);
    s += t + ",40,100\n" + t + ",40,100\n" + t + ",40,50\n" + t + ",10,60\n";
  }
  return s;
}
std::string F22Expected() {
  std::string s;
  auto span = [](int id, int b, int e) {
    return std::to_string(id) + ":" + std::to_string(b) + "-" + std::to_string(e);
  };
  for (int b = 0; b < 4; ++b) {
    const int t = 200 * b;
    if (b) s += " ";
    s += span(4 * b, t, t + 100) + " " + span(4 * b + 1, t, t + 100) + " " + span(4 * b + 2, t + 100, t + 150) +
         " " + span(4 * b + 3, t, t + 60);
  }
  return s;
}
TEST(GoldenEasy, F22BurstyLoad) { ExpectSchedule(F22Input(), ClassicEasy(), F22Expected()); }
TEST(GoldenDrEvt, F22BurstyLoad) { ExpectSchedule(F22Input(), DrEvtEasy(), F22Expected()); }

// 23 mixed_load. J0 (0,80,100), J1 (0,10,30), J2 (0,10,200), J3 (5,50,100),
// J4 (10,20,40), J5 (15,5,60), J6 (50,90,50), J7 (60,10,20).
// t0: J0, J1, J2 start (F=0). t5: J3 blocked: walk F=0, J1@30 -> 10,
//   J0@100 -> 90>=50: S=R=100, E=40. t10, t15: J4, J5 do not fit.
// t30: J1 ends (F=10): J4 20>10; J5 5<=10, 90<(=)100 -> 30-90 (F=5).
// t50, t60: J6, J7 do not fit (F=5). t90: J5 ends (F=10); S=R=100, E=40.
//   classic: J7 10<=10, 110>100 but 10<=E=40 -> 90-110 (F=0).
//   dr_evt: J7 refused (110>=100).
// t100: J0 ends.
//   classic: F=80: J3 (F=30), J4 (F=10) start; J6 90>10 blocked, no other
//     candidate. J7@110, J4@140, J2+J3@200 -> F=100: J6 starts 200-250.
//   dr_evt: F=90: J3 (F=40), J4 (F=20); J6 blocked, R: J4@140 -> 40,
//     J2+J3@200 -> 100: R=200; J7 10<=20, 120<200 -> 100-120. t200: J6.
const std::string kF23 =
    kHdr + "0,80,100\n0,10,30\n0,10,200\n5,50,100\n10,20,40\n15,5,60\n50,90,50\n60,10,20\n";
TEST(GoldenEasy, F23MixedLoad) {
  ExpectSchedule(kF23, ClassicEasy(), "0:0-100 1:0-30 2:0-200 3:100-200 4:100-140 5:30-90 6:200-250 7:90-110");
}
TEST(GoldenDrEvt, F23MixedLoad) {
  ExpectSchedule(kF23, DrEvtEasy(), "0:0-100 1:0-30 2:0-200 3:100-200 4:100-140 5:30-90 6:200-250 7:100-120");
}

// 24 multiple_running_jobs: the reservation needs three ENDs.
// J0 (0,30,50), J1 (0,30,100), J2 (0,30,150), J3 (10,80,100), J4 (20,10,120),
// J5 (60,25,80). t0: F=10. t10: J3 blocked: walk 10, @50 -> 40, @100 -> 70,
// @150 -> 100>=80: S=R=150, E=20. t20: J4 10<=10, 140<150 -> 20-140 (F=0).
// t50: J0 ends (F=30). t60: J5 25<=30, 140<150 -> 60-140 (F=5).
// t100: J1 ends. t140: J4, J5 end. t150: J2 ends, F=100: J3 150-250.
const std::string kF24 = kHdr + "0,30,50\n0,30,100\n0,30,150\n10,80,100\n20,10,120\n60,25,80\n";
TEST(GoldenEasy, F24MultipleRunningJobs) {
  ExpectSchedule(kF24, ClassicEasy(), "0:0-50 1:0-100 2:0-150 3:150-250 4:20-140 5:60-140");
}
TEST(GoldenDrEvt, F24MultipleRunningJobs) {
  ExpectSchedule(kF24, DrEvtEasy(), "0:0-50 1:0-100 2:0-150 3:150-250 4:20-140 5:60-140");
}

// 25 early_completion_basic (= §13.2). J0 (0,70,200,50), J1 (10,50,300,300),
// J2 (20,20,100,100). t10: S=R=200 from J0's limit. t20: J2 120<200 -> 20-120.
// t50: J0 ends early, F=80: J1 starts 50-350.
const std::string kF25 = kHdrActual + "0,70,200,50\n10,50,300,300\n20,20,100,100\n";
TEST(GoldenEasy, F25EarlyCompletionBasic) { ExpectSchedule(kF25, ClassicEasy(), "0:0-50 1:50-350 2:20-120"); }
TEST(GoldenDrEvt, F25EarlyCompletionBasic) { ExpectSchedule(kF25, DrEvtEasy(), "0:0-50 1:50-350 2:20-120"); }

// 26 early_completion_cascading. J0 (0,100,100,10), J1 (1,100,100,20),
// J2 (2,100,100,30), J3 (3,100,100,100), J4 (4,50,20,20). Each early END
// frees the whole machine and starts the next head: J0 0-10, J1 10-30,
// J2 30-60, J3 60-160; J4 never fits before (F=0), starts 160-180.
const std::string kF26 = kHdrActual + "0,100,100,10\n1,100,100,20\n2,100,100,30\n3,100,100,100\n4,50,20,20\n";
TEST(GoldenEasy, F26EarlyCompletionCascading) {
  ExpectSchedule(kF26, ClassicEasy(), "0:0-10 1:10-30 2:30-60 3:60-160 4:160-180");
}
TEST(GoldenDrEvt, F26EarlyCompletionCascading) {
  ExpectSchedule(kF26, DrEvtEasy(), "0:0-10 1:10-30 2:30-60 3:60-160 4:160-180");
}

// 27 early_vs_late_completion. J0 (0,50,100,100), J1 (0,50,100,40),
// J2 (10,60,100,100), J3 (20,40,50,50). t10: J2 blocked, S=R=100 (both
// projected ends 100), E=40. t20: J3 40>0. t40: J1 ends early (F=50); J2
// 60>50; S=R=100 (J0 still projected at 100); J3 40<=50, 90<100 -> 40-90.
// t90: J3 ends. t100: J0 ends at its limit, F=100: J2 starts 100-200.
const std::string kF27 = kHdrActual + "0,50,100,100\n0,50,100,40\n10,60,100,100\n20,40,50,50\n";
TEST(GoldenEasy, F27EarlyVsLateCompletion) {
  ExpectSchedule(kF27, ClassicEasy(), "0:0-100 1:0-40 2:100-200 3:40-90");
}
TEST(GoldenDrEvt, F27EarlyVsLateCompletion) {
  ExpectSchedule(kF27, DrEvtEasy(), "0:0-100 1:0-40 2:100-200 3:40-90");
}

// 28 simultaneous_completions_backfill. J0..J2 (0,30,100), J3 (10,50,200),
// J4 (10,60,100), J5 (10,20,50), J6 (10,30,100). t10: F=10, nothing fits.
// t100: three ENDs (rows free 40, 70, 100), then J3 starts (F=50); J4 60>50
// blocked: S=R=300 (J3's end: 50+50), E=40; J5 150<300 -> F=30; J6 200<300
// -> F=0. Six rows at t=100. t150 J5 ends, t200 J6 ends (F=50 < 60).
// t300: J3 ends, J4 starts 300-400.
const std::string kF28 =
    kHdr + "0,30,100\n0,30,100\n0,30,100\n10,50,200\n10,60,100\n10,20,50\n10,30,100\n";
const std::vector<std::string_view> kF28Rows = {
    "0,100,0",   "0,70,30",   "0,40,60",   "0,10,90",   "100,40,60", "100,70,30", "100,100,0", "100,50,50",
    "100,30,70", "100,0,100", "150,20,80", "200,50,50", "300,100,0", "300,40,60", "400,100,0"};
TEST(GoldenEasy, F28SimultaneousCompletionsBackfill) {
  ExpectScheduleAndResources(kF28, ClassicEasy(), "0:0-100 1:0-100 2:0-100 3:100-300 4:300-400 5:100-150 6:100-200",
                             kF28Rows);
}
TEST(GoldenDrEvt, F28SimultaneousCompletionsBackfill) {
  ExpectScheduleAndResources(kF28, DrEvtEasy(), "0:0-100 1:0-100 2:0-100 3:100-300 4:300-400 5:100-150 6:100-200",
                             kF28Rows);
}

// 29 large_completion_multiple_backfills. J0 (0,90,100), J1 (10,60,100),
// J2 (10,50,200), J3 (10,30,50), J4 (10,10,20). t10: J1 blocked, S=R=100,
// E=40; J2, J3 do not fit (F=10); J4 30<100 -> 10-30. t30: J4 ends (F=10).
// t100: one END (F=100): J1 starts (F=40); the head is now J2 (50>40), S=R
// recomputed = 200 (J1: 40+60); J3 30<=40, 150<200 -> 100-150. t200: J2.
const std::string kF29 = kHdr + "0,90,100\n10,60,100\n10,50,200\n10,30,50\n10,10,20\n";
TEST(GoldenEasy, F29LargeCompletionMultipleBackfills) {
  ExpectSchedule(kF29, ClassicEasy(), "0:0-100 1:100-200 2:200-400 3:100-150 4:10-30");
}
TEST(GoldenDrEvt, F29LargeCompletionMultipleBackfills) {
  ExpectSchedule(kF29, DrEvtEasy(), "0:0-100 1:100-200 2:200-400 3:100-150 4:10-30");
}

// 30 fcfs_blocked_backfill_past. J0 (0,100,100), J1 (10,50,100),
// J2 (10,50,80), J3 (20,10,50). Nothing fits while J0 runs (F=0).
// t100: END, then two cascaded head starts: J1 (F=50), J2 (F=0); J3 blocked
// (S=R=180, J2's end). t180: J2 ends (F=50): J3 180-230.
const std::string kF30 = kHdr + "0,100,100\n10,50,100\n10,50,80\n20,10,50\n";
TEST(GoldenEasy, F30FcfsBlockedBackfillPast) {
  ExpectSchedule(kF30, ClassicEasy(), "0:0-100 1:100-200 2:100-180 3:180-230");
}
TEST(GoldenDrEvt, F30FcfsBlockedBackfillPast) {
  ExpectSchedule(kF30, DrEvtEasy(), "0:0-100 1:100-200 2:100-180 3:180-230");
}

// 31 completion_arrival_with_queue. J0 (0,60,100), J1 (10,70,100),
// J2 (100,30,50), J3 (100,30,100). t10: J1 waits. t100: J0's END, then the
// arrivals of J2, J3, then one pass: the older J1 starts first (F=30), J2
// 30<=30 (F=0), J3 blocked (S=R=150). t150: J3 150-250.
const std::string kF31 = kHdr + "0,60,100\n10,70,100\n100,30,50\n100,30,100\n";
const std::vector<std::string_view> kF31Rows = {
    "0,100,0", "0,40,60", "100,100,0", "100,30,70", "100,0,100", "150,30,70", "150,0,100", "200,70,30", "250,100,0"};
TEST(GoldenEasy, F31CompletionArrivalWithQueue) {
  ExpectScheduleAndResources(kF31, ClassicEasy(), "0:0-100 1:100-200 2:100-150 3:150-250", kF31Rows);
}
TEST(GoldenDrEvt, F31CompletionArrivalWithQueue) {
  ExpectScheduleAndResources(kF31, DrEvtEasy(), "0:0-100 1:100-200 2:100-150 3:150-250", kF31Rows);
}

// 32 simultaneous_backfill_with_reservation. J0 (0,50,100), J1 (0,70,100),
// J2 (0,20,50), J3 (0,20,80), J4 (0,20,40). t0: J0 (F=50); J1 blocked,
// S=R=100, E=30; J2 50<100 (F=30); J3 80<100 (F=10); J4 20>10.
// t50: J2 ends (F=30): J4 90<100 -> 50-90 (F=10). t80: J3 ends. t90: J4 ends.
// t100: J0 ends: J1 100-200.
const std::string kF32 = kHdr + "0,50,100\n0,70,100\n0,20,50\n0,20,80\n0,20,40\n";
const std::vector<std::string_view> kF32Rows = {
    "0,100,0", "0,50,50", "0,30,70", "0,10,90", "50,30,70", "50,10,90",
    "80,30,70", "90,50,50", "100,100,0", "100,30,70", "200,100,0"};
TEST(GoldenEasy, F32SimultaneousBackfillWithReservation) {
  ExpectScheduleAndResources(kF32, ClassicEasy(), "0:0-100 1:100-200 2:0-50 3:0-80 4:50-90", kF32Rows);
}
TEST(GoldenDrEvt, F32SimultaneousBackfillWithReservation) {
  ExpectScheduleAndResources(kF32, DrEvtEasy(), "0:0-100 1:100-200 2:0-50 3:0-80 4:50-90", kF32Rows);
}

// 33 five_simultaneous_events (= §13.4). J0 (0,60,50), J1 (10,30,100),
// J2 (10,40,50), J3 (10,35,40), J4 (10,10,30), J5 (45,15,20).
// t10: J1 starts (F=10); J2 blocked, S=R=50 (10+60=70>=40), E=30; J3 35>10;
//   J4 40<50 -> 10-40 (F=0). t40: J4 ends (F=10). t45: J5 15>10.
// t50: J0's END (F=70), J2 starts (F=30), J3 35>30 blocked: walk J2@100 ->
//   70>=35, S=R=100; J5 15<=30, 70<100 -> 50-70 (F=15). t100: J2 ends
//   (F=70): J3 100-140 (not 110).
const std::string kF33 = kHdr + "0,60,50\n10,30,100\n10,40,50\n10,35,40\n10,10,30\n45,15,20\n";
const std::vector<std::string_view> kF33Rows = {
    "0,100,0",  "0,40,60",   "10,10,90",  "10,0,100",  "40,10,90",   "50,70,30",  "50,30,70",
    "50,15,85", "70,30,70",  "100,70,30", "100,35,65", "110,65,35",  "140,100,0"};
TEST(GoldenEasy, F33FiveSimultaneousEvents) {
  ExpectScheduleAndResources(kF33, ClassicEasy(), "0:0-50 1:10-110 2:50-100 3:100-140 4:10-40 5:50-70", kF33Rows);
}
TEST(GoldenDrEvt, F33FiveSimultaneousEvents) {
  ExpectScheduleAndResources(kF33, DrEvtEasy(), "0:0-50 1:10-110 2:50-100 3:100-140 4:10-40 5:50-70", kF33Rows);
}

// 34 backfill_overallocation. J0 (0,70,100), J1 (10,80,100), J2 (10,30,60),
// J3 (10,30,60). t10: J1 blocked, S=R=100 (30+70), E=20; J2 30<=30, 70<100
// -> starts (F=0); J3 30>0: only one of the two starts. t70: J2 ends (F=30);
// J3 fits now but 130>100 and 30>E=20 -> refused. t100: J0 ends: J1 starts
// (F=20); J3 30>20 (S=R=200). t200: J3 200-260.
const std::string kF34 = kHdr + "0,70,100\n10,80,100\n10,30,60\n10,30,60\n";
TEST(GoldenEasy, F34BackfillOverallocation) {
  ExpectSchedule(kF34, ClassicEasy(), "0:0-100 1:100-200 2:10-70 3:200-260");
}
TEST(GoldenDrEvt, F34BackfillOverallocation) {
  ExpectSchedule(kF34, DrEvtEasy(), "0:0-100 1:100-200 2:10-70 3:200-260");
}

}  // namespace
}  // namespace clustersim::test
