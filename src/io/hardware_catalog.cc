#include "io/hardware_catalog.h"

#include <cassert>
#include <initializer_list>
#include <utility>

#include <fmt/format.h>

#include "io/file_reader.h"
#include "io/yaml_fields.h"

namespace clustersim {
namespace {

constexpr double kSocketCapMinShare = 0.55;  // §c.7: socket caps [0.55 TDP, TDP]

bool IsMappedToSpace(char c) {
  return c == '(' || c == ')' || c == '-' || c == '_' || c == '/' || c == ',' || c == ' ' || c == '\t';
}

// Reads an optional number field of map `m`; `*out` keeps its value when
// the field is absent.
bool OptNumber(YamlFields* y, const YAML::Node& m, std::string_view path, const char* key, double* out) {
  const YAML::Node n = m[key];
  return !n.IsDefined() || y->Number(n, FieldPath(path, key), out);
}

bool OptString(YamlFields* y, const YAML::Node& m, std::string_view path, const char* key, std::string* out) {
  const YAML::Node n = m[key];
  return !n.IsDefined() || y->String(n, FieldPath(path, key), out);
}

bool ReqString(YamlFields* y, const YAML::Node& m, std::string_view path, const char* key, std::string* out) {
  if (!y->Require(m, path, key) || !y->String(m[key], FieldPath(path, key), out)) return false;
  if (out->empty()) return y->Fail(m[key], FieldPath(path, key), "must not be empty");
  return true;
}

bool ReqPositive(YamlFields* y, const YAML::Node& m, std::string_view path, const char* key, double* out) {
  return y->Require(m, path, key) && y->Number(m[key], FieldPath(path, key), out) &&
         y->Positive(m[key], FieldPath(path, key), *out);
}

// Optional >= 0 number, or `none` (= 0).
bool OptNonNegativeOrNone(YamlFields* y, const YAML::Node& m, std::string_view path, const char* key,
                          double* out) {
  const YAML::Node n = m[key];
  if (!n.IsDefined() || YamlFields::IsNone(n)) return true;
  return y->Number(n, FieldPath(path, key), out) && y->AtLeast(n, FieldPath(path, key), *out, 0);
}

bool ParseCpu(YamlFields* y, const YAML::Node& m, const std::string& path, CpuCatalogEntry* e) {
  if (!y->RequireMap(m, path) ||
      !y->CheckKeys(m, path, {"key", "aliases", "cores_per_socket", "base_ghz", "boost_ghz", "tdp_w", "ctdp_w",
                              "driver", "curve_w", "curve_load_pct", "proxy_of", "compute_density", "provenance",
                              "note"}))
    return false;
  if (!ReqString(y, m, path, "key", &e->key)) return false;
  if (m["aliases"].IsDefined() && !y->StringList(m["aliases"], FieldPath(path, "aliases"), &e->aliases))
    return false;
  std::int64_t cores = 0;
  const std::string cores_path = FieldPath(path, "cores_per_socket");
  if (!y->Require(m, path, "cores_per_socket") || !y->Int(m["cores_per_socket"], cores_path, &cores) ||
      !y->Between(m["cores_per_socket"], cores_path, static_cast<double>(cores), 1, 1e6))
    return false;
  e->cores_per_socket = static_cast<int>(cores);
  if (!ReqPositive(y, m, path, "base_ghz", &e->base_ghz) || !ReqPositive(y, m, path, "boost_ghz", &e->boost_ghz))
    return false;
  if (e->boost_ghz < e->base_ghz)
    return y->Fail(m["boost_ghz"], FieldPath(path, "boost_ghz"),
                   fmt::format("boost {} GHz is below base {} GHz", e->boost_ghz, e->base_ghz));
  if (!ReqPositive(y, m, path, "tdp_w", &e->tdp_w)) return false;
  if (const YAML::Node c = m["ctdp_w"]; c.IsDefined() && !YamlFields::IsNone(c)) {
    std::vector<double> range;
    const std::string cpath = FieldPath(path, "ctdp_w");
    if (!y->NumberList(c, cpath, &range)) return false;
    if (range.size() != 2) return y->Fail(c, cpath, fmt::format("must be [min, max], got {} values", range.size()));
    if (range[0] <= 0 || range[0] > range[1])
      return y->Fail(c, cpath, fmt::format("must be 0 < min <= max, got [{}, {}]", range[0], range[1]));
    e->ctdp_min_w = range[0];
    e->ctdp_max_w = range[1];
  }
  if (!ReqString(y, m, path, "driver", &e->driver)) return false;
  bool curve_given = false;
  if (!y->Curve(m, path, &e->curve, &curve_given)) return false;
  if (!OptString(y, m, path, "proxy_of", &e->proxy_of)) return false;
  if (!OptNumber(y, m, path, "compute_density", &e->compute_density) ||
      !y->AtLeast(m["compute_density"], FieldPath(path, "compute_density"), e->compute_density, 0))
    return false;
  return ReqString(y, m, path, "provenance", &e->provenance) && OptString(y, m, path, "note", &e->note);
}

bool ParseVendor(YamlFields* y, const YAML::Node& n, const std::string& path, GpuVendor* out) {
  std::string v;
  if (!y->String(n, path, &v)) return false;
  if (v == "nvidia") return *out = GpuVendor::kNvidia, true;
  if (v == "amd") return *out = GpuVendor::kAmd, true;
  return y->Fail(n, path, fmt::format("unknown vendor '{}' (known: nvidia, amd)", v));
}

bool ParseGpu(YamlFields* y, const YAML::Node& m, const std::string& path, GpuCatalogEntry* e) {
  if (!y->RequireMap(m, path) ||
      !y->CheckKeys(m, path, {"key", "aliases", "vendor", "max_w", "min_cap_w", "joulie_min_cap_w", "idle_w",
                              "gamma", "epsilon", "gamma_m", "compute_density", "peer_link_gbps", "peer_link",
                              "cap_tau_s", "provenance", "note"}))
    return false;
  if (!ReqString(y, m, path, "key", &e->key)) return false;
  if (m["aliases"].IsDefined() && !y->StringList(m["aliases"], FieldPath(path, "aliases"), &e->aliases))
    return false;
  if (!y->Require(m, path, "vendor") || !ParseVendor(y, m["vendor"], FieldPath(path, "vendor"), &e->vendor))
    return false;
  if (!ReqPositive(y, m, path, "max_w", &e->max_w)) return false;
  e->min_cap_w = 0.5 * e->max_w;  // §i: MinCap defaults to half of Max
  for (auto [key, out] : {std::pair{"min_cap_w", &e->min_cap_w}, std::pair{"joulie_min_cap_w", &e->joulie_min_cap_w}}) {
    const YAML::Node n = m[key];
    if (!n.IsDefined()) continue;
    const std::string p = FieldPath(path, key);
    if (!y->Number(n, p, out) || !y->Positive(n, p, *out)) return false;
    if (*out > e->max_w) return y->Fail(n, p, fmt::format("min cap {} W exceeds max_w {} W", *out, e->max_w));
  }
  if (!y->Require(m, path, "idle_w") || !y->Number(m["idle_w"], FieldPath(path, "idle_w"), &e->idle_w) ||
      !y->AtLeast(m["idle_w"], FieldPath(path, "idle_w"), e->idle_w, 0))
    return false;
  if (e->idle_w > e->max_w)
    return y->Fail(m["idle_w"], FieldPath(path, "idle_w"),
                   fmt::format("idle {} W exceeds max_w {} W", e->idle_w, e->max_w));
  if (!ReqPositive(y, m, path, "gamma", &e->gamma) || !ReqPositive(y, m, path, "gamma_m", &e->gamma_m)) return false;
  if (!y->Require(m, path, "epsilon") || !y->Number(m["epsilon"], FieldPath(path, "epsilon"), &e->epsilon) ||
      !y->Between(m["epsilon"], FieldPath(path, "epsilon"), e->epsilon, 0, 1))
    return false;
  if (!OptNumber(y, m, path, "compute_density", &e->compute_density) ||
      !y->AtLeast(m["compute_density"], FieldPath(path, "compute_density"), e->compute_density, 0))
    return false;
  if (!OptNonNegativeOrNone(y, m, path, "peer_link_gbps", &e->peer_link_gbps)) return false;
  if (!OptString(y, m, path, "peer_link", &e->peer_link)) return false;
  if (m["cap_tau_s"].IsDefined() && (!y->Number(m["cap_tau_s"], FieldPath(path, "cap_tau_s"), &e->cap_tau_s) ||
                                     !y->Positive(m["cap_tau_s"], FieldPath(path, "cap_tau_s"), e->cap_tau_s)))
    return false;
  return ReqString(y, m, path, "provenance", &e->provenance) && OptString(y, m, path, "note", &e->note);
}

// Adds an entry's key and aliases to `index`; a name that normalises to one
// already there (from any row, this one included) is an error.
template <typename Entry>
bool IndexNames(YamlFields* y, const YAML::Node& m, const std::string& path, const std::vector<Entry>& rows,
                std::size_t row, const std::string& table, std::map<std::string, std::size_t, std::less<>>* index) {
  const Entry& e = rows[row];
  std::vector<std::pair<std::string, std::string>> names = {{e.key, FieldPath(path, "key")}};
  for (std::size_t i = 0; i < e.aliases.size(); ++i)
    names.emplace_back(e.aliases[i], IndexPath(FieldPath(path, "aliases"), i));
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto& [name, name_path] = names[i];
    const YAML::Node at = i == 0 ? m["key"] : m["aliases"][i - 1];
    const std::string norm = NormalizeModelName(name);
    if (norm.empty()) return y->Fail(at, name_path, fmt::format("'{}' is empty after normalisation", name));
    auto [it, inserted] = index->emplace(norm, row);
    if (!inserted)
      return y->Fail(at, name_path,
                     fmt::format("'{}' duplicates a name of {}[{}] ({}): both normalise to '{}'", name, table,
                                 it->second, rows[it->second].key, norm));
  }
  return true;
}

std::string KeyList(const auto& rows) {
  std::string s;
  for (const auto& r : rows) s += (s.empty() ? "" : ", ") + r.key;
  return s;
}

}  // namespace

std::string NormalizeModelName(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  bool pending_space = false;
  for (std::size_t i = 0; i < name.size();) {
    const char c = name[i];
    // "(r)" in any case, "®" (U+00AE) and "™" (U+2122) in UTF-8.
    if (c == '(' && i + 2 < name.size() && (name[i + 1] == 'r' || name[i + 1] == 'R') && name[i + 2] == ')') {
      i += 3;
      continue;
    }
    if (name.substr(i, 2) == "\xC2\xAE") {
      i += 2;
      continue;
    }
    if (name.substr(i, 3) == "\xE2\x84\xA2") {
      i += 3;
      continue;
    }
    ++i;
    if (IsMappedToSpace(c) || c == '\r' || c == '\n') {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return out;
}

const CpuCatalogEntry* HardwareCatalog::FindCpu(std::string_view name) const {
  auto it = cpu_index_.find(NormalizeModelName(name));
  return it == cpu_index_.end() ? nullptr : &cpus_[it->second];
}

const GpuCatalogEntry* HardwareCatalog::FindGpu(std::string_view name) const {
  auto it = gpu_index_.find(NormalizeModelName(name));
  return it == gpu_index_.end() ? nullptr : &gpus_[it->second];
}

std::string HardwareCatalog::CpuKeys() const { return KeyList(cpus_); }
std::string HardwareCatalog::GpuKeys() const { return KeyList(gpus_); }

Result<HardwareCatalog> ParseCatalogText(std::string_view text, const std::string& name) {
  YamlFields y(name);
  HardwareCatalog cat;
  cat.name_ = name;
  try {
    YAML::Node root;
    if (!y.Parse(text, &root)) return y.status();
    if (root.IsNull() || !root.IsDefined()) return Status::Error(name + ": (top): the catalog is empty");
    if (!y.RequireMap(root, "") || !y.CheckKeys(root, "", {"cpus", "gpus"})) return y.status();
    if (const YAML::Node cpus = std::as_const(root)["cpus"]; cpus.IsDefined()) {
      if (!y.RequireSequence(cpus, "cpus")) return y.status();
      for (std::size_t i = 0; i < cpus.size(); ++i) {
        const std::string path = IndexPath("cpus", i);
        cat.cpus_.emplace_back();
        if (!ParseCpu(&y, cpus[i], path, &cat.cpus_.back()) ||
            !IndexNames(&y, cpus[i], path, cat.cpus_, i, "cpus", &cat.cpu_index_))
          return y.status();
      }
      for (std::size_t i = 0; i < cat.cpus_.size(); ++i) {
        const std::string& p = cat.cpus_[i].proxy_of;
        if (!p.empty() && cat.FindCpu(p) == nullptr) {
          y.Fail(cpus[i]["proxy_of"], FieldPath(IndexPath("cpus", i), "proxy_of"),
                 fmt::format("unknown CPU model '{}' (known: {})", p, cat.CpuKeys()));
          return y.status();
        }
      }
    }
    if (const YAML::Node gpus = std::as_const(root)["gpus"]; gpus.IsDefined()) {
      if (!y.RequireSequence(gpus, "gpus")) return y.status();
      for (std::size_t i = 0; i < gpus.size(); ++i) {
        const std::string path = IndexPath("gpus", i);
        cat.gpus_.emplace_back();
        if (!ParseGpu(&y, gpus[i], path, &cat.gpus_.back()) ||
            !IndexNames(&y, gpus[i], path, cat.gpus_, i, "gpus", &cat.gpu_index_))
          return y.status();
      }
    }
  } catch (const YAML::Exception& e) {
    return Status::Error(fmt::format("{}: yaml: {}", name, e.what()));
  }
  return cat;
}

Result<HardwareCatalog> LoadCatalog(const std::string& path) {
  auto text = ReadFileContents(path);
  if (!text.ok()) return text.status();
  return ParseCatalogText(text.value(), DisplayName(path));
}

const HardwareCatalog& ShippedCatalog() {
  static const HardwareCatalog kCatalog = [] {
    auto parsed = ParseCatalogText(EmbeddedCatalogText(), "catalog.yaml (built in)");
    assert(parsed.ok() && "data/catalog.yaml does not parse; see hardware_catalog_test");
    return parsed.ok() ? parsed.take() : HardwareCatalog();
  }();
  return kCatalog;
}

CpuSpec ApplyCpuEntry(const CpuCatalogEntry& e, int sockets, CpuSpec base) {
  base.model = e.key;
  base.sockets = sockets;
  base.curve = e.curve;
  base.socket_cap_min_w = kSocketCapMinShare * e.tdp_w;
  base.socket_cap_max_w = e.tdp_w;  // the node's RAPL range stays the profile's (§c.5, §c.7)
  return base;
}

GpuSpec ApplyGpuEntry(const GpuCatalogEntry& e, GpuSpec base) {
  base.product = e.key;
  base.vendor = e.vendor;
  base.max_w = e.max_w;
  base.min_cap_w = e.min_cap_w;
  base.joulie_min_cap_w = e.joulie_min_cap_w;
  base.idle_w = e.idle_w;
  base.gamma = e.gamma;
  base.epsilon = e.epsilon;
  base.gamma_m = e.gamma_m;
  base.peer_link_gbps = e.peer_link_gbps;
  if (e.cap_tau_s > 0 && !base.cap_tau_given) base.cap_tau_s = e.cap_tau_s;
  return base;
}

}  // namespace clustersim
