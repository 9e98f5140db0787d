#pragma once
// The workload families of Joulie's Go generator (power-model.md §l.3) and the
// construction of a workload's pods, plus the random draws they use.
//
// Every draw is fully specified so that a seed gives the same trace with any
// standard library: uniforms come from JobStream (SplitMix64, src/model/random.h),
// normals from its Marsaglia polar method, and the exponential, lognormal,
// uniform-int and categorical draws below are written out by hand instead of
// using <random>'s implementation-defined distributions.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/work.h"
#include "model/random.h"

namespace clustersim {

// One stream of draws. Each workload and each day gets its own stream keyed
// by (seed, domain, index), so a workload's draws do not depend on how many
// draws earlier workloads made.
class GeneratorDraws {
 public:
  GeneratorDraws(std::uint64_t seed, std::uint64_t domain, std::uint64_t index);
  double Uniform01() { return stream_.Uniform01(); }  // [0, 1)
  double Uniform(double lo, double hi) { return lo + Uniform01() * (hi - lo); }
  // Exponential with the given mean by inversion: -mean * ln(1 - U).
  double Exponential(double mean);
  // exp(mu + sigma * Z), Z standard normal by Marsaglia's polar method.
  double LogNormal(double median, double sigma);
  // floor(U * n), in [0, n); n >= 1. The bias of a 53-bit U is below 2^-40
  // for any n used here.
  std::int64_t UniformInt(std::int64_t n);
  // Index i of the first cumulative weight sum(w[0..i]) > U * sum(w); the
  // last index if rounding leaves U above every sum.
  std::size_t Categorical(std::span<const double> weights);

 private:
  JobStream stream_;
};

// Stream domains: what a GeneratorDraws index counts.
inline constexpr std::uint64_t kArrivalDomain = 1;   // one stream for all arrivals
inline constexpr std::uint64_t kDayDomain = 2;       // index = day number
inline constexpr std::uint64_t kWorkloadDomain = 3;  // index = workload number

enum class Family : std::uint8_t {
  kDebugEval,
  kSingleGpuTraining,
  kDistributedTraining,
  kParameterServer,
  kHpo,
  kCpuPreprocess,
  kCpuAnalytics,
};
inline constexpr int kFamilyCount = 7;

struct Range {
  double lo, hi;
};

// One row of §l.3's families table (plus the pod-sizing medians).
struct FamilySpec {
  Family family;
  std::string_view name;       // workloadType
  bool gpu;                    // a GPU family (drawn when the workload has GPUs)
  double share;                // within the GPU or the CPU families
  CpuClass cpu_class;
  GpuClass gpu_class;          // unused (no GPU class is written) for CPU families
  Range cpu_util, memory_intensity, io_intensity, cpu_feed;  // uniform ranges (U_cpu, M, I, F)
  double gpu_offset;           // added to the Philly prior
  double duration_median_s, duration_sigma;
  Range duration_s;            // clamp
  bool gang;
  // Pod sizing, lognormal then clamped: per GPU for GPU families (cores
  // g * draw, memory 2 + g * draw GiB), per pod for CPU families.
  double cores_median, cores_sigma;
  Range cores;
  double memory_median_gib, memory_sigma;
  Range memory_gib;
};

const FamilySpec& SpecOf(Family f);
std::span<const FamilySpec> AllFamilies();
// True if the CPU or the GPU class is compute-bound (the performance ratio is
// then multiplied by 3.5, capped at 1).
bool IsComputeBound(const FamilySpec& spec);

// Philly's mean GPU utilisation by GPU count: 1: .5238, 2: .50, up to 4:
// .4518, up to 8: .5899, more: .4039 (counts between table entries take the
// next entry up, as Joulie does).
double PhillyGpuUtilPrior(int gpus);

// A pod of a workload, before it is written as a record. cpu is rounded to
// millicores and memory to whole GiB before the work is sized, so the record
// holds exactly the values the work formula used.
struct GeneratedPod {
  std::string role;  // worker, launcher, ps, controller, trial, preprocess, analytics
  int role_index = 1;  // 1-based within the role (the NN of the job id)
  double cpu = 0;      // cores, a multiple of 0.001
  std::int64_t memory_gib = 1;
  int gpus = 0;
  double cpu_frac = 0, gpu_frac = 0;  // the pod's share of the workload's work
  double cpu_units = 0, gpu_units = 0;
};

// What pod construction needs from the workload.
struct PodContext {
  const FamilySpec* spec;
  int total_gpus;       // G (0 for CPU families)
  double duration_s;    // simulated seconds
  double cpu_util, gpu_util;
  double cpu_rate, gpu_rate, work_scale;
};

// The pods of one workload (§l.3 "Pods"), drawing sizes from `draws`, with
// work sized as units = dur * request * max(.1, U) * rate * frac * work_scale,
// rounded to 3 decimals.
std::vector<GeneratedPod> BuildPods(const PodContext& ctx, GeneratorDraws* draws);

// Rounds to `decimals` places, half away from zero.
double RoundTo(double x, int decimals);

}  // namespace clustersim
