#pragma once
// Hardware profiles of seed 002 (power-model.md §c, §d, §i, §j): what one
// node's CPU package and GPUs are, as plain data. The catalog (data/) and
// the cluster file (io/) fill these; power/ evaluates them. Defaults are
// Joulie's `SIM_*` base model (§i), so a profile nobody filled is still the
// documented "base" node.

#include <cstdint>
#include <string>
#include <vector>

namespace clustersim {

// One point of a measured (SPECpower) node curve: load in percent, watts.
struct CurvePoint {
  double load_pct = 0;
  double watts = 0;
};

// First-order thermal model of one device (§e.2): T -> ambient + P/K.
struct ThermalSpec {
  double ambient_c = 24;
  double k_w_per_c = 8;     // watts per degree above ambient at steady state
  double tau_s = 4;         // time constant
  double start_c = 85;      // throttling starts (when enabled)
  double full_c = 97;       // throughput reaches 0
  // k_w_per_c came from a cluster file: used as given. Otherwise it is
  // §e.3's K_default, raised to fit the device's maximum power.
  bool k_given = false;
};

// A node's CPU side: one package power for all sockets (§c.7).
struct CpuSpec {
  std::string model;        // catalog key, "" = the base analytic model
  int sockets = 2;
  double idle_w = 80;       // analytic branch (§c.2)
  double pmax_w = 420;
  double alpha = 1.15;      // utilisation exponent
  double beta = 1.35;       // frequency exponent
  double fmin = 1200.0 / 3200.0;  // FMinMHz / FMaxMHz
  double knee = 1800.0 / 3200.0;  // LowestNonlinearFreqMHz / FMaxMHz
  double rapl_min_w = 80;   // cap range; requests are clamped into it
  double rapl_max_w = 5000;
  double rapl_head_w = 5;   // compat: power clipped to cap + head (§c.5)
  // Per-socket cap range (SIM_CPU_SOCKET_CAP_MIN_W / _MAX_W; a catalog match
  // sets [0.55 TDP, TDP]). Joulie splits a cap over the sockets within it,
  // but the node computes one power under the cap clamped to the RAPL range
  // above (§c.7: the split is cosmetic), so no power depends on these.
  double socket_cap_min_w = 120;
  double socket_cap_max_w = 400;
  // Measured node curve, load strictly increasing over [0, 100], watts
  // non-decreasing; empty = analytic branch.
  std::vector<CurvePoint> curve;
  double dvfs_tau_s = 0.5;            // §e.1
  double cap_tau_s = 0.25;
  double telemetry_window_s = 0.25;   // §e.4
  ThermalSpec thermal{24, 8, 4, 85, 97};
};

enum class GpuVendor : std::uint8_t { kNone, kNvidia, kAmd, kAny };

// One GPU model (all of a node's GPUs are alike).
struct GpuSpec {
  std::string product;      // catalog key, "" = base
  GpuVendor vendor = GpuVendor::kNone;
  double idle_w = 30;       // §d.2
  double max_w = 300;       // board power limit, the default cap
  double min_cap_w = 80;
  // Joulie's catalog MinCap where it differs from the vendor range (H100
  // SXM: 350 W against 200 W, power-model §j.2); 0 = none. Used under
  // `gpu_min_cap=joulie` (compat=joulie) with catalog parameters.
  double joulie_min_cap_w = 0;
  double gamma = 1.0;       // §d.4 compute exponent
  double epsilon = 0.2;     // memory-side loss at r -> 0
  double gamma_m = 1.2;     // memory exponent
  double peer_link_gbps = 0;            // §b: 0 = no peer link
  double receiver_gate_fraction = 1.0;  // §b.3 phi of a gated receiver
  double cap_tau_s = 0.15;
  // cap_tau_s was set by SIM_GPU_CAP_APPLY_TAU_MS: a catalog row's own
  // (MI300X 0.35 s) applies only "if unset" (power-model §i).
  bool cap_tau_given = false;
  double telemetry_window_s = 1.0;
  ThermalSpec thermal{24, 12, 2.5, 82, 92};
};

// The GPU power-law fields a cluster file set (gpu_model, or a group's
// gpu_min/max_cap_watts). They are the node class's own, which Joulie's
// 300 W base model leaves alone (§k.1 item 5).
struct GpuModelGiven {
  bool idle_w = false, max_w = false, min_cap_w = false, gamma = false, epsilon = false, gamma_m = false;
};

// The model every node starts from (power-model.md §i): Joulie's SIM_*
// base variables, settable per run; a catalog row and the cluster file's
// keys are applied on top of it.
struct BaseHardware {
  CpuSpec cpu;
  GpuSpec gpu;
};

}  // namespace clustersim
