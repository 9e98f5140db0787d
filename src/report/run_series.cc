#include "report/run_series.h"

#include "report/svg_plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace clustersim {
namespace {

// Sorted (time, delta) events of a counting step function -> the function.
XY Sweep(std::vector<std::pair<double, double>> ev) {
  std::sort(ev.begin(), ev.end());
  XY out;
  double level = 0;
  for (std::size_t i = 0; i < ev.size(); ++i) {
    level += ev[i].second;
    if (i + 1 < ev.size() && ev[i + 1].first == ev[i].first) continue;  // one point per instant
    out.x.push_back(ev[i].first);
    out.y.push_back(level);
  }
  return out;
}

// A run -t cut holds its queue and allocation at their last level to T
// (a run that ended on its own ends on its last event).
void HoldToCut(const RunOutputs& r, XY* step) {
  if (std::isfinite(r.cut_at) && !step->x.empty() && step->x.back() < r.cut_at) {
    step->x.push_back(r.cut_at);
    step->y.push_back(step->y.back());
  }
}

void Scale(std::vector<double>* x, double by) {
  for (double& v : *x) v /= by;
}

ClassMeans ByClass(const RunOutputs& r, const std::vector<std::string>& names, auto class_of) {
  ClassMeans m;
  m.names = names;
  m.mean.assign(names.size(), 0);
  m.count.assign(names.size(), 0);
  const JobColumns& j = r.jobs;
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (std::isnan(j.bsld[i])) continue;
    const long k = class_of(i);
    if (k < 0 || k >= static_cast<long>(names.size())) continue;
    m.mean[static_cast<std::size_t>(k)] += j.bsld[i];
    m.count[static_cast<std::size_t>(k)] += 1;
  }
  for (std::size_t k = 0; k < names.size(); ++k) m.mean[k] = m.count[k] > 0 ? m.mean[k] / m.count[k] : std::nan("");
  return m;
}

// Class of a size: 0 for 1, 1 for 2, 2 for 3-4, 3 for 5-8, ...
long Pow2Class(double units) {
  long k = 0;
  for (double cap = 1; cap < units; cap *= 2) ++k;
  return k;
}

}  // namespace

TimeUnit TimeUnitFor(double span_s) {
  if (span_s >= 3 * 86400) return {86400, "days"};
  if (span_s >= 3 * 3600) return {3600, "h"};
  if (span_s >= 3 * 60) return {60, "min"};
  return {1, "s"};
}

double RunSpan(const RunOutputs& r) {
  double span = 0;
  if (r.has_resources && !r.res_time.empty()) span = std::max(span, r.res_time.back());
  if (r.has_timeseries && !r.ts_time.empty()) span = std::max(span, r.ts_time.back());
  for (const double e : r.jobs.end)
    if (std::isfinite(e)) span = std::max(span, e);
  if (std::isfinite(r.cut_at)) span = std::max(span, r.cut_at);
  return span;
}

XY AllocatedOverTime(const RunOutputs& r, const TimeUnit& u) {
  // Several rows at one instant: the last one holds.
  XY step;
  for (std::size_t i = 0; i < r.res_time.size(); ++i) {
    if (!step.x.empty() && step.x.back() == r.res_time[i]) {
      step.y.back() = r.res_allocated[i];
      continue;
    }
    step.x.push_back(r.res_time[i]);
    step.y.push_back(r.res_allocated[i]);
  }
  HoldToCut(r, &step);
  XY out = ReduceM4(step.x, step.y, kTimeBuckets);
  Scale(&out.x, u.seconds);
  return out;
}

XY UtilisationMeans(const RunOutputs& r, const TimeUnit& u, std::size_t buckets) {
  XY out;
  const double span = RunSpan(r);
  if (!r.has_resources || r.capacity <= 0 || span <= 0) return out;
  // Per bucket, units in use over max(size in force, units in use), both
  // integrated: the summary's utilisation on a slice of time (a fixed
  // capacity showed a drained machine half used).
  const std::vector<double> m = BucketMeans(r.res_time, r.res_allocated, 0, span, buckets);
  const std::vector<double> size = BucketMeans(r.res_time, r.res_size, 0, span, buckets);
  for (std::size_t k = 0; k < m.size(); ++k) {
    out.x.push_back(span * static_cast<double>(k) / static_cast<double>(buckets) / u.seconds);
    out.y.push_back(size[k] > 0 ? 100 * m[k] / size[k] : 0);
  }
  return out;
}

XY MachineSizeOverTime(const RunOutputs& r, const TimeUnit& u) {
  XY out;
  const double span = RunSpan(r);
  for (std::size_t i = 0; i < r.size_time.size() && r.size_time[i] <= span; ++i) {
    out.x.push_back(r.size_time[i] / u.seconds);
    out.y.push_back(r.size_units[i]);
  }
  if (!out.x.empty() && out.x.back() < span / u.seconds) {
    out.x.push_back(span / u.seconds);
    out.y.push_back(out.y.back());
  }
  return out;
}

XY QueueOverTime(const RunOutputs& r, const TimeUnit& u) {
  std::vector<std::pair<double, double>> ev;
  const JobColumns& j = r.jobs;
  ev.reserve(2 * j.size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (std::isnan(j.submit[i])) continue;
    ev.emplace_back(j.submit[i], 1);
    if (!std::isnan(j.start[i])) ev.emplace_back(j.start[i], -1);
  }
  XY step = Sweep(std::move(ev));
  HoldToCut(r, &step);
  XY out = ReduceM4(step.x, step.y, kTimeBuckets);
  Scale(&out.x, u.seconds);
  return out;
}

XY WaitCdf(const RunOutputs& r, double floor_s, double* below_floor) {
  std::vector<double> w;
  std::size_t below = 0;
  for (const double x : r.jobs.wait) {
    if (std::isnan(x)) continue;
    below += x < floor_s ? 1 : 0;
    w.push_back(std::max(x, floor_s));
  }
  *below_floor = w.empty() ? 0 : static_cast<double>(below) / static_cast<double>(w.size());
  return EmpiricalCdf(std::move(w), kCdfPoints);
}

XY BoundedSlowdownCdf(const RunOutputs& r) { return EmpiricalCdf(r.jobs.bsld, kCdfPoints); }

double LargestJob(const RunOutputs& r) {
  double largest = 1;
  for (const double u : r.jobs.units)
    if (std::isfinite(u)) largest = std::max(largest, u);
  return largest;
}

ClassMeans SlowdownBySize(const RunOutputs& r, double largest) {
  largest = std::max(largest, LargestJob(r));
  // Powers of two, grouped `per` at a time so that at most 10 bars remain
  // (a machine counted in millicores spans 20 powers of two).
  const long pow2 = Pow2Class(largest) + 1;
  const long per = (pow2 + 9) / 10;
  std::vector<std::string> names;
  for (long k = 0; k * per < pow2; ++k) {
    const long e_hi = std::min(pow2 - 1, (k + 1) * per - 1), e_lo = k * per;
    const double hi = std::ldexp(1.0, static_cast<int>(e_hi));
    const double lo = e_lo == 0 ? 1 : std::ldexp(1.0, static_cast<int>(e_lo - 1)) + 1;
    names.push_back(lo == hi ? ShortNumber(lo) : ShortNumber(lo) + "-" + ShortNumber(hi));
  }
  return ByClass(r, names, [&](std::size_t i) { return Pow2Class(r.jobs.units[i]) / per; });
}

ClassMeans SlowdownByLength(const RunOutputs& r) {
  static const double kEdges[] = {60, 600, 3600, 36000};
  return ByClass(r, {"< 1 min", "1-10 min", "10 min-1 h", "1-10 h", ">= 10 h"}, [&](std::size_t i) {
    const double run = r.jobs.end[i] - r.jobs.start[i];
    if (std::isnan(run)) return -1L;  // no start or end column: no class (NaN compared as < 1 min)
    long k = 0;
    while (k < 4 && run >= kEdges[k]) ++k;
    return k;
  });
}

Occupancy OccupancyBySize(const RunOutputs& r, const TimeUnit& u, std::size_t buckets) {
  Occupancy o;
  const double span = RunSpan(r);
  if (!r.has_jobs || span <= 0 || r.capacity <= 0) return o;
  // Classes by share of the machine: up to 1/1024, 1/256, 1/64, 1/16, 1/4
  // of it, and larger; bounds in whole units, classes that would repeat a
  // bound (small machines) merged, classes without jobs left out.
  std::vector<double> bounds;
  for (int k = 5; k >= 1; --k)
    if (const double b = std::floor(r.capacity / std::pow(4.0, k)); b >= 1 && (bounds.empty() || b > bounds.back()))
      bounds.push_back(b);
  auto class_of = [&](double units) {
    std::size_t k = 0;
    while (k < bounds.size() && units > bounds[k]) ++k;
    return k;
  };
  std::vector<std::vector<std::pair<double, double>>> ev(bounds.size() + 1);
  for (std::size_t i = 0; i < r.jobs.size(); ++i) {
    if (std::isnan(r.jobs.start[i]) || std::isnan(r.jobs.units[i])) continue;
    // A job's class is its request; what it occupies is what it held, which
    // is nothing for a `pall` job replayed from an LLNL history (the
    // allocation chart and the utilisation leave those out too).
    const double held = std::isnan(r.jobs.allocated[i]) ? r.jobs.units[i] : r.jobs.allocated[i];
    if (held == 0) continue;
    const double end = std::isnan(r.jobs.end[i]) ? span : r.jobs.end[i];
    auto& e = ev[class_of(r.jobs.units[i])];
    e.emplace_back(r.jobs.start[i], held);
    e.emplace_back(end, -held);
  }
  // A gang pod that ended first freed its share then, not at the job's end.
  for (const JobColumns::PodRelease& p : r.jobs.pod_releases) {
    const std::size_t i = p.row;
    if (std::isnan(r.jobs.start[i]) || std::isnan(r.jobs.units[i])) continue;
    const double end = std::isnan(r.jobs.end[i]) ? span : r.jobs.end[i];
    if (!(p.time < end)) continue;
    auto& e = ev[class_of(r.jobs.units[i])];
    e.emplace_back(p.time, -p.units);
    e.emplace_back(end, p.units);
  }
  o.bucket_s = span / static_cast<double>(buckets);
  for (std::size_t k = 0; k < buckets; ++k) o.x.push_back(o.bucket_s * static_cast<double>(k) / u.seconds);
  std::vector<double> base(buckets, 0.0);
  for (std::size_t k = 0; k < ev.size(); ++k) {
    if (ev[k].empty()) continue;
    // A machine of under 4 units has no bound: one class of every size.
    o.names.push_back(k < bounds.size() ? "<= " + ShortNumber(bounds[k])
                      : bounds.empty()  ? std::string("any size")
                                        : "> " + ShortNumber(bounds.back()));
    const XY step = Sweep(std::move(ev[k]));
    const std::vector<double> m = BucketMeans(step.x, step.y, 0, span, buckets);
    o.low.push_back(base);
    for (std::size_t b = 0; b < buckets; ++b) base[b] += m[b];
    o.high.push_back(base);
  }
  return o;
}

}  // namespace clustersim
