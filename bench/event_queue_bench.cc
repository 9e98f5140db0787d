// The engine's completion queue: push N completions at scattered times, pop
// them all. Reports events per second; compare with std::multimap, the kind of
// ordered container dr_evt uses for its event queue.

#include <map>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "sim/event_queue.h"

namespace {

std::vector<clustersim::SimTime> Times(std::size_t n) {
  std::mt19937_64 rng(1);
  std::vector<clustersim::SimTime> t(n);
  for (auto& x : t) x = static_cast<clustersim::SimTime>(rng() % 1'000'000'000);
  return t;
}

void BM_EventQueuePushPop(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0));
  const auto times = Times(n);
  for (auto _ : state) {
    clustersim::EventQueue q(n);
    for (std::size_t i = 0; i < n; ++i) q.Schedule(static_cast<clustersim::JobId>(i), times[i]);
    clustersim::SimTime t;
    while (q.NextTime() != clustersim::kTimeInfinity) benchmark::DoNotOptimize(q.Pop(&t));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}
BENCHMARK(BM_EventQueuePushPop)->RangeMultiplier(10)->Range(1000, 1000000);

void BM_MultimapBaselinePushPop(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0));
  const auto times = Times(n);
  for (auto _ : state) {
    std::multimap<clustersim::SimTime, std::uint32_t> q;
    for (std::size_t i = 0; i < n; ++i) q.emplace(times[i], static_cast<std::uint32_t>(i));
    while (!q.empty()) {
      benchmark::DoNotOptimize(q.begin()->second);
      q.erase(q.begin());
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}
BENCHMARK(BM_MultimapBaselinePushPop)->RangeMultiplier(10)->Range(1000, 1000000);

}  // namespace

BENCHMARK_MAIN();
