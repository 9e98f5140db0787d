#include "power/dynamics.h"

#include <algorithm>
#include <cmath>

#include "power/clamp.h"

namespace clustersim::power {

bool IsSettled(double x, double target) { return std::abs(x - target) < 1e-9 * std::max(1.0, std::abs(target)); }

double ExactStep(double x, double target, double dt_s, double tau_s) {
  if (tau_s <= 0) return target;
  const double next = target + (x - target) * std::exp(-dt_s / tau_s);
  return IsSettled(next, target) ? target : next;
}

double EulerStep(double x, double target, double dt_s, double tau_s) {
  if (tau_s <= 0) return target;
  const double next = x + (target - x) * std::min(1.0, dt_s / tau_s);
  return IsSettled(next, target) ? target : next;
}

double AdvanceState(Dynamics mode, double x, double target, double dt_s, double tau_s) {
  switch (mode) {
    case Dynamics::kExact:
      return ExactStep(x, target, dt_s, tau_s);
    case Dynamics::kEuler:
      return EulerStep(x, target, dt_s, tau_s);
    case Dynamics::kQuasiStatic:
      break;
  }
  return target;
}

double ThrottleFraction(double temp_c, const ThermalSpec& thermal) {
  if (thermal.full_c <= thermal.start_c) return temp_c >= thermal.full_c ? 1 : 0;
  return Clamp01((temp_c - thermal.start_c) / (thermal.full_c - thermal.start_c));
}

double AppliedTheta(const PowerSwitches& sw, double theta) { return sw.thermal_throttle ? Clamp01(theta) : 0; }

double ThermalConductance(const ThermalSpec& thermal, double p_max_w, ThermalK mode) {
  const double room_c = thermal.start_c - thermal.ambient_c - 5;
  if (mode == ThermalK::kFixed || thermal.k_given || room_c <= 0) return thermal.k_w_per_c;
  return std::max(thermal.k_w_per_c, p_max_w / room_c);
}

double SteadyTemperature(double ambient_c, double power_w, double k_w_per_c) { return ambient_c + power_w / k_w_per_c; }

double TemperatureAfter(Dynamics mode, double temp_c, double power_w, const ThermalSpec& thermal, double k_w_per_c,
                        double dt_s) {
  return AdvanceState(mode, temp_c, SteadyTemperature(thermal.ambient_c, power_w, k_w_per_c), dt_s, thermal.tau_s);
}

double EmaStep(double average_w, double power_w, double dt_s, double window_s) {
  return ExactStep(average_w, power_w, dt_s, window_s);
}

BoxcarAverage::BoxcarAverage(SimTime window, double initial_w) : window_(window), initial_w_(initial_w) {}

void BoxcarAverage::Set(SimTime t, double power_w) {
  if (head_ < segments_.size() && segments_.back().start == t) {
    segments_.back().power_w = power_w;
  } else if (current_w() != power_w) {
    segments_.push_back({t, power_w});
  }
  // A segment whose successor starts at or before t − W lies wholly before
  // every window still to be asked for.
  while (segments_.size() - head_ >= 2 && segments_[head_ + 1].start <= t - window_) {
    initial_w_ = segments_[head_].power_w;
    ++head_;
  }
  if (head_ >= 16 && 2 * head_ >= segments_.size()) {
    segments_.erase(segments_.begin(), segments_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
}

double BoxcarAverage::Average(SimTime t) const {
  const SimTime from = t - window_;
  SimTime cursor = from;
  double power = initial_w_;
  double integral = 0;  // W·µs over [from, cursor)
  for (std::size_t i = head_; i < segments_.size(); ++i) {
    const Segment& s = segments_[i];
    if (s.start > t) break;
    if (s.start > cursor) {
      integral += power * static_cast<double>(s.start - cursor);
      cursor = s.start;
    }
    power = s.power_w;
  }
  if (window_ <= 0) return power;  // no window: the instantaneous value
  integral += power * static_cast<double>(t - cursor);
  return integral / static_cast<double>(window_);
}

double BoxcarAverage::UnreportedJ(SimTime t) const {
  if (window_ <= 0) return 0;
  const SimTime from = t - window_;
  // ∫ P·(s − from) ds over each constant piece [a, b), relative to `from`:
  // P·(b² − a²)/2, in W·µs², over W in µs: W·µs.
  double integral = 0;
  auto piece = [&](double power_w, SimTime a, SimTime b) {
    const double x = static_cast<double>(a - from), y = static_cast<double>(b - from);
    integral += power_w * (y * y - x * x) / 2;
  };
  SimTime cursor = from;
  double power = initial_w_;
  for (std::size_t i = head_; i < segments_.size(); ++i) {
    const Segment& s = segments_[i];
    if (s.start > t) break;
    if (s.start > cursor) piece(power, cursor, s.start), cursor = s.start;
    power = s.power_w;
  }
  piece(power, cursor, t);
  return integral / static_cast<double>(window_) / kTicksPerSecond;
}

}  // namespace clustersim::power
