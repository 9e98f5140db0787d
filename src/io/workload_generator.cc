#include "io/workload_generator.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <fmt/format.h>

#include "io/text_sink.h"

namespace clustersim {
namespace {

constexpr double kSecondsPerDay = 86400, kSecondsPerHour = 3600;

// GPUs per GPU workload before the min-gpus raise (§l.3).
constexpr double kGpuCountWeights[] = {.80, .10, .07, .03};
constexpr int kGpuCounts[] = {1, 2, 4, 8};

double Clamp01(double x) { return std::min(1.0, std::max(0.0, x)); }

Family DrawFamily(bool gpu, GeneratorDraws* d) {
  // Shares in table order: the GPU families first, then the CPU ones.
  double weights[kFamilyCount] = {};
  std::size_t first = gpu ? 0 : kFamilyCount, count = 0;
  for (const FamilySpec& s : AllFamilies()) {
    if (s.gpu != gpu) continue;
    first = std::min(first, static_cast<std::size_t>(s.family));
    weights[count++] = s.share;
  }
  const std::size_t i = d->Categorical(std::span<const double>(weights, count));
  return static_cast<Family>(first + i);
}

double DrawDuration(const FamilySpec& s, int gpus, GeneratorDraws* d) {
  double v = d->LogNormal(s.duration_median_s, s.duration_sigma);
  // Joulie's code scales the draw (not sigma) for 4+ GPU distributed jobs.
  if (s.family == Family::kDistributedTraining && gpus >= 4) v *= 1.2;
  return std::min(s.duration_s.hi, std::max(s.duration_s.lo, v));
}

// "8" for whole cores, else millicores ("500m", "1250m").
std::string CpuQuantity(double cores) {
  const std::int64_t milli = std::llround(cores * 1000);
  return milli % 1000 == 0 ? fmt::format("{}", milli / 1000) : fmt::format("{}m", milli);
}

constexpr const char* kPerformanceAffinity =
    R"(,"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":)"
    R"([{"matchExpressions":[{"key":"joulie.io/power-profile","operator":"NotIn","values":["eco"]}]}]}}})";

void AppendRecord(const GeneratorOptions& o, const GeneratedWorkload& w, const std::string& id,
                  const GeneratedPod& p, std::string* out) {
  const FamilySpec& s = w.spec();
  auto it = std::back_inserter(*out);
  fmt::format_to(it,
                 R"({{"type":"job","schemaVersion":"v2","jobId":"{}-{}-{:02d}","workloadId":"{}",)"
                 R"("workloadType":"{}","podRole":"{}","gang":{},"intentClass":"{}","submitTimeOffsetSec":{},)"
                 R"("podTemplate":{{"requests":{{"cpu":"{}","memory":"{}Gi")",
                 id, p.role, p.role_index, id, s.name, p.role, s.gang, w.performance ? "performance" : "standard",
                 w.submit_s, CpuQuantity(p.cpu), p.memory_gib);
  if (p.gpus > 0)
    fmt::format_to(it, R"(,"{}":"{}")", w.vendor == GpuVendor::kAmd ? "amd.com/gpu" : "nvidia.com/gpu", p.gpus);
  out->push_back('}');
  if (w.performance) out->append(kPerformanceAffinity);
  fmt::format_to(it,
                 R"(}},"work":{{"cpuUnits":{},"gpuUnits":{}}},"sensitivity":{{"cpu":{},"gpu":{}}},)"
                 R"("workloadClass":{{"cpu":"{}")",
                 p.cpu_units, p.gpu_units, o.sensitivity_cpu, o.sensitivity_gpu,
                 EnumNameOf(kCpuClassNames, s.cpu_class));
  if (s.gpu) fmt::format_to(it, R"(,"gpu":"{}")", EnumNameOf(kGpuClassNames, s.gpu_class));
  fmt::format_to(it,
                 R"(}},"workloadProfile":{{"cpuUtilization":{},"gpuUtilization":{},"memoryIntensity":{},)"
                 R"("ioIntensity":{},"cpuFeedIntensityGpu":{})",
                 w.cpu_util, w.gpu_util, w.memory_intensity, w.io_intensity, w.cpu_feed);
  if (o.peer_intensity) fmt::format_to(it, R"(,"peerTransferIntensity":{})", *o.peer_intensity);
  out->append("}}\n");
}

}  // namespace

std::string GeneratedWorkload::Id() const { return fmt::format("workload-{:06d}", number); }

DayPlan PlanDay(const GeneratorOptions& o, std::int64_t day) {
  // Four draws every day, whatever the outcome, so the dip decision does
  // not depend on the burst probability.
  GeneratorDraws d(o.seed, kDayDomain, static_cast<std::uint64_t>(day));
  const double burst_u = d.Uniform01();
  const auto burst_i = d.UniformInt(std::size(kBurstHours));
  const double dip_u = d.Uniform01();
  const auto dip_i = d.UniformInt(std::size(kDipHours));
  DayPlan plan;
  if (burst_u < o.burst_probability) plan.burst_hour = kBurstHours[burst_i];
  if (dip_u < o.dip_probability) plan.dip_hour = kDipHours[dip_i];
  return plan;
}

double ArrivalMultiplier(const GeneratorOptions& o, int hour, const DayPlan& plan) {
  double m = kHourlyMultiplier[hour];
  if (hour == plan.burst_hour) m = m * o.burst_multiplier + o.burst_mean_jobs / 16.0;
  if (hour == plan.dip_hour) m *= o.dip_multiplier;
  return std::max(m, kMultiplierFloor);
}

double MaxArrivalMultiplier(const GeneratorOptions& o) {
  double m = 0;
  for (int h = 0; h < 24; ++h)
    for (const DayPlan& plan : {DayPlan{}, DayPlan{h, -1}, DayPlan{-1, h}}) m = std::max(m, ArrivalMultiplier(o, h, plan));
  return m;
}

ArrivalProcess::ArrivalProcess(const GeneratorOptions& o) : o_(o), draws_(o.seed, kArrivalDomain, 0) {}

double ArrivalProcess::Next() {
  const auto day = static_cast<std::int64_t>(std::floor(now_s_ / kSecondsPerDay));
  if (day != day_) {
    day_ = day;
    plan_ = PlanDay(o_, day);
  }
  const double in_day = now_s_ - static_cast<double>(day) * kSecondsPerDay;
  const int hour = std::clamp(static_cast<int>(in_day / kSecondsPerHour), 0, 23);
  now_s_ += draws_.Exponential(o_.mean_interarrival_s / ArrivalMultiplier(o_, hour, plan_));
  return now_s_;
}

GeneratedWorkload SampleWorkload(const GeneratorOptions& o, std::int64_t number, double arrival_s) {
  // Draw order (fixed; part of the trace's definition): GPU or not, family,
  // GPU count, vendor, intent, U_cpu, M, I, F, the GPU-utilisation spread,
  // duration, then the pods' sizes.
  GeneratorDraws d(o.seed, kWorkloadDomain, static_cast<std::uint64_t>(number));
  GeneratedWorkload w;
  w.number = number;
  w.arrival_s = arrival_s;
  w.submit_s = RoundTo(arrival_s / o.time_scale, 6);
  const bool has_gpu = d.Uniform01() < o.gpu_ratio;
  w.family = DrawFamily(has_gpu, &d);
  const FamilySpec& s = w.spec();
  const int drawn_gpus = kGpuCounts[d.Categorical(kGpuCountWeights)];
  const bool amd = d.Uniform01() < o.amd_gpu_ratio;
  if (has_gpu) {
    w.total_gpus = std::max(drawn_gpus, o.min_gpus);
    w.vendor = amd ? GpuVendor::kAmd : GpuVendor::kNvidia;
  }
  const double perf = IsComputeBound(s) ? std::min(1.0, o.perf_ratio * 3.5) : o.perf_ratio;
  w.performance = d.Uniform01() < perf;

  w.cpu_util = RoundTo(d.Uniform(s.cpu_util.lo, s.cpu_util.hi), 4);
  w.memory_intensity = RoundTo(d.Uniform(s.memory_intensity.lo, s.memory_intensity.hi), 4);
  w.io_intensity = RoundTo(d.Uniform(s.io_intensity.lo, s.io_intensity.hi), 4);
  w.cpu_feed = RoundTo(d.Uniform(s.cpu_feed.lo, s.cpu_feed.hi), 4);
  const double spread_u = d.Uniform01();
  if (w.total_gpus > 0) {
    const double spread = w.total_gpus >= 4 ? .16 : .12;
    const double mean = PhillyGpuUtilPrior(w.total_gpus) + s.gpu_offset;
    w.gpu_util = RoundTo(Clamp01(mean + (2 * spread_u - 1) * spread), 4);
  }
  w.duration_s = DrawDuration(s, w.total_gpus, &d);

  const PodContext ctx{&s, w.total_gpus, w.duration_s, w.cpu_util, w.gpu_util, o.cpu_rate, o.gpu_rate, o.work_scale};
  w.pods = BuildPods(ctx, &d);
  return w;
}

GeneratorSummary GenerateWorkloads(const GeneratorOptions& o,
                                   const std::function<void(const GeneratedWorkload&)>& emit) {
  GeneratorSummary sum;
  const bool limited = o.max_workloads > 0;
  if (!limited && !(o.horizon_s > 0)) return sum;  // nothing would stop it
  ArrivalProcess arrivals(o);
  for (std::int64_t n = 1; !limited || n <= o.max_workloads; ++n) {
    const double t = arrivals.Next();
    if (o.horizon_s > 0 && t > o.horizon_s) {
      sum.horizon_reached = true;
      break;
    }
    if (t / o.time_scale > static_cast<double>(kMaxInputSeconds)) {
      sum.offset_out_of_range = true;
      break;
    }
    const GeneratedWorkload w = SampleWorkload(o, n, t);
    if (sum.pods + static_cast<std::int64_t>(w.pods.size()) > o.max_lines) {
      sum.too_many_lines = true;
      break;
    }
    ++sum.workloads;
    sum.pods += static_cast<std::int64_t>(w.pods.size());
    for (const GeneratedPod& p : w.pods) sum.gpu_pods += p.gpus > 0 ? 1 : 0;
    sum.last_submit_s = w.submit_s;
    emit(w);
  }
  return sum;
}

std::vector<GeneratedWorkload> GenerateAll(const GeneratorOptions& o) {
  std::vector<GeneratedWorkload> all;
  GenerateWorkloads(o, [&](const GeneratedWorkload& w) { all.push_back(w); });
  return all;
}

void AppendJobRecords(const GeneratorOptions& o, const GeneratedWorkload& w, std::string* out) {
  const std::string id = w.Id();
  for (const GeneratedPod& p : w.pods) AppendRecord(o, w, id, p, out);
}

GeneratorSummary WriteWorkloadTrace(const GeneratorOptions& o, TextSink* sink) {
  return GenerateWorkloads(o, [&](const GeneratedWorkload& w) {
    AppendJobRecords(o, w, &sink->buf);
    sink->Poll();
  });
}

}  // namespace clustersim
