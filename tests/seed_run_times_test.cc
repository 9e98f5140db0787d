// Seed 001's test cases 5 and 6 end to end: its own command lines, through
// both front ends, give the seed's numbers ("jobs run ~80 % of estimate").
// The sampler alone is tested in seed_cases_test.cc; here the run times are
// read back from the schedule files the programs write.
//
// Every case has N = 20000 one-node jobs of limit L = 1000 s on a machine of
// 20000 nodes (all start at 0, so a run time is end - begin). Tolerances are
// 5 standard errors of the statistic at that N, so a correct program fails
// with probability < 1e-6 while each old behaviour is > 10 standard errors
// away.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "io/file_reader.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

constexpr int kJobs = 20000;
constexpr double kLimit = 1000;

fs::path WriteJobs(const std::string &name) {
  const fs::path d = ScratchDir("seedrt_" + name);
  std::ofstream f(d / "jobs.csv");
  f << "job_submit_time,num_nodes,queue,time_limit\n";
  for (int i = 0; i < kJobs; ++i) f << "0,1,pbatch," << kLimit << "\n";
  return d;
}

// end - begin of every row of a schedule CSV (columns found by name).
std::vector<double> RunTimes(const fs::path &schedule) {
  auto text = ReadFileContents(schedule.string());
  EXPECT_TRUE(text.ok()) << schedule;
  std::istringstream in(text.ok() ? text.value() : "");
  std::string line, cell;
  std::getline(in, line);
  int begin = -1, end = -1, col = 0;
  for (std::istringstream h(line); std::getline(h, cell, ','); ++col) {
    if (cell == "begin_time") begin = col;
    if (cell == "end_time") end = col;
  }
  EXPECT_GE(begin, 0);
  EXPECT_GE(end, 0);
  std::vector<double> out;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    for (std::istringstream r(line); std::getline(r, cell, ',');) cells.push_back(cell);
    out.push_back(std::stod(cells[static_cast<std::size_t>(end)]) - std::stod(cells[static_cast<std::size_t>(begin)]));
  }
  return out;
}

double Mean(const std::vector<double> &v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

double Median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// The seed's distribution flags with scale s and stddev v.
std::vector<std::string> Flags(const char *dist, const char *s, const char *v) {
  return {"--run_time_mode",         "distribution",
          "--run_time_distribution", dist,
          "--run_time_scale",        s,
          "--run_time_stddev",       v};
}

std::vector<double> ThroughSimulator(const fs::path &d, const std::vector<std::string> &flags) {
  std::vector<std::string> argv = {
      SimulatorBinary(),       (d / "jobs.csv").string(), "--total_nodes", std::to_string(kJobs), "-o",
      (d / "sim.csv").string()};
  argv.insert(argv.end(), flags.begin(), flags.end());
  const ProcessResult r = RunProcess(argv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return RunTimes(d / "sim.csv");
}

std::vector<double> ThroughClustersim(const fs::path &d, const std::vector<std::string> &flags,
                                      nlohmann::json *summary) {
  std::vector<std::string> argv = {
      ClustersimBinary(), "simulate", (d / "jobs.csv").string(), "-n", std::to_string(kJobs),
      "--quiet",          "-o",       (d / "out").string()};
  argv.insert(argv.end(), flags.begin(), flags.end());
  const ProcessResult r = RunProcess(argv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto text = ReadFileContents((d / "out" / "summary.json").string());
  EXPECT_TRUE(text.ok());
  *summary = nlohmann::json::parse(text.ok() ? text.value() : "{}");
  return RunTimes(d / "out" / "schedule.csv");
}

// Case 5: normal, mean ≈ L * 0.8. N(800, 200): the sample mean has standard
// error 200 / sqrt(N) = 1.41 s; `simulator` writes whole seconds (truncated,
// -0.5 s on average), within the tolerance. dr_evt's clamp at L gave 783.3.
TEST(SeedRunTimes, NormalMeanIsEightyPercentOfTheLimitThroughSimulator) {
  const fs::path d = WriteJobs("normal_sim");
  const std::vector<double> rt = ThroughSimulator(d, Flags("normal", "0.8", "0.2"));
  ASSERT_EQ(rt.size(), static_cast<std::size_t>(kJobs));
  const double se = 200 / std::sqrt(double{kJobs});
  EXPECT_NEAR(Mean(rt), 800, 5 * se);
  EXPECT_GT(*std::max_element(rt.begin(), rt.end()), kLimit) << "no run past the limit: clamped";
}

// clustersim's default kills at the limit: the run times it reports are
// min(X, L), mean 800 - 200 (phi(1) - (1 - Phi(1))) = 783.33 s, and the summary
// says how many were killed (P(X > L) = 0.1587) and the time cut; the cut
// added back gives the seed's mean.
TEST(SeedRunTimes, NormalThroughClustersimCountsWhatTheKillCut) {
  const fs::path d = WriteJobs("normal_cs");
  nlohmann::json s;
  const std::vector<double> rt = ThroughClustersim(d, Flags("normal", "0.8", "0.2"), &s);
  ASSERT_EQ(rt.size(), static_cast<std::size_t>(kJobs));
  const double n = kJobs, se = 200 / std::sqrt(n);
  EXPECT_NEAR(Mean(rt), 783.33, 5 * se);
  EXPECT_LE(*std::max_element(rt.begin(), rt.end()), kLimit);
  const double p = 0.158655;
  const std::int64_t killed = s["killed_at_limit"]["jobs"].get<std::int64_t>();
  EXPECT_NEAR(static_cast<double>(killed), n * p, 5 * std::sqrt(n * p * (1 - p)));
  EXPECT_EQ(killed, s["counts"]["killed_at_limit"].get<std::int64_t>());
  const double cut = s["killed_at_limit"]["run_time_cut_s"].get<double>();
  EXPECT_GT(cut, 0);
  EXPECT_NEAR(Mean(rt) + cut / n, 800, 5 * se);
}

// Case 6: lognormal, median ≈ L * 0.75. The sample median's standard error
// is 1.2533 * 0.5 * 750 / sqrt(N) = 3.3 s. Killing at L (28 % of jobs) leaves
// the median where it is, so both front ends must give it.
TEST(SeedRunTimes, LognormalMedianIsScaleTimesLimitThroughBothFrontEnds) {
  const double se = 1.2533 * 0.5 * 750 / std::sqrt(double{kJobs});
  const fs::path d = WriteJobs("lognormal");
  const std::vector<double> sim = ThroughSimulator(d, Flags("lognormal", "0.75", "0.5"));
  ASSERT_EQ(sim.size(), static_cast<std::size_t>(kJobs));
  EXPECT_NEAR(Median(sim), 750, 5 * se);
  EXPECT_GT(*std::max_element(sim.begin(), sim.end()), kLimit) << "the seed's lognormal has no cap";
  nlohmann::json s;
  const std::vector<double> cs = ThroughClustersim(d, Flags("lognormal", "0.75", "0.5"), &s);
  ASSERT_EQ(cs.size(), static_cast<std::size_t>(kJobs));
  EXPECT_NEAR(Median(cs), 750, 5 * se);
}

// The seed's uniform is U(L * f_min, L * f_max): -S 0.5 -V 1.0 is U(500, 1000),
// mean 750 with standard error 500 / sqrt(12 N) = 1.02 s (dr_evt's code drew
// U(500, 1500)). `--run_time_compat dr_evt` keeps dr_evt's formula.
TEST(SeedRunTimes, UniformIsBetweenTheTwoFactorsAndDrEvtsFormulaStaysSelectable) {
  const fs::path d = WriteJobs("uniform");
  const std::vector<double> rt = ThroughSimulator(d, Flags("uniform", "0.5", "1.0"));
  ASSERT_EQ(rt.size(), static_cast<std::size_t>(kJobs));
  EXPECT_NEAR(Mean(rt), 750, 5 * 500 / std::sqrt(12.0 * kJobs));
  EXPECT_GE(*std::min_element(rt.begin(), rt.end()), 500);
  EXPECT_LE(*std::max_element(rt.begin(), rt.end()), 1000);
  std::vector<std::string> dr = Flags("uniform", "0.5", "1.0");
  dr.insert(dr.end(), {"--run_time_compat", "dr_evt"});
  const std::vector<double> old = ThroughSimulator(d, dr);
  EXPECT_NEAR(Mean(old), 1000, 5 * 1000 / std::sqrt(12.0 * kJobs));
}

}  // namespace
}  // namespace clustersim::test
