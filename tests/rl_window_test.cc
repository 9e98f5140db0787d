// --compat rlscheduler: the window generator against the protocol inputs
// given in schedulers.md §9, and the decision loop on the stale-shadow toy
// computed by hand.

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "io/trace_loader.h"
#include "sim/gym_seeding.h"
#include "sim/rl_window.h"
#include "test_util.h"

namespace clustersim {
namespace {

TEST(RlScheduler, WindowStartsMatchGymAndNumpyForSeed1) {
  // schedulers.md §9: seed 1, L = 1024, limit = 10,000.
  EXPECT_EQ(RlSchedulerWindowStarts(1, 1024, 10000, 10),
            (std::vector<std::int64_t>{1981, 2756, 4299, 8850, 3316, 2714, 5228, 7762, 4022, 7085}));
}

TEST(RlScheduler, RandIntStaysInRangeAndIsDeterministic) {
  NumpyLegacyRandom a(42), b(42);
  for (int i = 0; i < 1000; ++i) {
    const std::int64_t x = a.RandInt(5, 17);
    EXPECT_GE(x, 5);
    EXPECT_LT(x, 17);
    EXPECT_EQ(x, b.RandInt(5, 17));
  }
}

// schedulers.md §9 stale-shadow toy: C = 10 nodes, ppn 1, FCFS; (submit,
// nodes, q, r): A (0, 6, 100, 30), H (0, 8, 50, 50), K (0, 4, 80, 80),
// M (40, 4, 50, 50).
Workload Toy() {
  Workload w;
  w.capacity = 10;
  w.machine_procs = 10;
  const std::int64_t spec[4][4] = {{0, 6, 100, 30}, {0, 8, 50, 50}, {0, 4, 80, 80}, {40, 4, 50, 50}};
  for (int i = 0; i < 4; ++i) {
    Job j;
    j.trace_id = i + 1;
    j.submit = Seconds(spec[i][0]);
    j.units = j.procs = spec[i][1];
    j.time_limit = Seconds(spec[i][2]);
    j.run_time = Seconds(spec[i][3]);
    w.jobs.push_back(j);
  }
  return w;
}

RlWindowOptions ToyOptions(bool backfill) {
  RlWindowOptions o;
  o.window_size = 4;
  o.backfill = backfill;
  o.max_procs = 10;
  return o;
}

// Greedy: A starts at 0; H blocks with shadow 100 (A's estimate), computed
// once; K backfills at 0 (80 < 100); A ends at 30; M starts at 40 (90 < 100,
// stale shadow) in the 6 free nodes; K ends at 80 (6 free), M at 90: H starts
// at 90. bsld: A 1, H (90 + 50) / 50 = 2.8, K 1, M 1: sum 5.8, / L = 1.45.
// Utilisation: (30*6 + 50*8 + 80*4 + 50*4) / ((90 - 0) * 10) = 1100 / 900.
TEST(RlScheduler, GreedyBackfillKeepsTheStaleShadow) {
  const RlWindow r = RunRlWindow(Toy(), 0, ToyOptions(true));
  EXPECT_DOUBLE_EQ(r.bsld, 5.8 / 4);
  EXPECT_DOUBLE_EQ(r.utilisation, 1100.0 / 900.0);
  EXPECT_EQ(r.rejected, 0);
  std::string starts;
  for (const RlWindow::Start& x : r.starts) starts += fmt::format("{}@{} ", x.id, ToSeconds(x.at));
  EXPECT_EQ(starts, "0@0 2@0 3@40 1@90 ");
}

// No backfilling: A at 0; H waits for A's end at 30 and starts (2 free);
// K (4) waits; M arrives at 40; H ends at 80: K and M start at 80.
// bsld: A 1, H (30 + 50) / 50 = 1.6, K (80 + 80) / 80 = 2, M (40 + 50) / 50
// = 1.8: sum 6.4, / 4 = 1.6. Utilisation 1100 / ((80 - 0) * 10).
TEST(RlScheduler, WithoutBackfillTheFirstJobWaitsUntilItFits) {
  const RlWindow r = RunRlWindow(Toy(), 0, ToyOptions(false));
  EXPECT_DOUBLE_EQ(r.bsld, 6.4 / 4);
  EXPECT_DOUBLE_EQ(r.utilisation, 1100.0 / 800.0);
}

// A CSV or JSONL trace's jobs have no processor count (procs 0): each
// counts its units times the processors per unit. The toy as a CSV gave
// utilisation 0, and every WFP3 key was 0 (FCFS order instead of WFP3's).
TEST(RlScheduler, JobsWithoutAProcessorCountCountTheirUnits) {
  Workload csv = Toy();
  for (Job& j : csv.jobs) j.procs = 0;
  for (Ordering ord : {Ordering::kFcfs, Ordering::kWfp3, Ordering::kUnicep, Ordering::kF1}) {
    for (bool backfill : {true, false}) {
      RlWindowOptions o = ToyOptions(backfill);
      o.ordering = ord;
      const RlWindow a = RunRlWindow(Toy(), 0, o), b = RunRlWindow(csv, 0, o);
      EXPECT_DOUBLE_EQ(b.bsld, a.bsld) << OrderingName(ord);
      EXPECT_DOUBLE_EQ(b.utilisation, a.utilisation) << OrderingName(ord);
      ASSERT_EQ(b.starts.size(), a.starts.size());
      for (std::size_t i = 0; i < a.starts.size(); ++i) {
        EXPECT_EQ(b.starts[i].id, a.starts[i].id) << OrderingName(ord);
        EXPECT_EQ(b.starts[i].at, a.starts[i].at) << OrderingName(ord);
      }
    }
  }
  EXPECT_DOUBLE_EQ(RunRlWindow(csv, 0, ToyOptions(true)).utilisation, 1100.0 / 900.0);
}

// A job larger than the machine would make RLScheduler wait forever; here it
// is counted as rejected and the window goes on.
TEST(RlScheduler, OversizedJobIsRejectedNotWaitedFor) {
  Workload w = Toy();
  w.jobs[2].units = w.jobs[2].procs = 11;
  const RlWindow r = RunRlWindow(w, 0, ToyOptions(true));
  EXPECT_EQ(r.rejected, 1);
}

// Every shared trace under RLScheduler's normalisation, every ordering, with
// and without its greedy backfilling, on the first, a middle and the last
// window: each job that fits the machine starts exactly once, never before
// its submit time, in time order, and the units in use (ENDs before STARTs at
// equal times) never exceed the machine. Every other job is counted rejected.
TEST(RlScheduler, WindowsOnEveryTraceKeepTheInvariants) {
  const char* traces[] = {"KTH-SP2-1996-2.1-cln.swf.gz", "KTH-SP2.filtered.swf", "RICC-2010-2.swf.gz",
                          "LLNL-Atlas-2006-2.1-cln.swf.gz", "CEA-Curie-sample.swf.gz", "HPC2N-excerpt.swf",
                          "NASA-iPSC-1993-3.1-cln.swf.gz", "lublin_256.swf", "lublin_256_new2.swf"};
  const Ordering orderings[] = {Ordering::kFcfs, Ordering::kSjf, Ordering::kLjf,
                                Ordering::kWfp3, Ordering::kUnicep, Ordering::kF1,
                                Ordering::kSmallest, Ordering::kF2, Ordering::kF3, Ordering::kF4};
  int checked = 0;
  for (const char* name : traces) {
    const std::string path = test::TracesDir() + "/" + name;
    if (!std::filesystem::exists(path)) continue;
    Diagnostics diag;
    LoadOptions lo;
    lo.swf.policy = SwfPolicy::kRlScheduler;
    auto loaded = LoadTrace(path, lo, &diag);
    ASSERT_TRUE(loaded.ok()) << name << ": " << loaded.status().message();
    Workload w = loaded.take().workload;
    SortInJobNumberOrder(&w);  // as the pipeline runs the windows
    constexpr std::size_t kWindow = 256;
    ASSERT_GT(w.jobs.size(), 2 * kWindow) << name;
    for (const std::size_t start : {std::size_t{0}, w.jobs.size() / 2, w.jobs.size() - kWindow}) {
      for (const Ordering ord : orderings) {
        for (const bool backfill : {false, true}) {
          SCOPED_TRACE(fmt::format("{} start {} {} backfill {}", name, start, OrderingName(ord), backfill));
          RlWindowOptions o;
          o.window_size = kWindow;
          o.ordering = ord;
          o.backfill = backfill;
          o.procs_per_node = w.procs_per_unit;
          o.max_procs = w.capacity * w.procs_per_unit;
          const RlWindow r = RunRlWindow(w, start, o);
          std::vector<int> started(kWindow, 0);
          std::int64_t oversized = 0;
          for (std::size_t i = start; i < start + kWindow; ++i) oversized += w.jobs[i].units > w.capacity;
          EXPECT_EQ(r.rejected, oversized);
          ASSERT_EQ(static_cast<std::int64_t>(r.starts.size()) + r.rejected, static_cast<std::int64_t>(kWindow));
          struct Ev {
            SimTime t;
            std::int64_t delta;
          };
          std::vector<Ev> ev;
          SimTime last = kNoTime;
          for (const RlWindow::Start& x : r.starts) {
            ASSERT_GE(x.id, start);
            ASSERT_LT(x.id, start + kWindow);
            EXPECT_EQ(++started[x.id - start], 1) << "job " << x.id << " started twice";
            EXPECT_GE(x.at, w.jobs[x.id].submit) << "job " << x.id;
            EXPECT_GE(x.at, last) << "job " << x.id << " started back in time";
            last = x.at;
            ev.push_back({x.at, w.jobs[x.id].units});
            ev.push_back({x.at + w.jobs[x.id].run_time, -w.jobs[x.id].units});
          }
          std::sort(ev.begin(), ev.end(),
                    [](const Ev& a, const Ev& b) { return a.t != b.t ? a.t < b.t : a.delta < b.delta; });
          std::int64_t used = 0, peak = 0;
          for (const Ev& e : ev) peak = std::max(peak, used += e.delta);
          EXPECT_LE(peak, w.capacity);
          EXPECT_EQ(used, 0);
          EXPECT_GE(r.bsld, static_cast<double>(r.starts.size()) / kWindow);  // each job's bsld >= 1
          ++checked;
        }
      }
    }
  }
  if (checked == 0) GTEST_SKIP() << "no shared traces";
}

}  // namespace
}  // namespace clustersim
