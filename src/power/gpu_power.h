#pragma once
// One node's GPUs under caps (power-model.md §d): per device, the natural
// (uncapped) board power of the work's mix of compute and memory (§d.1,
// §d.2), the power the cap lets through with D3cold for idle eco devices
// (§d.3), the throughput the cap and θ leave (§d.4); the node's split of
// one aggregate utilisation over its devices (§d.5) and cap requests
// (§d.6). Pure functions of a GpuSpec; all of a node's GPUs are alike.

#include <cstdint>
#include <span>

#include "model/hardware.h"
#include "model/work.h"
#include "power/switches.h"

namespace clustersim::power {

// Normalised boundness weights (compute, memory); they sum to 1.
struct GpuWeights {
  double compute = 0;
  double memory = 0;
};

// §d.1 class base weights; kMixed is also what unknown class names get.
GpuWeights GpuBaseWeights(GpuClass cls);
// §d.1 blend: high F pushes toward compute, high M toward memory.
GpuWeights BlendedGpuWeights(GpuClass cls, double mem, double feed);

// §d.2 curves: Pc(u) = Idle + dyn·u^1.02, Pm(u) = Idle + dyn·(0.35√u + 0.30u).
double GpuComputePower(const GpuSpec& gpu, double util);
double GpuMemoryPower(const GpuSpec& gpu, double util);
// §d.2: P_nat = w_c·Pc(u) + w_m·Pm(u).
double GpuNaturalPower(const GpuSpec& gpu, const GpuWeights& w, double util);

// §d.3: capW = cap if > 0, else Max.
double EffectiveGpuCap(const GpuSpec& gpu, double cap_w);
// §d.3: an eco-capped (capW < 0.99·Max), idle (u < 0.01) device.
bool D3ColdEligible(const GpuSpec& gpu, double cap_w, double util);
// §d.3: max(floor, min(P_nat, capW)); an eligible device draws 0.1·Idle
// when d3cold is on, and keeps the Idle floor (Joulie) when it is off.
double GpuDevicePower(const GpuSpec& gpu, double util, double p_nat, double cap_w, bool d3cold);

// §d.4 law: 1 while capW >= P_nat, else clamp01(w_c·r^γ + w_m·(1 − ε(1 − r)^γm))
// with r = clamp01(capW/P_nat).
double GpuCapLaw(const GpuSpec& gpu, const GpuWeights& w, double p_nat, double cap_w);
// §d.4 multiplier: clamp01(law·(1 − θ)); with theta_always off (Joulie) θ
// acts only while the cap binds.
double GpuMultiplier(double law, bool cap_binds, double theta, bool theta_always);

struct GpuDeviceResult {
  double power_w = 0;
  double multiplier = 1;  // share of throughput kept under cap and θ
};
// One device: P_d and its multiplier (§d.2-§d.4).
GpuDeviceResult EvaluateGpuDevice(const GpuSpec& gpu, GpuClass cls, double util, double mem, double feed, double cap_w,
                                  double theta, const PowerSwitches& sw);

// §d.5: devices 0..active−1 run at active_util, the rest idle, with
// active = ceil(avg·n − 1e-9): the guard keeps float noise in GPUUtil
// (a sum landing at 0.5000000000000001 on 8 devices) from waking a device.
struct GpuUtilSplit {
  int active = 0;
  double active_util = 0;
  double UtilOf(int device) const { return device < active ? active_util : 0; }
};
GpuUtilSplit SplitGpuUtil(double gpu_util, int devices);

// The node's GPU inputs (§f): aggregate utilisation, dominant class, M, F.
struct GpuNodeInputs {
  double util = 0;
  GpuClass cls = GpuClass::kMixed;
  double mem = 0;
  double feed = 0;
};
struct GpuNodeResult {
  double power_w = 0;          // Σ P_d
  double mean_multiplier = 1;  // the reported node GPU multiplier
};
// §d.5 over a node: one device per entry of caps_w/thetas (same size);
// per-device results go to devices_out when it is not empty.
// REQUIRES: thetas.size() == caps_w.size(), devices_out empty or that size.
GpuNodeResult EvaluateGpuNode(const GpuSpec& gpu, const GpuNodeInputs& in, std::span<const double> caps_w,
                              std::span<const double> thetas, const PowerSwitches& sw,
                              std::span<GpuDeviceResult> devices_out = {});

// §d.6: a cap request sets every device's target to clamp(W, MinCap, Max).
enum class GpuCapStatus : std::uint8_t { kOk, kBlocked, kInvalid };
struct GpuCapTarget {
  GpuCapStatus status = GpuCapStatus::kOk;  // kBlocked: node has no GPU; kInvalid: W <= 0
  double target_w = 0;
};
GpuCapTarget GpuCapFromWatts(const GpuSpec& gpu, int gpu_count, double watts);
// Percent intents mean pct/100·Max.
GpuCapTarget GpuCapFromPercent(const GpuSpec& gpu, int gpu_count, double pct);

// §i / §k.1 item 5: gpu_catalog=base300 replaces the catalog's power and
// law parameters with Joulie's base 30/300/80 W, γ 1, ε 0.2, γm 1.2, keeping
// identity, links and time constants.
// Fields a cluster file's gpu_model set (`given`) are kept.
GpuSpec ApplyGpuCatalogSwitch(const GpuSpec& catalog, GpuCatalog mode, GpuMinCap min_cap = GpuMinCap::kVendor,
                              const GpuSpec& base = GpuSpec{}, const GpuModelGiven& given = {});

}  // namespace clustersim::power
