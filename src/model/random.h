#pragma once
// Random numbers with fully specified algorithms, so results do not depend on
// the standard library's implementation-defined distributions.
//   JobStream: a counter-based stream keyed by (seed, job id): a job's draws
//     do not depend on how many other jobs were sampled before it.
//   LibstdcxxDraws: mt19937 (fully specified by the standard) plus the exact
//     algorithms of GCC's libstdc++ (generate_canonical, Marsaglia polar
//     normal, exp(normal) lognormal), to reproduce dr_evt built with GCC.

#include <cstdint>
#include <random>

namespace clustersim {

// SplitMix64 over (seed, job id, draw counter).
class JobStream {
 public:
  JobStream(std::uint64_t seed, std::uint64_t job_id);
  double Uniform01();  // [0, 1), 53 bits
  double StandardNormal();  // Marsaglia polar, one pair per call

 private:
  std::uint64_t state_;
};

class LibstdcxxDraws {
 public:
  explicit LibstdcxxDraws(std::uint32_t seed) : mt_(seed) {}
  double Canonical();                            // generate_canonical<double, 53>
  double Normal(double mean, double stddev);     // fresh normal_distribution per call
  double Uniform(double a, double b) { return Canonical() * (b - a) + a; }

 private:
  std::mt19937 mt_;
};

}  // namespace clustersim
