#include "sim/cluster_power.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <tuple>

#include <fmt/format.h>

#include "power/cpu_power.h"
#include "power/gpu_power.h"

namespace clustersim {

namespace {

// ∫ f(T_amb) dt over [a, b] seconds for an ambient CSV: the ambient holds
// between its steps.
template <class F>
double StepIntegral(const Ambient& amb, double a, double b, F f) {
  double sum = 0;
  for (double t = a; t < b;) {
    auto it = std::upper_bound(amb.steps.begin(), amb.steps.end(),
                               std::make_pair(t, std::numeric_limits<double>::infinity()));
    const double next = it == amb.steps.end() ? b : std::min(b, it->first);
    sum += f(power::AmbientAt(amb, t)) * (next - t);
    t = next;
  }
  return sum;
}

// ∫ T_amb dt over [a, b] seconds (exact for both kinds).
double AmbientIntegral(const Ambient& amb, double a, double b) {
  if (b <= a) return 0;
  if (amb.kind == Ambient::Kind::kSinusoid) {
    const AmbientSpec& s = amb.sinusoid;
    if (s.period_s <= 0 || s.amplitude_c == 0) return s.base_c * (b - a);
    const double w = 2 * std::numbers::pi / s.period_s;
    return s.base_c * (b - a) - s.amplitude_c / w * (std::cos(w * b) - std::cos(w * a));
  }
  return StepIntegral(amb, a, b, [](double c) { return c; });
}

// The range the ambient can take over [a, b] (a bound is enough).
std::pair<double, double> AmbientRange(const Ambient& amb) {
  if (amb.kind == Ambient::Kind::kSinusoid)
    return {amb.sinusoid.base_c - std::fabs(amb.sinusoid.amplitude_c), amb.sinusoid.base_c + std::fabs(amb.sinusoid.amplitude_c)};
  double lo = amb.sinusoid.base_c, hi = lo;
  for (const auto& [t, c] : amb.steps) lo = std::min(lo, c), hi = std::max(hi, c);
  return {lo, hi};
}

// The warmest ambient over [a, b) seconds: an end or a crest inside for a
// sinusoid (continuous), the step in force at a or one that starts in
// (a, b) for a CSV (a step starting at b is the next interval's).
double AmbientMax(const Ambient& amb, double a, double b) {
  if (amb.kind == Ambient::Kind::kSinusoid) {
    double hi = std::max(power::AmbientAt(amb, a), power::AmbientAt(amb, b));
    const AmbientSpec& s = amb.sinusoid;
    if (s.period_s <= 0 || s.amplitude_c == 0) return hi;
    // Crests of base + A sin(2 pi t / P): t = P/4 + k P (A > 0), 3P/4 + k P (A < 0).
    const double first = s.amplitude_c > 0 ? s.period_s / 4 : 3 * s.period_s / 4;
    const double k = std::ceil((a - first) / s.period_s);
    if (first + k * s.period_s <= b) hi = std::max(hi, s.base_c + std::fabs(s.amplitude_c));
    return hi;
  }
  // Only the steps that start in (a, b): found by search, since this runs
  // at every facility advance and an ambient CSV may hold a year of rows.
  double hi = power::AmbientAt(amb, a);
  for (auto it = std::upper_bound(amb.steps.begin(), amb.steps.end(),
                                 std::make_pair(a, std::numeric_limits<double>::infinity()));
       it != amb.steps.end() && it->first < b; ++it)
    hi = std::max(hi, it->second);
  return hi;
}

// ∫ PUE dt over [a, b] seconds (dt = b - a from the integer clock) at load
// fraction lf. PUE is affine in the ambient for a fixed lf (§g): 0.99 +
// 0.025 lf + (0.006 + 0.001 lf) T, clamped to [1, 3].
double PueIntegral(const Ambient& amb, double a, double b, double dt, double lf) {
  const auto [lo, hi] = AmbientRange(amb);
  const double c0 = 0.99 + 0.025 * lf, c1 = 0.006 + 0.001 * lf;
  if (c0 + c1 * lo >= 1 && c0 + c1 * hi <= 3) return c0 * dt + c1 * AmbientIntegral(amb, a, b);
  if (amb.kind != Ambient::Kind::kSinusoid) return StepIntegral(amb, a, b, [lf](double c) { return power::Pue(c, lf); });
  // Clamped somewhere on a sinusoid: minutes, each at its midpoint.
  double sum = 0;
  for (double t = a; t < b; t += 60) {
    const double e = std::min(b, t + 60);
    sum += power::Pue(power::AmbientAt(amb, (t + e) / 2), lf) * (e - t);
  }
  return sum;
}

}  // namespace

ClusterPower::ClusterPower(const Cluster& cluster, const std::vector<OperatingPoint>& ops,
                           std::vector<CapChange> schedule, const power::PowerSwitches& sw, SimTime control_step,
                           const FacilityOptions& facility)
    : cluster_(cluster), ops_(ops), schedule_(std::move(schedule)), sw_(sw), step_(control_step), facility_(facility),
      timer_version_(cluster.nodes.size(), 0) {
  std::stable_sort(schedule_.begin(), schedule_.end(), [](const CapChange& a, const CapChange& b) { return a.at < b.at; });
  models_.reserve(cluster.nodes.size());
  for (NodeId n = 0; n < cluster.nodes.size(); ++n) {
    const NodeType& t = cluster.type_of(n);
    auto s = power::ResolveNodeSettings(t, ops_[n]);
    models_.emplace_back(t, t.gpu, s.ok() ? s.value() : power::NodeSettings{}, sw_);
  }
  design_it_w_ = facility.design_it_w > 0 ? facility.design_it_w : power::DesignItPower(cluster);
  auto group_of = [](std::vector<WindowGroup>* groups, double window_s) {
    for (std::size_t i = 0; i < groups->size(); ++i)
      if ((*groups)[i].window_s == window_s) return static_cast<std::uint16_t>(i);
    groups->push_back({window_s, 0, power::BoxcarAverage(static_cast<SimTime>(std::llround(window_s * kTicksPerSecond)), 0)});
    return static_cast<std::uint16_t>(groups->size() - 1);
  };
  for (NodeId n = 0; n < cluster.nodes.size(); ++n) {
    const NodeType& t = cluster.type_of(n);
    cpu_group_of_.push_back(group_of(&cpu_groups_, t.cpu.telemetry_window_s));
    gpu_group_of_.push_back(group_of(&gpu_groups_, t.gpu.telemetry_window_s));
  }
}

void ClusterPower::UpdateGroups(NodeId n, double cpu_delta, double gpu_delta, SimTime now) {
  for (auto [groups, delta, g] : {std::tuple{&cpu_groups_, cpu_delta, cpu_group_of_[n]},
                                  std::tuple{&gpu_groups_, gpu_delta, gpu_group_of_[n]}}) {
    if (delta == 0) continue;
    WindowGroup& w = (*groups)[g];
    if (sw_.telemetry == power::Telemetry::kEma)
      w.ema = power::EmaStep(w.ema, w.total_w, ToSeconds(now - w.ema_time), w.window_s), w.ema_time = now;
    w.total_w += delta;
    w.boxcar.Set(now, w.total_w);
  }
}

double ClusterPower::GroupAverage(const std::vector<WindowGroup>& groups, SimTime t) const {
  double sum = 0;
  for (const WindowGroup& w : groups) {
    switch (sw_.telemetry) {
      case power::Telemetry::kBoxcar: sum += w.boxcar.Average(t); break;
      case power::Telemetry::kEma: sum += power::EmaStep(w.ema, w.total_w, ToSeconds(t - w.ema_time), w.window_s); break;
      case power::Telemetry::kQuasiStatic: sum += w.total_w; break;
    }
  }
  return sum;
}

double ClusterPower::CpuAverageW(SimTime t) const { return GroupAverage(cpu_groups_, t); }
double ClusterPower::GpuAverageW(SimTime t) const { return GroupAverage(gpu_groups_, t); }

Status ClusterPower::Begin(SimTime t0) {
  begin_ = facility_time_ = t0;
  // Changes timed before the run (a schedule on the trace's clock whose
  // first change precedes the first submit) are in force from the start.
  // A change a node cannot take is reported, and every node still starts.
  Status status = Status::Ok();
  for (; next_change_ < schedule_.size() && schedule_[next_change_].at < t0; ++next_change_) {
    const CapChange& c = schedule_[next_change_];
    for (NodeId n = 0; n < cluster_.nodes.size(); ++n) {
      if (!c.nodes.Matches(cluster_.nodes[n])) continue;
      auto s = ApplyChange(c, n);
      if (s.ok())
        models_[n].StartSettled(s.value());
      else if (status.ok())
        status = s.status();
    }
  }
  for (NodeId n = 0; n < models_.size(); ++n) {
    models_[n].Begin(t0);
    it_w_ += models_[n].power_w();
    cpu_w_ += models_[n].cpu_w();
    gpu_w_ += models_[n].gpu_w();
    cpu_groups_[cpu_group_of_[n]].total_w += models_[n].cpu_w();
    gpu_groups_[gpu_group_of_[n]].total_w += models_[n].gpu_w();
    ScheduleTimer(n);
  }
  // Power before t0 is the idle value (§e.4): the boxcars start there.
  for (WindowGroup& w : cpu_groups_) w.boxcar = power::BoxcarAverage(static_cast<SimTime>(std::llround(w.window_s * kTicksPerSecond)), w.total_w), w.ema = w.total_w, w.ema_time = t0;
  for (WindowGroup& w : gpu_groups_) w.boxcar = power::BoxcarAverage(static_cast<SimTime>(std::llround(w.window_s * kTicksPerSecond)), w.total_w), w.ema = w.total_w, w.ema_time = t0;
  peak_it_w_ = running_peak_w_ = it_w_;
  peak_facility_w_ = FacilityPowerAt(t0);
  pue_at_begin_ = pue_at_end_ = PueAt(t0);
  return status;
}

double ClusterPower::PueRefW() const {
  return sw_.pue_ref == power::PueRef::kRunningPeak ? power::RunningPeak(running_peak_w_, it_w_) : design_it_w_;
}

double ClusterPower::PueAt(SimTime t) const {
  return power::Pue(AmbientAt(t), power::LoadFraction(it_w_, PueRefW()));
}

void ClusterPower::AdvanceFacility(SimTime now) {
  if (now <= facility_time_) return;
  const double a = ToSeconds(facility_time_), b = ToSeconds(now);
  // The interval from the integer clock, as each node takes it: b - a of
  // two absolute times in seconds loses digits late in a clock (at 3.5e10 s
  // a double keeps about 4 us), and IT energy drifted from the nodes' sum.
  const double dt = ToSeconds(now - facility_time_);
  it_energy_j_ += it_w_ * dt;
  // The peaks are of power held over an interval: the nodes re-evaluated
  // at one instant change the total one at a time, and a sum of some new
  // and some old powers is never drawn.
  peak_it_w_ = std::max(peak_it_w_, it_w_);
  running_peak_w_ = power::RunningPeak(running_peak_w_, it_w_);
  const double lf = power::LoadFraction(it_w_, PueRefW());
  facility_energy_j_ += it_w_ * PueIntegral(facility_.ambient, a, b, dt, lf);
  // IT is held over the interval and PUE rises with the ambient: the
  // interval's peak is at its warmest moment (so the peak is never below
  // the mean, as it was when taken at evaluations only).
  peak_facility_w_ = std::max(peak_facility_w_, it_w_ * power::Pue(AmbientMax(facility_.ambient, a, b), lf));
  facility_time_ = now;
  if (sw_.energy_power == power::EnergyPower::kAveraged) pue_at_end_ = power::Pue(AmbientAt(now), lf);
}

void ClusterPower::AdvanceNode(NodeId n, SimTime now) {
  AdvanceFacility(now);
  models_[n].Advance(now);
}

void ClusterPower::EvaluateNode(NodeId n, const power::NodeLoad& load) {
  NodeModel& m = models_[n];
  const double before = m.power_w(), cpu_before = m.cpu_w(), gpu_before = m.gpu_w();
  m.Evaluate(load);
  it_w_ += m.power_w() - before;
  cpu_w_ += m.cpu_w() - cpu_before;
  gpu_w_ += m.gpu_w() - gpu_before;
  UpdateGroups(n, m.cpu_w() - cpu_before, m.gpu_w() - gpu_before, facility_time_);
}

void ClusterPower::ScheduleTimer(NodeId n) {
  const SimTime t = models_[n].NextChange(step_);
  ++timer_version_[n];
  if (t != kTimeInfinity) timers_.push({t, n, timer_version_[n]});
}

SimTime ClusterPower::NextEvent() {
  while (!timers_.empty() && timers_.top().version != timer_version_[timers_.top().node]) timers_.pop();
  const SimTime timer = timers_.empty() ? kTimeInfinity : timers_.top().time;
  const SimTime change = next_change_ < schedule_.size() ? schedule_[next_change_].at : kTimeInfinity;
  return std::min(timer, change);
}

Result<power::NodeSettings> ClusterPower::ApplyChange(const CapChange& c, NodeId n) {
  OperatingPoint& op = ops_[n];
  power::ApplyCapChange(c, &op);
  auto s = power::ResolveNodeSettings(cluster_.type_of(n), op);
  if (!s.ok())
    return Status::Error(
        fmt::format("cap schedule line {}: node {}: {}", c.line, cluster_.nodes[n].name, s.status().message()));
  return s;
}

Status ClusterPower::SetOperatingPoint(NodeId n, const OperatingPoint& op) {
  auto s = power::ResolveNodeSettings(cluster_.type_of(n), op);
  if (!s.ok()) return Status::Error(fmt::format("node {}: {}", cluster_.nodes[n].name, s.status().message()));
  ops_[n] = op;
  models_[n].SetTargets(s.value());
  return Status::Ok();
}

Status ClusterPower::Due(SimTime now, const std::function<void(NodeId)>& prepare) {
  // In tick mode `now` is the tick at or after a change's time: everything
  // due by now applies.
  for (; next_change_ < schedule_.size() && schedule_[next_change_].at <= now; ++next_change_) {
    const CapChange& c = schedule_[next_change_];
    for (NodeId n = 0; n < cluster_.nodes.size(); ++n) {
      if (!c.nodes.Matches(cluster_.nodes[n])) continue;
      auto s = ApplyChange(c, n);
      if (!s.ok()) return s.status();
      prepare(n);
      models_[n].SetTargets(s.value());
    }
  }
  while (!timers_.empty() && timers_.top().time <= now) {
    const Timer t = timers_.top();
    timers_.pop();
    if (t.version != timer_version_[t.node]) continue;
    prepare(t.node);
  }
  return Status::Ok();
}

void ClusterPower::Finish(SimTime end) {
  for (NodeId n = 0; n < models_.size(); ++n) AdvanceNode(n, end);
  AdvanceFacility(end);
  if (sw_.energy_power != power::EnergyPower::kAveraged) return;
  // The averaged series' boundary terms (NodeModel::TelemetryLeadJ and
  // TelemetryLagJ), at the PUE of the power held at the run's start and
  // over its last interval (exact while the PUE holds over one telemetry
  // window there).
  double lead = 0, lag = 0;
  for (const NodeModel& m : models_) lead += m.TelemetryLeadJ(), lag += m.TelemetryLagJ();
  it_energy_j_ += lead - lag;
  facility_energy_j_ += lead * pue_at_begin_ - lag * pue_at_end_;
}

}  // namespace clustersim
