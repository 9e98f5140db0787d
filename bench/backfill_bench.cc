// One EASY backfill pass with a blocked head and Q waiting jobs, Q = 10 ..
// 100,000, in two situations:
//   /fills: 50 units free, waiting jobs of 1-300 units and 1 min - 1 day:
//           the first few small jobs fill the machine and the scan stops;
//   /tight: 3 units free, every waiting job needs 4-300 units: nothing can
//           start, and a scan that visits every job visits all Q of them.
// BM_EasyPass runs clustersim's scheduler (CandidateIndex skips jobs that
// cannot pass); BM_NaiveScanPass is the textbook loop over every waiting job,
// the baseline the ratio is quoted against in BENCHMARKS.md.

#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "sched/resource_pool.h"
#include "sched/running_set.h"
#include "sched/scheduler.h"

namespace clustersim {
namespace {

constexpr std::int64_t kCapacity = 1000;

struct Setup {
  std::vector<Job> jobs;
  std::size_t running = 0;  // jobs[0..running) are started first
};

Setup MakeSetup(std::size_t q, bool tight) {
  std::mt19937_64 rng(7);
  Setup s;
  // Running jobs: 950 units in 19 jobs of 50, ending over the next day.
  for (int i = 0; i < 19; ++i) {
    Job j;
    j.units = 50;
    j.time_limit = j.run_time = Seconds(600 + static_cast<std::int64_t>(rng() % 86400));
    s.jobs.push_back(j);
  }
  if (tight) {  // 47 more units in use: 3 free
    Job j;
    j.units = 47;
    j.time_limit = j.run_time = Seconds(7200);
    s.jobs.push_back(j);
  }
  s.running = s.jobs.size();
  Job head;
  head.units = 400;  // blocked: 50 free
  head.time_limit = head.run_time = Seconds(3600);
  head.submit = 1;
  s.jobs.push_back(head);
  for (std::size_t i = 0; i < q; ++i) {
    Job j;
    j.submit = 2;
    j.units = tight ? 4 + static_cast<std::int64_t>(rng() % 297) : 1 + static_cast<std::int64_t>(rng() % 300);
    j.time_limit = j.run_time = Seconds(60 + static_cast<std::int64_t>(rng() % 86400));
    s.jobs.push_back(j);
  }
  for (std::size_t i = 0; i < s.jobs.size(); ++i) s.jobs[i].trace_id = static_cast<std::int64_t>(i);
  return s;
}

void BM_EasyPass(benchmark::State& state) {
  const Setup s = MakeSetup(static_cast<std::size_t>(state.range(0)), state.range(1) != 0);
  Policy p;
  std::vector<JobId> started;
  for (auto _ : state) {
    state.PauseTiming();
    NodeCountPool pool(kCapacity);
    auto sched = MakeScheduler(p, s.jobs, &pool);
    for (JobId id = 0; id < s.running; ++id) sched->Submit(id, 0);
    started.clear();
    sched->Schedule(0, &started);  // starts the running set
    for (JobId id = static_cast<JobId>(s.running); id < s.jobs.size(); ++id) sched->Submit(id, 1);
    started.clear();
    state.ResumeTiming();
    sched->Schedule(1, &started);  // the measured pass
    benchmark::DoNotOptimize(started.data());
  }
}
BENCHMARK(BM_EasyPass)->ArgsProduct({{10, 100, 1000, 10000, 100000}, {0, 1}})->ArgNames({"queue", "tight"});

void BM_NaiveScanPass(benchmark::State& state) {
  const Setup s = MakeSetup(static_cast<std::size_t>(state.range(0)), state.range(1) != 0);
  for (auto _ : state) {
    state.PauseTiming();
    RunningSet running;
    std::int64_t free = kCapacity;
    for (std::size_t i = 0; i < s.running; ++i) {
      running.Add(s.jobs[i].time_limit, s.jobs[i].units);
      free -= s.jobs[i].units;
    }
    std::vector<std::uint8_t> started(s.jobs.size(), 0);
    state.ResumeTiming();
    const SimTime now = 1;
    const Job& head = s.jobs[s.running];
    Shadow sh = running.ClassicShadow(now, free, head.units);
    for (std::size_t i = s.running + 1; i < s.jobs.size() && free > 0; ++i) {
      const Job& j = s.jobs[i];
      if (j.units > free) continue;
      if (now + j.time_limit <= sh.time) {
        free -= j.units, started[i] = 1;
      } else if (j.units <= sh.extra) {
        free -= j.units, sh.extra -= j.units, started[i] = 1;
      }
    }
    benchmark::DoNotOptimize(started.data());
  }
}
BENCHMARK(BM_NaiveScanPass)->ArgsProduct({{10, 100, 1000, 10000, 100000}, {0, 1}})->ArgNames({"queue", "tight"});

}  // namespace
}  // namespace clustersim

BENCHMARK_MAIN();
