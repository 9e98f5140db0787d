// CandidateIndex (sched/candidate_index.h) against the scan it replaces:
// for random queues (sizes on every scale the size classes cover, removals,
// updates, re-growth) and random (free, extra, window) questions, the first
// passing position must be the naive scan's, and MinUnits the range's
// minimum. A pruning rule that skipped a passing job would fail here.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "sched/candidate_index.h"

namespace clustersim {
namespace {

constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max();

struct Slot {
  std::int64_t units = kInf;
  SimTime q = kInf;
};

std::size_t NaiveFirst(const std::vector<Slot>& s, std::size_t from, std::int64_t free, std::int64_t extra,
                       SimTime window) {
  for (std::size_t p = from; p < s.size(); ++p)
    if (s[p].units <= free && (s[p].units <= extra || s[p].q <= window)) return p;
  return CandidateIndex::kNone;
}

TEST(CandidateIndex, AgreesWithTheNaiveScanOnRandomQueues) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 12; ++round) {
    // Machines from 16 to 100,000 units; queues up to 6,000 positions.
    const std::int64_t capacity = std::vector<std::int64_t>{16, 128, 1024, 8192, 100000}[round % 5];
    const std::size_t n = 200 + (rng() % 6000);
    CandidateIndex index;
    index.Reset(64);  // grows as positions arrive
    std::vector<Slot> slots;
    auto random_units = [&] {
      // Mostly small jobs, some up to the whole machine, a few zero-unit ones.
      const std::uint64_t k = rng() % 10;
      if (k == 0) return std::int64_t{0};
      if (k < 7) return static_cast<std::int64_t>(1 + rng() % std::max<std::int64_t>(1, capacity / 8));
      return static_cast<std::int64_t>(1 + rng() % static_cast<std::uint64_t>(capacity));
    };
    for (std::size_t step = 0; step < 4 * n; ++step) {
      const std::uint64_t op = rng() % 10;
      if (op < 5 || slots.empty()) {  // arrival at the end
        const Slot s{random_units(), static_cast<SimTime>(1 + rng() % 86'400'000'000ULL)};
        index.Set(slots.size(), s.units, s.q);
        slots.push_back(s);
      } else if (op < 8) {  // removal (a start)
        const std::size_t p = rng() % slots.size();
        index.Clear(p);
        slots[p] = Slot{};
      } else {  // an update in place (a re-ranked position)
        const std::size_t p = rng() % slots.size();
        slots[p] = Slot{random_units(), static_cast<SimTime>(1 + rng() % 86'400'000'000ULL)};
        index.Set(p, slots[p].units, slots[p].q);
      }
      if (step % 7 != 0) continue;
      const std::int64_t free = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(capacity + 1)) -
                                (rng() % 20 == 0 ? capacity / 4 : 0);  // sometimes negative (a drained machine)
      const std::int64_t extra = rng() % 3 == 0 ? -1 : static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(capacity + 1));
      SimTime window = rng() % 10 == 0 ? kTimeInfinity : static_cast<SimTime>(rng() % 86'400'000'000ULL);
      if (rng() % 3 == 0) window = slots[rng() % slots.size()].q;  // ties: an estimate equal to the window passes
      const std::size_t from = rng() % (slots.size() + 1);
      ASSERT_EQ(index.FindFirst(from, free, extra, window), NaiveFirst(slots, from, free, extra, window))
          << "round " << round << " step " << step << " free " << free << " extra " << extra << " window " << window;
      const std::size_t lo = rng() % (slots.size() + 1), hi = lo + rng() % (slots.size() + 1 - lo);
      std::int64_t mn = kInf;
      for (std::size_t p = lo; p < hi; ++p) mn = std::min(mn, slots[p].units);
      ASSERT_EQ(index.MinUnits(lo, hi), mn);
    }
  }
}

}  // namespace
}  // namespace clustersim
