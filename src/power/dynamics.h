#pragma once
// Time behaviour of the power model (power-model.md §e): first-order
// settling of DVFS, caps and temperatures (§e.1), the thermal throttle band
// (§e.2) with its conductance (§e.3), and the exported telemetry averages
// (§e.4). The corrected model steps exactly in simulated time; Joulie's
// code is quasi-static (every state equals its target at every evaluation)
// because its dt is wall-clock time that is never reset (§k.1 item 1).

#include <vector>

#include "model/hardware.h"
#include "model/time.h"
#include "power/switches.h"

namespace clustersim::power {

// §e.1 [CORR]: x <- target + (x − target)·exp(−dt/τ), exact for a target
// held over the step (two steps of dt/2 equal one of dt), snapped to the
// target once |x − target| < 1e-9·max(1, |target|) so settled states can be
// skipped. τ <= 0 jumps to the target.
double ExactStep(double x, double target, double dt_s, double tau_s);
// §e.1 option dynamics=euler: Joulie's x <- x + (target − x)·min(1, dt/τ),
// with simulated dt, snapped as ExactStep is (without it a state within a
// rounding error of its target never settled, and asked for control steps
// to the end of the run).
double EulerStep(double x, double target, double dt_s, double tau_s);
// The step the `dynamics` switch selects; quasi_static returns the target.
double AdvanceState(Dynamics mode, double x, double target, double dt_s, double tau_s);
// The snapping test of ExactStep.
bool IsSettled(double x, double target);

// §e.2: θ = clamp01((T − start)/(full − start)); a step to 1 at T >= full
// when full <= start.
double ThrottleFraction(double temp_c, const ThermalSpec& thermal);
// θ as the formulas see it: the band's value with thermal throttling on,
// else 0 (temperatures are still reported).
double AppliedTheta(const PowerSwitches& sw, double theta);

// §e.3: K = max(K_default, P_max/(start − ambient − 5)) (scaled), so full
// load sits 5 °C below the start threshold; the default K when fixed, or
// when the thresholds leave no room (start − ambient <= 5).
double ThermalConductance(const ThermalSpec& thermal, double p_max_w, ThermalK mode);
// §e.2: T_inf = ambient + P/K.
double SteadyTemperature(double ambient_c, double power_w, double k_w_per_c);
// §e.2: the temperature dt after `temp_c` under constant power: exact, or
// Joulie's step under dynamics=euler (temperatures are settling quantities
// too, §e.1); quasi_static gives the steady value.
double TemperatureAfter(Dynamics mode, double temp_c, double power_w, const ThermalSpec& thermal, double k_w_per_c,
                        double dt_s);

// G12's COMPAT thermal evaluation (§e.2 order): P with the previous θ, T
// jumps to ambient + P/K, θ from T, P recomputed once with the new θ.
struct QuasiStaticThermal {
  double power_prev_theta_w = 0;  // P with the previous θ
  double temp_c = 0;
  double theta = 0;
  double power_w = 0;  // the reported power
};
template <typename PowerAtTheta>
QuasiStaticThermal QuasiStaticThermalEvaluation(double theta_prev, const ThermalSpec& thermal, double k_w_per_c,
                                                PowerAtTheta power_at_theta) {
  QuasiStaticThermal r;
  r.power_prev_theta_w = power_at_theta(theta_prev);
  r.temp_c = SteadyTemperature(thermal.ambient_c, r.power_prev_theta_w, k_w_per_c);
  r.theta = ThrottleFraction(r.temp_c, thermal);
  r.power_w = power_at_theta(r.theta);
  return r;
}

// §e.4 option telemetry=ema: the exact first-order filter with τ = W.
double EmaStep(double average_w, double power_w, double dt_s, double window_s);

// §e.4 [CORR] boxcar: avg(t) = (1/W)·∫_{t−W}^{t} P dt for piecewise-constant
// power, with the initial value before the first change. Keeps only the
// segments that can still overlap a window.
class BoxcarAverage {
 public:
  BoxcarAverage(SimTime window, double initial_w);

  // Power is power_w from t on. REQUIRES: t >= the previous Set's t.
  void Set(SimTime t, double power_w);
  // REQUIRES: t >= the last Set's t (older segments may be gone).
  double Average(SimTime t) const;
  // (1/W)·∫_{t−W}^{t} P(s)·(s − (t − W)) ds, in J: what the integral of the
  // average up to t has not yet counted of the last window's energy. With
  // P0 the power before the first Set, ∫_{t0}^{t} avg = ∫_{t0}^{t} P +
  // P0·W/2 − UnreportedJ(t) (the average lags by half a window).
  // REQUIRES: t >= the last Set's t.
  double UnreportedJ(SimTime t) const;
  double window_s() const { return ToSeconds(window_); }
  double current_w() const { return head_ == segments_.size() ? initial_w_ : segments_.back().power_w; }

 private:
  struct Segment {
    SimTime start;
    double power_w;
  };
  SimTime window_;
  double initial_w_;  // power before the first kept segment
  // Kept segments are segments_[head_..]: a vector whose dropped prefix is
  // erased now and then, because a deque's block allocations per push and
  // pop were the largest cost of settling nodes (every GPU of every node
  // sets its average at every evaluation).
  std::vector<Segment> segments_;
  std::size_t head_ = 0;
};

}  // namespace clustersim::power
