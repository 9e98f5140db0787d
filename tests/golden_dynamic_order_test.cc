// Hand-computed golden schedules for the dynamic orderings WFP3 and UNICEP
// (schedulers.md §7): the queue is re-ranked at every decision from the wait
// so far, so which of two waiting jobs goes first depends on *when* the
// machine frees up. Notation: job (submit, nodes, limit); keys as in
// sched/priority.h, lower = first: wfp3 -(w/r)^3 n, unicep -w/(log2(max(n,2)) r).

#include <string>

#include <gtest/gtest.h>

#include "test_util.h"

namespace clustersim::test {
namespace {

std::string Schedule(const std::string& csv, Ordering ordering, Backfill backfill, std::int64_t capacity) {
  SimSetup s;
  s.capacity = capacity;
  s.policy = NoBackfill();
  s.policy.ordering = ordering;
  s.policy.backfill = backfill;
  s.run_time.mode = RunTimeMode::kLimit;
  SimOutcome o = SimulateText(csv, s);
  EXPECT_TRUE(o.status.ok()) << o.status.message() << "\n" << o.diagnostics;
  return RenderSchedule(o);
}

const std::string kHdr = "job_submit_time,num_nodes,time_limit\n";

// One node. J0 (0,1,L) runs from 0; A = J1 (0,1,100) and B = J2 (50,1,10)
// wait for it. With L = 50 the decision is at t=50: A has waited 50 of 100
// (wfp3 -(0.5)^3 = -0.125, unicep -0.5), B has just arrived (key 0): A
// first, A 50-150, B 150-160. With L = 60: A -(0.6)^3 = -0.216 / -0.6, B
// -(10/10)^3 = -1 / -1: B first, B 60-70, A 70-170. FCFS would run A first
// in both.
TEST(GoldenDynamicOrder, WhoGoesFirstDependsOnWhenTheMachineFrees) {
  const std::string ends_at_50 = kHdr + "0,1,50\n0,1,100\n50,1,10\n";
  const std::string ends_at_60 = kHdr + "0,1,60\n0,1,100\n50,1,10\n";
  for (Ordering o : {Ordering::kWfp3, Ordering::kUnicep}) {
    EXPECT_EQ(Schedule(ends_at_50, o, Backfill::kNone, 1), "0:0-50 1:50-150 2:150-160");
    EXPECT_EQ(Schedule(ends_at_60, o, Backfill::kNone, 1), "0:0-60 1:70-170 2:60-70");
  }
  EXPECT_EQ(Schedule(ends_at_60, Ordering::kFcfs, Backfill::kNone, 1), "0:0-60 1:60-160 2:160-170");
}

// Ten nodes, the ranking decides who is the EASY head. J0 (0,10,100) fills
// the machine; J1 (1,6,1000) and J2 (50,6,10) wait. At t=100: J1 w=99,
// r=1000: wfp3 -(0.099)^3*6 = -0.0058; J2 w=50, r=10: -(5)^3*6 = -750. J2 is
// the head and starts (F=4); J1 (6 > 4) waits until J2 ends at 110. J3
// (100,4,5) arrives at 100 with key 0 and backfills into the 4 free nodes
// (100+5 <= 110). FCFS+EASY instead starts J1 at 100 (F=4), J3 backfills
// (J1's shadow is 1100), and J2 waits until 1100.
TEST(GoldenDynamicOrder, RankingPicksTheEasyHead) {
  const std::string csv = kHdr + "0,10,100\n1,6,1000\n50,6,10\n100,4,5\n";
  EXPECT_EQ(Schedule(csv, Ordering::kWfp3, Backfill::kEasy, 10), "0:0-100 1:110-1110 2:100-110 3:100-105");
  EXPECT_EQ(Schedule(csv, Ordering::kFcfs, Backfill::kEasy, 10), "0:0-100 1:100-1100 2:1100-1110 3:100-105");
}

}  // namespace
}  // namespace clustersim::test
