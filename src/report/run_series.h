#pragma once
// The curves and distributions a report draws from one run, reduced to a
// few thousand points (report/downsample.h). Shared by the run report and
// the comparison, so that both draw the same thing the same way.

#include <string>
#include <vector>

#include "report/downsample.h"
#include "report/run_outputs.h"

namespace clustersim {

// How many buckets a time curve is reduced to: about two per pixel column.
inline constexpr std::size_t kTimeBuckets = 1500;
inline constexpr std::size_t kCdfPoints = 400;

// Seconds shown in a readable unit: the divisor and the unit's name.
struct TimeUnit {
  double seconds = 1;
  std::string name = "s";
};
TimeUnit TimeUnitFor(double span_s);
double RunSpan(const RunOutputs& r);  // last event - first submit, seconds

// Units allocated over time (the resource trace), M4-reduced; x in `u`.
XY AllocatedOverTime(const RunOutputs& r, const TimeUnit& u);
// Utilisation (0-100 %) in `buckets` equal intervals, as the summary
// defines it (units in use / max(size in force, units in use), each
// integrated over the bucket); x at bucket starts.
XY UtilisationMeans(const RunOutputs& r, const TimeUnit& u, std::size_t buckets);
// The machine's size in force (a capacity schedule's steps), a step
// function to the end of the run.
XY MachineSizeOverTime(const RunOutputs& r, const TimeUnit& u);
// Jobs waiting (submitted, not started) over time, M4-reduced.
XY QueueOverTime(const RunOutputs& r, const TimeUnit& u);

// Empirical CDFs over jobs that started. Waits below `floor_s` are drawn at
// floor_s (a log axis has no zero); *below_floor gets their fraction.
XY WaitCdf(const RunOutputs& r, double floor_s, double* below_floor);
XY BoundedSlowdownCdf(const RunOutputs& r);

// Jobs grouped into classes; mean bounded slowdown and count per class.
struct ClassMeans {
  std::vector<std::string> names;
  std::vector<double> mean, count;
};
// Size classes 1, 2, 3-4, 5-8, ... up to the largest job, or `largest` if
// larger (runs compared side by side share one set of classes); powers of
// two grouped when there would be more than 10 classes.
double LargestJob(const RunOutputs& r);
ClassMeans SlowdownBySize(const RunOutputs& r, double largest = 1);
// Run-time classes: < 1 min, 1-10 min, 10 min-1 h, 1-10 h, >= 10 h.
ClassMeans SlowdownByLength(const RunOutputs& r);

// Occupancy by job size: for each size class (share of the machine: up to
// 1/1024, 1/256, ..., 1/4, larger), the mean units its jobs held in each of `buckets` intervals, stacked: band k
// runs from the sum of classes below k to that plus class k.
struct Occupancy {
  std::vector<std::string> names;
  std::vector<double> x;                       // bucket starts, in the time unit
  std::vector<std::vector<double>> low, high;  // per class
  double bucket_s = 0;
};
Occupancy OccupancyBySize(const RunOutputs& r, const TimeUnit& u, std::size_t buckets);

}  // namespace clustersim
