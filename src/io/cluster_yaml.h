#pragma once
// The cluster inventory (power-model.md §i): Joulie's `nodes[]` groups plus
// clustersim's keys, resolved against a hardware catalog into a Cluster.
// Every group becomes one NodeType and `replicas` Nodes named prefix-0,
// prefix-1, ... (or `node_name` for a single node); node names are unique.
//
// Group keys (defaults in parentheses; io/cluster_overrides.h lists the
// cpu_model / gpu_model / operating_point keys):
//   node_name_prefix | node_name, replicas (1), vendor, product (GPU model),
//   cpu (CPU model), cpu_sockets (2), cpu_cores (16, whatever the CPU),
//   memory_gib, gpu_count (0), gpu_min_cap_watts,
//   gpu_max_cap_watts, power_profile (performance | eco | draining), class
//   (default: the group's name), labels {k: v}, gpu_peer_link_gbps,
//   gpu_receiver_gate {fraction, gated_devices}, operating_point {freq_scale,
//   cpu_cap, gpu_cap}, cpu_model {CpuSpec field: value}, gpu_model {GpuSpec
//   field: value}.
//
// Any problem stops the load with one line, `file:line: key.path: message`,
// e.g. `cluster.yaml:7: nodes[1].cpu_cores: expected an integer, got 'x'`;
// a CPU or GPU model the catalog lacks runs on the base model, with a
// warning. Precedence: catalog row, then the group's own keys, then the
// cpu_model / gpu_model overrides.

#include <string>
#include <string_view>
#include <vector>

#include "io/hardware_catalog.h"
#include "model/cluster.h"
#include "model/diagnostics.h"
#include "model/status.h"

namespace clustersim {

// `warnings` (optional) receives the values accepted with a fallback: a
// CPU or GPU model the catalog lacks, GPUs without a product (the base
// model, §i). Every node starts from `base` (the SIM_* variables).
Result<Cluster> LoadCluster(const std::string& path, const HardwareCatalog& catalog,
                            std::vector<Diagnostic>* warnings = nullptr, const BaseHardware& base = BaseHardware{});

// A cluster file may describe at most this many nodes in all (each group
// at most as many replicas): a typo's extra zeros fail with a line instead
// of exhausting memory.
inline constexpr std::int64_t kMaxClusterNodes = 1'000'000;

// For tests: parse text directly, naming it `name` in messages. The fuzz
// target lowers `max_nodes` (expanding a million nodes takes seconds under
// sanitizers).
Result<Cluster> LoadClusterText(std::string_view text, const std::string& name, const HardwareCatalog& catalog,
                                std::vector<Diagnostic>* warnings = nullptr,
                                const BaseHardware& base = BaseHardware{},
                                std::int64_t max_nodes = kMaxClusterNodes);

}  // namespace clustersim
