// Hand-computed golden schedules for profile-based conservative backfilling
// with pyss compression (schedulers.md §4; Conservative() preset): each
// arrival is reserved at the earliest t >= now with free(tau) >= n over
// [t, t+q); reservations never move on arrival; an early END compresses the
// waiting jobs in submit order, never later. Notation: job (submit, nodes,
// limit[, actual]); profiles are written [from,to) free.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "test_util.h"

namespace clustersim::test {
namespace {

SimOutcome RunSim(const std::string& csv, const Policy& policy, std::int64_t capacity = 100,
                  Overrun overrun = Overrun::kClip, std::optional<EventTiming> timing = std::nullopt) {
  SimSetup s;
  s.capacity = capacity;
  s.policy = policy;
  s.overrun = overrun;
  s.timing = timing;
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

// dr_evt-compat.md §13.3, profile conservative row. All at t=0, in order:
// J0 (60,50) now [0,50); J1 (20,100) now [0,100). Profile: [0,50) 20,
// [50,100) 80, [100,inf) 100.
// J2 (50,200): t=50 ([50,100) 80, [100,250) 100) -> [50,250).
//   Profile: [0,50) 20, [50,100) 30, [100,250) 50.
// J3 (30,50): t=0 20<30; t=50: [50,100) 30 -> [50,100). [50,100) now 0.
// J4 (15,100): t=0, t=50 fail ([50,100) 0); t=100: [100,200) 50 -> [100,200).
// J5 (10,40): t=0: [0,40) 20 >= 10 -> starts now.
// Row: 0 0 50 50 100 0.
TEST(GoldenConservative, SixJobsProfileConservative) {
  ExpectSchedule(kHdr + "0,60,50\n0,20,100\n0,50,200\n0,30,50\n0,15,100\n0,10,40\n", Conservative(),
                 "0:0-50 1:0-100 2:50-250 3:50-100 4:100-200 5:0-40");
}

// schedulers.md §4 compression toy, C=10. J0 (0,10,100,50) runs from 0.
// J1 (1,10,100,100) reserved [100,200). J2 (2,5,30,30): free 0 until 200 ->
// [200,230). t50: J0 ends early; compress in submit order: J1 -> 50 (starts
// now, occupies [50,150)); J2 -> earliest with J1 in place: 150 (moved from
// 200). t150: J1 ends, J2 150-180.
TEST(GoldenConservative, CompressionToy) {
  SimOutcome o = RunSim(kHdrActual + "0,10,100,50\n1,10,100,100\n2,5,30,30\n", Conservative(), 10);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-50 1:50-150 2:150-180");
  EXPECT_EQ(o.resources,
            Rows({"0,10,0", "0,0,10", "50,10,0", "50,0,10", "150,10,0", "150,5,5", "180,10,0"}));
}

// Compression moves several jobs, C=10. J0 (0,10,100,20) runs [0,100).
// J1 (1,6,100,100): [100,200). J2 (2,4,50,50): [100,150) has 10-6=4 ->
//   [100,150). J3 (3,6,30,30): [100,150) 0, [150,180) 4 < 6 -> [200,230).
// t20: J0 ends early. Compress in submit order:
//   J1: earliest from 20 with J2 [100,150) and J3 [200,230) in place:
//     [20,100) 10, [100,120) 6 -> t=20, starts now.
//   J2: [20,70) free 10-6=4 -> t=20, starts now.
//   J3: [20,70) 0, [70,120) 4, [120,150) 10, ... -> t=120 (moved from 200).
// t70: J2 ends on time. t120: J1 ends on time, J3 120-150.
TEST(GoldenConservative, CompressionMovesEveryWaitingJobEarlier) {
  ExpectSchedule(kHdrActual + "0,10,100,20\n1,6,100,100\n2,4,50,50\n3,6,30,30\n", Conservative(),
                 "0:0-20 1:20-120 2:20-70 3:120-150", 10);
}

// schedulers.md §4's `--conservative rebuild` is not compression, C=10.
// J0 (0,5,100,100) and J4 (0,5,1000,20) run from 0. A (1,10,50,50): free 0
// until 1000 -> [1000,1050). B (2,5,100,100): at 100 J0 has ended, 5 free
// until 1000 -> [100,200). t20: J4 ends early, [20,1000) freed.
// Compress, B still in place: A needs 10 over 50 s: [20,100) 5, [100,200) 5
//   (B), from 200 10 -> A at 200; then B: [20,120) has 5 -> B starts now.
// Rebuild, all cleared, in submit order: A: [20,100) 5, from 100 10 -> A at
//   100; B: [20,120) meets A at 100 -> from 150 -> B at 150, later than its
//   old 100, which compression never does.
TEST(GoldenConservative, RebuildReplansWhereCompressionOnlyMovesEarlier) {
  const std::string csv = kHdrActual + "0,5,100,100\n0,5,1000,20\n1,10,50,50\n2,5,100,100\n";
  ExpectSchedule(csv, Conservative(), "0:0-100 1:0-20 2:200-250 3:20-120", 10);
  Policy rebuild = Conservative();
  rebuild.conservative_rebuild = true;
  ExpectSchedule(csv, rebuild, "0:0-100 1:0-20 2:100-150 3:150-250", 10);
}

// EASY vs conservative. J0 (0,60,100), J1 (0,80,100), J2 (0,90,100),
// J3 (0,20,250), all at t=0.
// Conservative: J0 [0,100); J1 [100,200) (free [0,100) is 40); J2: [100,200)
//   has 20 -> [200,300); J3 (20,250): t=0 fails at [200,250) (10 free),
//   t=100 fails at [200,300), t=200 fails, t=300 -> [300,550).
TEST(GoldenConservative, EasyVsConservativeProtectsSecondJob) {
  ExpectSchedule(kHdr + "0,60,100\n0,80,100\n0,90,100\n0,20,250\n", Conservative(),
                 "0:0-100 1:100-200 2:200-300 3:300-550");
}
// Classic EASY on the same input protects only the head J1: t0: S=100,
//   E=100-80=20; J2 90>40; J3 20<=40, 250>100 but 20<=E -> starts 0-250.
//   t100: J0 ends (F=80): J1 (F=0). t200: J1 ends (F=80): J2 90>80 waits for
//   J3's END at 250: J2 250-350, 50 s later than under conservative.
TEST(GoldenConservative, EasyVsConservativeClassicEasyDelaysSecondJob) {
  ExpectSchedule(kHdr + "0,60,100\n0,80,100\n0,90,100\n0,20,250\n", ClassicEasy(),
                 "0:0-100 1:100-200 2:250-350 3:0-250");
}

// A job may end exactly where a reservation starts. J0 (0,90,100),
// J1 (10,95,100) -> [100,200) (free 5 there). J2 (20,10,80): [20,100) has
// 10 free -> starts now, 20-100 (dr_evt's strict EASY would refuse it).
TEST(GoldenConservative, JobMayEndAtAReservationStart) {
  ExpectSchedule(kHdr + "0,90,100\n10,95,100\n20,10,80\n", Conservative(), "0:0-100 1:100-200 2:20-100");
}

// Reservation in a hole between others, C=10. J0 (0,10,100) runs [0,100).
// J1 (1,5,100) -> [100,200) (5 free there). J2 (2,10,50) -> [200,250).
// J3 (3,5,100): [100,200) has 5 -> [100,200), ahead of J2. J4 (4,5,150):
// [100,200) 0, [200,250) 0 -> [250,400). No early ENDs, so no compression.
TEST(GoldenConservative, ReservesInHoleBeforeEarlierJob) {
  ExpectSchedule(kHdr + "0,10,100\n1,5,100\n2,10,50\n3,5,100\n4,5,150\n", Conservative(),
                 "0:0-100 1:100-200 2:200-250 3:100-200 4:250-400", 10);
}

// §13.2 input (fixture 25) under conservative. J0 (0,70,200,50) [0,200).
// J1 (10,50,300,300): [10,200) has 30 -> [200,500). J2 (20,20,100,100):
// [20,120) has 30 -> starts now. t50: J0 ends early; compress: J1 from 50:
// [50,120) 80, [120,...) 100 -> starts now, 50-350.
TEST(GoldenConservative, EarlyCompletionStartsReservedJob) {
  ExpectSchedule(kHdrActual + "0,70,200,50\n10,50,300,300\n20,20,100,100\n", Conservative(),
                 "0:0-50 1:50-350 2:20-120");
}

// §13.4 input (fixture 33) under conservative. J0 (0,60,50) [0,50).
// t10: J1 (30,100): [10,110) has 40 -> now. J2 (40,50): [10,50) 10 ->
//   [50,100). J3 (35,40): [50,100) 30, so t=100 ([100,110) 70, then 100) ->
//   [100,140). J4 (10,30): [10,40) 10 -> now.
// t45: J5 (15,20): [45,50) 10 < 15; t=50: [50,70) 30 -> [50,70).
// Same schedule as both EASY variants: J3 100-140.
TEST(GoldenConservative, FiveSimultaneousEvents) {
  ExpectSchedule(kHdr + "0,60,50\n10,30,100\n10,40,50\n10,35,40\n10,10,30\n45,15,20\n", Conservative(),
                 "0:0-50 1:10-110 2:50-100 3:100-140 4:10-40 5:50-70");
}

// Fixture 19 input under conservative. J0..J2 (0,33,100) [0,100), free 1.
// J3 (34,50) -> [100,150). J4 (2,10): [0,100) has 1 -> t=100: [100,110) has
// 66 -> [100,110). J5 (1,200): [0,100) 1, [100,110) 64, [110,150) 66,
// [150,200) 100 -> starts now, 0-200.
TEST(GoldenConservative, Fragmentation) {
  ExpectSchedule(kHdr + "0,33,100\n0,33,100\n0,33,100\n0,34,50\n0,2,10\n0,1,200\n", Conservative(),
                 "0:0-100 1:0-100 2:0-100 3:100-150 4:100-110 5:0-200");
}

// Same-time END and arrival: the END (and its compression) comes first,
// C=10. J0 (0,10,100,50); J1 (1,10,100,100) reserved [100,200); at t50 J0
// ends early: compression moves J1 to 50 (starts now, [50,150)); only then
// does J2 (50,5,30,30) arrive: free 0 until 150 -> [150,180).
TEST(GoldenConservative, EndAndCompressionBeforeSameTimeArrival) {
  ExpectSchedule(kHdrActual + "0,10,100,50\n1,10,100,100\n50,5,30,30\n", Conservative(),
                 "0:0-50 1:50-150 2:150-180", 10);
}

// Two early ENDs at one time, C=10. A (0,6,100,30), B (0,4,100,30) run.
// W2 (1,8,50,50): [100,150). W3 (2,2,200,200): [100,150) has 2, later 10 ->
// [100,300). W4 (3,5,40,40): [100,140) 0, [150,190) 8 -> [150,190).
// t30: A and B end early; compress in submit order (free 10 from 30):
//   W2: [30,80) 10 -> starts now. W3: [30,80) 2, [80,150) 10, [150,190) 5,
//   then 10 -> starts now (30-230). W4: [30,80) 0; t=80: [80,120) 8 -> 80.
// (Compressing after each END separately gives the same slots.)
// t80: W2 ends on time, W4 80-120.
TEST(GoldenConservative, TwoEarlyEndsAtOneTime) {
  ExpectSchedule(kHdrActual + "0,6,100,30\n0,4,100,30\n1,8,50,50\n2,2,200,200\n3,5,40,40\n", Conservative(),
                 "0:0-30 1:0-30 2:30-80 3:30-230 4:80-120", 10);
}

// §4 compresses on early termination only. C=10. A (0,5,100,10),
// B (0,5,50,50), W1 (1,10,50,50), W2 (2,5,50,50).
// t1: W1 -> [100,150). t2: W2: [50,100) has 5 -> [50,100).
// t10: A ends early (tail [10,100) released). Compress in submit order:
//   W1 (10 nodes): [10,50) 5, [50,100) 5 (W2 still there) -> stays at 100.
//   W2: [10,60) has 5 -> starts now, 10-60.
// t50 (B) and t60 (W2) are on-time ENDs: no compression, so W1 keeps its
// slot: 100-150. (pyss compresses on every termination, schedulers.md §8
// item 8, and would move W1 to 60 at t50.)
TEST(GoldenConservative, NoCompressionOnOnTimeEnd) {
  ExpectSchedule(kHdrActual + "0,5,100,10\n0,5,50,50\n1,10,50,50\n2,5,50,50\n", Conservative(),
                 "0:0-10 1:0-50 2:100-150 3:10-60", 10);
}

// Overruns (--overrun allow, §4): a job past its planned end holds its units
// a second at a time, and reservations due then are placed again. C=10.
// J0 (0,10,100,150) runs past its limit to 150. J1 (1,5,50,50): free 0
// until 100 -> [100,150). t100: J0 holds [100,101), free(100) = -5: J1 is
// placed again at 101, and so on each second. t120: J2 (120,5,10,10) arrives;
// J1 is moved to 121 first, then J2 fits beside it at [121,131). From t121
// both move a second at a time, in submit order. t150: J0 ends; both start.
TEST(GoldenConservative, OverrunHoldsItsUnitsSecondBySecond) {
  SimOutcome o = RunSim(kHdrActual + "0,10,100,150\n1,5,50,50\n120,5,10,10\n", Conservative(), 10,
                        Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-150 1:150-200 2:150-160");
  EXPECT_EQ(o.resources, Rows({"0,10,0", "0,0,10", "150,10,0", "150,5,5", "150,0,10", "160,5,5", "200,10,0"}));
}

// The due reservations are placed again in submit order, so a later one
// that still fits starts. C=10. J0 (0,4,100,130) overruns to 130; J1
// (0,6,100,100) ends on time. W1 (1,8,50,50) -> [100,150); W2 (2,2,60,60):
// [100,150) has 2 -> [100,160). t100: J0 holds 4 of [100,101): free -4.
// W1 (8) again: [100,101) has 6 -> 101. W2 (2): [100,160) has 2 -> starts
// at 100. W1 moves a second at a time until J0 ends at 130: 130-180. (Under
// --overrun clip J0 is killed at 100 and W1 starts then.)
TEST(GoldenConservative, OverrunReplacesDueJobsInSubmitOrder) {
  const std::string csv = kHdrActual + "0,4,100,130\n0,6,100,100\n1,8,50,50\n2,2,60,60\n";
  SimOutcome o = RunSim(csv, Conservative(), 10, Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-130 1:0-100 2:130-180 3:100-160");
  ExpectSchedule(csv, Conservative(), "0:0-100 1:0-100 2:100-150 3:100-160", 10);
}

// A compression still works around a job that overruns. C=10. J0
// (0,5,100,200) overruns to 200; J1 (0,5,100,10) ends early at 10. W1
// (1,5,100,100): [0,100) 0 -> [100,200). W2 (2,10,50,50) -> [200,250).
// t10: J1 ends early; compress: W1 -> 10 (starts, 10-110); W2: [10,100)
// 0, [100,110) 5 (J0 planned free at 100, W1 till 110) -> [110,160).
// Nothing happens at 100. t110: W1 ends; J0, past its plan, holds
// [110,111): free(110) = -5 -> W2 to 111, and on each second to 200: 200-250.
TEST(GoldenConservative, OverrunAfterACompression) {
  SimOutcome o = RunSim(kHdrActual + "0,5,100,200\n0,5,100,10\n1,5,100,100\n2,10,50,50\n", Conservative(),
                        10, Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-200 1:0-10 2:10-110 3:200-250");
}

// A hold covers its whole second, so a reservation starting inside it
// conflicts too (the review's case: W2 started at 100.5 beside the overrun,
// 15 units on 10). C=10. J0 (0,5,100,200) overruns; J1 (0,5,100.5,100.5);
// W2 (0,10,10,10) -> [100.5,110.5). t100: J3 (100,1,1,1) arrives; J0 holds
// [100,101): [100.5,101) is overfilled, so W2 is placed again: 101. J3: no
// room before W2's end -> [111,112). W2 moves a second at a time until its
// window reaches J3's, then to 112, and on to J0's end: 200-210. J3 starts
// at 111 (4 free under the hold).
TEST(GoldenConservative, OverrunHoldConflictsWithAReservationInsideItsSecond) {
  SimOutcome o = RunSim(kHdrActual + "0,5,100,200\n0,5,100.5,100.5\n0,10,10,10\n100,1,1,1\n", Conservative(), 10,
                        Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-200 1:0-100.5 2:200-210 3:111-112");
}

// An overrunning job's end is an early one (its projected end was the end
// of its held second): the queue is compressed. C=10. J0 (0,6,10,13)
// overruns to 13; J1 (0,4,30,30). W2 (1,6,5,5) -> [10,15). t10-12: W2 is
// held back a second at a time; t11: W3 (11,4,3,3) -> [17,20) (behind W2
// at [12,17)); t12: W2's window now meets W3's -> [20,25). t13: J0 ends;
// compress: W2 cannot pass W3 ([17,18) has 2), W3 moves to 13: 13-16.
// (Without the compression the 6 nodes sat idle 13-17.)
TEST(GoldenConservative, AnOverrunningJobsEndCompresses) {
  SimOutcome o =
      RunSim(kHdrActual + "0,6,10,13\n0,4,30,30\n1,6,5,5\n11,4,3,3\n", Conservative(), 10, Overrun::kAllow);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-13 1:0-30 2:20-25 3:13-16");
}

// Submissions first: an arrival at J0's end renews J0's hold before the
// end is seen, pushing W1 to 21; the end then compresses it back to 20.
// C=10. J0 (0,10,10,20); W1 (5,10,5,5); J2 (20,1,5,5): W1 20-25, J2 25-30,
// as with ends first.
TEST(GoldenConservative, AnOverrunsEndAfterSameTimeArrivalsLosesNoTime) {
  const std::string csv = kHdrActual + "0,10,10,20\n5,10,5,5\n20,1,5,5\n";
  for (const EventOrder order : {EventOrder::kEndsFirst, EventOrder::kSubmitsFirst}) {
    SimOutcome o = RunSim(csv, Conservative(), 10, Overrun::kAllow,
                          EventTiming{order, SchedulePer::kTimestamp, FreeFrom::kActual});
    ASSERT_TRUE(o.status.ok()) << o.status.message();
    EXPECT_EQ(RenderSchedule(o), "0:0-20 1:20-25 2:25-30") << static_cast<int>(order);
  }
}

}  // namespace
}  // namespace clustersim::test
