// The six test cases of seed 001 ("Simulation vs Replay Modes"), literally.

#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.h"

namespace clustersim::test {
namespace {

// 1. Replay mode with end_time column - times match input exactly.
TEST(SeedCases, ReplayWithEndTimeMatchesInputExactly) {
  SimSetup s;
  SimOutcome o = SimulateText(
      "job_submit_time,begin_time,end_time,num_nodes,exit_status,queue,time_limit\n"
      "0,0,100,80,0,pbatch,100\n"
      "10,10,30,15,0,pbatch,20\n"
      "12.5,40.25,41.000001,5,0,pbatch,20\n",
      s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(o.workload.mode, TraceMode::kReplay);
  EXPECT_EQ(RenderSchedule(o), "0:0-100 1:10-30 2:40.25-41.000001");
}

// 2. Replay mode with duration column - computed end_time matches expected.
TEST(SeedCases, ReplayWithDurationComputesEndTime) {
  SimSetup s;
  SimOutcome o = SimulateText(
      "job_submit_time,begin_time,duration,num_nodes,exit_status,queue,time_limit\n"
      "0,5,95,80,0,pbatch,100\n"
      "10,10,20.5,15,0,pbatch,30\n",
      s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(o.workload.mode, TraceMode::kReplay);
  EXPECT_EQ(RenderSchedule(o), "0:5-100 1:10-30.5");
}

// 3. Simulation mode with exact durations - actual_duration == time_limit.
TEST(SeedCases, SimulationLimitModeRunsEachJobForItsLimit) {
  SimSetup s;
  s.run_time.mode = RunTimeMode::kLimit;
  SimOutcome o = SimulateText(
      "job_submit_time,num_nodes,queue,time_limit,actual_run_time\n"
      "0,80,pbatch,100,87\n"
      "10,15,pbatch,20,18\n",
      s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(o.workload.mode, TraceMode::kSimulation);
  for (std::size_t i = 0; i < o.workload.jobs.size(); ++i)
    EXPECT_EQ(o.result.runs[i].end - o.result.runs[i].begin, o.workload.jobs[i].time_limit);
  EXPECT_EQ(RenderSchedule(o), "0:0-100 1:10-30");
}

// 4. Simulation mode with column - uses provided actual_duration.
TEST(SeedCases, SimulationActualModeUsesTheColumn) {
  SimSetup s;
  s.run_time.mode = RunTimeMode::kActual;
  SimOutcome o = SimulateText(
      "job_submit_time,num_nodes,queue,time_limit,actual_run_time\n"
      "0,80,pbatch,100,87\n"
      "10,15,pbatch,20,18\n",
      s);
  ASSERT_TRUE(o.status.ok()) << o.status.message();
  EXPECT_EQ(RenderSchedule(o), "0:0-87 1:10-28");
}

std::vector<double> SampledRunTimes(Distribution d, double scale, double stddev, std::uint64_t seed, int n,
                                    double limit_s) {
  Workload w;
  w.mode = TraceMode::kSimulation;
  for (int i = 0; i < n; ++i) {
    Job j;
    j.trace_id = i;
    j.time_limit = static_cast<SimTime>(limit_s * kTicksPerSecond);
    w.jobs.push_back(j);
  }
  RunTimeOptions o;
  o.mode = RunTimeMode::kDistribution;
  o.distribution = d;
  o.scale = scale;
  o.stddev = stddev;
  o.seed = seed;
  Diagnostics diag;
  EXPECT_TRUE(ApplyRunTimeModel(o, &w, &diag).ok());
  std::vector<double> out;
  for (const Job& j : w.jobs) out.push_back(ToSeconds(j.run_time));
  return out;
}

// 5. Simulation mode with normal distribution - mean ≈ time_limit * scale.
// N = 20000 draws of N(800, 200): the sample mean has standard error
// 200/sqrt(20000) = 1.41 s; clamping at 0 is 4 sd away (negligible). Allow
// 5 standard errors, so a correct sampler fails with probability < 1e-6.
TEST(SeedCases, NormalDistributionMeanIsLimitTimesScale) {
  const int n = 20000;
  const double limit = 1000, scale = 0.8, stddev = 0.2;
  for (std::uint64_t seed : {0u, 1u, 42u}) {
    auto v = SampledRunTimes(Distribution::kNormal, scale, stddev, seed, n, limit);
    double mean = 0;
    for (double x : v) mean += x;
    mean /= n;
    const double se = limit * stddev / std::sqrt(static_cast<double>(n));
    EXPECT_NEAR(mean, limit * scale, 5 * se) << "seed " << seed;
  }
}

// 6. Simulation mode with lognormal - median ≈ time_limit * scale.
// The sample median of LogNormal(mu, s) has standard error about
// 1.2533 * s * m / sqrt(N) for median m: with m = 750, s = 0.5, N = 20000,
// that is 3.3 s. Allow 5 standard errors.
TEST(SeedCases, LognormalDistributionMedianIsLimitTimesScale) {
  const int n = 20000;
  const double limit = 1000, scale = 0.75, sigma = 0.5;
  for (std::uint64_t seed : {0u, 7u}) {
    auto v = SampledRunTimes(Distribution::kLognormal, scale, sigma, seed, n, limit);
    std::nth_element(v.begin(), v.begin() + n / 2, v.end());
    const double median = v[n / 2];
    const double se = 1.2533 * sigma * limit * scale / std::sqrt(static_cast<double>(n));
    EXPECT_NEAR(median, limit * scale, 5 * se) << "seed " << seed;
  }
}

}  // namespace
}  // namespace clustersim::test
