// --backfill-order: EASY with its candidates tried in another order than the
// queue's (EASY-SJBF and the static keys of schedulers.md §5-6), on a
// hand-computed case under the clean engine and pyss's, and properties
// that any correct reordering keeps.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

// C = 10. J0 (0, 6 units, q 10) and J1 (0, 4 units, q 100) fill the machine.
// H (1, 8 units, q 50) blocks; B1 (2, 4 units, q 90) and B2 (3, 4 units,
// q 20) cannot start while the machine is full. At t = 10 J0 ends: 6 free;
// H's shadow is 100 (J1's end), E = 10 - 8 = 2.
//   queue order: B1 first (4 <= 6, 10 + 90 <= 100) starts, 2 free, B2 waits;
//     at 100 H starts (2 free), B2 waits for H's end: 150-170.
//   sjf (EASY-SJBF): B2 first (10 + 20 <= 100) starts, 2 free, B1 waits; at
//     30 B2 ends, B1 is still refused (30 + 90 > 100 and 4 > E = 2); H at
//     100, B1 after H: 150-240.
constexpr const char* kTwoCandidates =
    "job_submit_time,num_nodes,time_limit,actual_run_time\n"
    "0,6,10,10\n0,4,100,100\n1,8,50,50\n2,4,90,90\n3,4,20,20\n";

std::string Schedule(const char* trace, Compat compat, BackfillOrderKey order) {
  SimSetup s;
  s.capacity = 10;
  s.policy = ClassicEasy();
  s.policy.compat = compat;
  s.policy.backfill_order = order;
  const SimOutcome o = SimulateText(trace, s);
  EXPECT_TRUE(o.status.ok()) << o.status.message();
  return RenderSchedule(o);
}

TEST(GoldenBackfillOrder, SjbfTriesTheShortestCandidateFirst) {
  for (Compat c : {Compat::kNone, Compat::kPyss}) {
    SCOPED_TRACE(CompatName(c));
    EXPECT_EQ(Schedule(kTwoCandidates, c, BackfillOrderKey::kQueue), "0:0-10 1:0-100 2:100-150 3:10-100 4:150-170");
    EXPECT_EQ(Schedule(kTwoCandidates, c, BackfillOrderKey::kSjf), "0:0-10 1:0-100 2:100-150 3:150-240 4:10-30");
    // Longest first is the queue order here (B1 is longer).
    EXPECT_EQ(Schedule(kTwoCandidates, c, BackfillOrderKey::kLjf), "0:0-10 1:0-100 2:100-150 3:10-100 4:150-170");
  }
}

// Sizes decide. Same J0, J1, H; S1 (2, 6 units, q 20) before S2 (3, 1 unit,
// q 20) in the queue; 6 free at t = 10, H's shadow 100, E = 2.
//   queue / largest: S1 starts (0 free), S2 waits for S1's end: 30-50.
//   smallest: S2 starts (5 free), S1 (6) waits; at 30 S2 ends, 6 free, and
//     S1 ends at 50 <= 100: 30-50.
constexpr const char* kTwoSizes =
    "job_submit_time,num_nodes,time_limit,actual_run_time\n"
    "0,6,10,10\n0,4,100,100\n1,8,50,50\n2,6,20,20\n3,1,20,20\n";

TEST(GoldenBackfillOrder, SmallestAndLargestOrderBySize) {
  EXPECT_EQ(Schedule(kTwoSizes, Compat::kNone, BackfillOrderKey::kQueue), "0:0-10 1:0-100 2:100-150 3:10-30 4:30-50");
  EXPECT_EQ(Schedule(kTwoSizes, Compat::kNone, BackfillOrderKey::kLargest), "0:0-10 1:0-100 2:100-150 3:10-30 4:30-50");
  EXPECT_EQ(Schedule(kTwoSizes, Compat::kNone, BackfillOrderKey::kSmallest), "0:0-10 1:0-100 2:100-150 3:30-50 4:10-30");
}

// Ties keep submit order: when every job has the same estimate, sjf/ljf are
// the queue order, and when every job has the same size smallest/largest
// are; the schedules must then be identical (random traces, fixed seed).
TEST(GoldenBackfillOrder, EqualKeysKeepSubmitOrder) {
  std::mt19937_64 rng(42);
  int compared = 0;
  for (int round = 0; round < 200; ++round) {
    std::string same_q = "job_submit_time,num_nodes,time_limit,actual_run_time\n";
    std::string same_n = same_q;
    int t = 0;
    for (int i = 0; i < 25; ++i) {
      t += std::uniform_int_distribution<int>(0, 4)(rng);
      const int n = std::uniform_int_distribution<int>(1, 10)(rng);
      const int q = std::uniform_int_distribution<int>(1, 40)(rng);
      const int r = std::uniform_int_distribution<int>(1, 40)(rng);
      same_q += std::to_string(t) + "," + std::to_string(n) + ",40," + std::to_string(std::min(r, 40)) + "\n";
      same_n += std::to_string(t) + ",3," + std::to_string(q) + "," + std::to_string(std::min(r, q)) + "\n";
    }
    for (Compat c : {Compat::kNone, Compat::kPyss}) {
      const std::string base_q = Schedule(same_q.c_str(), c, BackfillOrderKey::kQueue);
      EXPECT_EQ(Schedule(same_q.c_str(), c, BackfillOrderKey::kSjf), base_q) << same_q;
      EXPECT_EQ(Schedule(same_q.c_str(), c, BackfillOrderKey::kLjf), base_q) << same_q;
      const std::string base_n = Schedule(same_n.c_str(), c, BackfillOrderKey::kQueue);
      EXPECT_EQ(Schedule(same_n.c_str(), c, BackfillOrderKey::kSmallest), base_n) << same_n;
      EXPECT_EQ(Schedule(same_n.c_str(), c, BackfillOrderKey::kLargest), base_n) << same_n;
      compared += 4;
    }
  }
  EXPECT_EQ(compared, 1600);
}

// The option through the front end: named in the summary's policy, refused
// with one line where EASY's candidate order does not exist.
TEST(BackfillOrderOption, NamedInThePolicyAndRefusedWithoutEasy) {
  const std::filesystem::path d = ScratchDir("bforder");
  {
    std::ofstream(d / "jobs.csv") << kTwoCandidates;
  }
  const std::string trace = (d / "jobs.csv").string();
  const ProcessResult ok = RunProcess({ClustersimBinary(), "simulate", trace, "-n", "10", "--compat", "pyss",
                                       "--backfill-order", "sjf", "--quiet", "-o", (d / "out").string()});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  std::ifstream summary(d / "out" / "summary.json");
  const std::string text((std::istreambuf_iterator<char>(summary)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("backfill order sjf"), std::string::npos) << text;
  std::ifstream schedule(d / "out" / "schedule.csv");
  const std::string rows((std::istreambuf_iterator<char>(schedule)), std::istreambuf_iterator<char>());
  EXPECT_NE(rows.find("\n3,10,30,4,"), std::string::npos) << rows;  // B2 backfilled first
  for (const char* backfill : {"conservative", "none"}) {
    const ProcessResult bad = RunProcess({ClustersimBinary(), "simulate", trace, "-n", "10", "--backfill", backfill,
                                          "--backfill-order", "sjf", "-o", (d / "bad").string()});
    EXPECT_EQ(bad.exit_code, 1) << bad.err;
    EXPECT_NE(bad.err.find("needs --backfill easy"), std::string::npos) << bad.err;
  }
  const ProcessResult unknown = RunProcess(
      {ClustersimBinary(), "simulate", trace, "-n", "10", "--backfill-order", "sjff", "-o", (d / "bad").string()});
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_NE(unknown.err.find("did you mean 'sjf'"), std::string::npos) << unknown.err;
  // A mistyped flag gets the nearest one too (CLI11 alone only lists it).
  const ProcessResult flag = RunProcess(
      {ClustersimBinary(), "simulate", trace, "-n", "10", "--backfil-order", "sjf", "-o", (d / "bad").string()});
  EXPECT_NE(flag.exit_code, 0);
  EXPECT_NE(flag.err.find("did you mean --backfill-order?"), std::string::npos) << flag.err;
  EXPECT_FALSE(std::filesystem::exists(d / "bad" / "summary.json"));
}

}  // namespace
}  // namespace clustersim::test
