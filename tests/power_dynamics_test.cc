// Dynamics (power-model.md §e): golden table G12 (first-order steps,
// settling, thermal band and steady state, K scaling, telemetry averages,
// and Joulie's period-2 thermal oscillation on a curve node), plus the
// properties exact stepping and the boxcar promise.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "power/cpu_power.h"
#include "power/dynamics.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

// G12: a step from x = 0 toward 1 moves by a.
TEST(PowerDynamics, G12FirstOrderStep) {
  struct Row {
    double dt_over_tau, exact, euler;
  };
  const Row rows[] = {
      {0.1, 0.09516258196, 0.1}, {0.5, 0.3934693403, 0.5}, {1, 0.6321205588, 1},
      {2, 0.8646647168, 1},      {5, 0.993262053, 1},
  };
  for (const Row& r : rows) {
    const double tau = 0.25;
    const double dt = r.dt_over_tau * tau;
    EXPECT_TRUE(Near(ExactStep(0, 1, dt, tau), r.exact)) << r.dt_over_tau;
    EXPECT_TRUE(Near(AdvanceState(Dynamics::kExact, 0, 1, dt, tau), r.exact));
    EXPECT_TRUE(Near(EulerStep(0, 1, dt, tau), r.euler));
    EXPECT_TRUE(Near(AdvanceState(Dynamics::kEuler, 0, 1, dt, tau), r.euler));
    EXPECT_EQ(AdvanceState(Dynamics::kQuasiStatic, 0, 1, dt, tau), 1);
  }
  EXPECT_EQ(ExactStep(0.3, 0.7, 0.1, 0), 0.7);  // τ <= 0 jumps
  EXPECT_EQ(EulerStep(0.3, 0.7, 0.1, -1), 0.7);
  // Euler snaps as the exact step does: 0.6000000000000002 stayed unsettled
  // and the node took control steps to the end of the run.
  EXPECT_EQ(EulerStep(0.6000000000000002, 0.6, 0.1, 0.5), 0.6);
  EXPECT_EQ(EulerStep(0.6 + 2e-9, 0.6, 0.1, 0.5), 0.6 + 2e-9 - 0.2 * 2e-9);
}

// G12 settling from a step at t = 0 (CORR).
TEST(PowerDynamics, G12Settling) {
  struct Row {
    double t, f, cpu_cap, gpu_cap;
  };
  const Row rows[] = {
      {0.1, 0.9274923012, 3549.408203, 597.817595},
      {0.5, 0.7471517765, 1195.475246, 497.4915386},
      {1, 0.6541341133, 680.5888111, 490.2672531},
      {2, 0.6073262556, 601.4760356, 490.0003401},
  };
  for (const Row& r : rows) {
    EXPECT_TRUE(Near(ExactStep(1, 0.6, r.t, 0.5), r.f)) << r.t;
    EXPECT_TRUE(Near(ExactStep(5000, 600, r.t, 0.25), r.cpu_cap)) << r.t;
    EXPECT_TRUE(Near(ExactStep(700, 490, r.t, 0.15), r.gpu_cap)) << r.t;
  }
}

// Property: exact steps compose (two of dt/2 = one of dt), and a state
// within 1e-9 of its target snaps onto it.
TEST(PowerDynamics, ExactStepsComposeAndSnap) {
  for (double dt : {0.01, 0.3, 1.0, 4.0}) {
    const double once = ExactStep(5000, 600, dt, 0.25);
    const double twice = ExactStep(ExactStep(5000, 600, dt / 2, 0.25), 600, dt / 2, 0.25);
    EXPECT_TRUE(Near(twice, once, 1e-12)) << dt;
  }
  EXPECT_EQ(ExactStep(5000, 600, 6, 0.25), 600);  // 4400·e^-24 = 1.7e-7 < 6e-7
  EXPECT_NE(ExactStep(5000, 600, 3, 0.25), 600);  // 4400·e^-12 = 0.027
  EXPECT_TRUE(IsSettled(600 + 5e-7, 600));
  EXPECT_FALSE(IsSettled(600 + 7e-7, 600));
  EXPECT_TRUE(IsSettled(0.5 + 9e-10, 0.5));  // below 1 the threshold is absolute
  EXPECT_FALSE(IsSettled(0.5 + 2e-9, 0.5));
}

ThermalSpec CpuThermal() { return {24, 8, 4, 85, 97}; }
ThermalSpec GpuThermal() { return {24, 12, 2.5, 82, 92}; }

// G12 thermal steady state, throttle band, and T 1 s after leaving ambient.
TEST(PowerDynamics, G12ThermalBand) {
  struct Row {
    double power, k;
    bool gpu;
    double t_inf, theta, t_after_1s;
  };
  const Row rows[] = {
      {500, 8, false, 86.5, 0.125, 37.82495106},
      {577, 8, false, 96.125, 0.9270833333, 39.95399352},
      {600, 8, false, 99, 1, 40.58994127},
      {420, 8, false, 76.5, 0, 35.61295889},
      {700, 12, true, 82.33333333, 0.03333333333, 43.23133065},
      {300, 12, true, 49, 0, 32.24199885},
      {750, 12, true, 86.5, 0.45, 44.60499712},
  };
  for (const Row& r : rows) {
    const ThermalSpec thermal = r.gpu ? GpuThermal() : CpuThermal();
    const double t_inf = SteadyTemperature(thermal.ambient_c, r.power, r.k);
    EXPECT_TRUE(Near(t_inf, r.t_inf)) << r.power;
    EXPECT_TRUE(Near(ThrottleFraction(t_inf, thermal), r.theta)) << r.power;
    EXPECT_TRUE(Near(TemperatureAfter(Dynamics::kExact, 24, r.power, thermal, r.k, 1), r.t_after_1s)) << r.power;
    // dynamics=euler moves temperatures by Joulie's step too (they moved
    // exactly): 1 s of τ covers 1/τ of the way.
    EXPECT_TRUE(Near(TemperatureAfter(Dynamics::kEuler, 24, r.power, thermal, r.k, 1),
                     24 + (t_inf - 24) / thermal.tau_s))
        << r.power;
  }
}

TEST(PowerDynamics, ThrottleBandEdgesAndSwitch) {
  ThermalSpec step = CpuThermal();
  step.full_c = 85;  // full <= start: a step at T_full
  EXPECT_EQ(ThrottleFraction(84.9, step), 0);
  EXPECT_EQ(ThrottleFraction(85, step), 1);
  EXPECT_EQ(ThrottleFraction(85, CpuThermal()), 0);
  EXPECT_EQ(ThrottleFraction(97, CpuThermal()), 1);
  // θ acts only with thermal throttling on (off by default, [SPEC]).
  EXPECT_EQ(AppliedTheta(PowerSwitches::Default(), 0.4), 0);
  EXPECT_EQ(AppliedTheta(PowerSwitches::Joulie(), 0.4), 0.4);
}

// G12 CORR conductance scaling, K = max(K_default, P_max/(start − ambient − 5)),
// and the steady temperature at P_max.
TEST(PowerDynamics, G12ScaledConductance) {
  struct Row {
    double p_max;
    bool gpu;
    double k, t_at_max;
  };
  const Row rows[] = {
      {817, false, 14.58928571, 80}, {861, false, 15.375, 80},    {420, false, 8, 76.5},
      {700, true, 13.20754717, 77},  {750, true, 14.1509434, 77}, {400, true, 12, 57.33333333},
  };
  for (const Row& r : rows) {
    const ThermalSpec thermal = r.gpu ? GpuThermal() : CpuThermal();
    const double k = ThermalConductance(thermal, r.p_max, ThermalK::kScaled);
    EXPECT_TRUE(Near(k, r.k)) << r.p_max;
    EXPECT_TRUE(Near(SteadyTemperature(thermal.ambient_c, r.p_max, k), r.t_at_max)) << r.p_max;
    EXPECT_EQ(ThermalConductance(thermal, r.p_max, ThermalK::kFixed), thermal.k_w_per_c);
  }
  // The 9654 node's P_max is its curve at 100 %.
  EXPECT_TRUE(Near(ThermalConductance(CpuThermal(), CpuDesignPower(test::Epyc9654()), ThermalK::kScaled), 14.58928571));
  ThermalSpec cramped = CpuThermal();
  cramped.start_c = 28;  // no room below the threshold: keep the default
  EXPECT_EQ(ThermalConductance(cramped, 817, ThermalK::kScaled), 8);
  // A K the cluster file gives is the user's: not raised (it was, silently,
  // to 817/56 = 14.59 W/°C).
  ThermalSpec given = CpuThermal();
  given.k_w_per_c = 6;
  given.k_given = true;
  EXPECT_EQ(ThermalConductance(given, 817, ThermalK::kScaled), 6);
}

// G12 telemetry: power steps from 100 W to 400 W at t = 0, W = 1 s.
TEST(PowerDynamics, G12TelemetryAverages) {
  struct Row {
    double t, boxcar, ema;
  };
  const Row rows[] = {{0.25, 175, 166.3597651}, {0.5, 250, 218.0408021}, {1, 400, 289.6361676}, {2, 400, 359.399415}};
  for (const Row& r : rows) {
    BoxcarAverage box(Seconds(1), 100);
    box.Set(0, 400);
    const SimTime t = static_cast<SimTime>(std::llround(r.t * kTicksPerSecond));
    EXPECT_TRUE(Near(box.Average(t), r.boxcar)) << r.t;
    EXPECT_TRUE(Near(EmaStep(100, 400, r.t, 1), r.ema)) << r.t;
  }
  // The averages are exact across several steps too.
  BoxcarAverage box(Seconds(1), 100);
  box.Set(0, 400);
  box.Set(Seconds(1) / 2, 200);
  EXPECT_TRUE(Near(box.Average(Seconds(1) / 2), 250));
  EXPECT_TRUE(Near(box.Average(Seconds(1)), 300));
  EXPECT_TRUE(Near(box.Average(Seconds(1) + Seconds(1) / 4), 250));
  EXPECT_TRUE(Near(box.Average(Seconds(2)), 200));
  EXPECT_TRUE(Near(EmaStep(EmaStep(100, 400, 0.5, 1), 400, 0.5, 1), 289.6361676));
}

// Property: the boxcar of a constant is that constant, whenever it is asked
// and however often the same power is set; a window of 0 is instantaneous.
TEST(PowerDynamics, BoxcarOfAConstantIsTheConstant) {
  BoxcarAverage box(250'000, 321.5);
  EXPECT_EQ(box.Average(0), 321.5);
  for (SimTime t = 0; t < Seconds(3); t += 70'001) {
    box.Set(t, 321.5);
    EXPECT_EQ(box.Average(t), 321.5);
    EXPECT_EQ(box.Average(t + 12'345), 321.5);
  }
  BoxcarAverage instant(0, 100);
  instant.Set(Seconds(1), 250);
  EXPECT_EQ(instant.Average(Seconds(1)), 250);
  EXPECT_EQ(instant.current_w(), 250);
}

// UnreportedJ closes the integral of the average: ∫_0^T avg = ∫_0^T P +
// P0·W/2 - UnreportedJ(T), checked on random piecewise-constant power
// against a trapezoid sum on a 1 ms grid that holds every kink (changes and
// changes + W fall on it), so the sum is exact up to rounding.
TEST(PowerDynamics, UnreportedEnergyClosesTheIntegralOfTheBoxcar) {
  constexpr SimTime kMs = kTicksPerSecond / 1000;
  std::uint64_t state = 12345;
  auto next = [&](std::uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % n;
  };
  for (const SimTime window : {Seconds(1), 250 * kMs, 7 * kMs}) {
    const double p0 = 80;
    BoxcarAverage box(window, p0);
    double power = p0, inst = 0, avg = 0;
    SimTime change = static_cast<SimTime>(next(400)) * kMs;
    const SimTime end = Seconds(20) + static_cast<SimTime>(next(1000)) * kMs;
    for (SimTime g = 0; g < end; g += kMs) {
      if (g == change) {
        power = static_cast<double>(next(700));
        box.Set(g, power);
        change += static_cast<SimTime>(1 + next(500)) * kMs;
      }
      avg += (box.Average(g) + box.Average(g + kMs)) / 2 * ToSeconds(kMs);
      inst += power * ToSeconds(kMs);
    }
    const double closed = inst + p0 * ToSeconds(window) / 2 - box.UnreportedJ(end);
    EXPECT_NEAR(avg, closed, 1e-9 * inst) << window;
    // A constant over the last window leaves half a window of it unreported.
    box.Set(end, 300);
    EXPECT_NEAR(box.UnreportedJ(end + window), 300 * ToSeconds(window) / 2, 1e-9) << window;
  }
  EXPECT_EQ(BoxcarAverage(0, 100).UnreportedJ(Seconds(5)), 0);  // no window, no lag
}

// G12 COMPAT: a 2x EPYC 9654 curve node (u .8, f 1, mixed, M .45, I .10,
// K 8, 85/97 °C, throttling on, quasi-static) oscillates with period 2.
TEST(PowerDynamics, G12CompatThermalOscillation) {
  struct Row {
    double p_prev, temp, theta, reported;
  };
  const Row rows[] = {
      {577, 96.125, 0.9270833333, 203.25},
      {203.25, 49.40625, 0, 577},
      {577, 96.125, 0.9270833333, 203.25},
      {203.25, 49.40625, 0, 577},
  };
  const CpuSpec cpu = test::Epyc9654();
  auto power_at = [&](double theta) {
    const CpuInputs in{0.8, CpuClass::kMixed, 0.45, 0.10, theta, 0};
    return CpuNodePower(cpu, in, 1, true);
  };
  double theta = 0;
  for (const Row& r : rows) {
    const QuasiStaticThermal e = QuasiStaticThermalEvaluation(theta, CpuThermal(), 8, power_at);
    EXPECT_TRUE(Near(e.power_prev_theta_w, r.p_prev));
    EXPECT_TRUE(Near(e.temp_c, r.temp));
    EXPECT_TRUE(Near(e.theta, r.theta));
    EXPECT_TRUE(Near(e.power_w, r.reported));
    theta = e.theta;
  }
}

}  // namespace
}  // namespace clustersim::power
