#include "cli/generate.h"

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <iostream>
#include <ostream>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/option_checks.h"
#include "cli/stdout_check.h"
#include "io/text_sink.h"
#include "io/workload_generator.h"
#include "model/status.h"

namespace clustersim {
namespace {

constexpr const char* kExamples = R"(Examples:
  clustersim generate -o trace.jsonl                         50 workloads, seed 0
  clustersim generate -o trace.jsonl --seed 7 --horizon 2d   every arrival of two days
  clustersim generate -o - --workloads 5 --gpu-ratio 0.5     to stdout
  clustersim generate -o trace.jsonl --workloads 1000 --time-scale 120 --sensitivity-gpu 0.8

Records are power-model.md §l.1 JSONL, one `type:"job"` line per pod. Numbers: submit offsets
rounded to microseconds, profile values to 4 decimals, work units to 3, cpu to millicores,
memory to whole GiB, each printed in its shortest round-trip form. Same options and seed give
byte-identical output.
)";

// Every numeric option is taken as text and checked here, so that each bad
// value gets one line naming the flag and the accepted range.
struct Flags {
  std::string output;
  std::string seed = "0", workloads = "50", horizon, mean_interarrival = "5", time_scale = "1", work_scale = "1";
  std::string perf_ratio = "0.30", gpu_ratio = "0.80", amd_gpu_ratio = "0", min_gpus = "0";
  std::string cpu_rate = "1", gpu_rate = "1";
  std::string burst_probability = "0.25", burst_mean_jobs = "8", burst_multiplier = "2";
  std::string dip_probability = "0.30", dip_multiplier = "0.08";
  std::string sensitivity_cpu = "1", sensitivity_gpu = "1", peer_intensity;
  bool quiet = false;
};

// A decimal number: digits, optionally a point and more digits (".5" too),
// optionally an exponent ("1e3", "2.5E-4"), as simulate's options take them.
// No sign, hex, inf or nan.
bool IsDecimal(std::string_view s) {
  std::size_t digits = 0, i = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++digits;
  if (i < s.size() && s[i] == '.')
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++digits;
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exponent_digits = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++exponent_digits;
    if (exponent_digits == 0) return false;
  }
  return i == s.size();
}

Status BadValue(std::string_view flag, std::string_view expected, std::string_view got) {
  return Status::Error(fmt::format("{}: expected {}, got '{}'", flag, expected, got));
}

// A number in [lo, hi] (lo excluded if lo_open).
Status ParseReal(std::string_view flag, std::string_view text, double lo, double hi, bool lo_open,
                 std::string_view expected, double* out) {
  double v = 0;
  if (!IsDecimal(text)) return BadValue(flag, expected, text);
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v > hi || v < lo || (lo_open && v == lo))
    return BadValue(flag, expected, text);
  *out = v;
  return Status::Ok();
}

// Seconds, or a number with a unit: s, m (minutes), h, d ("60h", "2d").
Status ParseHorizon(std::string_view text, double* out) {
  constexpr std::string_view kFlag = "--horizon", kExpected = "a positive duration such as 3600, 90m, 60h or 2d";
  double unit = 1;
  std::string_view number = text;
  if (!text.empty()) {
    const char c = text.back();
    const double suffix = c == 's' ? 1 : c == 'm' ? 60 : c == 'h' ? 3600 : c == 'd' ? 86400 : 0;
    if (suffix > 0) {
      unit = suffix;
      number.remove_suffix(1);
    }
  }
  double v = 0;
  Status st = ParseReal(kFlag, number, 0, 1e10 / unit, true, kExpected, &v);
  if (!st.ok()) return BadValue(kFlag, kExpected, text);
  *out = v * unit;
  return Status::Ok();
}

enum class Bound : std::uint8_t { kRatio, kPositive, kNonNegative };

Status ParseBounded(std::string_view flag, std::string_view text, Bound bound, double* out) {
  constexpr double kBig = 1e9;
  switch (bound) {
    case Bound::kRatio: return ParseReal(flag, text, 0, 1, false, "a number in [0, 1]", out);
    case Bound::kPositive: return ParseReal(flag, text, 0, kBig, true, "a number > 0 and <= 1e9", out);
    case Bound::kNonNegative: return ParseReal(flag, text, 0, kBig, false, "a number in [0, 1e9]", out);
  }
  return Status::Error("unreachable");
}

// Checks every flag in order and stops at the first bad one.
Status Resolve(const Flags& f, bool workloads_given, bool horizon_given, bool peer_given, GeneratorOptions* o) {
  Status st = ParseUnsigned("--seed", f.seed, 0, UINT64_MAX, "an unsigned 64-bit integer", &o->seed);
  if (!st.ok()) return st;
  std::uint64_t u = 0;
  if (workloads_given) {
    st = ParseUnsigned("--workloads", f.workloads, 1, 100'000'000, "an integer in [1, 100000000] (a run reads at "
                       "most 10^8 lines)", &u);
    if (!st.ok()) return st;
    o->max_workloads = static_cast<std::int64_t>(u);
  }
  if (horizon_given) {
    st = ParseHorizon(f.horizon, &o->horizon_s);
    if (!st.ok()) return st;
    if (!workloads_given) o->max_workloads = 0;  // the horizon alone stops it
  }
  st = ParseUnsigned("--min-gpus", f.min_gpus, 0, 64, "an integer in [0, 64]", &u);
  if (!st.ok()) return st;
  o->min_gpus = static_cast<int>(u);

  struct RealFlag {
    std::string_view name;
    const std::string& text;
    Bound bound;
    double* value;
  };
  const RealFlag reals[] = {
      {"--mean-interarrival", f.mean_interarrival, Bound::kPositive, &o->mean_interarrival_s},
      {"--time-scale", f.time_scale, Bound::kPositive, &o->time_scale},
      {"--work-scale", f.work_scale, Bound::kPositive, &o->work_scale},
      {"--perf-ratio", f.perf_ratio, Bound::kRatio, &o->perf_ratio},
      {"--gpu-ratio", f.gpu_ratio, Bound::kRatio, &o->gpu_ratio},
      {"--amd-gpu-ratio", f.amd_gpu_ratio, Bound::kRatio, &o->amd_gpu_ratio},
      {"--cpu-rate", f.cpu_rate, Bound::kPositive, &o->cpu_rate},
      {"--gpu-rate", f.gpu_rate, Bound::kPositive, &o->gpu_rate},
      {"--burst-probability", f.burst_probability, Bound::kRatio, &o->burst_probability},
      {"--burst-mean-jobs", f.burst_mean_jobs, Bound::kNonNegative, &o->burst_mean_jobs},
      {"--burst-multiplier", f.burst_multiplier, Bound::kNonNegative, &o->burst_multiplier},
      {"--dip-probability", f.dip_probability, Bound::kRatio, &o->dip_probability},
      {"--dip-multiplier", f.dip_multiplier, Bound::kNonNegative, &o->dip_multiplier},
      {"--sensitivity-cpu", f.sensitivity_cpu, Bound::kRatio, &o->sensitivity_cpu},
      {"--sensitivity-gpu", f.sensitivity_gpu, Bound::kRatio, &o->sensitivity_gpu},
  };
  for (const RealFlag& r : reals) {
    st = ParseBounded(r.name, r.text, r.bound, r.value);
    if (!st.ok()) return st;
  }
  if (peer_given) {
    double p = 0;
    st = ParseBounded("--peer-intensity", f.peer_intensity, Bound::kRatio, &p);
    if (!st.ok()) return st;
    o->peer_intensity = p;
  }
  if (f.output.empty()) return Status::Error("--output: expected a file name or '-' for stdout, got ''");
  if (f.output.size() > 3 && f.output.compare(f.output.size() - 3, 3, ".gz") == 0)
    return Status::Error("--output " + f.output + ": generate writes plain JSONL; name it without .gz (and gzip it "
                         "afterwards if needed)");
  // simulate's --time-scale range: a trace written at another scale could
  // not be read back at it.
  if (o->time_scale < 1e-9 || o->time_scale > 1e9)
    return Status::Error(fmt::format("--time-scale: expected a number in [1e-9, 1e9] (simulate's range), got '{}'",
                                     f.time_scale));
  // A horizon alone stops only at its end: more workloads than a run can
  // read (10^8 lines) would only fill the disk. The bound takes the busiest
  // hour a day can have (a burst's multiplier included) for every hour.
  constexpr double kMaxExpected = 1e8;
  const double busiest = MaxArrivalMultiplier(*o);
  const double expected = o->horizon_s / o->mean_interarrival_s * busiest;
  if (o->max_workloads == 0 && expected > kMaxExpected)
    return Status::Error(fmt::format("--horizon {}: at a mean inter-arrival of {} s and an hourly multiplier of up to "
                                     "{:.3g} that is up to about {:.2g} workloads, more than the 10^8 lines a run "
                                     "reads; give --workloads N or a shorter horizon",
                                     f.horizon, o->mean_interarrival_s, busiest, expected));
  return Status::Ok();
}

void AddFlags(CLI::App* app, Flags* f, CLI::Option** workloads, CLI::Option** horizon, CLI::Option** peer) {
  // Type names: N an integer, T a duration, S seconds, X a factor, P a
  // fraction in [0, 1].
  auto add = [app](const char* name, std::string* value, const char* type, const char* help) {
    return app->add_option(name, *value, help)->type_name(type);
  };
  add("-o,--output", &f->output, "FILE", "Output JSONL file, or - for stdout (required)")->required();
  add("--seed", &f->seed, "N", "Seed, an unsigned 64-bit integer (default 0)");
  *workloads = add("--workloads", &f->workloads, "N",
                   "Number of workloads (default 50; unlimited when --horizon is given alone)");
  *horizon = add("--horizon", &f->horizon, "T",
                 "Stop generating arrivals after this simulated time: seconds, or with a unit s/m/h/d such as "
                 "60h or 2d (default none); with --workloads, whichever comes first");
  add("--mean-interarrival", &f->mean_interarrival, "S",
      "Mean inter-arrival time in seconds before the hourly multiplier (default 5)");
  add("--time-scale", &f->time_scale, "X",
      "Simulated seconds per trace-second: written submit offsets are divided by it (default 1)");
  add("--work-scale", &f->work_scale, "X", "Multiplies every work unit (default 1)");
  add("--perf-ratio", &f->perf_ratio, "P",
      "Share of performance workloads, x3.5 (capped at 1) for compute-bound families (default 0.30)");
  add("--gpu-ratio", &f->gpu_ratio, "P", "Share of workloads with GPUs (default 0.80)");
  add("--amd-gpu-ratio", &f->amd_gpu_ratio, "P", "Share of GPU workloads asking amd.com/gpu (default 0)");
  add("--min-gpus", &f->min_gpus, "N", "Minimum GPUs of a GPU workload, 0-64 (default 0)");
  add("--cpu-rate", &f->cpu_rate, "X", "CPU work units per core-second (default 1)");
  add("--gpu-rate", &f->gpu_rate, "X", "GPU work units per GPU-second (default 1)");
  add("--burst-probability", &f->burst_probability, "P",
      "Probability that a day has a burst hour among 10, 11, 14, 15, 16 (default 0.25)");
  add("--burst-mean-jobs", &f->burst_mean_jobs, "X",
      "Burst size: the burst hour's multiplier gains this / 16 (default 8)");
  add("--burst-multiplier", &f->burst_multiplier, "X", "Burst hour's multiplier factor (default 2)");
  add("--dip-probability", &f->dip_probability, "P",
      "Probability that a day has a dip hour among 3, 4, 5, 19, 20, 21 (default 0.30)");
  add("--dip-multiplier", &f->dip_multiplier, "X", "Dip hour's multiplier factor (default 0.08)");
  add("--sensitivity-cpu", &f->sensitivity_cpu, "P", "sensitivity.cpu of every record (default 1)");
  add("--sensitivity-gpu", &f->sensitivity_gpu, "P", "sensitivity.gpu of every record (default 1)");
  *peer = add("--peer-intensity", &f->peer_intensity, "P",
              "workloadProfile.peerTransferIntensity of every record (default: the key is omitted)");
  app->add_flag("--quiet", f->quiet, "No summary line on stderr");
}

// Standard output as a sink: chunks are written as they fill.
class StreamSink final : public TextSink {
 public:
  explicit StreamSink(std::ostream& out) : out_(out) {}
  void Flush() override {
    out_.write(buf.data(), static_cast<std::streamsize>(buf.size()));
    buf.clear();
  }

 private:
  std::ostream& out_;
};

std::string SummaryLine(const GeneratorOptions& o, const GeneratorSummary& s, const std::string& output) {
  std::string horizon = "none";
  if (o.horizon_s > 0) horizon = fmt::format("{} s {}", o.horizon_s, s.horizon_reached ? "reached" : "not reached");
  return fmt::format(
      "clustersim generate: {} workloads, {} pods ({} GPU pods), last submit {} s, horizon {}; sensitivity cpu {} "
      "gpu {}; wrote {}\n",
      s.workloads, s.pods, s.gpu_pods, s.last_submit_s, horizon, o.sensitivity_cpu, o.sensitivity_gpu,
      output == "-" ? "stdout" : output);
}

}  // namespace

int RunGenerate(int argc, char** argv, std::ostream& out, std::ostream& err) {
  CLI::App app{"clustersim generate: a synthetic JSONL workload trace (Joulie's generator, seeded)",
               "clustersim generate"};
  app.footer(kExamples);
  Flags f;
  CLI::Option *workloads = nullptr, *horizon = nullptr, *peer = nullptr;
  AddFlags(&app, &f, &workloads, &horizon, &peer);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return ExitOnParseError(app, e, "clustersim generate", out, err);
  }
  GeneratorOptions o;
  const Status st = Resolve(f, workloads->count() > 0, horizon->count() > 0, peer->count() > 0, &o);
  if (!st.ok()) {
    err << "clustersim generate: error: " << st.message() << "\n";
    return 1;
  }

  GeneratorSummary summary;
  const auto out_of_range = [&] {
    return Status::Error(fmt::format("--time-scale {}: workload {}'s submit offset would pass the {} s a trace may "
                                     "hold; give a larger --time-scale or fewer workloads",
                                     f.time_scale, summary.workloads + 1, kMaxInputSeconds));
  };
  // One line per pod: a workload has one to dozens of pods, so --workloads
  // alone cannot keep the trace within what a run reads.
  const auto too_many = [&] {
    return Status::Error(fmt::format("workload {} would take the trace past {} lines (one per pod), more than a "
                                     "run reads; give fewer --workloads or a shorter --horizon",
                                     summary.workloads + 1, o.max_lines));
  };
  if (f.output == "-") {
    // stdout cannot be taken back: a dry pass (the same draws, no text)
    // finds a refusal before the first line is written.
    summary = GenerateWorkloads(o, [](const GeneratedWorkload&) {});
    if (summary.offset_out_of_range || summary.too_many_lines) {
      err << "clustersim generate: error: " << (summary.too_many_lines ? too_many() : out_of_range()).message()
          << "\n";
      return 1;
    }
    StreamSink sink(out);
    summary = WriteWorkloadTrace(o, &sink);
    errno = 0;  // a failed write here names its cause; an earlier one is found again
    sink.Flush();
    out.flush();
    if (!out) {
      err << "clustersim generate: error: "
          << (&out == &std::cout ? StdoutFailure(errno) : std::string("cannot write to stdout")) << "\n";
      return 1;
    }
    if (summary.offset_out_of_range || summary.too_many_lines) {
      err << "clustersim generate: error: " << (summary.too_many_lines ? too_many() : out_of_range()).message()
          << "\n";
      return 1;
    }
  } else {
    AtomicFileSink sink(f.output);
    Status io = sink.Open();
    if (io.ok()) {
      summary = WriteWorkloadTrace(o, &sink);
      io = summary.offset_out_of_range ? out_of_range() : summary.too_many_lines ? too_many() : sink.Commit();
    }
    if (!io.ok()) {
      err << "clustersim generate: error: " << io.message() << "\n";
      return 1;
    }
  }
  if (!f.quiet) err << SummaryLine(o, summary, f.output);
  return 0;
}

}  // namespace clustersim
