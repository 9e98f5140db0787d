#include "io/cluster_overrides.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "io/number_parse.h"

namespace clustersim {
namespace {

// A boxcar over more than ~11.6 days of simulated time would be no average
// of telemetry (and past ~9e12 s its length in ticks leaves int64); the
// SIM_*_TELEMETRY_WINDOW_MS variables stop at the same bound.
constexpr double kMaxTelemetryWindowS = 1e6;

// A named double field of a spec, for table-driven overrides.
struct Field {
  const char* key;
  double* value;
};

bool ApplyFields(YamlFields* y, const YAML::Node& m, const std::string& path, std::initializer_list<Field> fields) {
  for (const Field& f : fields) {
    const YAML::Node n = m[f.key];
    if (n.IsDefined() && !y->Number(n, FieldPath(path, f.key), f.value)) return false;
  }
  return true;
}

bool ApplyThermal(YamlFields* y, const YAML::Node& m, const std::string& path, ThermalSpec* t) {
  const YAML::Node n = m["thermal"];
  if (!n.IsDefined()) return true;
  const std::string p = FieldPath(path, "thermal");
  if (!y->RequireMap(n, p) || !y->CheckKeys(n, p, {"ambient_c", "k_w_per_c", "tau_s", "start_c", "full_c"}) ||
      !ApplyFields(y, n, p,
                   {{"ambient_c", &t->ambient_c}, {"k_w_per_c", &t->k_w_per_c}, {"tau_s", &t->tau_s},
                    {"start_c", &t->start_c}, {"full_c", &t->full_c}}))
    return false;
  if (t->k_w_per_c <= 0) return y->Fail(n, p, fmt::format("k_w_per_c must be > 0, got {}", t->k_w_per_c));
  if (n["k_w_per_c"].IsDefined()) t->k_given = true;
  if (t->tau_s < 0) return y->Fail(n, p, fmt::format("tau_s must be >= 0, got {}", t->tau_s));
  return true;
}

// Reports the first of `checks` that fails, at the key it names (or the map).
struct Check {
  bool ok;
  const char* key;
  std::string message;
};

bool RunChecks(YamlFields* y, const YAML::Node& m, const std::string& path, std::initializer_list<Check> checks) {
  for (const Check& c : checks) {
    if (c.ok) continue;
    const YAML::Node at = m[c.key].IsDefined() ? m[c.key] : m;
    return y->Fail(at, m[c.key].IsDefined() ? FieldPath(path, c.key) : path, c.message);
  }
  return true;
}

// "300W", "300 W", "300" -> watts; "60%" -> percent.
bool ParseCap(YamlFields* y, const YAML::Node& n, const std::string& path, bool* percent, double* value) {
  if (!n.IsScalar()) return y->Fail(n, path, "must be watts (\"300W\", 300), a percent (\"60%\") or none");
  std::string_view s = Trim(n.Scalar());
  *percent = !s.empty() && s.back() == '%';
  if (!s.empty() && (s.back() == '%' || s.back() == 'W' || s.back() == 'w')) s = Trim(s.substr(0, s.size() - 1));
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, *value);
  if (s.empty() || ec != std::errc() || p != end || !std::isfinite(*value))
    return y->Fail(n, path,
                   fmt::format("must be watts (\"300W\", 300), a percent (\"60%\") or none, got '{}'", n.Scalar()));
  if (*percent && (*value <= 0 || *value > 100))
    return y->Fail(n, path, fmt::format("percent must be in (0, 100], got {}%", *value));
  if (!*percent && *value <= 0) return y->Fail(n, path, fmt::format("watts must be > 0, got {}", *value));
  return true;
}

// `none` states "no cap" outright (as --cpu-cap SEL:none and a schedule's
// none do); an operating point's absent key means the same.
bool IsNoCap(const YAML::Node& n) { return n.IsScalar() && Trim(n.Scalar()) == "none"; }

}  // namespace

bool ApplyCpuOverrides(YamlFields* y, const YAML::Node& m, const std::string& path, CpuSpec* cpu) {
  if (!y->RequireMap(m, path) ||
      !y->CheckKeys(m, path, {"model", "idle_w", "pmax_w", "alpha", "beta", "fmin", "knee", "rapl_min_w",
                              "rapl_max_w", "rapl_head_w", "curve_w", "curve_load_pct", "dvfs_tau_s", "cap_tau_s",
                              "telemetry_window_s", "thermal"}))
    return false;
  if (m["model"].IsDefined() && !y->String(m["model"], FieldPath(path, "model"), &cpu->model)) return false;
  if (!ApplyFields(y, m, path,
                   {{"idle_w", &cpu->idle_w}, {"pmax_w", &cpu->pmax_w}, {"alpha", &cpu->alpha},
                    {"beta", &cpu->beta}, {"fmin", &cpu->fmin}, {"knee", &cpu->knee},
                    {"rapl_min_w", &cpu->rapl_min_w}, {"rapl_max_w", &cpu->rapl_max_w},
                    {"rapl_head_w", &cpu->rapl_head_w}, {"dvfs_tau_s", &cpu->dvfs_tau_s},
                    {"cap_tau_s", &cpu->cap_tau_s}, {"telemetry_window_s", &cpu->telemetry_window_s}}))
    return false;
  if (m["curve_w"].IsDefined() || m["curve_load_pct"].IsDefined()) {
    bool given = false;
    if (!y->Curve(m, path, &cpu->curve, &given)) return false;
  }
  if (!ApplyThermal(y, m, path, &cpu->thermal)) return false;
  const CpuSpec& c = *cpu;
  return RunChecks(
      y, m, path,
      {{c.idle_w >= 0, "idle_w", fmt::format("idle_w must be >= 0, got {}", c.idle_w)},
       {c.pmax_w >= c.idle_w, "pmax_w", fmt::format("pmax_w {} W is below idle_w {} W", c.pmax_w, c.idle_w)},
       {c.alpha > 0, "alpha", fmt::format("alpha must be > 0, got {}", c.alpha)},
       {c.beta > 0, "beta", fmt::format("beta must be > 0, got {}", c.beta)},
       {c.fmin > 0 && c.fmin <= 1, "fmin", fmt::format("fmin must be in (0, 1], got {}", c.fmin)},
       {c.knee >= 0 && c.knee <= 1, "knee", fmt::format("knee must be in [0, 1], got {}", c.knee)},
       {c.rapl_min_w > 0, "rapl_min_w", fmt::format("rapl_min_w must be > 0, got {}", c.rapl_min_w)},
       {c.rapl_max_w >= c.rapl_min_w, "rapl_max_w",
        fmt::format("rapl_min_w {} W exceeds rapl_max_w {} W", c.rapl_min_w, c.rapl_max_w)},
       {c.rapl_head_w >= 0, "rapl_head_w", fmt::format("rapl_head_w must be >= 0, got {}", c.rapl_head_w)},
       {c.dvfs_tau_s >= 0, "dvfs_tau_s", fmt::format("dvfs_tau_s must be >= 0, got {}", c.dvfs_tau_s)},
       {c.cap_tau_s >= 0, "cap_tau_s", fmt::format("cap_tau_s must be >= 0, got {}", c.cap_tau_s)},
       {c.telemetry_window_s >= 0 && c.telemetry_window_s <= kMaxTelemetryWindowS, "telemetry_window_s",
        fmt::format("telemetry_window_s must be in [0, {:.0f}] s, got {}", kMaxTelemetryWindowS, c.telemetry_window_s)}});
}

bool ApplyGpuOverrides(YamlFields* y, const YAML::Node& m, const std::string& path, GpuSpec* gpu,
                       GpuModelGiven* given) {
  if (!y->RequireMap(m, path) ||
      !y->CheckKeys(m, path, {"product", "idle_w", "max_w", "min_cap_w", "gamma", "epsilon", "gamma_m",
                              "peer_link_gbps", "receiver_gate_fraction", "cap_tau_s", "telemetry_window_s",
                              "thermal"}))
    return false;
  if (m["product"].IsDefined() && !y->String(m["product"], FieldPath(path, "product"), &gpu->product)) return false;
  given->max_w = m["max_w"].IsDefined();
  given->idle_w = m["idle_w"].IsDefined();
  given->min_cap_w = m["min_cap_w"].IsDefined();
  given->gamma = m["gamma"].IsDefined();
  given->epsilon = m["epsilon"].IsDefined();
  given->gamma_m = m["gamma_m"].IsDefined();
  if (!ApplyFields(y, m, path,
                   {{"idle_w", &gpu->idle_w}, {"max_w", &gpu->max_w}, {"min_cap_w", &gpu->min_cap_w},
                    {"gamma", &gpu->gamma}, {"epsilon", &gpu->epsilon}, {"gamma_m", &gpu->gamma_m},
                    {"peer_link_gbps", &gpu->peer_link_gbps},
                    {"receiver_gate_fraction", &gpu->receiver_gate_fraction}, {"cap_tau_s", &gpu->cap_tau_s},
                    {"telemetry_window_s", &gpu->telemetry_window_s}}))
    return false;
  if (!ApplyThermal(y, m, path, &gpu->thermal)) return false;
  const GpuSpec& g = *gpu;
  // min cap <= max and idle <= max are checked by the caller, which knows
  // which key set each value.
  return RunChecks(
      y, m, path,
      {{g.idle_w >= 0, "idle_w", fmt::format("idle_w must be >= 0, got {}", g.idle_w)},
       {g.max_w > 0, "max_w", fmt::format("max_w must be > 0, got {}", g.max_w)},
       {g.min_cap_w > 0, "min_cap_w", fmt::format("min_cap_w must be > 0, got {}", g.min_cap_w)},
       {g.gamma > 0, "gamma", fmt::format("gamma must be > 0, got {}", g.gamma)},
       {g.epsilon >= 0 && g.epsilon <= 1, "epsilon", fmt::format("epsilon must be in [0, 1], got {}", g.epsilon)},
       {g.gamma_m > 0, "gamma_m", fmt::format("gamma_m must be > 0, got {}", g.gamma_m)},
       {g.peer_link_gbps >= 0, "peer_link_gbps",
        fmt::format("peer_link_gbps must be >= 0, got {}", g.peer_link_gbps)},
       {g.receiver_gate_fraction >= 0 && g.receiver_gate_fraction <= 1, "receiver_gate_fraction",
        fmt::format("receiver_gate_fraction must be in [0, 1], got {}", g.receiver_gate_fraction)},
       {g.cap_tau_s >= 0, "cap_tau_s", fmt::format("cap_tau_s must be >= 0, got {}", g.cap_tau_s)},
       {g.telemetry_window_s >= 0 && g.telemetry_window_s <= kMaxTelemetryWindowS, "telemetry_window_s",
        fmt::format("telemetry_window_s must be in [0, {:.0f}] s, got {}", kMaxTelemetryWindowS, g.telemetry_window_s)}});
}

bool ParseOperatingPoint(YamlFields* y, const YAML::Node& m, const std::string& path, int gpus,
                         OperatingPoint* op) {
  if (!y->RequireMap(m, path) || !y->CheckKeys(m, path, {"freq_scale", "cpu_cap", "gpu_cap"})) return false;
  op->set = true;
  const YAML::Node fs = m["freq_scale"], cpu = m["cpu_cap"], gpu = m["gpu_cap"];
  if (fs.IsDefined()) {
    double f = 0;
    const std::string p = FieldPath(path, "freq_scale");
    if (!y->Number(fs, p, &f)) return false;
    if (f <= 0 || f > 1) return y->Fail(fs, p, fmt::format("must be in (0, 1], got {}", f));
    op->throttle_pct = 100.0 * (1.0 - f);
  }
  if (cpu.IsDefined() && !IsNoCap(cpu)) {
    bool percent = false;
    double v = 0;
    const std::string p = FieldPath(path, "cpu_cap");
    if (!ParseCap(y, cpu, p, &percent, &v)) return false;
    if (percent && fs.IsDefined())
      return y->Fail(cpu, p, "a CPU percent and freq_scale both set the DVFS target; give one");
    if (percent)
      op->throttle_pct = std::round(100.0 - v);  // §d.6: TargetThrottlePct = round(100 - pct)
    else
      op->cpu_cap_w = v;
  }
  if (gpu.IsDefined() && !IsNoCap(gpu)) {
    bool percent = false;
    double v = 0;
    const std::string p = FieldPath(path, "gpu_cap");
    if (!ParseCap(y, gpu, p, &percent, &v)) return false;
    if (gpus == 0) return y->Fail(gpu, p, "a GPU cap on a group without GPUs (gpu_count is 0)");
    op->gpu_cap.kind = percent ? CapSetting::Kind::kPercent : CapSetting::Kind::kWatts;
    op->gpu_cap.value = v;
  }
  return true;
}

}  // namespace clustersim
