#pragma once
// The parts of a cluster inventory group that describe custom hardware and
// a static operating point: `cpu_model:` / `gpu_model:` maps that override
// single CpuSpec / GpuSpec fields by their names, and `operating_point:`.
// Internal to io/cluster_yaml.

#include <string>

#include <yaml-cpp/yaml.h>

#include "io/yaml_fields.h"
#include "model/cluster.h"
#include "model/hardware.h"

namespace clustersim {

// cpu_model keys: model, idle_w, pmax_w, alpha, beta, fmin, knee,
// rapl_min_w, rapl_max_w, rapl_head_w, curve_w (+ curve_load_pct),
// dvfs_tau_s, cap_tau_s, telemetry_window_s, thermal {ambient_c, k_w_per_c,
// tau_s, start_c, full_c}. The resulting spec is validated as a whole.
bool ApplyCpuOverrides(YamlFields* y, const YAML::Node& m, const std::string& path, CpuSpec* cpu);

// gpu_model keys: product, idle_w, max_w, min_cap_w, gamma, epsilon,
// gamma_m, peer_link_gbps, receiver_gate_fraction, cap_tau_s,
// telemetry_window_s, thermal {...}.
bool ApplyGpuOverrides(YamlFields* y, const YAML::Node& m, const std::string& path, GpuSpec* gpu,
                       GpuModelGiven* given);

// operating_point: {freq_scale: f, cpu_cap: "300W" | 300 | "60%", gpu_cap:
// "490W" | 490 | "70%"}. freq_scale f -> throttle_pct 100 (1 - f); a CPU
// percent p -> throttle_pct round(100 - p) (§d.6); giving both is an error.
bool ParseOperatingPoint(YamlFields* y, const YAML::Node& m, const std::string& path, int gpus,
                         OperatingPoint* op);

}  // namespace clustersim
