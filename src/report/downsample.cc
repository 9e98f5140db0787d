#include "report/downsample.h"

#include <algorithm>
#include <cmath>

namespace clustersim {

XY ReduceM4(const std::vector<double>& x, const std::vector<double>& y, std::size_t buckets) {
  XY out;
  const std::size_t n = x.size();
  if (n <= 4 * buckets || buckets == 0) return {x, y};
  const double x0 = x.front(), x1 = x.back();
  const double width = (x1 - x0) / static_cast<double>(buckets);
  std::size_t i = 0;
  while (i < n) {
    // The bucket of point i; every point up to the bucket's right edge joins it.
    // (All x equal: one bucket.)
    const std::size_t b = width > 0 ? std::min(buckets - 1, static_cast<std::size_t>((x[i] - x0) / width)) : buckets - 1;
    const double edge = b + 1 == buckets ? x1 : x0 + width * static_cast<double>(b + 1);
    // A gap (a NaN: no value, e.g. no node under a cap) is kept too, so a
    // chart breaks its line there rather than drawing across it.
    std::size_t j = i, lo = i, hi = i, gap = i;
    while (j < n && (x[j] < edge || (b + 1 == buckets))) {
      if (y[j] < y[lo] || std::isnan(y[lo])) lo = j;
      if (y[j] > y[hi] || std::isnan(y[hi])) hi = j;
      if (std::isnan(y[j]) && !std::isnan(y[gap])) gap = j;
      ++j;
    }
    if (j == i) j = i + 1;  // a point exactly on the edge starts the next bucket
    std::size_t keep[5] = {i, lo, hi, gap, j - 1};
    std::sort(keep, keep + 5);
    for (std::size_t k = 0; k < 5; ++k) {
      if (k > 0 && keep[k] == keep[k - 1]) continue;
      out.x.push_back(x[keep[k]]);
      out.y.push_back(y[keep[k]]);
    }
    i = j;
  }
  return out;
}

XY EmpiricalCdf(std::vector<double> values, std::size_t points) {
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return std::isnan(v); }), values.end());
  std::sort(values.begin(), values.end());
  XY out;
  const std::size_t n = values.size();
  if (n == 0 || points < 2) return out;
  // Rank r (0-based) has fraction (r + 1) / n of the sample at or below it;
  // among equal values the last rank is the right one.
  auto push = [&](std::size_t r) {
    while (r + 1 < n && values[r + 1] == values[r]) ++r;
    if (!out.x.empty() && out.x.back() == values[r]) return;
    out.x.push_back(values[r]);
    out.y.push_back(static_cast<double>(r + 1) / static_cast<double>(n));
  };
  const std::size_t k = std::min(points, n);
  // One value (k = 1) is its own only point; else k ranks spread evenly.
  for (std::size_t i = 0; i < k; ++i) push(k == 1 ? n - 1 : i * (n - 1) / (k - 1));
  return out;
}

std::vector<double> BucketMeans(const std::vector<double>& t, const std::vector<double>& v, double t0, double t1,
                                std::size_t buckets) {
  std::vector<double> area(buckets, 0.0);
  if (buckets == 0 || !(t1 > t0)) return area;
  const double width = (t1 - t0) / static_cast<double>(buckets);
  for (std::size_t i = 0; i < t.size(); ++i) {
    // Segment [a, b) holding v[i], spread over the buckets it covers.
    double a = std::max(t[i], t0);
    const double b = std::min(i + 1 < t.size() ? t[i + 1] : t1, t1);
    while (a < b) {
      std::size_t k = std::min(buckets - 1, static_cast<std::size_t>((a - t0) / width));
      while (k + 1 < buckets && t0 + width * static_cast<double>(k + 1) <= a) ++k;  // rounding at an edge
      const double edge = k + 1 == buckets ? b : std::min(b, t0 + width * static_cast<double>(k + 1));
      area[k] += v[i] * (edge - a);
      a = edge;
    }
  }
  for (double& a : area) a /= width;
  return area;
}

}  // namespace clustersim
