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

}  // namespace
}  // namespace clustersim::test
