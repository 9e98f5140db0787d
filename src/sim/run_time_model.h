#pragma once
// Run-time models of simulation mode (seed 001): how long each job actually
// runs. The scheduler always plans with time_limit; this only sets
// Job::run_time. Sampled durations are rounded to the tick once, here.
//
//   actual        the trace's actual_run_time column (default)
//   limit         run_time = time_limit
//   distribution  sampled from time_limit L, scale s, stddev v:
//     spec (default)  normal    max(0, N(L*s, L*v))
//                     lognormal LogNormal(ln(L*s), v)      (median L*s)
//                     uniform   U(L*s, L*v)                (v = upper factor)
//     dr_evt          normal    min(L, max(0, N(L*s, L*v)))
//                     lognormal min(L, LogNormal(ln(L*s), v))
//                     uniform   max(0, U(L*s, L*(s+v)))
// Default sampling: each job's draw depends only on (seed, trace job id).
// dr_evt: one mt19937 seeded with `seed`, drawn in job order, libstdc++
// algorithms; L <= 0 gives 0 without a draw.

#include <cstdint>
#include <string_view>

#include "model/diagnostics.h"
#include "model/name_table.h"
#include "model/status.h"
#include "model/workload.h"

namespace clustersim {

enum class RunTimeMode : std::uint8_t { kActual, kLimit, kDistribution };
enum class Distribution : std::uint8_t { kNormal, kLognormal, kUniform };
enum class RunTimeCompat : std::uint8_t { kSpec, kDrEvt };

struct RunTimeOptions {
  RunTimeMode mode = RunTimeMode::kActual;
  Distribution distribution = Distribution::kNormal;
  RunTimeCompat compat = RunTimeCompat::kSpec;
  double scale = 1.0;
  double stddev = 0.0;
  std::uint64_t seed = 0;
  bool strict = false;  // actual mode without the column: error, not fallback
};

inline constexpr EnumName<RunTimeMode> kRunTimeModeNames[] = {
    {"actual", RunTimeMode::kActual}, {"limit", RunTimeMode::kLimit}, {"distribution", RunTimeMode::kDistribution},
    {"column", RunTimeMode::kActual}, {"exact", RunTimeMode::kLimit}};  // dr_evt's deprecated names
inline constexpr EnumName<Distribution> kDistributionNames[] = {
    {"normal", Distribution::kNormal}, {"lognormal", Distribution::kLognormal}, {"uniform", Distribution::kUniform}};
inline constexpr EnumName<RunTimeCompat> kRunTimeCompatNames[] = {
    {"spec", RunTimeCompat::kSpec}, {"dr_evt", RunTimeCompat::kDrEvt}, {"none", RunTimeCompat::kSpec}};

bool ParseRunTimeMode(std::string_view s, RunTimeMode* out);
bool ParseDistribution(std::string_view s, Distribution* out);
bool ParseRunTimeCompat(std::string_view s, RunTimeCompat* out);
const char* RunTimeModeName(RunTimeMode m);
const char* DistributionName(Distribution d);

// Checks parameter ranges (scale > 0, stddev >= 0, uniform upper >= lower).
Status ValidateRunTimeOptions(const RunTimeOptions& o);

// Sets run_time of every job of a simulation-mode workload.
Status ApplyRunTimeModel(const RunTimeOptions& o, Workload* w, Diagnostics* diag);

}  // namespace clustersim
