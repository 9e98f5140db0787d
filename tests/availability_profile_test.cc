// AvailabilityProfile against a naive step function (one value per tick
// range, rebuilt by brute force). Random reservations and releases push the
// profile past block splits (32 steps), tree rebuilds and prunes (every 256
// calls), so the blocked tree is compared with the obvious answer in every
// layout it can take.

#include "sched/availability_profile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

namespace clustersim {
namespace {

// free(t) as an explicit map of steps; every query walks it.
class NaiveProfile {
 public:
  explicit NaiveProfile(std::int64_t capacity) { steps_[kNoTime] = capacity; }
  void Add(SimTime t0, SimTime t1, std::int64_t d) {
    if (t1 <= t0) return;
    Cut(t0);
    if (t1 != kTimeInfinity) Cut(t1);
    for (auto it = steps_.find(t0); it != steps_.end() && it->first < t1; ++it) it->second += d;
  }
  std::int64_t At(SimTime t) const { return std::prev(steps_.upper_bound(t))->second; }
  bool Fits(SimTime t, SimTime d, std::int64_t n) const {
    if (At(t) < n) return false;
    for (auto it = steps_.upper_bound(t); it != steps_.end() && it->first < t + d; ++it)
      if (it->second < n) return false;
    return true;
  }
  // Candidates are `from` and every step start after it.
  SimTime EarliestFit(SimTime from, SimTime d, std::int64_t n) const {
    if (d <= 0) d = 1;
    if (Fits(from, d, n)) return from;
    for (auto it = steps_.upper_bound(from); it != steps_.end(); ++it)
      if (Fits(it->first, d, n)) return it->first;
    return kTimeInfinity;
  }

 private:
  void Cut(SimTime t) { steps_.emplace(t, At(t)); }
  std::map<SimTime, std::int64_t> steps_;
};

struct Reservation {
  SimTime t0, t1;
  std::int64_t n;
};

TEST(AvailabilityProfileTest, MatchesNaiveStepFunctionUnderRandomReservations) {
  constexpr std::int64_t kCapacity = 64;
  for (unsigned seed : {1u, 2u, 3u}) {
    std::mt19937_64 rng(seed);
    AvailabilityProfile profile(kCapacity);
    NaiveProfile naive(kCapacity);
    std::vector<Reservation> held;
    SimTime now = 0;
    auto uniform = [&](std::int64_t lo, std::int64_t hi) {
      return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
    };
    for (int step = 0; step < 6000; ++step) {
      now += uniform(0, 3);
      // Reservations that ended are gone from both (the profile forgets the
      // past on its own schedule; queries never look before now).
      std::erase_if(held, [&](const Reservation& r) { return r.t1 <= now; });
      profile.Prune(now);
      const int op = static_cast<int>(uniform(0, 9));
      if (op < 5 || held.empty()) {
        // Half of the jobs share a few shapes, as on real traces, so that
        // EarliestFitBefore's per-shape cache is hit, lowered and recomputed.
        constexpr std::pair<SimTime, std::int64_t> kShapes[] = {{150, 1}, {40, 1}, {120, 8}, {200, 30}};
        const bool common = uniform(0, 1) == 0;
        const auto shape = kShapes[uniform(0, 3)];
        const SimTime d = common ? shape.first : uniform(1, 200);
        const std::int64_t n = common ? shape.second : uniform(1, kCapacity);
        const SimTime t = profile.EarliestFit(now, d, n);
        ASSERT_EQ(t, naive.EarliestFit(now, d, n)) << "seed " << seed << " step " << step;
        profile.Reserve(t, t + d, n);
        naive.Add(t, t + d, -n);
        held.push_back({t, t + d, n});
      } else if (op < 7) {
        // Early termination: give back the tail from now (or all of it).
        const std::size_t k = static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(held.size()) - 1));
        const Reservation r = held[k];
        const SimTime from = std::max(r.t0, now);
        profile.Release(from, r.t1, r.n);
        naive.Add(from, r.t1, r.n);
        held.erase(held.begin() + static_cast<std::ptrdiff_t>(k));
      } else {
        // Compression, as the scheduler does it: ask several reservations
        // whether they can start earlier (same profile, so cached answers
        // are reused), and move the first that can.
        const std::size_t first = static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(held.size()) - 1));
        for (std::size_t k = first; k < held.size() && k < first + 8; ++k) {
          Reservation& r = held[k];
          if (r.t0 <= now) continue;
          const SimTime d = r.t1 - r.t0;
          naive.Add(r.t0, r.t1, r.n);
          const SimTime expect = std::min(naive.EarliestFit(now, d, r.n), r.t0);
          naive.Add(r.t0, r.t1, -r.n);
          const SimTime t = profile.EarliestFitBefore(now, d, r.n, r.t0);
          ASSERT_EQ(t, expect) << "seed " << seed << " step " << step;
          if (t < r.t0) {
            profile.Move(r.t0, t, d, r.n);  // checked below against the naive release + reserve
            naive.Add(r.t0, r.t1, r.n);
            naive.Add(t, t + d, -r.n);
            r = {t, t + d, r.n};
            break;
          }
        }
      }
      const SimTime a = now + uniform(0, 300), b = a + uniform(1, 300);
      for (SimTime t : {a, b, now}) ASSERT_EQ(profile.FreeAt(t), naive.At(t)) << "seed " << seed << " step " << step;
    }
    EXPECT_GT(profile.breakpoints(), 64u) << "the run should reach multi-block layouts";
  }
}

TEST(AvailabilityProfileTest, EarliestFitSkipsRunsThatAreTooShort) {
  // free: 10 on [0,100), 2 on [100,110), 10 on [110,150), 0 on [150,280),
  // 10 on [280,300), 2 on [300,340) (a job of 8 reserved there), 10 after.
  AvailabilityProfile p(10);
  p.Reserve(100, 110, 8);
  p.Reserve(150, 280, 10);
  p.Reserve(300, 340, 8);
  EXPECT_EQ(p.EarliestFit(0, 100, 5), 0);
  EXPECT_EQ(p.EarliestFit(20, 100, 5), 340);  // [20,100), [110,150), [280,300) are too short
  EXPECT_EQ(p.EarliestFit(90, 30, 5), 110);
  EXPECT_EQ(p.EarliestFit(20, 30, 2), 20);    // 2 units fit through [100,110)
  EXPECT_EQ(p.EarliestFit(0, 10, 11), kTimeInfinity);
  EXPECT_EQ(p.EarliestFit(160, 60, 8), 340);
  // The job reserved at [300,340) may move to 280: its window runs into its
  // own reservation, which it would give back.
  EXPECT_EQ(p.EarliestFitBefore(160, 60, 8, 300), 280);
  EXPECT_EQ(p.EarliestFitBefore(120, 40, 8, 300), 280);
  EXPECT_EQ(p.EarliestFitBefore(90, 20, 8, 300), 110);
  EXPECT_EQ(p.EarliestFitBefore(285, 60, 8, 300), 285);
  EXPECT_EQ(p.EarliestFitBefore(300, 60, 8, 300), 300);
  EXPECT_EQ(p.FreeAt(105), 2);
  EXPECT_EQ(p.FreeAt(279), 0);
  EXPECT_EQ(p.FreeAt(280), 10);
  EXPECT_EQ(p.FreeAt(320), 2);
}

// EarliestFitBefore caches the earliest whole fit per shape as a lower
// bound. A release must lower it to the earliest start of a window that
// overlaps the release, which can begin before the release does.
TEST(AvailabilityProfileTest, EarliestFitBeforeSeesWindowsOpenedByALaterRelease) {
  AvailabilityProfile p(10);
  p.Reserve(0, 300, 10);
  p.Reserve(300, 330, 2);  // the job asking: 2 units for 30, reserved at 300
  p.Release(260, 280, 5);  // 5 free on [260, 280): too short for 30
  EXPECT_EQ(p.EarliestFitBefore(0, 30, 2, 300), 300);
  p.Release(280, 295, 5);  // now [260, 295): a window [260, 290) ends before 300
  EXPECT_EQ(p.EarliestFitBefore(0, 30, 2, 300), 260);
  // Longer than the free run: only a window reaching the job's own start
  // could do, and that needs the units just before it.
  EXPECT_EQ(p.EarliestFitBefore(0, 60, 2, 300), 300);
  p.Release(295, 300, 2);
  EXPECT_EQ(p.EarliestFitBefore(0, 60, 2, 300), 260);
  EXPECT_EQ(p.EarliestFitBefore(270, 60, 2, 300), 270);
  EXPECT_EQ(p.EarliestFitBefore(300, 60, 2, 300), 300);
}

// A shape's whole-fit search gives up once its candidates start too late
// for the job asking, and keeps that candidate as a lower bound. A later
// job of the same shape with a later start must still find the fit beyond it.
TEST(AvailabilityProfileTest, AGivenUpWholeFitSearchKeepsAValidBound) {
  AvailabilityProfile p(10);
  p.Reserve(0, 100, 10);
  p.Reserve(100, 110, 8);  // 2 free on [100, 110): a candidate, too short for 30
  p.Reserve(110, 150, 10);  // [120, 150) includes job A's own 2 units
  p.Reserve(290, 300, 10);  // the step before job B's start is full
  p.Reserve(300, 330, 2);   // job B
  // Job A (2 units for 30, reserved at 120): no whole window ends by 120,
  // and the step before 120 is full. The search stops at the candidate 100.
  EXPECT_EQ(p.EarliestFitBefore(0, 30, 2, 120), 120);
  // Job B, same shape, reserved at 300: the whole window [150, 180).
  EXPECT_EQ(p.EarliestFitBefore(0, 30, 2, 300), 150);
}

// The start of the run that reaches own, found by walking back from the
// step before own: to a short step, or to the step holding `from`.
TEST(AvailabilityProfileTest, EarliestFitBeforeWalksBackToTheRunStart) {
  AvailabilityProfile p(10);
  p.Reserve(0, 50, 10);
  p.Reserve(50, 100, 5);
  p.Reserve(100, 200, 2);  // the job asking: 2 units from 100
  EXPECT_EQ(p.EarliestFitBefore(10, 100, 2, 100), 50);  // from's step is short
  EXPECT_EQ(p.EarliestFitBefore(60, 100, 2, 100), 60);  // from is in the run
  EXPECT_EQ(p.EarliestFitBefore(10, 100, 6, 100), 100);  // the step before own is short
  p.Reserve(70, 80, 4);  // [70, 80) has 1 free: the run now starts at 80
  EXPECT_EQ(p.EarliestFitBefore(10, 100, 2, 100), 80);
  EXPECT_EQ(p.EarliestFitBefore(75, 100, 2, 100), 80);
}

// Move is a release then a reserve; overlapping windows change only the ends.
TEST(AvailabilityProfileTest, MoveEqualsReleaseThenReserve) {
  for (SimTime to : {0, 50, 90, 99}) {
    AvailabilityProfile moved(10), plain(10);
    for (AvailabilityProfile* p : {&moved, &plain}) p->Reserve(100, 200, 4);
    moved.Move(100, to, 100, 4);
    plain.Release(100, 200, 4);
    plain.Reserve(to, to + 100, 4);
    for (SimTime t = -1; t <= 201; ++t) ASSERT_EQ(moved.FreeAt(t), plain.FreeAt(t)) << "to " << to << " t " << t;
  }
}

// Times before 1970 are negative; a window measured against "never" must
// not overflow (it once sent such a job behind every later reservation).
TEST(AvailabilityProfileTest, EarliestFitWorksAtNegativeTimes) {
  AvailabilityProfile p(10);
  p.Reserve(500, 600, 8);
  EXPECT_EQ(p.EarliestFit(-100, 10, 5), -100);
  EXPECT_EQ(p.EarliestFit(-100, 650, 5), 600);
  EXPECT_EQ(p.EarliestFitBefore(-100, 10, 5, 700), -100);
}

}  // namespace
}  // namespace clustersim
