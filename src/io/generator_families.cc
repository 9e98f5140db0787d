#include "io/generator_families.h"

#include <algorithm>
#include <cmath>

namespace clustersim {

GeneratorDraws::GeneratorDraws(std::uint64_t seed, std::uint64_t domain, std::uint64_t index)
    : stream_(seed, (domain << 56) ^ index) {}

double GeneratorDraws::Exponential(double mean) {
  // 1 - U is in (0, 1], so the logarithm is finite.
  return -mean * std::log(1.0 - Uniform01());
}

double GeneratorDraws::LogNormal(double median, double sigma) {
  return std::exp(std::log(median) + sigma * stream_.StandardNormal());
}

std::int64_t GeneratorDraws::UniformInt(std::int64_t n) {
  const auto i = static_cast<std::int64_t>(Uniform01() * static_cast<double>(n));
  return std::min(i, n - 1);
}

std::size_t GeneratorDraws::Categorical(std::span<const double> weights) {
  double total = 0;
  for (double w : weights) total += w;
  const double target = Uniform01() * total;
  double cumulative = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    cumulative += weights[i];
    if (target < cumulative) return i;
  }
  return weights.size() - 1;
}

namespace {

constexpr double kHour = 3600, kDay = 86400;

// §l.3's table. Pod sizing where the spec is silent follows Joulie's code:
// GPU families draw cores per GPU with sigma .35 in [1, 16] and memory per GPU
// with sigma .35 in [2, 32] GiB; CPU families' memory uses sigma .45 / .5 in
// [1, 64] / [2, 128] GiB. hpo's U_cpu range is not stated: .20-.45.
// Names are Joulie's workloadType strings (§l.3's table shortens two of them
// to parameter_server and hpo).
constexpr FamilySpec kFamilies[kFamilyCount] = {
    // family, name, gpu, share, classes,
    //   U_cpu, M, I, F, GPU offset, duration median, sigma, clamp, gang,
    //   cores median, sigma, clamp, memory median GiB, sigma, clamp.
    {Family::kDebugEval, "debug_eval", true, .45, CpuClass::kMixed, GpuClass::kMemoryBound,
     {.20, .40}, {.55, .85}, {.05, .20}, {.15, .35}, -.10, 206, 1.0, {30, 1000}, false,
     2, .35, {1, 16}, 4, .35, {2, 32}},
    {Family::kSingleGpuTraining, "single_gpu_training", true, .25, CpuClass::kMixed, GpuClass::kComputeBound,
     {.20, .45}, {.30, .60}, {.05, .25}, {.25, .55}, 0, 7200, 1.0, {900, 7 * kDay}, false,
     4, .35, {1, 16}, 10, .35, {2, 32}},
    {Family::kDistributedTraining, "distributed_training", true, .14, CpuClass::kMixed, GpuClass::kComputeBound,
     {.15, .35}, {.45, .75}, {.05, .25}, {.35, .70}, -.08, 4 * kHour, 1.2, {1200, 14 * kDay}, true,
     4, .35, {1, 16}, 12, .35, {2, 32}},
    {Family::kParameterServer, "parameter_server_training", true, .07, CpuClass::kMemoryBound,
     GpuClass::kComputeBound,
     {.20, .40}, {.70, .92}, {.05, .25}, {.40, .75}, -.10, 3 * kHour, 1.1, {900, 7 * kDay}, true,
     5, .35, {1, 16}, 14, .35, {2, 32}},
    {Family::kHpo, "hpo_experiment", true, .09, CpuClass::kMixed, GpuClass::kMixed,
     {.20, .45}, {.35, .70}, {.05, .25}, {.20, .45}, -.05, 2 * kHour, 1.0, {1200, 3 * kDay}, false,
     2, .35, {1, 16}, 6, .35, {2, 32}},
    {Family::kCpuPreprocess, "cpu_preprocess", false, .75, CpuClass::kMemoryBound, GpuClass::kMixed,
     {.50, .75}, {.70, .92}, {.10, .30}, {0, 0}, 0, 900, 0.8, {120, 8 * kHour}, false,
     16, .45, {4, 64}, 6, .45, {1, 64}},
    {Family::kCpuAnalytics, "cpu_analytics", false, .25, CpuClass::kComputeBound, GpuClass::kMixed,
     {.75, .95}, {.20, .45}, {.05, .25}, {0, 0}, 0, 1800, 0.9, {300, 24 * kHour}, false,
     32, .5, {8, 128}, 10, .5, {2, 128}},
};

double Clamp(double x, Range r) { return std::min(r.hi, std::max(r.lo, x)); }

// Accumulates a workload's pods, numbering each role from 01 and sizing work.
class PodList {
 public:
  explicit PodList(const PodContext& ctx) : ctx_(ctx) {}

  void Add(std::string_view role, double cpu, double memory_gib, int gpus, double cpu_frac, double gpu_frac) {
    GeneratedPod p;
    p.role = std::string(role);
    p.role_index = 1 + static_cast<int>(std::count_if(pods_.begin(), pods_.end(),
                                                      [&](const GeneratedPod& q) { return q.role == role; }));
    // Requests are rounded first, so the record's cpu and memory are exactly
    // the ones the work below was sized with.
    p.cpu = std::max(0.001, RoundTo(cpu, 3));
    p.memory_gib = std::max<std::int64_t>(1, std::llround(memory_gib));
    p.gpus = gpus;
    p.cpu_frac = cpu_frac;
    p.gpu_frac = gpus > 0 ? gpu_frac : 0;
    const double scale = ctx_.duration_s * ctx_.work_scale;
    // A reader takes cpuUnits <= 0 as missing (1000 units, §l.1): never 0.
    p.cpu_units = std::max(0.001, RoundTo(scale * p.cpu * std::max(0.1, ctx_.cpu_util) * ctx_.cpu_rate * p.cpu_frac, 3));
    p.gpu_units = gpus > 0 ? RoundTo(scale * gpus * std::max(0.1, ctx_.gpu_util) * ctx_.gpu_rate * p.gpu_frac, 3) : 0;
    pods_.push_back(std::move(p));
  }

  std::vector<GeneratedPod> Take() { return std::move(pods_); }

 private:
  const PodContext& ctx_;
  std::vector<GeneratedPod> pods_;
};

double DrawCores(const FamilySpec& s, GeneratorDraws* d) {
  return Clamp(d->LogNormal(s.cores_median, s.cores_sigma), s.cores);
}
double DrawMemory(const FamilySpec& s, GeneratorDraws* d) {
  return Clamp(d->LogNormal(s.memory_median_gib, s.memory_sigma), s.memory_gib);
}
// A GPU pod's memory: 2 GiB plus the per-GPU draw for each GPU.
double GpuPodMemory(int gpus, double per_gpu_gib) { return Clamp(2 + gpus * per_gpu_gib, {1, 256}); }

void AddTrainingGang(const PodContext& ctx, GeneratorDraws* d, PodList* pods) {
  const FamilySpec& s = *ctx.spec;
  const int workers = std::max(1, ctx.total_gpus);
  // One size for every worker: the replicas of one training job are alike.
  const double worker_cpu = DrawCores(s, d);
  const double worker_memory = GpuPodMemory(1, DrawMemory(s, d));
  if (s.family == Family::kDistributedTraining) {
    pods->Add("launcher", Clamp(0.5 * worker_cpu, {1, 4}), Clamp(0.4 * worker_memory, {1, 8}), 0, .25, 0);
    for (int i = 0; i < workers; ++i) pods->Add("worker", worker_cpu, worker_memory, 1, .9 / workers, 1.0 / workers);
    return;
  }
  // §l.3 says "cpuFrac .35 each"; Joulie's code splits .35 between the ps
  // pods. clustersim follows the spec.
  const int ps_pods = workers >= 4 ? 2 : 1;
  for (int i = 0; i < ps_pods; ++i)
    pods->Add("ps", Clamp(0.75 * worker_cpu, {1, 6}), Clamp(worker_memory, {2, 16}), 0, .35, 0);
  for (int i = 0; i < workers; ++i) pods->Add("worker", worker_cpu, worker_memory, 1, .85 / workers, 1.0 / workers);
}

void AddHpo(const PodContext& ctx, GeneratorDraws* d, PodList* pods) {
  const FamilySpec& s = *ctx.spec;
  const int max_trials = ctx.total_gpus >= 4 ? 8 : ctx.total_gpus > 0 ? 4 : 6;
  const int trials = 2 + static_cast<int>(d->UniformInt(max_trials - 1));  // 2 .. max_trials
  const int gpus = ctx.total_gpus > 0 ? 1 : 0;
  pods->Add("controller", 1, 1, 0, .10, 0);
  for (int i = 0; i < trials; ++i) {
    const double cpu = DrawCores(s, d);
    const double memory = GpuPodMemory(1, DrawMemory(s, d));
    pods->Add("trial", cpu, memory, gpus, .9 / trials, 1.0 / trials);
  }
}

}  // namespace

const FamilySpec& SpecOf(Family f) { return kFamilies[static_cast<int>(f)]; }

std::span<const FamilySpec> AllFamilies() { return kFamilies; }

bool IsComputeBound(const FamilySpec& spec) {
  return spec.cpu_class == CpuClass::kComputeBound || (spec.gpu && spec.gpu_class == GpuClass::kComputeBound);
}

double PhillyGpuUtilPrior(int gpus) {
  if (gpus <= 0) return 0;
  if (gpus == 1) return .5238;
  if (gpus <= 2) return .50;
  if (gpus <= 4) return .4518;
  if (gpus <= 8) return .5899;
  return .4039;
}

double RoundTo(double x, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(x * scale) / scale;
}

std::vector<GeneratedPod> BuildPods(const PodContext& ctx, GeneratorDraws* draws) {
  const FamilySpec& s = *ctx.spec;
  PodList pods(ctx);
  switch (s.family) {
    case Family::kCpuPreprocess:
    case Family::kCpuAnalytics: {
      const double cpu = DrawCores(s, draws);
      const double memory = DrawMemory(s, draws);
      pods.Add(s.family == Family::kCpuPreprocess ? "preprocess" : "analytics", cpu, memory, 0, 1, 0);
      break;
    }
    case Family::kDebugEval:
    case Family::kSingleGpuTraining: {
      // One worker holds all G GPUs; cores and memory scale with G.
      const int g = std::max(1, ctx.total_gpus);
      const double cpu = g * DrawCores(s, draws);
      const double memory = GpuPodMemory(g, DrawMemory(s, draws));
      pods.Add("worker", cpu, memory, g, 1, 1);
      break;
    }
    case Family::kDistributedTraining:
    case Family::kParameterServer:
      AddTrainingGang(ctx, draws, &pods);
      break;
    case Family::kHpo:
      AddHpo(ctx, draws, &pods);
      break;
  }
  return pods.Take();
}

}  // namespace clustersim
