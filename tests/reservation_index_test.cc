// ReservationIndex against brute force: random requests, starts and
// clearings, and a random monotone "may fit" rule like the profile's bound
// (true iff units <= M(start) with M non-decreasing), so the subtree pruning
// and the walk from a leaf to the next hit are checked position by position.

#include "sched/reservation_index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace clustersim {
namespace {

TEST(ReservationIndexTest, FindMovableAndFindDueMatchBruteForce) {
  std::mt19937_64 rng(7);
  auto uniform = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = static_cast<std::size_t>(uniform(1, 300));
    ReservationIndex index;
    std::vector<std::int64_t> units(n, -1);  // -1: cleared
    std::vector<SimTime> start(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      if (uniform(0, 4) == 0) continue;  // never set
      units[i] = uniform(1, 64);
      start[i] = uniform(0, 1000);
      index.Set(i, units[i], start[i]);
    }
    for (std::size_t k = 0; k < n / 5; ++k) {
      const std::size_t i = static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(n) - 1));
      if (units[i] >= 0) index.Clear(i), units[i] = -1;
    }
    // M(r): a random non-decreasing staircase.
    std::vector<std::pair<SimTime, std::int64_t>> steps = {{0, uniform(0, 10)}};
    while (steps.back().first < 1000) steps.emplace_back(steps.back().first + uniform(1, 200), steps.back().second + uniform(0, 10));
    auto m = [&](SimTime r) {
      std::int64_t v = -1;
      for (const auto& [t, level] : steps) if (t < r) v = level;
      return v;
    };
    auto may_fit = [&](std::int64_t u, SimTime r) { return u <= m(r); };
    const SimTime now = uniform(0, 1000);
    for (std::size_t from = 0; from <= n; ++from) {
      std::size_t want = ReservationIndex::kNone, due = ReservationIndex::kNone;
      for (std::size_t i = from; i < n; ++i)
        if (units[i] >= 0 && may_fit(units[i], start[i])) { want = i; break; }
      for (std::size_t i = from; i < n; ++i)
        if (units[i] >= 0 && start[i] <= now) { due = i; break; }
      ASSERT_EQ(index.FindMovable(from, may_fit), want) << "round " << round << " from " << from;
      ASSERT_EQ(index.FindDue(from, now), due) << "round " << round << " from " << from;
    }
  }
}

}  // namespace
}  // namespace clustersim
