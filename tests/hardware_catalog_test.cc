#include "io/hardware_catalog.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "power/gpu_power.h"
#include "power/switches.h"

namespace clustersim {
namespace {

template <typename T>
std::string Join(const std::vector<T>& v) {
  std::ostringstream s;
  for (std::size_t i = 0; i < v.size(); ++i) s << (i ? " " : "") << v[i];
  return s.str();
}

std::string Watts(const std::vector<CurvePoint>& c) {
  std::vector<double> w;
  for (const CurvePoint& p : c) w.push_back(p.watts);
  return Join(w);
}

std::string Loads(const std::vector<CurvePoint>& c) {
  std::vector<double> l;
  for (const CurvePoint& p : c) l.push_back(p.load_pct);
  return Join(l);
}

const HardwareCatalog& Shipped() { return ShippedCatalog(); }

TEST(HardwareCatalog, ShippedCatalogParsesAndIsTheDataFile) {
  auto parsed = ParseCatalogText(EmbeddedCatalogText(), "catalog.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  std::ifstream in(CLUSTERSIM_SOURCE_DIR "/data/catalog.yaml", std::ios::binary);
  std::ostringstream file;
  file << in.rdbuf();
  EXPECT_EQ(EmbeddedCatalogText(), file.str()) << "the embedded text is stale: re-run cmake";
  EXPECT_EQ(Shipped().cpus().size(), 6u);
  EXPECT_EQ(Shipped().gpus().size(), 5u);
  auto loaded = LoadCatalog(CLUSTERSIM_SOURCE_DIR "/data/catalog.yaml");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(loaded.value().CpuKeys(), Shipped().CpuKeys());
  EXPECT_EQ(loaded.value().GpuKeys(), Shipped().GpuKeys());
}

// §j.1, row by row, with the doc's numbers.
TEST(HardwareCatalog, EveryCpuRowOfSectionJ1) {
  struct Row {
    const char* key;
    int cores;
    double base, boost, tdp, ctdp_min, ctdp_max;
    const char* driver;
    const char* curve;  // "" = proxy
    double density;
    const char* provenance;
  };
  const Row rows[] = {
      {"AMD_EPYC_9654", 96, 2.4, 3.7, 360, 320, 400, "amd-pstate",
       "128 257 300 340 378 410 442 498 577 697 817", 710.4, "SPECpower result 2022q4-01203"},
      {"AMD_EPYC_9655", 96, 2.6, 4.5, 400, 320, 400, "amd-pstate",
       "138 297 367 438 515 593 661 710 771 812 861", 1040, "SPECpower 2024q4-01464"},
      {"AMD_EPYC_9965", 192, 2.25, 3.7, 500, 450, 500, "amd-pstate",
       "157 265 314 362 412 461 503 544 587 661 800", 1776, "SPECpower 2025q2-01522"},
      {"AMD_EPYC_9534", 64, 2.45, 3.7, 280, 240, 300, "amd-pstate", "", 473.6, "official + proxy"},
      {"AMD_EPYC_9375F", 32, 3.8, 4.8, 320, 320, 400, "amd-pstate", "", 486.4, "official + proxy"},
      {"INTEL_XEON_GOLD_6530", 32, 2.1, 4.0, 270, 0, 0, "intel_pstate", "", 256, "official + proxy"},
  };
  ASSERT_EQ(Shipped().cpus().size(), std::size(rows));
  for (std::size_t i = 0; i < std::size(rows); ++i) {
    const Row& r = rows[i];
    const CpuCatalogEntry& e = Shipped().cpus()[i];
    SCOPED_TRACE(r.key);
    EXPECT_EQ(e.key, r.key);
    EXPECT_EQ(e.cores_per_socket, r.cores);
    EXPECT_EQ(e.base_ghz, r.base);
    EXPECT_EQ(e.boost_ghz, r.boost);
    EXPECT_EQ(e.tdp_w, r.tdp);
    EXPECT_EQ(e.ctdp_min_w, r.ctdp_min);
    EXPECT_EQ(e.ctdp_max_w, r.ctdp_max);
    EXPECT_EQ(e.driver, r.driver);
    EXPECT_EQ(Watts(e.curve), r.curve);
    if (!e.curve.empty()) {
      EXPECT_EQ(Loads(e.curve), "0 10 20 30 40 50 60 70 80 90 100");
    }
    EXPECT_EQ(e.compute_density, r.density);
    EXPECT_EQ(e.provenance, r.provenance);
  }
  EXPECT_EQ(Shipped().FindCpu("AMD_EPYC_9534")->proxy_of, "AMD_EPYC_9654");
  EXPECT_EQ(Shipped().FindCpu("AMD_EPYC_9375F")->proxy_of, "AMD_EPYC_9655");
}

// §j.2, row by row; H100 SXM keeps Joulie's 350 W minimum for compat.
TEST(HardwareCatalog, EveryGpuRowOfSectionJ2) {
  struct Row {
    const char* key;
    GpuVendor vendor;
    double max, min_cap, joulie_min, idle, gamma, epsilon, gamma_m, density, link, tau;
  };
  const Row rows[] = {
      {"NVIDIA_H100_NVL", GpuVendor::kNvidia, 400, 200, 0, 60, 1.50, 0.15, 0.90, 400, 300, 0},
      {"NVIDIA_H100_SXM", GpuVendor::kNvidia, 700, 200, 350, 100, 1.40, 0.15, 0.90, 700, 450, 0},
      {"NVIDIA_L40S", GpuVendor::kNvidia, 350, 200, 0, 35, 1.20, 0.25, 1.10, 350, 0, 0},
      {"AMD_INSTINCT_MI300X", GpuVendor::kAmd, 750, 350, 0, 120, 0.85, 0.10, 0.85, 750, 448, 0.35},
      {"AMD_RADEON_PRO_W7900", GpuVendor::kAmd, 295, 200, 0, 25, 1.10, 0.30, 1.20, 295, 0, 0},
  };
  ASSERT_EQ(Shipped().gpus().size(), std::size(rows));
  for (std::size_t i = 0; i < std::size(rows); ++i) {
    const Row& r = rows[i];
    const GpuCatalogEntry& e = Shipped().gpus()[i];
    SCOPED_TRACE(r.key);
    EXPECT_EQ(e.key, r.key);
    EXPECT_EQ(e.vendor, r.vendor);
    EXPECT_EQ(e.max_w, r.max);
    EXPECT_EQ(e.min_cap_w, r.min_cap);
    EXPECT_EQ(e.joulie_min_cap_w, r.joulie_min);
    EXPECT_EQ(e.idle_w, r.idle);
    EXPECT_EQ(e.gamma, r.gamma);
    EXPECT_EQ(e.epsilon, r.epsilon);
    EXPECT_EQ(e.gamma_m, r.gamma_m);
    EXPECT_EQ(e.compute_density, r.density);
    EXPECT_EQ(e.peer_link_gbps, r.link);
    EXPECT_EQ(e.cap_tau_s, r.tau);
    EXPECT_FALSE(e.provenance.empty());
  }
}

// §j.2's "default / base" row is GpuSpec's defaults.
TEST(HardwareCatalog, BaseGpuIsTheSpecDefaults) {
  const GpuSpec g;
  EXPECT_EQ(g.max_w, 300);
  EXPECT_EQ(g.min_cap_w, 80);
  EXPECT_EQ(g.idle_w, 30);
  EXPECT_EQ(g.gamma, 1.0);
  EXPECT_EQ(g.epsilon, 0.20);
  EXPECT_EQ(g.gamma_m, 1.20);
  EXPECT_EQ(g.peer_link_gbps, 0);
}

TEST(HardwareCatalog, NormalisesNamesAsSectionISays) {
  EXPECT_EQ(NormalizeModelName("AMD EPYC(TM) 9654 96-Core Processor"), "amd epyc tm 9654 96 core processor");
  EXPECT_EQ(NormalizeModelName("Intel(R) Xeon(R) Gold 6530"), "intel xeon gold 6530");
  EXPECT_EQ(NormalizeModelName("AMD\xC2\xAE EPYC\xE2\x84\xA2 9654"), "amd epyc 9654");
  EXPECT_EQ(NormalizeModelName("  a_b/c,d-e(f)  g\th "), "a b c d e f g h");
  EXPECT_EQ(NormalizeModelName("NVIDIA-H100-80GB-HBM3"), "nvidia h100 80gb hbm3");
  EXPECT_EQ(NormalizeModelName("(r)"), "");
}

std::string CpuKey(std::string_view name) {
  const CpuCatalogEntry* e = Shipped().FindCpu(name);
  return e ? e->key : "none";
}

std::string GpuKey(std::string_view name) {
  const GpuCatalogEntry* e = Shipped().FindGpu(name);
  return e ? e->key : "none";
}

TEST(HardwareCatalog, MatchesKeysAndAliasesExactlyAfterNormalising) {
  EXPECT_EQ(CpuKey("AMD_EPYC_9654"), "AMD_EPYC_9654");
  EXPECT_EQ(CpuKey("amd epyc 9654"), "AMD_EPYC_9654");
  EXPECT_EQ(CpuKey("AMD EPYC 9654 96-Core Processor"), "AMD_EPYC_9654");
  EXPECT_EQ(CpuKey("AMD EPYC(TM) 9654 96-Core Processor"), "AMD_EPYC_9654");
  EXPECT_EQ(CpuKey("AMD EPYC\xE2\x84\xA2 9654"), "AMD_EPYC_9654");
  EXPECT_EQ(CpuKey("AMD\xC2\xAE  EPYC   9654"), "AMD_EPYC_9654");
  EXPECT_EQ(CpuKey("AMD EPYC(TM) 9965 192-Core Processor"), "AMD_EPYC_9965");
  EXPECT_EQ(CpuKey("amd-epyc-9375f"), "AMD_EPYC_9375F");
  EXPECT_EQ(CpuKey("Intel(R) Xeon(R) Gold 6530"), "INTEL_XEON_GOLD_6530");
  EXPECT_EQ(CpuKey("INTEL(R) XEON(R) GOLD 6530"), "INTEL_XEON_GOLD_6530");
  // Exact only: no prefixes, no extra words, no fuzzy matching.
  EXPECT_EQ(CpuKey("AMD EPYC 965"), "none");
  EXPECT_EQ(CpuKey("AMD EPYC 9654 Processor"), "none");
  EXPECT_EQ(CpuKey("EPYC 9654"), "none");
  EXPECT_EQ(CpuKey(""), "none");

  EXPECT_EQ(GpuKey("NVIDIA H100 80GB HBM3"), "NVIDIA_H100_SXM");
  EXPECT_EQ(GpuKey("NVIDIA-H100-80GB-HBM3"), "NVIDIA_H100_SXM");  // the GPU feature discovery label
  EXPECT_EQ(GpuKey("nvidia_h100_sxm"), "NVIDIA_H100_SXM");
  EXPECT_EQ(GpuKey("NVIDIA H100 NVL"), "NVIDIA_H100_NVL");
  EXPECT_EQ(GpuKey("NVIDIA L40S"), "NVIDIA_L40S");
  EXPECT_EQ(GpuKey("AMD Instinct MI300X"), "AMD_INSTINCT_MI300X");
  EXPECT_EQ(GpuKey("MI300X"), "AMD_INSTINCT_MI300X");
  EXPECT_EQ(GpuKey("AMD Radeon PRO W7900"), "AMD_RADEON_PRO_W7900");
  EXPECT_EQ(GpuKey("NVIDIA H100"), "none");
  EXPECT_EQ(GpuKey("H200"), "none");
  // CPU and GPU names live in separate tables.
  EXPECT_EQ(GpuKey("AMD_EPYC_9654"), "none");
}

// The per-socket cap range is metadata; the node's RAPL range stays the
// profile's (80-5000 W, §c.5/§i), so a 250 W cap on a 9534 binds at 250 W.
TEST(HardwareCatalog, CpuMatchSetsCurveSocketsAndSocketCapRange) {
  const CpuSpec c = ApplyCpuEntry(*Shipped().FindCpu("AMD_EPYC_9654"), 2);
  EXPECT_EQ(c.model, "AMD_EPYC_9654");
  EXPECT_EQ(c.sockets, 2);
  EXPECT_EQ(Watts(c.curve), "128 257 300 340 378 410 442 498 577 697 817");
  EXPECT_DOUBLE_EQ(c.socket_cap_min_w, 0.55 * 360);  // 198
  EXPECT_DOUBLE_EQ(c.socket_cap_max_w, 360);
  EXPECT_DOUBLE_EQ(c.rapl_min_w, 80);
  EXPECT_DOUBLE_EQ(c.rapl_max_w, 5000);
  // A proxy keeps the analytic base model but takes the metadata.
  const CpuSpec p = ApplyCpuEntry(*Shipped().FindCpu("AMD_EPYC_9534"), 1);
  EXPECT_EQ(p.model, "AMD_EPYC_9534");
  EXPECT_TRUE(p.curve.empty());
  EXPECT_EQ(p.idle_w, 80);
  EXPECT_EQ(p.pmax_w, 420);
  EXPECT_EQ(p.sockets, 1);
  EXPECT_DOUBLE_EQ(p.socket_cap_min_w, 0.55 * 280);
  EXPECT_DOUBLE_EQ(p.socket_cap_max_w, 280);
  EXPECT_DOUBLE_EQ(p.rapl_min_w, 80);
  EXPECT_DOUBLE_EQ(p.rapl_max_w, 5000);
}

TEST(HardwareCatalog, GpuMatchSetsTheWholeRow) {
  const GpuSpec h = ApplyGpuEntry(*Shipped().FindGpu("NVIDIA H100 80GB HBM3"));
  EXPECT_EQ(h.product, "NVIDIA_H100_SXM");
  EXPECT_EQ(h.vendor, GpuVendor::kNvidia);
  EXPECT_EQ(h.max_w, 700);
  EXPECT_EQ(h.min_cap_w, 200);  // [CORR]; Joulie's 350 stays in the catalog row
  EXPECT_EQ(h.idle_w, 100);
  EXPECT_EQ(h.gamma, 1.40);
  EXPECT_EQ(h.epsilon, 0.15);
  EXPECT_EQ(h.gamma_m, 0.90);
  EXPECT_EQ(h.peer_link_gbps, 450);
  EXPECT_EQ(h.cap_tau_s, 0.15);
  const GpuSpec m = ApplyGpuEntry(*Shipped().FindGpu("MI300X"));
  EXPECT_EQ(m.vendor, GpuVendor::kAmd);
  EXPECT_EQ(m.cap_tau_s, 0.35);
  EXPECT_EQ(m.min_cap_w, 350);
  EXPECT_EQ(ApplyGpuEntry(*Shipped().FindGpu("L40S")).peer_link_gbps, 0);
}

// power-model §j.2 / §k.2: the H100 SXM MinCap is 200 W [CORR] and 350 W
// under Joulie's catalog (gpu_min_cap=joulie, set by compat=joulie); the
// base300 board has its own 80 W whatever the switch; rows without a Joulie
// value keep theirs.
TEST(HardwareCatalog, JoulieMinCapUnderItsSwitch) {
  using power::ApplyGpuCatalogSwitch;
  const GpuSpec h = ApplyGpuEntry(*Shipped().FindGpu("NVIDIA H100 80GB HBM3"));
  EXPECT_EQ(ApplyGpuCatalogSwitch(h, power::GpuCatalog::kCatalog, power::GpuMinCap::kVendor).min_cap_w, 200);
  EXPECT_EQ(ApplyGpuCatalogSwitch(h, power::GpuCatalog::kCatalog, power::GpuMinCap::kJoulie).min_cap_w, 350);
  EXPECT_EQ(ApplyGpuCatalogSwitch(h, power::GpuCatalog::kBase300, power::GpuMinCap::kJoulie).min_cap_w, 80);
  const GpuSpec l = ApplyGpuEntry(*Shipped().FindGpu("L40S"));
  EXPECT_EQ(ApplyGpuCatalogSwitch(l, power::GpuCatalog::kCatalog, power::GpuMinCap::kJoulie).min_cap_w, 200);
  EXPECT_EQ(power::PowerSwitches::Joulie().gpu_min_cap, power::GpuMinCap::kJoulie);
  EXPECT_EQ(power::PowerSwitches::Default().gpu_min_cap, power::GpuMinCap::kVendor);
}

// ---- Validation: one line naming file, line, key path and rule ----

std::string CatalogError(const std::string& text) {
  auto r = ParseCatalogText(text, "catalog.yaml");
  return r.ok() ? "ok" : r.status().message();
}

const char* const kCpuHead =
    "cpus:\n"
    "  - key: X1\n"
    "    cores_per_socket: 8\n"
    "    base_ghz: 2\n"
    "    boost_ghz: 3\n";

TEST(HardwareCatalog, RejectsNonMonotoneCurves) {
  const std::string text = std::string(kCpuHead) +
                           "    tdp_w: 200\n"
                           "    driver: amd-pstate\n"
                           "    curve_w: [128, 257, 300, 340, 378, 410, 442, 498, 577, 698, 577]\n"
                           "    provenance: test\n";
  EXPECT_EQ(CatalogError(text), "catalog.yaml:8: cpus[0].curve_w: must be non-decreasing (577 after 698)");
  EXPECT_EQ(CatalogError(std::string(kCpuHead) + "    tdp_w: 200\n    driver: d\n    curve_w: [1, 2]\n"),
            "catalog.yaml:8: cpus[0].curve_w: needs 11 values (watts at 0, 10, ..., 100 % load), got 2");
  EXPECT_EQ(CatalogError(std::string(kCpuHead) +
                         "    tdp_w: 200\n    driver: d\n    curve_w: [1, 2]\n    curve_load_pct: [50, 50]\n"),
            "catalog.yaml:9: cpus[0].curve_load_pct: must be strictly increasing (50 after 50)");
}

TEST(HardwareCatalog, RejectsUnknownAndMissingFields) {
  EXPECT_EQ(CatalogError(std::string(kCpuHead) + "    tpd_w: 200\n"),
            "catalog.yaml:6: cpus[0].tpd_w: unknown field (did you mean 'tdp_w'?)");
  EXPECT_EQ(CatalogError(std::string(kCpuHead) + "    tdp_w: 200\n    provenance: x\n"),
            "catalog.yaml:2: cpus[0]: missing required field 'driver'");
  EXPECT_EQ(CatalogError("cpu: []\n"), "catalog.yaml:1: cpu: unknown field (did you mean 'cpus'?)");
  EXPECT_EQ(CatalogError(""), "catalog.yaml: (top): the catalog is empty");
}

TEST(HardwareCatalog, RejectsImpossibleValues) {
  EXPECT_EQ(CatalogError("cpus:\n  - key: X\n    cores_per_socket: -4\n"),
            "catalog.yaml:3: cpus[0].cores_per_socket: must be in [1, 1000000], got -4");
  EXPECT_EQ(CatalogError("cpus:\n  - key: X\n    cores_per_socket: many\n"),
            "catalog.yaml:3: cpus[0].cores_per_socket: must be an integer, got 'many'");
  const std::string gpu =
      "gpus:\n"
      "  - key: G\n"
      "    vendor: nvidia\n"
      "    max_w: 700\n"
      "    min_cap_w: 800\n";
  EXPECT_EQ(CatalogError(gpu), "catalog.yaml:5: gpus[0].min_cap_w: min cap 800 W exceeds max_w 700 W");
  EXPECT_EQ(CatalogError("gpus:\n  - key: G\n    vendor: intel\n"),
            "catalog.yaml:3: gpus[0].vendor: unknown vendor 'intel' (known: nvidia, amd)");
  EXPECT_EQ(CatalogError("cpus: [x\n"), "catalog.yaml:2: yaml: end of sequence flow not found");
}

std::string GpuRow(const std::string& key, const std::string& aliases) {
  return "  - key: " + key + "\n    aliases: " + aliases +
         "\n    vendor: amd\n    max_w: 300\n    idle_w: 20\n    gamma: 1\n    epsilon: 0.2\n    gamma_m: 1\n"
         "    provenance: test\n";
}

TEST(HardwareCatalog, RejectsDuplicateNamesAfterNormalising) {
  EXPECT_EQ(CatalogError("gpus:\n" + GpuRow("A_1", "[]") + GpuRow("B", "[\"a-1\"]")),
            "catalog.yaml:12: gpus[1].aliases[0]: 'a-1' duplicates a name of gpus[0] (A_1): both normalise to 'a 1'");
  EXPECT_EQ(CatalogError("gpus:\n" + GpuRow("A", "[]") + GpuRow("A", "[]")),
            "catalog.yaml:11: gpus[1].key: 'A' duplicates a name of gpus[0] (A): both normalise to 'a'");
  // MinCap defaults to half of Max.
  auto ok = ParseCatalogText("gpus:\n" + GpuRow("A", "[]"), "c.yaml");
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_EQ(ok.value().gpus()[0].min_cap_w, 150);
}

TEST(HardwareCatalog, LoadCatalogNamesTheFile) {
  auto r = LoadCatalog("/nonexistent/catalog.yaml");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "/nonexistent/catalog.yaml: cannot open: No such file or directory");
}

}  // namespace
}  // namespace clustersim
