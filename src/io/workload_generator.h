#pragma once
// `clustersim generate`: Joulie's Go workload generator in its default mode
// (power-model.md §l.3), seeded and byte-deterministic, writing §l.1 JSONL.
//
// Two clocks (§l.2: 1 trace-second = time_scale simulated seconds).
// Arrivals, the hourly multipliers, --horizon, durations and work live in
// simulated seconds, the clock the hourly table describes. Only the written
// submit offsets are trace-seconds, simulated / time_scale, so a reader given
// the same time_scale (io/jsonl_trace) gets the simulated arrivals back. With
// the default time_scale 1 the two are the same.
//
// Determinism. Each arrival, each day's burst/dip plan and each workload
// draw from their own SplitMix64 stream keyed by (seed, domain, index), so
// the same options and seed give the same bytes; numbers are rounded to fixed
// decimals before they are used and printed with fmt's shortest round-trip
// form (offsets to microseconds, profile values to 4 decimals, work units to
// 3 decimals, cpu to millicores, memory to whole GiB; sensitivities and the
// peer intensity as given). The draws go through std::log and std::exp, so
// bytes are stable for one C library; the rounding makes a last-bit libm
// difference visible only when it crosses a rounding boundary.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "io/file_reader.h"
#include "io/generator_families.h"
#include "model/hardware.h"
#include "model/status.h"

namespace clustersim {

class TextSink;

struct GeneratorOptions {
  std::uint64_t seed = 0;
  std::int64_t max_workloads = 50;  // 0 = no limit (then horizon_s must be > 0)
  double horizon_s = 0;             // 0 = none; simulated; arrivals after it are not generated
  std::int64_t max_lines = kMaxLines;  // pods (lines) at most: what a run reads (io/file_reader.h)
  double mean_interarrival_s = 5;   // simulated, before the hourly multiplier
  double time_scale = 1;            // written offsets = simulated / time_scale
  double work_scale = 1;            // multiplies every work unit
  double perf_ratio = .30;          // x3.5 (capped at 1) for compute-bound families
  double gpu_ratio = .80;
  double amd_gpu_ratio = 0;         // share of GPU workloads asking amd.com/gpu
  int min_gpus = 0;                 // GPU workloads get at least this many GPUs
  double cpu_rate = 1, gpu_rate = 1;  // work units per core-second / GPU-second
  double burst_probability = .25, burst_mean_jobs = 8, burst_multiplier = 2;
  double dip_probability = .30, dip_multiplier = .08;
  double sensitivity_cpu = 1, sensitivity_gpu = 1;  // written into every record (§k.1 item 15)
  std::optional<double> peer_intensity;  // peerTransferIntensity, written only when set
};

struct GeneratedWorkload {
  std::int64_t number = 0;  // 1-based; the id is workload-NNNNNN
  Family family = Family::kDebugEval;
  int total_gpus = 0;       // G, raised to min_gpus; 0 for CPU families
  GpuVendor vendor = GpuVendor::kNone;  // kNvidia or kAmd for GPU workloads
  bool performance = false;
  double arrival_s = 0;   // simulated
  double submit_s = 0;    // trace-seconds, as written (rounded to microseconds)
  double duration_s = 0;  // simulated: the clamped lognormal draw the work is sized with
  // The shared profile, rounded to 4 decimals.
  double cpu_util = 0, gpu_util = 0, memory_intensity = 0, io_intensity = 0, cpu_feed = 0;
  std::vector<GeneratedPod> pods;

  const FamilySpec& spec() const { return SpecOf(family); }
  bool gang() const { return spec().gang; }
  std::string Id() const;
};

// Hour-of-day arrival multipliers, 00 .. 23 (Joulie's code, not its docs).
inline constexpr double kHourlyMultiplier[24] = {.15, .12, .10, .10, .12, .20, .40, .65, .85, 1,    1,   .95,
                                                 .80, .85, 1,   1,   .95, .85, .65, .50, .40, .30, .22, .18};
inline constexpr int kBurstHours[] = {10, 11, 14, 15, 16};
inline constexpr int kDipHours[] = {3, 4, 5, 19, 20, 21};
inline constexpr double kMultiplierFloor = 0.05;

// A day's burst and dip hours (-1 = none), drawn from the day's own stream.
struct DayPlan {
  int burst_hour = -1, dip_hour = -1;
};
DayPlan PlanDay(const GeneratorOptions& o, std::int64_t day);

// The multiplier in `hour` of a day with `plan`: the table value; at the
// burst hour mult * burst_multiplier + burst_mean_jobs / 16 (Joulie's code:
// 2.5 at a 1.0 hour by default); at the dip hour mult * dip_multiplier; then
// at least kMultiplierFloor.
double ArrivalMultiplier(const GeneratorOptions& o, int hour, const DayPlan& plan);
// The largest multiplier any hour of any day can have (a bound on the rate).
double MaxArrivalMultiplier(const GeneratorOptions& o);

// Arrivals in simulated seconds: each gap is Exponential(mean_interarrival_s /
// multiplier), the multiplier taken at the previous arrival's hour (the first
// gap starts at 0), as Joulie does.
class ArrivalProcess {
 public:
  explicit ArrivalProcess(const GeneratorOptions& o);
  double Next();

 private:
  const GeneratorOptions& o_;
  GeneratorDraws draws_;
  double now_s_ = 0;
  std::int64_t day_ = -1;
  DayPlan plan_;
};

// Workload `number` arriving at `arrival_s` (simulated): family, GPUs,
// vendor, intent, profile, duration and pods, from the workload's own stream.
GeneratedWorkload SampleWorkload(const GeneratorOptions& o, std::int64_t number, double arrival_s);

struct GeneratorSummary {
  std::int64_t workloads = 0, pods = 0, gpu_pods = 0;
  bool horizon_reached = false;  // stopped because the next arrival fell after horizon_s
  // Stopped because the next offset would pass kMaxInputSeconds, which no
  // reader accepts (a tiny --time-scale stretches offsets).
  bool offset_out_of_range = false;
  // Stopped because the next workload's pods would take the trace past the
  // kMaxLines lines a run reads (one line per pod).
  bool too_many_lines = false;
  double last_submit_s = 0;      // trace-seconds, as written
};

// Generates workloads in arrival order until max_workloads or the horizon,
// whichever comes first, calling `emit` for each.
GeneratorSummary GenerateWorkloads(const GeneratorOptions& o,
                                   const std::function<void(const GeneratedWorkload&)>& emit);
std::vector<GeneratedWorkload> GenerateAll(const GeneratorOptions& o);

// Appends one §l.1 `type:"job"` line per pod, keys in a fixed order.
void AppendJobRecords(const GeneratorOptions& o, const GeneratedWorkload& w, std::string* out);

// Generates the whole trace into `sink` (Poll()ed after each workload); the
// caller commits it.
GeneratorSummary WriteWorkloadTrace(const GeneratorOptions& o, TextSink* sink);

}  // namespace clustersim
