#pragma once
// The hardware catalog (power-model.md §i, §j): CPU and GPU models with
// their measured curves, caps and per-GPU law, looked up by name. The
// shipped catalog (data/catalog.yaml) is compiled into the binary;
// LoadCatalog reads a replacement (`--catalog FILE`). A catalog is
// immutable once loaded and owns its rows; lookups return pointers into it.
//
// Name matching (§i): lower-case; drop "(r)", "®", "™"; map ( ) - _ / , to
// spaces; collapse whitespace; then an exact match against every key and
// alias, normalised the same way. Keys and aliases are unique per table.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "model/hardware.h"
#include "model/status.h"

namespace clustersim {

struct CpuCatalogEntry {
  std::string key;                  // e.g. "AMD_EPYC_9654"
  std::vector<std::string> aliases;
  int cores_per_socket = 0;
  double base_ghz = 0, boost_ghz = 0;
  double tdp_w = 0;
  double ctdp_min_w = 0, ctdp_max_w = 0;  // 0 = no configurable TDP range
  std::string driver;               // "amd-pstate", "intel_pstate"
  std::vector<CurvePoint> curve;    // node curve (2 sockets); empty = proxy
  std::string proxy_of;             // informational: the curve it stands in for
  double compute_density = 0;
  std::string provenance, note;
};

struct GpuCatalogEntry {
  std::string key;                  // e.g. "NVIDIA_H100_SXM"
  std::vector<std::string> aliases;
  GpuVendor vendor = GpuVendor::kNone;
  double max_w = 0;
  double min_cap_w = 0;             // 0.5 * max_w when the row has none
  double joulie_min_cap_w = 0;      // Joulie's catalog value (compat), 0 = same as min_cap_w
  double idle_w = 0;
  double gamma = 0, epsilon = 0, gamma_m = 0;
  double compute_density = 0;
  double peer_link_gbps = 0;        // nominal per direction, 0 = no peer link
  std::string peer_link;            // what the link is ("NVLink 4, ...")
  double cap_tau_s = 0;             // 0 = the GpuSpec default
  std::string provenance, note;
};

class HardwareCatalog {
 public:
  const std::vector<CpuCatalogEntry>& cpus() const { return cpus_; }
  const std::vector<GpuCatalogEntry>& gpus() const { return gpus_; }
  const std::string& name() const { return name_; }

  // nullptr when no key or alias matches the normalised name.
  const CpuCatalogEntry* FindCpu(std::string_view name) const;
  const GpuCatalogEntry* FindGpu(std::string_view name) const;

  // "AMD_EPYC_9654, AMD_EPYC_9655, ..." for "unknown model" messages.
  std::string CpuKeys() const;
  std::string GpuKeys() const;

 private:
  friend Result<HardwareCatalog> ParseCatalogText(std::string_view text, const std::string& name);
  std::string name_;
  std::vector<CpuCatalogEntry> cpus_;
  std::vector<GpuCatalogEntry> gpus_;
  std::map<std::string, std::size_t, std::less<>> cpu_index_, gpu_index_;  // normalised name -> row
};

// §i's normalisation: "AMD EPYC(TM) 9654 96-Core" -> "amd epyc tm 9654 96 core".
std::string NormalizeModelName(std::string_view name);

// Parses catalog YAML; errors are one line, `name:line: key.path: message`.
Result<HardwareCatalog> ParseCatalogText(std::string_view text, const std::string& name);
Result<HardwareCatalog> LoadCatalog(const std::string& path);

// The catalog compiled into the binary (parsed once; a broken shipped
// catalog is a build defect, caught by the tests).
const HardwareCatalog& ShippedCatalog();
std::string_view EmbeddedCatalogText();  // generated from data/catalog.yaml

// What a catalog match sets (§i). CPU: model, sockets, curve (empty for
// proxies, which keep the analytic base model of `base`) and the RAPL range
// sockets x [0.55 TDP, TDP]. GPU: product, vendor, Max, MinCap, idle, the
// law's exponents, the peer link and, where the row has one, the cap tau.
CpuSpec ApplyCpuEntry(const CpuCatalogEntry& e, int sockets, CpuSpec base = {});
GpuSpec ApplyGpuEntry(const GpuCatalogEntry& e, GpuSpec base = {});

}  // namespace clustersim
