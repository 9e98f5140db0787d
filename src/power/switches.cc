#include "power/switches.h"

#include <array>
#include <cassert>
#include <string>

namespace clustersim::power {
namespace {

// How one flag reads and writes its member, generated from the member
// pointer and the enum's name table so no flag has hand-written parsing.
struct FlagAccess {
  bool (*set)(PowerSwitches*, std::string_view);
  const char* (*get)(const PowerSwitches&);
  std::vector<std::string_view> (*values)();
};

template <auto kMember, const auto& kNames>
constexpr FlagAccess Access() {
  return {[](PowerSwitches* s, std::string_view v) { return ParseEnumName(kNames, v, &(s->*kMember)); },
          [](const PowerSwitches& s) { return EnumNameOf(kNames, s.*kMember); }, [] { return CanonicalNames(kNames); }};
}

struct FlagDef {
  PowerSwitchRow row;
  std::string_view alias;  // the doc's spelling where it differs, "" if none
  FlagAccess access;
};

// §k.2, row for row: flag, default (compat=none), compat=joulie. The H100
// SXM MinCap row is `gpu_min_cap` (the catalog carries both values);
// standalone_compat changes no formula, so it is not here.
constexpr FlagDef kSwitchTable[] = {
    {{"cpu_share", "per_k", "capacity",
      "CPU work share of k co-located pods: 1/max(1,k) (the page) or each keeps its cores"},
     "",
     Access<&PowerSwitches::cpu_share, kCpuShareNames>()},
    {{"gpu_cap_formula", "by_engine", "joulie_double",
      "GPU cap penalty: per engine (legacy once, v1 1-S_gpu(1-thr), v1 peer rings) or Joulie's formula (counted "
      "twice, no peer-transfer term)"},
     "",
     Access<&PowerSwitches::gpu_cap_formula, kGpuCapFormulaNames>()},
    {{"gpu_base_speed", "per_gpu", "joulie", "GPU speed base: G_req*B_gpu or Joulie's max(0.1,G)*B_core"},
     "",
     Access<&PowerSwitches::gpu_base_speed, kGpuBaseSpeedNames>()},
    {{"gpu_job_theta", "device", "cpu", "Thermal fraction slowing GPU work: the device's or the CPU's"},
     "",
     Access<&PowerSwitches::gpu_job_theta, kGpuJobThetaNames>()},
    {{"gpu_util_source", "aggregate", "aggregate",
      "Each GPU's utilisation: the node's aggregate split over the first devices (§d.5), or the pod's on it"},
     "",
     Access<&PowerSwitches::gpu_util_source, kGpuUtilSourceNames>()},
    {{"gpu_theta_always", "on", "off", "GPU thermal fraction applies even when the GPU cap does not bind"},
     "",
     Access<&PowerSwitches::gpu_theta_always, kOnOffNames>()},
    {{"dynamics", "exact", "quasi_static", "Caps, frequency and temperature settle in simulated time, or jump at once"},
     "",
     Access<&PowerSwitches::dynamics, kDynamicsNames>()},
    {{"telemetry", "boxcar", "quasi_static",
      "Exported power is a boxcar average over the telemetry window, or instantaneous"},
     "",
     Access<&PowerSwitches::telemetry, kTelemetryNames>()},
    {{"cpu_curve_cap", "solve", "clip",
      "RAPL cap on a SPECpower curve node is solved into a frequency, or only clips power"},
     "",
     Access<&PowerSwitches::cpu_curve_cap, kCpuCurveCapNames>()},
    {{"cpu_cap_inverse", "exact", "joulie",
      "Analytic RAPL cap solve: exact inverse, or Joulie's (ignores activity, theta, C-state)"},
     "",
     Access<&PowerSwitches::cpu_cap_inverse, kCpuCapInverseNames>()},
    {{"cpu_cap_saturation", "report_fmin", "clip_cap_plus_head",
      "A cap the node cannot meet: report P(fmin), or clip to cap + 5 W"},
     "",
     Access<&PowerSwitches::cpu_cap_saturation, kCpuCapSaturationNames>()},
    {{"gpu_d3cold", "on", "off", "Idle capped GPUs drop to D3cold (0.1*Idle)"},
     "",
     Access<&PowerSwitches::gpu_d3cold, kOnOffNames>()},
    {{"gpu_catalog", "catalog", "base300", "GPU power parameters from the catalog, or Joulie's 300 W base model"},
     "",
     Access<&PowerSwitches::gpu_catalog, kGpuCatalogNames>()},
    {{"gpu_min_cap", "vendor", "joulie",
      "GPU minimum cap with catalog parameters: the vendor range (H100 SXM 200 W) or Joulie's catalog (350 W)"},
     "",
     Access<&PowerSwitches::gpu_min_cap, kGpuMinCapNames>()},
    {{"thermal_throttle", "off", "on", "Thermal throttling band between start and full thresholds"},
     "thermal.throttle",
     Access<&PowerSwitches::thermal_throttle, kOnOffNames>()},
    {{"thermal_k", "scaled", "fixed", "Thermal conductance scaled to the device's power, or Joulie's fixed 8/12 W/C"},
     "",
     Access<&PowerSwitches::thermal_k, kThermalKNames>()},
    {{"pue_ref", "design", "running_peak", "PUE load fraction against the design IT power, or the running peak"},
     "",
     Access<&PowerSwitches::pue_ref, kPueRefNames>()},
    {{"energy_power", "instantaneous", "averaged", "Energy integrates instantaneous power, or the telemetry average"},
     "",
     Access<&PowerSwitches::energy_power, kEnergyPowerNames>()},
    {{"class_alias", "on", "off", "Short class names (gpu.compute) read as their full names"},
     "",
     Access<&PowerSwitches::class_alias, kOnOffNames>()},
    {{"gang_blocked_util", "zero", "profile",
      "A gang pod waiting for its peers draws no utilisation, or its profile's (no effect while gangs are "
      "placed all at once)"},
     "",
     Access<&PowerSwitches::gang_blocked_util, kGangBlockedUtilNames>()},
    {{"node_memory_intensity", "split", "blended", "Node memory intensity split by side, or blended over all pods"},
     "",
     Access<&PowerSwitches::node_memory_intensity, kNodeMemoryIntensityNames>()},
    // §a.6: the page's "Joulie's code (both engines)" rule; it differs from
    // legacy's only for a record that avoids eco nodes and declares standard.
    {{"intent_source", "by_engine", "intent_first",
      "Intent class: v1 intentClass then affinity, legacy affinity then intentClass; or intentClass then "
      "affinity in both (Joulie's code)"},
     "",
     Access<&PowerSwitches::intent_source, kIntentSourceNames>()},
    {{"cstate_bonus", "on", "on", "Managed eco nodes' idle CPU power halved by deeper C-states"},
     "",
     Access<&PowerSwitches::cstate_bonus, kOnOffNames>()},
};

// The public view of kSwitchTable: its rows without the accessors.
constexpr auto kRows = [] {
  std::array<PowerSwitchRow, std::size(kSwitchTable)> rows{};
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = kSwitchTable[i].row;
  return rows;
}();

const FlagDef* FindFlag(std::string_view flag) {
  for (const FlagDef& d : kSwitchTable)
    if (d.row.flag == flag || (!d.alias.empty() && d.alias == flag)) return &d;
  return nullptr;
}

std::string JoinNames(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

PowerSwitches FromColumn(bool joulie) {
  PowerSwitches s;
  for (const FlagDef& d : kSwitchTable) {
    [[maybe_unused]] bool ok = d.access.set(&s, joulie ? d.row.joulie_value : d.row.default_value);
    assert(ok && "kSwitchTable names a value its enum table lacks");
  }
  return s;
}

}  // namespace

PowerSwitches PowerSwitches::Default() { return FromColumn(false); }
PowerSwitches PowerSwitches::Joulie() { return FromColumn(true); }

std::span<const PowerSwitchRow> PowerSwitchTable() { return kRows; }

Status SetPowerSwitch(PowerSwitches* s, std::string_view assignment) {
  const std::size_t eq = assignment.find('=');
  if (eq == std::string_view::npos)
    return Status::Error("power switch '" + std::string(assignment) + "': expected flag=value");
  const std::string_view flag = assignment.substr(0, eq);
  const std::string_view value = assignment.substr(eq + 1);
  const FlagDef* d = FindFlag(flag);
  if (d == nullptr) {
    std::vector<std::string_view> flags;
    for (const FlagDef& f : kSwitchTable) flags.push_back(f.row.flag);
    return Status::Error("unknown power switch '" + std::string(flag) + "' (expected one of: " + JoinNames(flags) +
                         ")");
  }
  PowerSwitches next = *s;
  if (!d->access.set(&next, value))
    return Status::Error("power switch " + std::string(d->row.flag) + ": unknown value '" + std::string(value) +
                         "' (expected one of: " + JoinNames(d->access.values()) + ")");
  *s = next;
  return Status::Ok();
}

std::string_view PowerSwitchValue(const PowerSwitches& s, std::string_view flag) {
  const FlagDef* d = FindFlag(flag);
  return d == nullptr ? std::string_view() : std::string_view(d->access.get(s));
}

std::vector<std::string_view> PowerSwitchValues(std::string_view flag) {
  const FlagDef* d = FindFlag(flag);
  return d == nullptr ? std::vector<std::string_view>() : d->access.values();
}

}  // namespace clustersim::power
