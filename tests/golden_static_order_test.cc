// Hand-computed golden schedules for schedulers.md §6's static orders
// (smallest-first, largest-first, SAF) as strict priority lists, and §7's
// F2-F4 keys. Notation: job (submit, nodes, limit); C = 10 nodes.

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "sched/priority.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

std::string Schedule(const std::string& csv, Ordering ordering) {
  SimSetup s;
  s.capacity = 10;
  s.policy = NoBackfill();
  s.policy.ordering = ordering;
  s.run_time.mode = RunTimeMode::kLimit;
  SimOutcome o = SimulateText(csv, s);
  EXPECT_TRUE(o.status.ok()) << o.status.message() << "\n" << o.diagnostics;
  return RenderSchedule(o);
}

// J0 (0, 10, 10) holds the machine; at 1 A (6 nodes, 30 s, area 180), B (2,
// 50, 100) and C (4, 100, 400) arrive and wait for 10.
// smallest: B 10-60 (8 free), C 10-110 (4 free); A (6) waits for B: 60-90.
// largest: A 10-40, C 10-110 (0 free); B waits for A: 40-90.
// SAF: B 10-60, A 10-40 (2 free); C (4) waits for A: 40-140.
TEST(GoldenStaticOrder, SmallestLargestAndSmallestAreaFirst) {
  const std::string csv = "job_submit_time,num_nodes,time_limit\n0,10,10\n1,6,30\n1,2,50\n1,4,100\n";
  EXPECT_EQ(Schedule(csv, Ordering::kSmallest), "0:0-10 1:60-90 2:10-60 3:10-110");
  EXPECT_EQ(Schedule(csv, Ordering::kLargest), "0:0-10 1:10-40 2:40-90 3:10-110");
  EXPECT_EQ(Schedule(csv, Ordering::kSaf), "0:0-10 1:10-40 2:10-60 3:40-140");
}

// §7's learned functions, by hand for a job submitted at 10 s asking for 4
// nodes for 100 s: F2 = sqrt(100)*4 + 25600*log10(10) = 25640; F3 =
// 100*4 + 6,860,000 = 6,860,400; F4 = 100*sqrt(4) + 530,000 = 530,200.
TEST(GoldenStaticOrder, LearnedFunctionsF2ToF4) {
  Job j;
  j.submit = 10 * kTicksPerSecond;
  j.units = 4;
  const SimTime q = 100 * kTicksPerSecond;
  EXPECT_DOUBLE_EQ(PriorityKey(Ordering::kF2, j, q, 0), 25640);
  EXPECT_DOUBLE_EQ(PriorityKey(Ordering::kF3, j, q, 0), 6860400);
  EXPECT_DOUBLE_EQ(PriorityKey(Ordering::kF4, j, q, 0), 530200);
  // A negative submit (kept by --swf-policy rlscheduler) makes log10 NaN:
  // the key is +inf, ordered last, never a NaN that breaks the sort.
  j.submit = -5 * kTicksPerSecond;
  EXPECT_TRUE(std::isinf(PriorityKey(Ordering::kF3, j, q, 0)));
}

}  // namespace
}  // namespace clustersim::test
