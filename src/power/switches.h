#pragma once
// The behaviour switches of the power and work model (power-model.md §k.2).
// Each flag names one place where clustersim's corrected model and Joulie's
// code disagree; `compat=joulie` sets them all to Joulie's side, and
// `--set flag=value` overrides one. The defaults in the declaration are the
// corrected model. Both presets come from one table (switches.cc,
// kSwitchTable), so a flag and its two preset values are written once.
//
// The workload engine (legacy | v1, §a) is a separate, independent switch:
// it is not part of compat, so it is not in PowerSwitches.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/name_table.h"
#include "model/status.h"

namespace clustersim::power {

// §a: which engine of the spec page runs the jobs (SIM_WORKLOAD_MODEL).
enum class WorkEngine : std::uint8_t { kLegacy, kV1 };

// a.2: fair share /max(1, k) [SPEC] or Joulie's capacity share.
enum class CpuShare : std::uint8_t { kPerK, kCapacity };
// a.3: the GPU cap factor by engine [SPEC] or Joulie's double penalty.
enum class GpuCapFormula : std::uint8_t { kByEngine, kJoulieDouble };
// a.3: G·B_gpu [SPEC] or Joulie's max(0.1, G)·B_core.
enum class GpuBaseSpeed : std::uint8_t { kPerGpu, kJoulie };
// a.3: which θ a GPU job's gpuThroughput sees.
enum class GpuJobTheta : std::uint8_t { kDevice, kCpu };
// §e.1: how first-order states move.
enum class Dynamics : std::uint8_t { kExact, kQuasiStatic, kEuler };
// §e.4: what the exported average is.
enum class Telemetry : std::uint8_t { kBoxcar, kEma, kQuasiStatic };
// §c.5 curve branch: solve f on the unclipped curve, or Joulie's free clip.
enum class CpuCurveCap : std::uint8_t { kSolve, kClip };
// §c.5 analytic branch: exact inverse, or Joulie's act/θ/C-state-blind one.
enum class CpuCapInverse : std::uint8_t { kExact, kJoulie };
// §c.5: a saturated node reports P(fmin), or power is clipped to cap + head.
enum class CpuCapSaturation : std::uint8_t { kReportFmin, kClipCapPlusHead };
// §i catalog resolution: catalog GPU parameters, or Joulie's 30/300/80 W base.
enum class GpuCatalog : std::uint8_t { kCatalog, kBase300 };
// §j.2: H100 SXM MinCap from the vendor range (200 W), or Joulie's catalog (350 W).
enum class GpuMinCap : std::uint8_t { kVendor, kJoulie };
// §e.3: thermal conductance scaled to the device, or the fixed default.
enum class ThermalK : std::uint8_t { kScaled, kFixed };
// §g: PUE load reference = design IT capacity, or the running peak of IT.
enum class PueRef : std::uint8_t { kDesign, kRunningPeak };
// §e.5: energy integrates instantaneous or averaged power.
enum class EnergyPower : std::uint8_t { kInstantaneous, kAveraged };
// §d.5: each device's utilisation from the node's aggregate, split over the
// first devices [SPEC], or from the pod actually on it.
enum class GpuUtilSource : std::uint8_t { kAggregate, kAssigned };
// §f: gang-blocked pods count with U = 0, or with their profile's U.
enum class GangBlockedUtil : std::uint8_t { kZero, kProfile };
// §k.1 item 16: node M split by side, or one blended M for both models.
enum class NodeMemoryIntensity : std::uint8_t { kSplit, kBlended };
// §a.6: a job's intent class by engine (v1: intentClass, then the
// affinity; legacy: the affinity, then intentClass), or as Joulie's code
// decides it in both engines (intentClass, then the affinity).
enum class IntentSource : std::uint8_t { kByEngine, kIntentFirst };

struct PowerSwitches {
  CpuShare cpu_share = CpuShare::kPerK;
  GpuCapFormula gpu_cap_formula = GpuCapFormula::kByEngine;
  GpuBaseSpeed gpu_base_speed = GpuBaseSpeed::kPerGpu;
  GpuJobTheta gpu_job_theta = GpuJobTheta::kDevice;
  bool gpu_theta_always = true;  // §d.4: θ scales GPU throughput even when the cap does not bind
  Dynamics dynamics = Dynamics::kExact;
  Telemetry telemetry = Telemetry::kBoxcar;
  CpuCurveCap cpu_curve_cap = CpuCurveCap::kSolve;
  CpuCapInverse cpu_cap_inverse = CpuCapInverse::kExact;
  CpuCapSaturation cpu_cap_saturation = CpuCapSaturation::kReportFmin;
  bool gpu_d3cold = true;  // §d.3: idle eco-capped GPUs draw 0.1·Idle
  GpuCatalog gpu_catalog = GpuCatalog::kCatalog;
  GpuMinCap gpu_min_cap = GpuMinCap::kVendor;
  bool thermal_throttle = false;  // §e.2: the spec says "off by default"
  ThermalK thermal_k = ThermalK::kScaled;
  PueRef pue_ref = PueRef::kDesign;
  EnergyPower energy_power = EnergyPower::kInstantaneous;
  bool class_alias = true;  // §k.1 item 12: gpu.compute -> gpu.compute_bound
  GangBlockedUtil gang_blocked_util = GangBlockedUtil::kZero;
  GpuUtilSource gpu_util_source = GpuUtilSource::kAggregate;
  NodeMemoryIntensity node_memory_intensity = NodeMemoryIntensity::kSplit;
  IntentSource intent_source = IntentSource::kByEngine;
  // §c.6: Joulie documents it and its code has it, so it is on in both
  // presets; it favours managed eco nodes, hence a flag of its own.
  bool cstate_bonus = true;

  bool operator==(const PowerSwitches&) const = default;

  static PowerSwitches Default();  // compat=none: the left column of §k.2
  static PowerSwitches Joulie();   // compat=joulie: the right column
};

// One row of the §k.2 table: a flag and its value in each preset, as the
// canonical names `--set` accepts.
struct PowerSwitchRow {
  std::string_view flag;
  std::string_view default_value;
  std::string_view joulie_value;
  std::string_view what;  // one line for `clustersim switches`
};
std::span<const PowerSwitchRow> PowerSwitchTable();

// Applies "flag=value" (e.g. "cpu_share=capacity", "gpu_d3cold=off").
// Unknown flags or values leave *s unchanged and name the accepted ones.
Status SetPowerSwitch(PowerSwitches* s, std::string_view assignment);
// The canonical name of a flag's current value; "" for an unknown flag.
std::string_view PowerSwitchValue(const PowerSwitches& s, std::string_view flag);
// The canonical values a flag accepts (empty for an unknown flag).
std::vector<std::string_view> PowerSwitchValues(std::string_view flag);

inline constexpr EnumName<WorkEngine> kWorkEngineNames[] = {{"v1", WorkEngine::kV1}, {"legacy", WorkEngine::kLegacy}};
inline constexpr EnumName<bool> kOnOffNames[] = {{"on", true},     {"off", false}, {"true", true},
                                                 {"false", false}, {"1", true},    {"0", false}};
inline constexpr EnumName<CpuShare> kCpuShareNames[] = {{"per_k", CpuShare::kPerK}, {"capacity", CpuShare::kCapacity}};
inline constexpr EnumName<GpuCapFormula> kGpuCapFormulaNames[] = {{"by_engine", GpuCapFormula::kByEngine},
                                                                  {"joulie_double", GpuCapFormula::kJoulieDouble}};
inline constexpr EnumName<GpuBaseSpeed> kGpuBaseSpeedNames[] = {{"per_gpu", GpuBaseSpeed::kPerGpu},
                                                                {"joulie", GpuBaseSpeed::kJoulie}};
inline constexpr EnumName<GpuJobTheta> kGpuJobThetaNames[] = {{"device", GpuJobTheta::kDevice},
                                                              {"cpu", GpuJobTheta::kCpu}};
inline constexpr EnumName<GpuUtilSource> kGpuUtilSourceNames[] = {{"aggregate", GpuUtilSource::kAggregate},
                                                                  {"assigned", GpuUtilSource::kAssigned}};
inline constexpr EnumName<Dynamics> kDynamicsNames[] = {
    {"exact", Dynamics::kExact}, {"quasi_static", Dynamics::kQuasiStatic}, {"euler", Dynamics::kEuler}};
inline constexpr EnumName<Telemetry> kTelemetryNames[] = {
    {"boxcar", Telemetry::kBoxcar}, {"ema", Telemetry::kEma}, {"quasi_static", Telemetry::kQuasiStatic}};
inline constexpr EnumName<CpuCurveCap> kCpuCurveCapNames[] = {{"solve", CpuCurveCap::kSolve},
                                                              {"clip", CpuCurveCap::kClip}};
inline constexpr EnumName<CpuCapInverse> kCpuCapInverseNames[] = {{"exact", CpuCapInverse::kExact},
                                                                  {"joulie", CpuCapInverse::kJoulie}};
inline constexpr EnumName<CpuCapSaturation> kCpuCapSaturationNames[] = {
    {"report_fmin", CpuCapSaturation::kReportFmin}, {"clip_cap_plus_head", CpuCapSaturation::kClipCapPlusHead}};
inline constexpr EnumName<GpuCatalog> kGpuCatalogNames[] = {{"catalog", GpuCatalog::kCatalog},
                                                            {"base300", GpuCatalog::kBase300}};
inline constexpr EnumName<GpuMinCap> kGpuMinCapNames[] = {{"vendor", GpuMinCap::kVendor},
                                                          {"joulie", GpuMinCap::kJoulie}};
inline constexpr EnumName<ThermalK> kThermalKNames[] = {{"scaled", ThermalK::kScaled}, {"fixed", ThermalK::kFixed}};
inline constexpr EnumName<PueRef> kPueRefNames[] = {{"design", PueRef::kDesign},
                                                    {"running_peak", PueRef::kRunningPeak}};
inline constexpr EnumName<EnergyPower> kEnergyPowerNames[] = {{"instantaneous", EnergyPower::kInstantaneous},
                                                              {"averaged", EnergyPower::kAveraged}};
inline constexpr EnumName<GangBlockedUtil> kGangBlockedUtilNames[] = {{"zero", GangBlockedUtil::kZero},
                                                                      {"profile", GangBlockedUtil::kProfile}};
inline constexpr EnumName<NodeMemoryIntensity> kNodeMemoryIntensityNames[] = {
    {"split", NodeMemoryIntensity::kSplit}, {"blended", NodeMemoryIntensity::kBlended}};
inline constexpr EnumName<IntentSource> kIntentSourceNames[] = {{"by_engine", IntentSource::kByEngine},
                                                                {"intent_first", IntentSource::kIntentFirst}};

}  // namespace clustersim::power
