// ReservationIndex against brute force: random starts, moves and clearings, then
// every "first due job from position p" and the first live job and earliest
// start are compared with a scan, across growth of the tree.

#include "sched/reservation_index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace clustersim {
namespace {

TEST(ReservationIndexTest, FindDueFirstLiveAndMinStartMatchBruteForce) {
  std::mt19937_64 rng(7);
  auto uniform = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = static_cast<std::size_t>(uniform(1, 300));
    ReservationIndex index;
    std::vector<SimTime> start(n, kTimeInfinity);  // kTimeInfinity: no job
    for (std::size_t i = 0; i < n; ++i) {
      if (uniform(0, 4) == 0) continue;  // never set
      start[i] = uniform(-500, 1000);
      index.Set(i, start[i]);  // grows the tree as positions arrive
    }
    // Moves: mostly earlier (a compression), sometimes later (a re-plan
    // after a capacity change); the two take different update paths.
    for (std::size_t k = 0; k < n / 2; ++k) {
      const std::size_t i = static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(n) - 1));
      if (start[i] == kTimeInfinity) continue;
      start[i] += uniform(0, 3) == 0 ? uniform(1, 400) : -uniform(0, 400);
      index.Set(i, start[i]);
    }
    for (std::size_t k = 0; k < n / 5; ++k) {
      const std::size_t i = static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(n) - 1));
      if (start[i] != kTimeInfinity) index.Clear(i), start[i] = kTimeInfinity;
    }
    const auto live = std::find_if(start.begin(), start.end(), [](SimTime s) { return s != kTimeInfinity; });
    ASSERT_EQ(index.FirstLive(),
              live == start.end() ? ReservationIndex::kNone : static_cast<std::size_t>(live - start.begin()));
    ASSERT_EQ(index.min_start(), *std::min_element(start.begin(), start.end()));
    const SimTime now = uniform(-500, 1000);
    for (std::size_t from = 0; from <= n; ++from) {
      std::size_t due = ReservationIndex::kNone;
      for (std::size_t i = from; i < n; ++i)
        if (start[i] <= now) {
          due = i;
          break;
        }
      ASSERT_EQ(index.FindDue(from, now), due) << "round " << round << " from " << from;
    }
  }
}

// The earliest start moving later must raise the minimum on its path (a
// decrease may stop early; an increase may not), also to and from the far
// value conservative backfilling gives a job without a reservation.
TEST(ReservationIndexTest, TheEarliestStartMovingLaterRaisesTheMinimum) {
  ReservationIndex index;
  const SimTime far = kTimeInfinity - 1;
  for (std::size_t i = 0; i < 5; ++i) index.Set(i, 100 + static_cast<SimTime>(i) * 10);  // 100..140
  index.Set(0, 150);
  EXPECT_EQ(index.min_start(), 110);
  index.Set(1, far);
  EXPECT_EQ(index.min_start(), 120);
  EXPECT_EQ(index.FindDue(0, 125), 2u);
  index.Set(1, 90);
  EXPECT_EQ(index.min_start(), 90);
  EXPECT_EQ(index.FindDue(0, 95), 1u);
  for (std::size_t i = 0; i < 5; ++i) index.Set(i, far);
  EXPECT_EQ(index.min_start(), far);
  EXPECT_EQ(index.FindDue(0, 1000), ReservationIndex::kNone);
}

}  // namespace
}  // namespace clustersim
