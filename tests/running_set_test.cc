// RunningSet, the release map of EASY: units by projected end time, walked
// in time order for the shadow. Hand-computed cases.

#include "sched/running_set.h"

#include <gtest/gtest.h>

namespace clustersim {
namespace {

TEST(RunningSet, SameEndTimesAggregateAndRemoveIndependently) {
  RunningSet r;
  r.Add(100, 2);
  r.Add(50, 3);
  r.Add(100, 1);
  EXPECT_EQ(r.earliest_end(), 50);
  // 0 free, 4 needed: 3 at 50, then both jobs ending at 100 (3 units) at once.
  Shadow s = r.ClassicShadow(0, 0, 4);
  EXPECT_EQ(s.time, 100);
  EXPECT_EQ(s.extra, 2);
  r.Remove(100, 2);
  s = r.ClassicShadow(0, 0, 4);
  EXPECT_EQ(s.time, 100);
  EXPECT_EQ(s.extra, 0);
  r.Remove(50, 3);
  EXPECT_EQ(r.earliest_end(), 100);
  r.Remove(100, 1);
  EXPECT_TRUE(r.empty());
  EXPECT_EQ(r.earliest_end(), kTimeInfinity);
}

TEST(RunningSet, OverrunningJobsCollapseOntoTheNextTick) {
  RunningSet r;
  r.Add(10, 1);  // projected to end before now: taken to end at now + 1
  r.Add(20, 1);
  r.Add(80, 5);
  const Shadow s = r.ClassicShadow(30, 0, 2);
  EXPECT_EQ(s.time, 31);
  EXPECT_EQ(s.extra, 0);
  EXPECT_EQ(r.ClassicShadow(30, 0, 7).time, 80);
  EXPECT_EQ(r.ClassicShadow(30, 0, 8).time, kTimeInfinity);  // never enough
  EXPECT_EQ(r.ClassicShadow(30, 2, 2).time, 30);             // fits now
}

TEST(RunningSet, DrEvtIgnoresEndsAtOrBeforeNow) {
  RunningSet r;
  r.Add(50, 1);
  r.Add(100, 2);
  EXPECT_EQ(r.DrEvtReservation(50, 0, 1), 100);  // the end at 50 is ignored
  EXPECT_EQ(r.DrEvtReservation(49, 0, 1), 50);
  EXPECT_EQ(r.DrEvtReservation(50, 0, 3), 50);   // never enough: now
  EXPECT_EQ(r.DrEvtReservation(50, 1, 1), 50);   // fits now
}

}  // namespace
}  // namespace clustersim

namespace clustersim {
namespace {

// Found by fuzzing (fuzz/corpus/csv_reader/regress_zero_units.csv): jobs of
// zero units ending at the same time as a real job, and one a tick later.
// Removing them used to erase the later job's entry, then erase end().
TEST(RunningSet, ZeroUnitJobsHoldNoEntry) {
  RunningSet r;
  r.Add(100, 4);
  r.Add(100, 0);
  r.Add(100, 0);
  r.Add(101, 0);
  r.Add(101, 2);
  r.Remove(100, 4);
  r.Remove(100, 0);
  r.Remove(100, 0);
  r.Remove(101, 0);
  EXPECT_EQ(r.earliest_end(), 101);
  EXPECT_EQ(r.ClassicShadow(0, 0, 2).time, 101);
  r.Remove(101, 2);
  EXPECT_TRUE(r.empty());
}

}  // namespace
}  // namespace clustersim
