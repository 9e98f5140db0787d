#include "sim/run_time_model.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "model/random.h"

namespace clustersim {

bool ParseRunTimeMode(std::string_view s, RunTimeMode* out) { return ParseEnumName(kRunTimeModeNames, s, out); }
bool ParseDistribution(std::string_view s, Distribution* out) { return ParseEnumName(kDistributionNames, s, out); }
bool ParseRunTimeCompat(std::string_view s, RunTimeCompat* out) {
  return ParseEnumName(kRunTimeCompatNames, s, out);
}
const char* RunTimeModeName(RunTimeMode m) { return EnumNameOf(kRunTimeModeNames, m); }
const char* DistributionName(Distribution d) { return EnumNameOf(kDistributionNames, d); }

Status ValidateRunTimeOptions(const RunTimeOptions& o) {
  if (o.mode != RunTimeMode::kDistribution) return Status::Ok();
  if (!(o.scale > 0) || !std::isfinite(o.scale))
    return Status::Error(fmt::format("--run_time_scale must be > 0 (got {})", o.scale));
  if (!(o.stddev >= 0) || !std::isfinite(o.stddev))
    return Status::Error(fmt::format("--run_time_stddev must be >= 0 (got {})", o.stddev));
  if (o.distribution == Distribution::kUniform && o.compat == RunTimeCompat::kSpec && o.stddev < o.scale)
    return Status::Error(fmt::format(
        "uniform run times are U(limit*scale, limit*stddev): --run_time_stddev ({}) is the upper factor "
        "and must be >= --run_time_scale ({})",
        o.stddev, o.scale));
  // dr_evt seeds one mt19937 with 32 bits: a larger seed would be cut to its
  // low bits, and 1 and 4294967297 would draw the same run times.
  if (o.compat == RunTimeCompat::kDrEvt && o.seed > 0xFFFFFFFFu)
    return Status::Error(fmt::format("--seed {}: dr_evt's sampling (--run_time_compat dr_evt) takes a seed below 2^32 "
                                     "(4294967296)",
                                     o.seed));
  return Status::Ok();
}

namespace {

// A sample past the input bound (1e12 s, model/time.h) is clamped to it and
// counted: a huge scale such as -S 1e300 must not turn into a wrong time.
SimTime ToTicks(double seconds, std::int64_t* clamped) {
  if (!(seconds > 0)) return 0;
  const double ticks = seconds * static_cast<double>(kTicksPerSecond);
  if (!(ticks < static_cast<double>(kMaxInputTime))) {
    ++*clamped;
    return kMaxInputTime;
  }
  return static_cast<SimTime>(std::llround(ticks));
}

double SampleSpec(const RunTimeOptions& o, double limit, JobStream* rng) {
  const double s = o.scale, v = o.stddev;
  switch (o.distribution) {
    case Distribution::kNormal:
      return std::max(0.0, limit * s + limit * v * rng->StandardNormal());
    case Distribution::kLognormal:
      return std::exp(std::log(limit * s) + v * rng->StandardNormal());
    case Distribution::kUniform:
      return limit * s + rng->Uniform01() * (limit * v - limit * s);
  }
  return limit;
}

double SampleDrEvt(const RunTimeOptions& o, double limit, LibstdcxxDraws* rng) {
  const double s = o.scale, v = o.stddev;
  switch (o.distribution) {
    case Distribution::kNormal:
      return std::min(limit, std::max(0.0, rng->Normal(limit * s, limit * v)));
    case Distribution::kLognormal:
      return std::min(limit, std::exp(rng->Normal(std::log(limit * s), v)));
    case Distribution::kUniform:
      return std::max(0.0, rng->Uniform(limit * s, limit * (s + v)));
  }
  return limit;
}

}  // namespace

Status ApplyRunTimeModel(const RunTimeOptions& o, Workload* w, Diagnostics* diag) {
  if (w->mode != TraceMode::kSimulation) return Status::Ok();
  Status st = ValidateRunTimeOptions(o);
  if (!st.ok()) return st;
  switch (o.mode) {
    case RunTimeMode::kActual:
      if (!w->has_run_time) {
        if (o.strict)
          return Status::Error(w->name + ": missing_column: --run_time_mode actual needs an actual run time "
                                         "column (actual_run_time, actual_runtime, duration, actual_duration, run_time)");
        diag->Report(w->name, 0, "actual_falls_back_to_limit",
                     "no actual run time column; jobs run for their time_limit (--run_time_mode limit)",
                     Severity::kWarning);
        for (Job& j : w->jobs) j.run_time = j.time_limit;
      }
      return Status::Ok();
    case RunTimeMode::kLimit:
      for (std::size_t i = w->warm_running; i < w->jobs.size(); ++i) w->jobs[i].run_time = w->jobs[i].time_limit;
      return Status::Ok();
    case RunTimeMode::kDistribution:
      break;
  }
  std::int64_t clamped = 0, zero = 0;
  if (o.compat == RunTimeCompat::kDrEvt) {
    LibstdcxxDraws rng(static_cast<std::uint32_t>(o.seed));
    for (std::size_t i = w->warm_running; i < w->jobs.size(); ++i) {
      Job& j = w->jobs[i];
      const double limit = ToSeconds(j.time_limit);
      j.run_time = limit <= 0 ? 0 : ToTicks(SampleDrEvt(o, limit, &rng), &clamped);
      if (limit > 0 && j.run_time == 0) ++zero;
    }
  } else {
    for (std::size_t i = w->warm_running; i < w->jobs.size(); ++i) {
      Job& j = w->jobs[i];
      const double limit = ToSeconds(j.time_limit);
      if (limit <= 0) {
        j.run_time = 0;
        continue;
      }
      JobStream rng(o.seed, static_cast<std::uint64_t>(j.trace_id));
      j.run_time = ToTicks(SampleSpec(o, limit, &rng), &clamped);
      if (j.run_time == 0) ++zero;
    }
  }
  // A zero run time from the trace is a zero_run_time warning per row; a
  // draw at or below 0 (normal's max(0, ...)) is one message for the file,
  // counted per job.
  if (zero > 0)
    diag->ReportRecords(w->name, "sampled_zero_run_time", zero,
                        fmt::format("{} {} 0 (draws at or below 0 are taken as 0): zero-length jobs",
                                    CountOf(zero, "sampled run time"), zero == 1 ? "was" : "were"),
                        Severity::kWarning);
  if (clamped > 0)
    diag->ReportRecords(w->name, "sampled_duration_clamped", clamped,
                        fmt::format("{} exceeded {} s and {} clamped to it", CountOf(clamped, "sampled run time"),
                                    kMaxInputSeconds, clamped == 1 ? "was" : "were"),
                        Severity::kWarning);
  return Status::Ok();
}

}  // namespace clustersim
