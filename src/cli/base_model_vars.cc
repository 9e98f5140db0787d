#include "cli/base_model_vars.h"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "cli/option_checks.h"

namespace clustersim {

namespace {

// One variable: its range in its own unit, and where its value goes (after
// `scale`: ms to s). The three frequencies are ratios and are set below.
struct Var {
  const char* name;
  double lo, hi, scale;
  double* (*field)(BaseHardware&);
};

constexpr double kMs = 1e-3;
constexpr double kBig = 1e9;

const Var kVars[] = {
    {"SIM_BASE_IDLE_W", 0, kBig, 1, [](BaseHardware& b) { return &b.cpu.idle_w; }},
    {"SIM_P_MAX_W", 1e-9, kBig, 1, [](BaseHardware& b) { return &b.cpu.pmax_w; }},
    {"SIM_ALPHA_UTIL", 1e-9, 100, 1, [](BaseHardware& b) { return &b.cpu.alpha; }},
    {"SIM_BETA_FREQ", 1e-9, 100, 1, [](BaseHardware& b) { return &b.cpu.beta; }},
    {"SIM_RAPL_CAP_MIN_W", 0, kBig, 1, [](BaseHardware& b) { return &b.cpu.rapl_min_w; }},
    {"SIM_RAPL_CAP_MAX_W", 1e-9, kBig, 1, [](BaseHardware& b) { return &b.cpu.rapl_max_w; }},
    {"SIM_RAPL_HEADROOM_W", 0, kBig, 1, [](BaseHardware& b) { return &b.cpu.rapl_head_w; }},
    {"SIM_CPU_SOCKET_CAP_MIN_W", 0, kBig, 1, [](BaseHardware& b) { return &b.cpu.socket_cap_min_w; }},
    {"SIM_CPU_SOCKET_CAP_MAX_W", 1e-9, kBig, 1, [](BaseHardware& b) { return &b.cpu.socket_cap_max_w; }},
    {"SIM_DVFS_RAMP_MS", 0, kBig, kMs, [](BaseHardware& b) { return &b.cpu.dvfs_tau_s; }},
    {"SIM_CPU_CAP_APPLY_TAU_MS", 0, kBig, kMs, [](BaseHardware& b) { return &b.cpu.cap_tau_s; }},
    {"SIM_CPU_TELEMETRY_WINDOW_MS", 0, kBig, kMs, [](BaseHardware& b) { return &b.cpu.telemetry_window_s; }},
    {"SIM_CPU_AMBIENT_TEMP_C", -273, 1000, 1, [](BaseHardware& b) { return &b.cpu.thermal.ambient_c; }},
    {"SIM_CPU_THERMAL_TAU_MS", 1e-9, kBig, kMs, [](BaseHardware& b) { return &b.cpu.thermal.tau_s; }},
    {"SIM_CPU_WATTS_PER_DELTA_C", 1e-9, kBig, 1, [](BaseHardware& b) { return &b.cpu.thermal.k_w_per_c; }},
    {"SIM_CPU_THERMAL_THROTTLE_START_C", -273, 1000, 1, [](BaseHardware& b) { return &b.cpu.thermal.start_c; }},
    {"SIM_CPU_THERMAL_THROTTLE_FULL_C", -273, 1000, 1, [](BaseHardware& b) { return &b.cpu.thermal.full_c; }},
    {"SIM_GPU_IDLE_WATTS_PER_GPU", 0, kBig, 1, [](BaseHardware& b) { return &b.gpu.idle_w; }},
    {"SIM_GPU_MAX_WATTS_PER_GPU", 1e-9, kBig, 1, [](BaseHardware& b) { return &b.gpu.max_w; }},
    {"SIM_GPU_MIN_CAP_WATTS_PER_GPU", 0, kBig, 1, [](BaseHardware& b) { return &b.gpu.min_cap_w; }},
    {"SIM_GPU_CAP_APPLY_TAU_MS", 0, kBig, kMs, [](BaseHardware& b) { return &b.gpu.cap_tau_s; }},
    {"SIM_GPU_TELEMETRY_WINDOW_MS", 0, kBig, kMs, [](BaseHardware& b) { return &b.gpu.telemetry_window_s; }},
    {"SIM_GPU_AMBIENT_TEMP_C", -273, 1000, 1, [](BaseHardware& b) { return &b.gpu.thermal.ambient_c; }},
    {"SIM_GPU_THERMAL_TAU_MS", 1e-9, kBig, kMs, [](BaseHardware& b) { return &b.gpu.thermal.tau_s; }},
    {"SIM_GPU_WATTS_PER_DELTA_C", 1e-9, kBig, 1, [](BaseHardware& b) { return &b.gpu.thermal.k_w_per_c; }},
    {"SIM_GPU_THERMAL_THROTTLE_START_C", -273, 1000, 1, [](BaseHardware& b) { return &b.gpu.thermal.start_c; }},
    {"SIM_GPU_THERMAL_THROTTLE_FULL_C", -273, 1000, 1, [](BaseHardware& b) { return &b.gpu.thermal.full_c; }},
    {"SIM_GPU_COMPUTE_GAMMA", 1e-9, 100, 1, [](BaseHardware& b) { return &b.gpu.gamma; }},
    {"SIM_GPU_MEMORY_EPSILON", 0, 1, 1, [](BaseHardware& b) { return &b.gpu.epsilon; }},
    {"SIM_GPU_MEMORY_GAMMA", 1e-9, 100, 1, [](BaseHardware& b) { return &b.gpu.gamma_m; }},
};
// The frequencies give the ratios fmin = F_MIN / F_MAX, knee = LOWEST / F_MAX.
constexpr const char* kFMin = "SIM_F_MIN_MHZ";
constexpr const char* kFMax = "SIM_F_MAX_MHZ";
constexpr const char* kKnee = "SIM_CPU_LOWEST_NONLINEAR_FREQ_MHZ";
constexpr const char* kSockets = "SIM_CPU_SOCKETS";

std::vector<const char*> AllNames() {
  std::vector<const char*> names;
  for (const Var& v : kVars) names.push_back(v.name);
  for (const char* n : {kFMin, kFMax, kKnee, kSockets}) names.push_back(n);
  return names;
}

}  // namespace

void AddBaseModelOptions(CLI::App* app, std::map<std::string, std::string>* values, const std::string& group) {
  // --help lists the first and names the family: thirty-odd lines of one
  // kind would bury the options around them.
  bool first = true;
  for (const char* name : AllNames()) {
    app->add_option(std::string("--") + name, (*values)[name],
                    first ? "Joulie's base model: this and every other SIM_* variable of power-model.md §i, as "
                            "--SIM_NAME VALUE in its units (README \"Clusters and work\" lists them)"
                          : "power-model.md §i")
        ->group(first ? group : "");
    first = false;
  }
}

Status ResolveBaseModel(const std::map<std::string, std::string>& given, bool use_env, BaseHardware* out,
                        std::vector<std::pair<std::string, std::string>>* applied) {
  const auto value = [&](const char* name) {
    const auto it = given.find(name);
    const std::string v = it != given.end() ? it->second : std::string();
    return use_env ? FlagOrEnv(v, name) : v;
  };
  // Recorded as numbers (300 and 300.0 are one setting); a value that does
  // not parse is refused below.
  if (applied != nullptr)
    for (const char* name : AllNames())
      if (const std::string text = value(name); !text.empty()) {
        double x = 0;
        applied->emplace_back(name, ParseReal(name, text, -1e300, 1e300, &x).ok() ? fmt::format("{}", x) : text);
      }
  BaseHardware& b = *out;
  for (const Var& v : kVars) {
    const std::string text = value(v.name);
    if (text.empty()) continue;
    double x = 0;
    RETURN_IF_ERROR(ParseReal(v.name, text, v.lo, v.hi, &x));
    *v.field(b) = x * v.scale;
  }
  // A K given here is used as given, as a cluster file's (§e.3).
  if (!value("SIM_CPU_WATTS_PER_DELTA_C").empty()) b.cpu.thermal.k_given = true;
  if (!value("SIM_GPU_WATTS_PER_DELTA_C").empty()) b.gpu.thermal.k_given = true;
  if (!value("SIM_GPU_CAP_APPLY_TAU_MS").empty()) b.gpu.cap_tau_given = true;
  if (const std::string text = value(kSockets); !text.empty()) {
    double x = 0;
    RETURN_IF_ERROR(ParseReal(kSockets, text, 1, 64, &x));
    if (x != std::floor(x)) return Status::Error(fmt::format("{}: expected a whole number, got '{}'", kSockets, text));
    b.cpu.sockets = static_cast<int>(x);
  }
  double mhz[3] = {1200, 3200, 1800};  // §i's defaults
  const char* names[3] = {kFMin, kFMax, kKnee};
  bool any = false;
  for (int k = 0; k < 3; ++k)
    if (const std::string text = value(names[k]); !text.empty()) {
      RETURN_IF_ERROR(ParseReal(names[k], text, 1e-9, 1e9, &mhz[k]));
      any = true;
    }
  if (any) {
    if (!(mhz[0] < mhz[1]) || mhz[2] < mhz[0] || mhz[2] > mhz[1])
      return Status::Error(fmt::format("{} {}, {} {} and {} {}: expected F_MIN < F_MAX and F_MIN <= LOWEST_NONLINEAR "
                                       "<= F_MAX",
                                       kFMin, mhz[0], kKnee, mhz[2], kFMax, mhz[1]));
    b.cpu.fmin = mhz[0] / mhz[1];
    b.cpu.knee = mhz[2] / mhz[1];
  }
  // The pairs a node file would refuse too.
  if (b.cpu.idle_w > b.cpu.pmax_w)
    return Status::Error(fmt::format("SIM_BASE_IDLE_W {} exceeds SIM_P_MAX_W {}", b.cpu.idle_w, b.cpu.pmax_w));
  if (b.cpu.rapl_min_w > b.cpu.rapl_max_w)
    return Status::Error(
        fmt::format("SIM_RAPL_CAP_MIN_W {} exceeds SIM_RAPL_CAP_MAX_W {}", b.cpu.rapl_min_w, b.cpu.rapl_max_w));
  if (b.cpu.socket_cap_min_w > b.cpu.socket_cap_max_w)
    return Status::Error(fmt::format("SIM_CPU_SOCKET_CAP_MIN_W {} exceeds SIM_CPU_SOCKET_CAP_MAX_W {}",
                                     b.cpu.socket_cap_min_w, b.cpu.socket_cap_max_w));
  if (b.gpu.idle_w > b.gpu.max_w || b.gpu.min_cap_w > b.gpu.max_w)
    return Status::Error(fmt::format("SIM_GPU_IDLE_WATTS_PER_GPU {} and SIM_GPU_MIN_CAP_WATTS_PER_GPU {} must not "
                                     "exceed SIM_GPU_MAX_WATTS_PER_GPU {}",
                                     b.gpu.idle_w, b.gpu.min_cap_w, b.gpu.max_w));
  return Status::Ok();
}

}  // namespace clustersim
