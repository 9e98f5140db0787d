#pragma once
// Reductions that keep a chart honest at a few thousand points whatever the
// trace's size (RICC's resource trace has ~900,000 rows).
//
//  - ReduceM4: per bucket of equal width in x, the first, lowest, highest and
//    last points, in their order (the "M4" method of Jugel et al., VLDB 2014).
//    A line or step drawn through them at one bucket per pixel column has
//    the same pixels as one drawn through every point: peaks and dips survive.
//  - EmpiricalCdf: a sample's CDF at evenly spaced ranks, always with the
//    minimum and maximum; each kept point is exact (value, fraction <= value).
//  - BucketMeans: the time average of a step function over equal buckets.

#include <cstddef>
#include <vector>

namespace clustersim {

struct XY {
  std::vector<double> x, y;
};

// `x` sorted ascending and finite (LoadRunOutputs drops rows without a
// time). Series with at most 4 * buckets points come back whole; a bucket
// keeps its first, lowest, highest and last point and its first NaN (a gap
// in the series, which a chart draws as a break).
XY ReduceM4(const std::vector<double>& x, const std::vector<double>& y, std::size_t buckets);

// Sorts `values` (NaN dropped) and keeps at most `points` CDF points.
XY EmpiricalCdf(std::vector<double> values, std::size_t points);

// Step function: value v[i] holds on [t[i], t[i+1]) (the last until t1; before
// t[0] it is 0); `t` sorted and finite. Returns the mean value in each of `buckets` equal
// intervals of [t0, t1).
std::vector<double> BucketMeans(const std::vector<double>& t, const std::vector<double>& v, double t0, double t1,
                                std::size_t buckets);

}  // namespace clustersim
