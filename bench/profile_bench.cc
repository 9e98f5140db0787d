// Earliest-fit queries on an availability profile of P steps (conservative
// backfilling's core query), P = 100 .. 100,000. The profile is built from
// random reservations on 1,000 units, so it is fragmented like a long queue
// on a busy machine: many short runs with enough units, few long ones.
// BM_ProfileEarliestFit asks clustersim's AvailabilityProfile (blocks + a
// segment tree, jumps past the last short step of each window);
// BM_NaiveEarliestFit slides a window over a std::map of steps, the textbook
// baseline that BENCHMARKS.md quotes the ratio against. Both answer the same
// queries (checked once per run).

#include <map>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "sched/availability_profile.h"

namespace clustersim {
namespace {

constexpr std::int64_t kCapacity = 1000;

struct Query {
  SimTime duration;
  std::int64_t units;
};

// free(t) as a map of steps, with the obvious sliding-window search.
struct NaiveProfile {
  std::map<SimTime, std::int64_t> steps{{kNoTime, kCapacity}};
  void Reserve(SimTime t0, SimTime t1, std::int64_t n) {
    for (SimTime t : {t0, t1}) steps.emplace(t, std::prev(steps.upper_bound(t))->second);
    for (auto it = steps.find(t0); it->first < t1; ++it) it->second -= n;
  }
  SimTime EarliestFit(SimTime from, SimTime d, std::int64_t n) const {
    auto it = std::prev(steps.upper_bound(from));
    SimTime start = from;
    bool open = false;
    for (; it != steps.end(); ++it) {
      const SimTime t = std::max(it->first, from);
      if (open && t >= start + d) return start;
      if (it->second >= n) {
        if (!open) start = t, open = true;
      } else {
        open = false;
      }
    }
    return open ? start : kTimeInfinity;
  }
};

// Reservations placed at their earliest fit until the profile has ~p steps.
template <typename Profile>
void Fill(Profile* profile, std::size_t p) {
  std::mt19937_64 rng(11);
  std::size_t placed = 0;
  while (2 * placed < p) {
    const SimTime d = Seconds(60 + static_cast<SimTime>(rng() % 36000));
    const std::int64_t n = 1 + static_cast<std::int64_t>(rng() % 300);
    const SimTime from = Seconds(static_cast<SimTime>(rng() % (60 * placed + 3600)));
    const SimTime t = profile->EarliestFit(from, d, n);
    profile->Reserve(t, t + d, n);
    ++placed;
  }
}

std::vector<Query> Queries() {
  std::mt19937_64 rng(5);
  std::vector<Query> q(256);
  for (Query& x : q) x = {Seconds(60 + static_cast<SimTime>(rng() % 36000)), 1 + static_cast<std::int64_t>(rng() % 300)};
  return q;
}

void BM_ProfileEarliestFit(benchmark::State& state) {
  AvailabilityProfile profile(kCapacity);
  Fill(&profile, static_cast<std::size_t>(state.range(0)));
  NaiveProfile naive;
  Fill(&naive, static_cast<std::size_t>(state.range(0)));
  const std::vector<Query> queries = Queries();
  for (const Query& q : queries)
    if (profile.EarliestFit(0, q.duration, q.units) != naive.EarliestFit(0, q.duration, q.units))
      state.SkipWithError("profile and naive scan disagree");
  std::size_t i = 0;
  for (auto _ : state) {
    const Query& q = queries[i++ % queries.size()];
    benchmark::DoNotOptimize(profile.EarliestFit(0, q.duration, q.units));
  }
  state.counters["steps"] = static_cast<double>(profile.breakpoints());
}

void BM_NaiveEarliestFit(benchmark::State& state) {
  NaiveProfile naive;
  Fill(&naive, static_cast<std::size_t>(state.range(0)));
  const std::vector<Query> queries = Queries();
  std::size_t i = 0;
  for (auto _ : state) {
    const Query& q = queries[i++ % queries.size()];
    benchmark::DoNotOptimize(naive.EarliestFit(0, q.duration, q.units));
  }
  state.counters["steps"] = static_cast<double>(naive.steps.size());
}

BENCHMARK(BM_ProfileEarliestFit)->RangeMultiplier(10)->Range(100, 100000);
BENCHMARK(BM_NaiveEarliestFit)->RangeMultiplier(10)->Range(100, 100000);

}  // namespace
}  // namespace clustersim

BENCHMARK_MAIN();
