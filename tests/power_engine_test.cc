// Part 2 of seed 002 end to end: node power, energy and its attribution,
// facility energy, telemetry averages, temperatures, throttling, caps, and
// convergence of the approximations (tick, control step). Hand-computed
// cases use the linear node of power_case.h; cap schedules' own cases are
// in cap_schedule_run_test.cc.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/run_config.h"
#include "power/switches.h"
#include "power_case.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// One job, 5 of 10 cores at U 1 for 1000 units: 200 s at 5 units/s. The node
// draws 100 + 200 * 0.5 = 200 W while it runs (100 W of it idle) and the run
// ends with it: IT 40,000 J, idle 20,000 J, the job 20,000 J. Facility at
// 25 °C with load fraction 200/300 (the design power is PMax):
// PUE = 1.08 + 0.006*10 + 0.04*(2/3) + 0.015*(2/3)*(10/15) = 1.1733333...
TEST(PowerEngine, EnergyOfOneJobOnALinearNode) {
  const Case c = RunCase("one", Jsonl("j", 0, "5", 1000, 0, 0, kFlat), kLinearNode);
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_NEAR(Energy(c, "it_energy_j"), 40000, 1e-6);
  EXPECT_NEAR(Energy(c, "idle_energy_j"), 20000, 1e-6);
  EXPECT_NEAR(Energy(c, "jobs_energy_j"), 20000, 1e-6);
  EXPECT_NEAR(c.summary["work"]["classes"]["standard"]["energy_j"].get<double>(), 20000, 1e-6);
  EXPECT_NEAR(Energy(c, "facility_energy_j"), 40000 * (1.08 + 0.06 + 0.04 * 2 / 3.0 + 0.015 * 2 / 3.0 * 10 / 15),
              1e-6);
  EXPECT_NEAR(Energy(c, "peak_it_power_w"), 200, 1e-9);
  EXPECT_NEAR(Energy(c, "mean_it_power_w"), 200, 1e-9);
  const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_NEAR(std::stod(jobs[0].at("energy_j")), 20000, 1e-6);
  const auto nodes = ReadCsvRows(c.dir / "out" / "nodes.csv");
  ASSERT_EQ(nodes.size(), 1u);
  EXPECT_NEAR(std::stod(nodes[0].at("energy_j")), 40000, 1e-6);
  EXPECT_NEAR(std::stod(nodes[0].at("mean_power_w")), 200, 1e-9);
}

// A RAPL cap lowers power and stretches compute-bound work more than
// memory-bound work (§a.5, §c.5): the same node and cap for each class.
TEST(PowerEngine, ACapLowersPowerAndStretchesComputeBoundMost) {
  auto job = [](const char* cls, double m) {
    return Jsonl("j", 0, "10", 2000, 0, 0,
                 fmt::format(R"("workloadClass":{{"cpu":"{}"}},"workloadProfile":{{"cpuUtilization":1,)"
                             R"("memoryIntensity":{},"ioIntensity":0}})",
                             cls, m));
  };
  std::map<std::string, double> stretch, power_cut;
  for (auto [cls, m] : {std::pair{"cpu.compute_bound", 0.0}, std::pair{"cpu.memory_bound", 0.85}}) {
    const Case free = RunCase(std::string("free_") + cls, job(cls, m), kLinearNode);
    const Case capped = RunCase(std::string("cap_") + cls, job(cls, m), kLinearNode,
                            [](RunConfig* c) { c->cluster.rules.push_back({OperatingRule::Kind::kCpuCap, {}, {CapSetting::Kind::kWatts, 180}, 1}); });
    ASSERT_EQ(free.rc, 0) << free.err;
    ASSERT_EQ(capped.rc, 0) << capped.err;
    stretch[cls] = Energy(capped, "span_seconds") / Energy(free, "span_seconds");
    power_cut[cls] = Energy(capped, "mean_it_power_w") / Energy(free, "mean_it_power_w");
    EXPECT_LE(Energy(capped, "peak_it_power_w"), 180 + 1e-6) << cls;  // the cap holds
  }
  EXPECT_GT(stretch["cpu.compute_bound"], stretch["cpu.memory_bound"]);
  EXPECT_GT(stretch["cpu.memory_bound"], 1.0);
  EXPECT_LT(power_cut["cpu.compute_bound"], 1.0);
}

// High memory intensity lowers CPU switching activity (§c.2): the same
// utilisation draws less, and power rises more slowly with utilisation.
TEST(PowerEngine, MemoryIntensityFlattensPowerAgainstUtilisation) {
  auto power_at = [](double u, double m, const std::string& tag) {
    const std::string rec =
        Jsonl("j", 0, "10", 1000, 0, 0,
              fmt::format(R"("workloadProfile":{{"cpuUtilization":{},"memoryIntensity":{},"ioIntensity":0}})", u, m));
    const Case c = RunCase(tag, rec, kLinearNode);
    EXPECT_EQ(c.rc, 0) << c.err;
    return Energy(c, "mean_it_power_w");
  };
  const double low_half = power_at(0.5, 0, "m0u5"), low_full = power_at(1, 0, "m0u10");
  const double high_half = power_at(0.5, 0.9, "m9u5"), high_full = power_at(1, 0.9, "m9u10");
  EXPECT_LT(high_full, low_full);
  EXPECT_LT(high_full - high_half, low_full - low_half);
  // act = 1 - 0.3 * 0.9 = 0.73: the slope is 73 % of the compute one.
  EXPECT_NEAR((high_full - high_half) / (low_full - low_half), 0.73, 1e-9);
}

// §e.4: the exported GPU power is a 1 s boxcar: half a second after a step
// it is halfway, after a full second it has caught up.
TEST(PowerEngine, AveragedGpuPowerLagsAStepByTheWindow) {
  const std::string cluster = "nodes:\n  - node_name: g\n    cpu_cores: 8\n    product: H100 SXM\n    gpu_count: 1\n";
  // Idle until 100, then a GPU job runs for a long time.
  const Case c = RunCase("lag", Jsonl("idle", 0, "1", 1) + Jsonl("gpu", 100, "1", 1, 1, 400), cluster, [](RunConfig* r) {
    r->timeseries_interval = kTicksPerSecond / 4;
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  const auto rows = ReadCsvRows(c.dir / "out" / "timeseries.csv");
  std::map<std::string, std::map<std::string, std::string>> at;
  for (const auto& r : rows) at[r.at("time")] = r;
  ASSERT_TRUE(at.count("99.75") && at.count("100.25") && at.count("100.5") && at.count("101") && at.count("101.25"));
  const double before = std::stod(at["99.75"]["gpu_power_w"]), after = std::stod(at["100.25"]["gpu_power_w"]);
  ASSERT_GT(after, before);
  EXPECT_NEAR(std::stod(at["100.5"]["gpu_power_avg_w"]), 0.5 * before + 0.5 * after, 1e-9);
  EXPECT_NEAR(std::stod(at["101.25"]["gpu_power_avg_w"]), after, 1e-9);
  EXPECT_NEAR(std::stod(at["100.25"]["gpu_power_avg_w"]), 0.75 * before + 0.25 * after, 1e-9);
}

// §e.5 COMPAT energy_power=averaged integrates the telemetry average, which
// differs from the power only at the two ends. The one-job case above (200 W
// from 0 to 200 s after 100 W of idle, CPU window 0.25 s): the boxcar ramps
// from 100 to 200 W over [0, 0.25] (37.5 J instead of 50), so IT energy is
// 39,987.5 J; the EMA (τ = 0.25 s) gives 40,000 - 0.25 * (200 - 100) =
// 39,975 J. The difference goes to idle energy (jobs keep theirs), and the
// facility takes it at the PUE of the power held at each end.
TEST(PowerEngine, AveragedEnergyDiffersFromInstantaneousAtTheEnds) {
  auto pue = [](double lf) { return 1.08 + 0.06 + 0.04 * lf + 0.015 * lf * 10 / 15; };
  struct Mode {
    const char* telemetry;
    double it_j, lead_j, lag_j;
  };
  for (const Mode& m : {Mode{"boxcar", 39987.5, 12.5, 25}, Mode{"ema", 39975, 25, 50}, Mode{"quasi_static", 40000, 0, 0}}) {
    const Case c = RunCase(std::string("avg_") + m.telemetry, Jsonl("j", 0, "5", 1000, 0, 0, kFlat), kLinearNode,
                           [&](RunConfig* r) {
                             ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "energy_power=averaged").ok());
                             ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches,
                                                               std::string("telemetry=") + m.telemetry).ok());
                           });
    ASSERT_EQ(c.rc, 0) << c.err;  // --check: jobs + idle = nodes = IT
    EXPECT_NEAR(Energy(c, "it_energy_j"), m.it_j, 1e-6) << m.telemetry;
    EXPECT_NEAR(Energy(c, "jobs_energy_j"), 20000, 1e-6) << m.telemetry;
    EXPECT_NEAR(Energy(c, "idle_energy_j"), m.it_j - 20000, 1e-6) << m.telemetry;
    EXPECT_NEAR(Energy(c, "facility_energy_j"), 40000 * pue(2 / 3.0) + m.lead_j * pue(1 / 3.0) - m.lag_j * pue(2 / 3.0),
                1e-6) << m.telemetry;
    const auto nodes = ReadCsvRows(c.dir / "out" / "nodes.csv");
    ASSERT_EQ(nodes.size(), 1u);
    EXPECT_NEAR(std::stod(nodes[0].at("energy_j")), m.it_j, 1e-6) << m.telemetry;
    EXPECT_NEAR(std::stod(nodes[0].at("cpu_energy_j")), m.it_j, 1e-6) << m.telemetry;
  }
}

// §e.2: after a power step, temperature closes 1 - 1/e of its gap to
// ambient + P/K in one time constant (4 s for the CPU).
TEST(PowerEngine, TemperatureApproachesItsTargetWithTheTimeConstant) {
  const Case c = RunCase("temp", Jsonl("j", 100, "10", 4000, 0, 0, kFlat), kLinearNode, [](RunConfig* r) {
    r->timeseries_interval = kTicksPerSecond;
    r->timeseries_nodes_given = true;
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  std::map<std::string, double> t;
  for (const auto& r : ReadCsvRows(c.dir / "out" / "node_timeseries.csv")) t[r.at("time")] = std::stod(r.at("cpu_temp_c"));
  ASSERT_TRUE(t.count("100") && t.count("104") && t.count("300"));
  const double t0 = t["100"], t_inf = t["300"];  // idle steady, then 50 tau later at full power
  // K = 8 W/°C (the scaled K, max(8, 300/56), is 8 here), P = 300 W: 24 + 300/8 = 61.5 °C.
  EXPECT_NEAR(t_inf, 24 + 300 / 8.0, 1e-6);
  EXPECT_NEAR(t0, 24 + 100 / 8.0, 1e-6);
  EXPECT_NEAR((t["104"] - t_inf) / (t0 - t_inf), std::exp(-1.0), 1e-9);
}

// §e.2 with throttling on and a small conductance (K = 2 W/°C, fixed): idle
// (100 W) the CPU sits at 24 + 100/2 = 74 °C, below the 85 °C start; at
// full load (300 W) it heads for 174 °C. θ stays 0 until the temperature
// crosses 85 °C, then grows; at 97 °C (full) it is 1, the job's
// throughput is 0 (throttleImpact = m = 0 for U 1, M = I = 0), and power
// falls to 65 % (1 - 0.35 θ), which still holds 24 + 195/2 = 121.5 °C > 97:
// the job stalls for good and is reported unfinished.
TEST(PowerEngine, ThrottlingStartsAtTheStartThresholdAndStopsWorkAtFull) {
  const char* hot =
      "nodes:\n  - node_name: n0\n    cpu_cores: 10\n"
      "    cpu_model: {idle_w: 100, pmax_w: 300, alpha: 1, beta: 1,\n"
      "                thermal: {ambient_c: 24, k_w_per_c: 2, tau_s: 4, start_c: 85, full_c: 97}}\n";
  // k arrives later and can never be placed while j holds the node: the
  // run tells why it stays unstarted too (waiting_at_end).
  const Case c = RunCase("throttle", Jsonl("j", 100, "10", 1e5, 0, 0, kFlat) + Jsonl("k", 150, "10", 10), hot,
                         [](RunConfig* r) {
    r->timeseries_interval = kTicksPerSecond / 4;
    r->timeseries_nodes_given = true;
    ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "thermal_throttle=on").ok());
    ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "thermal_k=fixed").ok());
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  bool reached_full = false;
  double last_theta = 0;
  for (const auto& r : ReadCsvRows(c.dir / "out" / "node_timeseries.csv")) {
    const double temp = std::stod(r.at("cpu_temp_c")), theta = std::stod(r.at("theta_cpu"));
    // θ is the band's value at the last evaluation: never above what the
    // temperature now allows, and 0 while the node has stayed below 85 °C.
    if (temp < 85) {
      EXPECT_EQ(theta, 0) << r.at("time");
    }
    EXPECT_GE(theta, last_theta - 1e-12) << r.at("time");  // heating only
    last_theta = theta;
    if (theta == 1) reached_full = true;
  }
  EXPECT_TRUE(reached_full);
  const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
  EXPECT_EQ(jobs[0].at("status"), "unfinished");
  EXPECT_EQ(c.summary.at("warnings_by_rule").at("stalled_at_end"), 1) << "the user is told why";
  EXPECT_EQ(c.summary.at("warnings_by_rule").at("waiting_at_end"), 1);
  EXPECT_EQ(jobs[1].at("status"), "unfinished");
  const auto nodes = ReadCsvRows(c.dir / "out" / "nodes.csv");
  EXPECT_GT(std::stod(nodes[0].at("time_throttled_s")), 0);
  EXPECT_GT(std::stod(nodes[0].at("peak_cpu_temp_c")), 97);
}

// The same node with throttling off (the default): θ is still reported
// (power-model §e.2, G12), as the band position of the temperature at each
// sample, while the job runs at full speed to its end and no time counts
// as throttled. Before the fix the column was 0 whenever throttling was off.
TEST(PowerEngine, ThetaIsReportedWithThrottlingOffButDoesNotAct) {
  const char* hot =
      "nodes:\n  - node_name: n0\n    cpu_cores: 10\n"
      "    cpu_model: {idle_w: 100, pmax_w: 300, alpha: 1, beta: 1,\n"
      "                thermal: {ambient_c: 24, k_w_per_c: 2, tau_s: 4, start_c: 85, full_c: 97}}\n";
  const Case c = RunCase("theta_off", Jsonl("j", 100, "10", 1e5, 0, 0, kFlat), hot, [](RunConfig* r) {
    r->timeseries_interval = kTicksPerSecond / 4;
    r->timeseries_nodes_given = true;
    ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "thermal_k=fixed").ok());
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  bool inside = false, full = false;
  for (const auto& r : ReadCsvRows(c.dir / "out" / "node_timeseries.csv")) {
    const double temp = std::stod(r.at("cpu_temp_c")), theta = std::stod(r.at("theta_cpu"));
    EXPECT_NEAR(theta, std::clamp((temp - 85) / 12, 0.0, 1.0), 1e-9) << r.at("time");
    inside = inside || (theta > 0 && theta < 1);
    full = full || theta == 1;
  }
  EXPECT_TRUE(inside);
  EXPECT_TRUE(full);  // 174 °C at full load
  const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
  EXPECT_EQ(jobs[0].at("status"), "completed");
  EXPECT_EQ(std::stod(ReadCsvRows(c.dir / "out" / "nodes.csv")[0].at("time_throttled_s")), 0);
}

// Inside the band θ moves with the temperature, which moves with the power
// θ sets: no closed form, so the node is re-evaluated every control step
// with power (and θ) held over the step. The error is first order in the
// step. With K = 3 W/°C the node settles inside the band: T = 124 - 35 θ
// and θ = (T - 85)/12 meet at T = 4463/47 = 94.957 °C, θ = 0.8298, and the
// job runs at 1 - θ of its speed. Its end converges as the step shrinks,
// each quartering of the step cutting the error by about four.
TEST(PowerEngine, ThrottleBandSubStepErrorShrinksWithTheStep) {
  const char* warm =
      "nodes:\n  - node_name: n0\n    cpu_cores: 10\n"
      "    cpu_model: {idle_w: 100, pmax_w: 300, alpha: 1, beta: 1,\n"
      "                thermal: {ambient_c: 24, k_w_per_c: 3, tau_s: 4, start_c: 85, full_c: 97}}\n";
  auto end_with_step = [&](double step_s, double* throttled_s) {
    const Case c = RunCase("band" + std::to_string(step_s), Jsonl("j", 0, "10", 2e4, 0, 0, kFlat), warm,
                           [&](RunConfig* r) {
                             r->cluster.work.power_step = static_cast<SimTime>(step_s * kTicksPerSecond);
                             r->timeseries_interval = 0;
                             ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "thermal_throttle=on").ok());
                             ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "thermal_k=fixed").ok());
                           });
    EXPECT_EQ(c.rc, 0) << c.err;
    const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
    EXPECT_EQ(jobs.at(0).at("status"), "completed");
    if (throttled_s != nullptr) *throttled_s = std::stod(ReadCsvRows(c.dir / "out" / "nodes.csv").at(0).at("time_throttled_s"));
    return std::stod(jobs.at(0).at("finish_time"));
  };
  double throttled = 0;
  const double t1 = end_with_step(1, nullptr), t4 = end_with_step(0.25, nullptr);
  const double t16 = end_with_step(0.0625, nullptr), t64 = end_with_step(0.015625, &throttled);
  // At the equilibrium the job needs 2000 s / (1 - θ*) = 11,750 s, plus the
  // approach; the node is throttled nearly all of it.
  EXPECT_NEAR(t64, 2000 / (1 - (4463.0 / 47 - 85) / 12), 150);
  EXPECT_GT(throttled, 0.95 * t64);
  const double e1 = std::fabs(t1 - t64), e4 = std::fabs(t4 - t64), e16 = std::fabs(t16 - t64);
  EXPECT_GT(e1, 2.5 * e4);
  EXPECT_GT(e4, 2.5 * e16);
  EXPECT_LT(e1, 0.01 * t64);  // the default 1 s step is within 1 % here
}

// §e.1 through the engine (G12's settling table): a cap schedule at 10 s
// sets the CPU to 60 % (DVFS target 0.6, tau 0.5 s), a 600 W RAPL cap
// (from the uncapped 5000 W state, tau 0.25 s) and the GPU cap to 70 % (700
// -> 490 W, tau 0.15 s). With a 0.1 s control step, the state sampled at
// 10.2 s is the state at 10.1 s: f 0.9274923012, CPU cap 3549.408203 W,
// GPU cap 597.817595 W; 1 s later 0.6541341133, 680.5888111, 490.2672531.
TEST(PowerEngine, CapScheduleSettlesWithTheTimeConstants) {
  const char* cluster =
      "nodes:\n  - node_name: g\n    cpu_cores: 8\n    product: H100 SXM\n    gpu_count: 1\n";
  const Case c = RunCase("settle", Jsonl("j", 0, "1", 20), cluster, [](RunConfig* r) {
    r->timeseries_interval = kTicksPerSecond / 10;
    r->timeseries_nodes_given = true;
    r->cluster.work.power_step = kTicksPerSecond / 10;
    std::ofstream(fs::path(r->output_dir).parent_path() / "caps.yaml")
        << "changes:\n  - at: 10\n    cpu_cap: 600W\n    gpu_cap: 70%\n  - at: 10\n    cpu_cap: 60%\n";
    r->cluster.caps_file = (fs::path(r->output_dir).parent_path() / "caps.yaml").string();
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  std::map<std::string, std::map<std::string, std::string>> at;
  for (const auto& r : ReadCsvRows(c.dir / "out" / "node_timeseries.csv")) at[r.at("time")] = r;
  ASSERT_TRUE(at.count("9.9") && at.count("10.2") && at.count("11.1"));
  EXPECT_EQ(at["9.9"]["cpu_cap_w"], "") << "no RAPL cap yet: empty, not 0 W";
  EXPECT_NEAR(std::stod(at["10.2"]["cpu_cap_w"]), 3549.408203, 1e-6);
  EXPECT_NEAR(std::stod(at["10.2"]["gpu_cap_w"]), 597.817595, 1e-6);
  EXPECT_NEAR(std::stod(at["11.1"]["cpu_cap_w"]), 680.5888111, 1e-6);
  EXPECT_NEAR(std::stod(at["11.1"]["gpu_cap_w"]), 490.2672531, 1e-6);
  // The frequency is the DVFS state (the 600 W cap does not bind a 1-core
  // job on this node): f_eff = f_dvfs.
  EXPECT_NEAR(std::stod(at["10.2"]["freq"]), 0.9274923012, 1e-9);
  EXPECT_NEAR(std::stod(at["11.1"]["freq"]), 0.6541341133, 1e-9);
}

// Holding power constant between control steps is the only approximation
// while states settle (§e.5): energy converges as the step shrinks, and
// tick mode converges to event mode, on the shipped example with a cap
// schedule that moves every eco node twice.
TEST(PowerEngine, EnergyConvergesAsTheStepAndTheTickShrink) {
  const std::string ex = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/";
  auto run = [&](const std::string& tag, SimTime step, SimTime tick) {
    RunConfig c;
    c.trace = ex + "ai-day.jsonl";
    c.cluster.cluster_file = ex + "cluster.yaml";
    c.cluster.caps_file = ex + "caps.yaml";
    c.cluster.work.power_step = step;
    c.cluster.work.tick = tick;
    c.output_dir = ScratchDir("conv_" + tag).string();
    c.check = true;
    c.quiet = true;
    std::ostringstream o, e;
    EXPECT_EQ(RunPipeline(c, o, e), 0) << e.str();
    return nlohmann::json::parse(std::ifstream(fs::path(c.output_dir) / "summary.json"))["work"]["energy"];
  };
  const double fine = run("s001", kTicksPerSecond / 100, 0)["it_energy_j"].get<double>();
  double previous = 1e300;
  for (SimTime step : {10 * kTicksPerSecond, kTicksPerSecond, kTicksPerSecond / 10}) {
    const double e = run("s" + std::to_string(step), step, 0)["it_energy_j"].get<double>();
    const double err = std::fabs(e - fine) / fine;
    EXPECT_LE(err, previous) << step;
    previous = err;
  }
  EXPECT_LT(previous, 1e-6);
  double tick_previous = 1e300;
  for (SimTime tick : {60 * kTicksPerSecond, 5 * kTicksPerSecond, kTicksPerSecond / 2}) {
    const double e = run("t" + std::to_string(tick), kTicksPerSecond, tick)["it_energy_j"].get<double>();
    const double err = std::fabs(e - fine) / fine;
    EXPECT_LT(err, tick_previous) << tick;
    tick_previous = err;
  }
  EXPECT_LT(tick_previous, 1e-3);
}
}  // namespace
}  // namespace clustersim::test

namespace clustersim::test {
namespace {

// Quasi-static dynamics (Joulie) put every state at its target at every
// evaluation, the one right after a cap change included (§e.1 COMPAT). The
// change at 100 s has no pod event beside it; it used to wait for the next
// one, here the job's end, so the job finished at 200 s at full speed. At
// f = .5 (below the knee .5625): s_m = 1 - .12 * .4375 - .45 * .0625 / .5625
// = .8975, s_io = .975, m = .8625 * .5 + .11 * .8975 + .0275 * .975 =
// .5567875 = throttleImpact (base 1); 500 units left at 5 * m units/s take
// 179.6017 s: the job ends at 279.601733.
TEST(PowerEngine, QuasiStaticStatesFollowACapChangeAtOnce) {
  const Case c = RunCase("qs_change", Jsonl("j", 0, "5", 1000, 0, 0, kFlat), kLinearNode, [](RunConfig* r) {
    const fs::path caps = fs::path(r->trace).parent_path() / "caps.yaml";
    std::ofstream(caps) << "changes:\n  - at: 100\n    nodes: all\n    freq_scale: 0.5\n";
    r->cluster.caps_file = caps.string();
    ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "dynamics=quasi_static").ok());
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_NEAR(std::stod(jobs[0].at("finish_time")), 100 + 500 / (5 * 0.5567875), 2e-6);
}

// energy_delay_product_js is IT energy x the summary's makespan: a job
// rejected at 0 (20 cores on a 10-core node) stretched the delay to 0 while
// the makespan starts at the first finished job's submit (100). With every
// job rejected there is no PUE (it said 0.0000).
TEST(PowerEngine, EnergyDelayProductUsesTheSummarysMakespan) {
  const Case c =
      RunCase("edp", Jsonl("big", 0, "20", 100, 0, 0, kFlat) + Jsonl("j", 100, "5", 1000, 0, 0, kFlat), kLinearNode);
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_EQ(c.summary["counts"]["rejected"], 1);
  const double makespan = c.summary["makespan"].get<double>();
  EXPECT_DOUBLE_EQ(makespan, 200);  // 1000 units at 5 units/s from 100
  EXPECT_DOUBLE_EQ(Energy(c, "energy_delay_product_js"), Energy(c, "it_energy_j") * makespan);
  const Case none = RunCase("edp_none", Jsonl("big", 0, "20", 100, 0, 0, kFlat), kLinearNode);
  ASSERT_EQ(none.rc, 0) << none.err;
  EXPECT_TRUE(none.summary["work"]["energy"]["pue"].is_null());
}

// A job rejected at submission moves neither end of the energy window nor
// of the timeseries (energy.md §5). EnergyOfOneJobOnALinearNode's job, at
// 100 s, keeps 200 s and 40,000 J beside 20 cores rejected at 0 (IT ran from
// 0: 50,000 J) or 32 at 1000 (to 1000: 110,000 J); on a default 16-core node
// (80 W idle) 4 cores do 100 units in 25 s: 2,837.117 J, not 80,837.117 J.
TEST(PowerEngine, ARejectedJobMovesNoEndOfTheEnergyWindow) {
  const std::string j = Jsonl("j", 100, "5", 1000, 0, 0, kFlat), early = Jsonl("big", 0, "20", 100, 0, 0, kFlat);
  const std::string late = Jsonl("big", 1000, "32", 100), node16 = "nodes:\n  - node_name: n0\n    cpu_cores: 16\n";
  struct Want { const char* name; std::string trace, cluster; double span, it, idle; const char* rows; };
  for (const Want& w : {Want{"rejected_first", early + j, kLinearNode, 200, 40000, 20000, "120-300"},
                        Want{"rejected_last", j + late, kLinearNode, 200, 40000, 20000, "120-300"},
                        Want{"rejected_default", Jsonl("a", 0, "4", 100) + late, node16, 25, 2837.117, 2000, "0-25"}}) {
    const Case c = RunCase(w.name, w.trace, w.cluster);
    ASSERT_EQ(c.rc, 0) << c.err;
    EXPECT_EQ(c.summary["counts"]["rejected"], 1) << w.name;
    EXPECT_NEAR(Energy(c, "span_seconds"), w.span, 1e-9) << w.name;
    EXPECT_NEAR(Energy(c, "it_energy_j"), w.it, 1e-3) << w.name;
    EXPECT_NEAR(Energy(c, "idle_energy_j"), w.idle, 1e-6) << w.name;
    const auto rows = ReadCsvRows(c.dir / "out" / "timeseries.csv");
    ASSERT_FALSE(rows.empty()) << w.name;
    EXPECT_EQ(rows.front().at("time") + "-" + rows.back().at("time"), w.rows) << w.name;
  }
}

// Control steps fall on one grid, the multiples of power.step (§e.5's
// periodic step): a cap written at 10.5 s is next evaluated at 11, 12, ...
// (it was at 11.5, 12.5, ..., a step after each evaluation).
TEST(PowerEngine, ControlStepsFallOnTheMultiplesOfThePowerStep) {
  const Case c = RunCase("step_grid", Jsonl("j", 0, "5", 1000, 0, 0, kFlat), kLinearNode, [](RunConfig* r) {
    const fs::path caps = fs::path(r->trace).parent_path() / "caps.yaml";
    std::ofstream(caps) << "changes:\n  - at: 10.5\n    nodes: all\n    freq_scale: 0.5\n";
    r->cluster.caps_file = caps.string();
    r->timeseries_every_event = true;
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  std::vector<std::string> times;
  for (const auto& row : ReadCsvRows(c.dir / "out" / "timeseries.csv"))
    if (std::stod(row.at("time")) > 10 && std::stod(row.at("time")) < 14) times.push_back(row.at("time"));
  EXPECT_EQ(times, (std::vector<std::string>{"10.5", "11", "12", "13"}));
}

// G12's compat oscillation, end to end: a 2x EPYC 9654 curve node at u .8
// (192 cores at U .8, mixed, M .45, I .10) under Joulie's switches (quasi-
// static, throttling on, K 8 W/°C, ambient 24 °C). The start's evaluation
// draws 577 W with θ 0, sets T = 96.125 °C, θ = .9270833 and reports
// 203.25 W; the next (one control step later) sees 49.4 °C, θ 0, 577 W; and
// so on. It used to freeze at the first value until the job ended. Speeds:
// θ 0 gives 192 units/s; θ .927 gives m = .0729 and throttleImpact
// 1 - .7525 * .9270833 (base .6*.8 + .25*.55 + .15*.9), 58.055 units/s. 300
// units: 58.055 in [0, 1), 192 in [1, 2), the rest at 58.055/s from 2.
TEST(PowerEngine, CompatThermalEvaluationAlternatesEveryControlStep) {
  const std::string profile =
      R"("workloadClass":{"cpu":"cpu.mixed"},"workloadProfile":{"cpuUtilization":0.8,"memoryIntensity":0.45,)"
      R"("ioIntensity":0.1})";
  const Case c = RunCase("qs_oscillation", Jsonl("j", 0, "192", 300, 0, 0, profile),
                         "nodes:\n  - node_name: n0\n    cpu: AMD EPYC 9654\n    cpu_cores: 192\n",
                         [](RunConfig* r) { r->cluster.work.switches = power::PowerSwitches::Joulie(); });
  ASSERT_EQ(c.rc, 0) << c.err;
  const double theta = (96.125 - 85) / 12, hot = 192 * (1 - 0.7525 * theta);
  const double end = 2 + (300 - hot - 192) / hot;
  const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_NEAR(std::stod(jobs[0].at("finish_time")), end, 2e-6);
  EXPECT_NEAR(Energy(c, "it_energy_j"), 203.25 + 577 + 203.25 * (end - 2), 1e-3);
  EXPECT_NEAR(Energy(c, "peak_it_power_w"), 577, 1e-9);
}

// A catalog CPU sets a per-socket cap range, but the node's cap is clamped
// to the RAPL range (80-5000 W, §c.5, §c.7: the socket split is cosmetic).
// A 250 W cap on a two-socket EPYC 9534 proxy (the analytic base model)
// binds at 250 W exactly as on the base node; it was raised to 2 x 0.55 x
// 280 = 308 W.
TEST(PowerEngine, ACatalogCpuKeepsTheRaplRange) {
  const std::string rec = Jsonl("j", 0, "128", 20000, 0, 0,
                                R"("workloadProfile":{"cpuUtilization":0.9,"memoryIntensity":0.45,"ioIntensity":0.1})");
  auto capped = [](RunConfig* r) {
    r->cluster.rules.push_back({OperatingRule::Kind::kCpuCap, {}, {CapSetting::Kind::kWatts, 250}, 1});
  };
  const Case proxy = RunCase("rapl_proxy", rec, "nodes:\n  - node_name: n0\n    cpu: AMD EPYC 9534\n    cpu_cores: 128\n",
                             capped);
  const Case base = RunCase("rapl_base", rec, "nodes:\n  - node_name: n0\n    cpu_cores: 128\n", capped);
  ASSERT_EQ(proxy.rc, 0) << proxy.err;
  ASSERT_EQ(base.rc, 0) << base.err;
  EXPECT_NEAR(Energy(proxy, "peak_it_power_w"), 250, 1e-6);
  EXPECT_NEAR(Energy(proxy, "span_seconds"), Energy(base, "span_seconds"), 1e-6);
}

// §h.3: Joulie's score breaks ties by node name; the other strategies by
// file order.
TEST(PowerEngine, JoulieScoreTiesGoToTheFirstNodeByName) {
  const std::string cluster =
      "nodes:\n  - node_name: b\n    cpu_cores: 16\n  - node_name: a\n    cpu_cores: 16\n";
  for (auto [strategy, node] : {std::pair{PlacementStrategy::kJoulie, "a"}, std::pair{PlacementStrategy::kWorstFit, "b"}}) {
    const Case c = RunCase(std::string("tie_") + node, Jsonl("j", 0, "8", 100), cluster,
                           [s = strategy](RunConfig* r) { r->cluster.placement = s; });
    ASSERT_EQ(c.rc, 0) << c.err;
    const auto rows = ReadCsvRows(c.dir / "out" / "placements.csv");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].at("node"), node);
  }
}

// §i: "Hardware base model (used when no class override or catalog entry
// applies)". A CPU and a GPU the catalog lacks, and GPUs without a product,
// run on it (80-420 W CPU, 30/300/80 W GPUs), as a node that spells the
// base GPU out; all three were refused.
TEST(PowerEngine, ModelsTheCatalogLacksRunOnTheBaseModel) {
  const std::string rec = Jsonl("j", 0, "4", 1000, 2, 1000);
  const Case spelled = RunCase("base_spelled", rec,
                               "nodes:\n  - node_name: n0\n    vendor: nvidia\n    gpu_count: 2\n"
                               "    gpu_model: {max_w: 300, idle_w: 30}\n");
  const Case unknown = RunCase("base_unknown", rec,
                               "nodes:\n  - node_name: n0\n    cpu: Intel Xeon Platinum 8480+\n"
                               "    product: NVIDIA A100-SXM4-80GB\n    gpu_count: 2\n");
  const Case bare = RunCase("base_bare", rec, "nodes:\n  - node_name: n0\n    vendor: nvidia\n    gpu_count: 2\n");
  for (const Case* c : {&spelled, &unknown, &bare}) ASSERT_EQ(c->rc, 0) << c->err;
  EXPECT_GT(Energy(spelled, "it_energy_j"), 0);
  for (const Case* c : {&unknown, &bare}) {
    EXPECT_DOUBLE_EQ(Energy(*c, "it_energy_j"), Energy(spelled, "it_energy_j"));
    EXPECT_DOUBLE_EQ(Energy(*c, "span_seconds"), Energy(spelled, "span_seconds"));
  }
}

// The facility peak of an interval is at its warmest ambient: one job held
// over the crest of a 20 +- 5 °C sinusoid (period 4000 s, crest at 1000 s)
// with no evaluation near it. Taken at evaluations only (ambient 20 °C at
// 0 and 2000 s), the peak came out below the mean.
TEST(PowerEngine, FacilityPeakIsNeverBelowItsMean) {
  const Case c = RunCase("facility_peak", Jsonl("j", 0, "1", 2000), "nodes:\n  - node_name: n\n    cpu_cores: 1\n",
                         [](RunConfig* r) { r->cluster.facility.ambient.sinusoid = {20, 5, 4000}; });
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_GE(Energy(c, "peak_facility_power_w"), Energy(c, "mean_facility_power_w"));
  // At the crest: IT power times PUE at 25 °C, above PUE at 20 °C.
  EXPECT_GT(Energy(c, "peak_facility_power_w"), Energy(c, "peak_it_power_w") * 1.08 + 1e-9);
  // Steps read from a CSV: a warm step from 500 to 1500 s inside the job.
  const Case steps = RunCase("facility_peak_steps", Jsonl("j", 0, "1", 2000),
                             "nodes:\n  - node_name: n\n    cpu_cores: 1\n", [](RunConfig* r) {
                               r->cluster.facility.ambient.kind = Ambient::Kind::kSteps;
                               r->cluster.facility.ambient.steps = {{0, 20}, {500, 30}, {1500, 20}};
                             });
  ASSERT_EQ(steps.rc, 0) << steps.err;
  EXPECT_GE(Energy(steps, "peak_facility_power_w"), Energy(steps, "mean_facility_power_w"));
}

// An ambient CSV cold enough for the PUE to clamp at 1 (§g): the facility
// integral follows the steps. One job holds the linear node at 300 W, its
// design power (load fraction 1), for 100 s: PUE 1 at -10 °C, 0.99 + 0.025
// + (0.006 + 0.001) 30 = 1.225 at 30 °C from 45 to 80 s. Taken by minutes
// at their midpoints, the warm step fell between them and counted as 1.
TEST(PowerEngine, ClampedPueFollowsAmbientSteps) {
  const Case c = RunCase("clamped_pue_steps", Jsonl("j", 0, "10", 1000, 0, 0, kFlat), kLinearNode, [](RunConfig* r) {
    r->cluster.facility.ambient.kind = Ambient::Kind::kSteps;
    r->cluster.facility.ambient.steps = {{0, -10}, {45, 30}, {80, -10}};
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  ASSERT_NEAR(Energy(c, "span_seconds"), 100, 1e-9);
  EXPECT_NEAR(Energy(c, "it_energy_j"), 30000, 1e-6);
  EXPECT_NEAR(Energy(c, "facility_energy_j"), 300 * (45 + 35 * 1.225 + 20), 1e-6);
}

// A step of the ambient CSV that starts when the power changes belongs to
// the next interval: the job's 300 W (load fraction 1) ends at 100 s, where
// the ambient steps from 20 to 40 °C. Held: 300 W at PUE 0.99 + 0.025 +
// 0.007 * 20 = 1.155. Taken over [a, b] closed, the step at b made a peak
// of 300 W at 40 °C that was never drawn.
TEST(PowerEngine, FacilityPeakTakesAStepAtTheIntervalsEndAsTheNextOnes) {
  const Case c = RunCase("facility_peak_step_end", Jsonl("j", 0, "10", 1000, 0, 0, kFlat), kLinearNode,
                         [](RunConfig* r) {
                           r->cluster.facility.ambient.kind = Ambient::Kind::kSteps;
                           r->cluster.facility.ambient.steps = {{0, 20}, {100, 40}};
                         });
  ASSERT_EQ(c.rc, 0) << c.err;
  ASSERT_NEAR(Energy(c, "span_seconds"), 100, 1e-9);
  EXPECT_NEAR(Energy(c, "peak_facility_power_w"), 300 * 1.155, 1e-9);
}

// The peaks are of power held: at 100 s one job ends on n1 and another
// starts on n0, both re-evaluated at that instant. Held: 200 + 300 W until
// 50 s (j0 on half of n0), then 100 + 300, then 300 + 100. Summed as the
// nodes were re-evaluated one by one, n0's new 300 W met n1's old 300 W.
TEST(PowerEngine, PeakIsOfPowerHeldNotOfAHalfEvaluatedInstant) {
  const std::string nodes = std::string(kLinearNode) +
                            "  - node_name: n1\n    cpu_cores: 10\n"
                            "    cpu_model: {idle_w: 100, pmax_w: 300, alpha: 1, beta: 1}\n";
  const std::string trace = Jsonl("j0", 0, "5", 250, 0, 0, kFlat) + Jsonl("j1", 0, "10", 1000, 0, 0, kFlat) +
                            Jsonl("j2", 100, "10", 1000, 0, 0, kFlat);
  for (const char* ref : {"design", "running_peak"}) {
    const Case c = RunCase(std::string("peak_held_") + ref, trace, nodes,
                           [&](RunConfig* r) {
                             ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, std::string("pue_ref=") + ref).ok());
                           });
    ASSERT_EQ(c.rc, 0) << c.err;
    ASSERT_NEAR(Energy(c, "span_seconds"), 200, 1e-9);
    EXPECT_NEAR(Energy(c, "peak_it_power_w"), 500, 1e-9) << ref;
    EXPECT_NEAR(Energy(c, "it_energy_j"), 500 * 50 + 400 * 150, 1e-6) << ref;
  }
}

}  // namespace
}  // namespace clustersim::test
