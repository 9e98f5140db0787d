#include "model/random.h"

#include <cmath>

namespace clustersim {
namespace {

std::uint64_t SplitMix64(std::uint64_t* x) {
  std::uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Marsaglia's polar method as libstdc++ implements it: draw a point in the
// unit disc, return its y coordinate scaled (the x value is the second
// sample, which libstdc++ caches and clustersim never needs).
template <typename Uniform01>
double PolarStandardNormal(Uniform01 uniform) {
  double x, y, r2;
  do {
    x = 2.0 * uniform() - 1.0;
    y = 2.0 * uniform() - 1.0;
    r2 = x * x + y * y;
  } while (r2 > 1.0 || r2 == 0.0);
  return y * std::sqrt(-2 * std::log(r2) / r2);
}

}  // namespace

JobStream::JobStream(std::uint64_t seed, std::uint64_t job_id) {
  std::uint64_t s = seed ^ 0x6A09E667F3BCC908ull;
  const std::uint64_t a = SplitMix64(&s);
  std::uint64_t t = job_id ^ a;
  state_ = SplitMix64(&t);
}

double JobStream::Uniform01() { return static_cast<double>(SplitMix64(&state_) >> 11) * 0x1.0p-53; }

double JobStream::StandardNormal() {
  return PolarStandardNormal([this] { return Uniform01(); });
}

double LibstdcxxDraws::Canonical() {
  // generate_canonical<double, 53> with a 32-bit engine: k = 2 draws,
  // sum = g0 + g1 * 2^32, divided by 2^64; 1.0 is mapped below 1.
  const double r = 4294967296.0;
  double sum = static_cast<double>(mt_());
  sum += static_cast<double>(mt_()) * r;
  double ret = sum / (r * r);
  if (ret >= 1.0) ret = std::nextafter(1.0, 0.0);
  return ret;
}

double LibstdcxxDraws::Normal(double mean, double stddev) {
  // libstdc++ normal_distribution::operator() on a fresh object (the seed's
  // code constructs one per job, so the cached second value is discarded).
  return PolarStandardNormal([this] { return Canonical(); }) * stddev + mean;
}

}  // namespace clustersim
