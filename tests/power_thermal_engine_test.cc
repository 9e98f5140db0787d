// Thermal cases of the work-based engine found by reviews (twenty-first
// session): a GPU's θ under Joulie's quasi-static order, a throttle step
// (full_c <= start_c) held at its edge, and §d.5's gpu_util_source option.
// Each expected value is derived in the comment above its test.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/run_config.h"
#include "power/switches.h"
#include "power_case.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

// Under Joulie's order (§e.2 COMPAT) a GPU's θ comes from the temperature
// its power sets in the same evaluation, as the CPU's does: it lagged one
// evaluation (a control step) behind. One H100 capped at 150 W, whose power
// does not depend on θ: with K = 150/63 W/°C the device sits at 24 + 63 =
// 87 °C, θ = (87 - 82) / 10 = .5 from the first evaluation, so the job
// takes twice as long as with a K that keeps it cool (θ 0). The lag gave 1
// s at full speed first: 2 D - 1.
TEST(PowerEngine, CompatGpuThetaFollowsItsTemperatureAtOnce) {
  const std::string job = Jsonl("a", 0, "1", 1, 1, 100, R"("workloadClass":{"gpu":"gpu.compute_bound"})");
  const auto finish = [&](const std::string& name, const std::string& k) {
    const Case c = RunCase(name, job,
                           "nodes:\n  - node_name: g0\n    cpu_cores: 16\n    product: NVIDIA H100 80GB HBM3\n"
                           "    gpu_count: 1\n    operating_point: {gpu_cap: 150W}\n"
                           "    gpu_model: {thermal: {k_w_per_c: " + k + "}}\n",
                           [](RunConfig* r) {
                             r->cluster.work.switches = power::PowerSwitches::Joulie();
                             ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "gpu_job_theta=device").ok());
                           });
    EXPECT_EQ(c.rc, 0) << c.err;
    const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
    return jobs.size() == 1 ? std::stod(jobs[0].at("finish_time")) : -1.0;
  };
  const double cool = finish("gpu_theta_cool", "100"), hot = finish("gpu_theta_hot", "2.380952380952381");
  ASSERT_GT(cool, 0);
  EXPECT_NEAR(hot, 2 * cool, 2e-6) << cool;
}

// A throttle step (full_c <= start_c, §e.2) has no band to step through.
// 16 cores of the analytic default CPU at full load, K 4 W/°C, ambient 24:
// P(θ 0) = 335.12 W heads for 107.8 °C, P(θ 1) = 217.83 W for 78.5 °C, so
// once the CPU reaches 80 °C (at 3.3245 s, 53.19 units done at 16 u/s)
// θ flipped at every crossing, a few microseconds apart: 350,000
// evaluations in 3 s, a job of 640 units took 10 s of wall time. The
// sliding-mode average runs at duty d = (4 * 56 - 217.83) / (335.12 -
// 217.83) = .0526 throttled, 3.229 units/s: the job ends at 3.3245 + (640 -
// 53.19) / 3.229 = 185.043 s. Held for a control step of .01 s at the edge,
// θ approaches that within the step's resolution in ~35,000 evaluations.
TEST(PowerEngine, AThrottleStepIsHeldForAControlStepAtItsEdge) {
  const Case c = RunCase(
      "throttle_step",
      Jsonl("a", 0, "16", 640, 0, 0, R"("workloadClass":{"cpu":"cpu.compute_bound"})"),
      "nodes:\n  - node_name: n0\n    cpu_cores: 16\n    cpu_model: {thermal: {k_w_per_c: 4, start_c: 90, full_c: 80}}\n",
      [](RunConfig* r) {
        ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "thermal_throttle=on").ok());
        r->cluster.work.power_step = kTicksPerSecond / 100;
        r->timeseries_every_event = true;
      });
  ASSERT_EQ(c.rc, 0) << c.err;
  const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_NEAR(std::stod(jobs[0].at("finish_time")), 185.043, 0.1);
  EXPECT_LT(ReadCsvRows(c.dir / "out" / "timeseries.csv").size(), 40'000u);
}

// §d.5's option gpu_util_source=assigned: a device draws the load of the
// pod on it. One node of 8 H100s that throttle from 60 °C (K 10 W/°C): A
// holds device 0 with long CPU work and 100 GPU units, done at once; B
// (1,000 GPU units) gets device 1. The aggregate split (the default) puts
// B's load on device 0, which heats and throttles, while B's own device
// stays cool and B runs unthrottled. Assigned, B heats its own device and
// runs exactly as long as alone (where it gets device 0).
TEST(PowerEngine, AssignedGpuUtilisationFollowsThePodsDevice) {
  const std::string profile =
      R"("sensitivity":{"cpu":1,"gpu":1},"workloadClass":{"cpu":"cpu.compute_bound","gpu":"gpu.compute_bound"},)"
      R"("workloadProfile":{"cpuUtilization":0.5,"gpuUtilization":1.0,"memoryIntensity":0,"ioIntensity":0,)"
      R"("cpuFeedIntensityGpu":0})";
  const std::string a = Jsonl("A", 100, "8", 20000, 1, 100, profile), b = Jsonl("B", 200, "8", 400, 1, 1000, profile);
  const std::string node =
      "nodes:\n  - node_name: h\n    product: NVIDIA H100 80GB HBM3\n    gpu_count: 8\n    cpu: AMD EPYC 9654\n"
      "    cpu_cores: 192\n    gpu_model: {thermal: {k_w_per_c: 10, start_c: 60, full_c: 120}}\n";
  struct Run {
    double b_seconds = -1;
    std::vector<double> device_j;
  };
  const auto run = [&](const std::string& name, const std::string& trace, const char* source) {
    const Case c = RunCase(name, trace, node, [&](RunConfig* r) {
      ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "thermal_throttle=on").ok());
      ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, source).ok());
    });
    EXPECT_EQ(c.rc, 0) << c.err;
    Run out;
    const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");  // B is the last job
    if (!jobs.empty())
      out.b_seconds = std::stod(jobs.back().at("finish_time")) - std::stod(jobs.back().at("starting_time"));
    for (const auto& d : ReadCsvRows(c.dir / "out" / "devices.csv")) out.device_j.push_back(std::stod(d.at("energy_j")));
    return out;
  };
  const Run alone = run("assigned_alone", b, "gpu_util_source=assigned");
  const Run beside = run("assigned_beside", a + b, "gpu_util_source=assigned");
  const Run split = run("aggregate_beside", a + b, "gpu_util_source=aggregate");
  ASSERT_GT(alone.b_seconds, 0);
  EXPECT_NEAR(beside.b_seconds, alone.b_seconds, 1e-3);
  EXPECT_LT(split.b_seconds, alone.b_seconds - 100);  // the spec's default: B's device never heats
  ASSERT_EQ(beside.device_j.size(), 8u);
  EXPECT_GT(beside.device_j[1], 2 * beside.device_j[0]);  // B's device carries B's load
  EXPECT_GT(split.device_j[0], 2 * split.device_j[1]);    // aggregate: device 0 does
}

}  // namespace
}  // namespace clustersim::test
