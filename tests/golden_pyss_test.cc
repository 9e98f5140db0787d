// --compat pyss: pyss's event order (Submission < Termination < Start, a
// scheduler run after every event, EASY run at a submission only if the new
// job fits) against the clean default, on hand-computed cases.

#include <gtest/gtest.h>

#include "test_util.h"

namespace clustersim::test {
namespace {

Policy Pyss(Backfill b = Backfill::kEasy) {
  Policy p;
  p.compat = Compat::kPyss;
  p.backfill = b;
  return p;
}

// C = 10. A (submit 0, 6 units, estimate 100, run 50); H (submit 1, 8 units,
// estimate 100, run 100) blocks behind A; B (submit 50, 4 units, est 30).
constexpr const char* kEarlyEndAndArrival =
    "job_submit_time,num_nodes,time_limit,actual_run_time\n"
    "0,6,100,50\n1,8,100,100\n50,4,30,30\n";

// Clean default at t = 50: A's END first (10 free), then B arrives, then one
// pass: H fits and starts (2 free); B does not fit, and cannot backfill (H's
// shadow is 150, 50 + 30 <= 150 but 4 > 2 free). B starts when H ends at 150.
TEST(GoldenPyss, CleanDefaultEndsBeforeArrivals) {
  SimSetup s;
  s.capacity = 10;
  s.policy = ClassicEasy();
  SimOutcome o = SimulateText(kEarlyEndAndArrival, s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-50 1:50-150 2:150-180");
}

// pyss at t = 50: the Submission of B comes before A's Termination, and A
// still holds 6 units in the estimated-end snapshot (4 free). B fits, so EASY
// runs: H (8) is blocked, its reservation is A's estimated end 100 (E = 2);
// B ends at 80 <= 100 and backfills. Then A's Termination frees 6: H needs 8,
// 6 free; it starts when B ends at 80 and runs to 180.
TEST(GoldenPyss, SubmissionBeforeTerminationLetsTheArrivalBackfill) {
  SimSetup s;
  s.capacity = 10;
  s.policy = Pyss();
  SimOutcome o = SimulateText(kEarlyEndAndArrival, s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-50 1:80-180 2:50-80");
}

// A job ending exactly at its estimate is free in pyss's snapshot when the
// same-time submission is handled. C = 10: A (0, 10 units, est 50, run 50);
// B (50, 10 units, est 10). B starts at 50 in both modes, and the checker
// sees A's END before B's START (A is released before the submission).
TEST(GoldenPyss, OnTimeEndIsFreeForSameTimeSubmission) {
  SimSetup s;
  s.capacity = 10;
  s.policy = Pyss();
  SimOutcome o = SimulateText("job_submit_time,num_nodes,time_limit,actual_run_time\n0,10,50,50\n50,10,10,10\n", s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-50 1:50-60");
  EXPECT_EQ(o.resources, "time,free_nodes,allocated_nodes\n0,10,0\n0,0,10\n50,10,0\n50,0,10\n60,10,0\n");
}

// pyss with FCFS and no backfilling: the head loop runs at every submission;
// nothing jumps a blocked head. C = 10: A (0, 6, est 100, run 50), H (1, 8),
// B (50, 4, est 30): at 50 B's submission finds H blocked (4 free) and waits
// behind it; A's termination frees 6: H starts (2 free); B starts at 150.
TEST(GoldenPyss, FcfsNeverJumpsTheHead) {
  SimSetup s;
  s.capacity = 10;
  s.policy = Pyss(Backfill::kNone);
  SimOutcome o = SimulateText(kEarlyEndAndArrival, s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-50 1:50-150 2:150-180");
}

// pyss conservative at a time with a submission and on-time terminations
// (§8.2: Submission < Termination): the submission is placed first, then
// each termination compresses. C = 10; jobs (submit, units, est, run):
// J0 (0, 6, 40, 40), J1 (0, 4, 200, 10), J2 (1, 10, 50, 50), J3 (2, 4, 30,
// 30), J4 (40, 4, 30, 30). J2 is reserved at 200, J3 at [40, 70). At 10 J1
// ends early; compression visits J2 first (free 4 before 40, 6 in [40, 70)):
// J2 moves to 70; then J3 moves to 10. At 40 J4's submission finds [40, 70)
// all free (J0 and J3 end at their estimates): J4 at 40. The terminations'
// compressions then leave J2 at 70 (4 units short before it). Compressing
// before the submission (as clustersim did) moved J2 to 40 and J4 to 90.
TEST(GoldenPyss, ConservativePlacesSubmissionsBeforeTheTerminationsCompress) {
  SimSetup s;
  s.capacity = 10;
  s.policy = Pyss(Backfill::kConservative);
  SimOutcome o = SimulateText(
      "job_submit_time,num_nodes,time_limit,actual_run_time\n0,6,40,40\n0,4,200,10\n1,10,50,50\n2,4,30,30\n"
      "40,4,30,30\n",
      s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-40 1:0-10 2:70-120 3:10-40 4:40-70");
}

// The same trace with pyss's compression but the clean default's timing
// (ends first, one pass per timestamp, units free from the actual end): at
// 40 J0's and J3's terminations come first and each compresses, so J2
// moves into the free [40, 90) before J4 arrives, and J4 waits for J2: 90.
// (With no compression at an on-time end, J2 stayed at 70 and J4 ran 40-70.)
TEST(GoldenPyss, ConservativeCompressesAtOnTimeEndsUnderTheDefaultTiming) {
  SimSetup s;
  s.capacity = 10;
  s.policy = Pyss(Backfill::kConservative);
  s.timing = EventTiming{};
  SimOutcome o = SimulateText(
      "job_submit_time,num_nodes,time_limit,actual_run_time\n0,6,40,40\n0,4,200,10\n1,10,50,50\n2,4,30,30\n"
      "40,4,30,30\n",
      s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-40 1:0-10 2:40-90 3:10-40 4:90-120");
}

// §8.3: two terminations at one time are two compressions. C = 6; at 155
// J4 and J6 end at their estimates with nothing arriving. J4's pass moves
// J5 (175 -> 165), J7 and J10 (185 -> 175); J9 (6 units, visited before
// J10 moved) fits only in J6's pass, 215 -> 205, and later, when J5 ends
// at 170, at 200. With one pass for both, J9 stayed at 215 until 170 and
// then 210, and J11 took 200. The whole schedule is pyss's as a
// brute-force model of §8 gives it (independent of the engine); the test
// is about the moves at 155.
TEST(GoldenPyss, ConservativeCompressesOncePerTermination) {
  SimSetup s;
  s.capacity = 6;
  s.policy = Pyss(Backfill::kConservative);
  SimOutcome o = SimulateText(
      "job_submit_time,num_nodes,time_limit,actual_run_time\n30,5,30,30\n40,4,20,15\n50,6,30,30\n70,4,40,20\n"
      "90,3,30,30\n100,6,10,10\n110,3,30,30\n130,3,30,30\n140,4,10,5\n140,6,20,20\n150,3,30,30\n160,3,10,10\n",
      s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o),
            "0:30-60 1:60-75 2:75-105 3:105-125 4:125-155 5:160-170 6:125-155 7:170-200 8:155-160 9:200-220 "
            "10:170-200 11:220-230");
}

}  // namespace
}  // namespace clustersim::test
