#include "io/cluster_yaml.h"

#include <map>
#include <utility>

#include <fmt/format.h>

#include "io/cluster_overrides.h"
#include "io/file_reader.h"
#include "io/quantity.h"
#include "io/yaml_fields.h"
#include "model/text_escape.h"

namespace clustersim {
namespace {

constexpr std::int64_t kDefaultCores = 16;        // §i: cpu_cores unless given, whatever the CPU
constexpr std::int64_t kMaxSockets = 64;

struct GroupReader {
  YamlFields* y;
  const HardwareCatalog& catalog;
  const BaseHardware& base;
  const YAML::Node& m;
  const std::string& path;

  const YAML::Node At(const char* key) const { return m[key]; }
  std::string P(const char* key) const { return FieldPath(path, key); }
  bool Has(const char* key) const { return m[key].IsDefined(); }

  bool OptInt(const char* key, std::int64_t min, std::int64_t max, std::int64_t* out) const {
    if (!Has(key)) return true;
    return y->Int(At(key), P(key), out) &&
           y->Between(At(key), P(key), static_cast<double>(*out), static_cast<double>(min),
                      static_cast<double>(max));
  }
  bool OptPositive(const char* key, double* out, bool* given) const {
    *given = Has(key);
    return !*given || (y->Number(At(key), P(key), out) && y->Positive(At(key), P(key), *out));
  }
};

bool ParseProfile(YamlFields* y, const YAML::Node& n, const std::string& path, PowerProfile* out) {
  std::string s;
  if (!y->String(n, path, &s)) return false;
  if (ParseEnumName(kPowerProfileNames, s, out)) return true;
  return y->Fail(n, path, fmt::format("unknown power profile '{}' (known: performance, eco, draining)", s));
}

// "nvidia" or "amd" in any case, else kNone.
GpuVendor VendorNamed(std::string_view name) {
  std::string lower(name);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return lower == "nvidia" ? GpuVendor::kNvidia : lower == "amd" ? GpuVendor::kAmd : GpuVendor::kNone;
}

bool ParseVendor(YamlFields* y, const YAML::Node& n, const std::string& path, GpuVendor* out) {
  std::string s;
  if (!y->String(n, path, &s)) return false;
  *out = VendorNamed(s);
  if (*out != GpuVendor::kNone) return true;
  return y->Fail(n, path, fmt::format("unknown vendor '{}' (known: nvidia, amd)", n.Scalar()));
}

// Names end up in CSV rows (quoted when they hold a comma or a quote): a
// line break or another control character would split a row.
bool PlainName(YamlFields* y, const YAML::Node& n, const std::string& path, std::string_view name) {
  if (HasControlChar(name)) return y->Fail(n, path, "must not hold a line break or another control character");
  return true;
}

bool ParseLabels(YamlFields* y, const YAML::Node& n, const std::string& path,
                 std::vector<std::pair<std::string, std::string>>* out) {
  if (!y->RequireMap(n, path)) return false;
  for (auto it = n.begin(); it != n.end(); ++it) {
    std::string k, v;
    if (!y->String(it->first, path, &k)) return false;
    const std::string p = FieldPath(path, k);
    if (!y->String(it->second, p, &v)) return false;
    for (const auto& [have, unused] : *out)
      if (have == k) return y->Fail(it->first, p, "given twice");
    out->emplace_back(std::move(k), std::move(v));
  }
  return true;
}

// memory_gib as an exact byte count: the scalar read as a quantity in Gi.
bool ParseMemoryGib(YamlFields* y, const YAML::Node& n, const std::string& path, std::int64_t* bytes) {
  if (!n.IsScalar()) return y->Fail(n, path, "must be a number of GiB, got a " + std::string(n.IsMap() ? "map" : "list"));
  const std::string& s = n.Scalar();
  const bool plain = !s.empty() && s.find_first_not_of("0123456789.+-eE") == std::string::npos;
  const QuantityError e = plain ? ParseMemoryQuantity(s + "Gi", bytes) : QuantityError::kSyntax;
  if (e == QuantityError::kNegative) return y->Fail(n, path, fmt::format("must be >= 0, got {}", s));
  if (e != QuantityError::kOk)
    return y->Fail(n, path, fmt::format("must be a number of GiB, got '{}' ({})", s, QuantityErrorText(e)));
  return true;
}

bool ParseReceiverGate(YamlFields* y, const YAML::Node& n, const std::string& path, int gpus, NodeType* t) {
  if (!y->RequireMap(n, path) || !y->CheckKeys(n, path, {"fraction", "gated_devices"})) return false;
  if (gpus == 0) return y->Fail(n, path, "receiver gate on a group without GPUs (gpu_count is 0)");
  if (!y->Require(n, path, "fraction") ||
      !y->Number(n["fraction"], FieldPath(path, "fraction"), &t->gpu.receiver_gate_fraction) ||
      !y->Between(n["fraction"], FieldPath(path, "fraction"), t->gpu.receiver_gate_fraction, 0, 1))
    return false;
  const YAML::Node devs = n["gated_devices"];
  if (!devs.IsDefined()) return true;
  const std::string dpath = FieldPath(path, "gated_devices");
  if (!y->RequireSequence(devs, dpath)) return false;
  for (std::size_t i = 0; i < devs.size(); ++i) {
    std::int64_t d = 0;
    const std::string p = IndexPath(dpath, i);
    if (!y->Int(devs[i], p, &d) || !y->Between(devs[i], p, static_cast<double>(d), 0, gpus - 1)) return false;
    for (std::uint32_t have : t->gated_devices)
      if (have == d) return y->Fail(devs[i], p, fmt::format("device {} listed twice", d));
    t->gated_devices.push_back(static_cast<std::uint32_t>(d));
  }
  return true;
}

// The CPU side: catalog row, sockets, cores.
bool ResolveCpu(const GroupReader& g, NodeType* t) {
  std::int64_t sockets = g.base.cpu.sockets;
  if (!g.OptInt("cpu_sockets", 1, kMaxSockets, &sockets)) return false;
  const CpuCatalogEntry* cpu = nullptr;
  std::string model;
  if (g.Has("cpu")) {
    if (!g.y->String(g.At("cpu"), g.P("cpu"), &model)) return false;
    cpu = g.catalog.FindCpu(model);
    // Joulie keeps the base model when no catalog entry matches (§i).
    if (cpu == nullptr)
      g.y->Warn(g.At("cpu"), g.P("cpu"), "unknown_cpu_model",
                fmt::format("'{}' is not in the hardware catalog: the base CPU model ({}-{} W) is used (known: {})",
                            model, g.base.cpu.idle_w, g.base.cpu.pmax_w, g.catalog.CpuKeys()));
  }
  t->cpu = cpu != nullptr ? ApplyCpuEntry(*cpu, static_cast<int>(sockets), g.base.cpu) : g.base.cpu;
  // An unknown model keeps its name: it is its own hardware family (§h.2),
  // not the base model's.
  if (cpu == nullptr && !model.empty()) t->cpu.model = model;
  t->cpu.sockets = static_cast<int>(sockets);
  std::int64_t cores = kDefaultCores;  // not the catalog CPU's: §f, cores come from the inventory
  if (!g.OptInt("cpu_cores", 1, 1'000'000, &cores)) return false;
  t->millicores = cores * 1000;
  return true;
}

// The GPU side: count, catalog row, vendor, the group's cap and link keys.
// `catalog_gpu`: whether `product` matched a catalog row.
bool ResolveGpu(const GroupReader& g, NodeType* t, bool* vendor_given, bool* catalog_gpu) {
  *catalog_gpu = false;
  t->gpu = g.base.gpu;
  std::int64_t count = 0;
  if (!g.OptInt("gpu_count", 0, 1'000'000, &count)) return false;
  t->gpus = static_cast<int>(count);
  GpuVendor vendor = GpuVendor::kNone;
  *vendor_given = g.Has("vendor");
  if (*vendor_given && !ParseVendor(g.y, g.At("vendor"), g.P("vendor"), &vendor)) return false;
  if (g.Has("product")) {
    std::string model;
    if (!g.y->String(g.At("product"), g.P("product"), &model)) return false;
    const GpuCatalogEntry* gpu = g.catalog.FindGpu(model);
    if (gpu == nullptr) {
      // Joulie keeps the base model when no catalog entry matches (§i).
      g.y->Warn(g.At("product"), g.P("product"), "unknown_gpu_model",
                fmt::format("'{}' is not in the hardware catalog: the base GPU model ({}/{}/{} W) is used "
                            "(known: {})",
                            model, g.base.gpu.idle_w, g.base.gpu.max_w, g.base.gpu.min_cap_w, g.catalog.GpuKeys()));
      // The vendor names the device plugin (nvidia.com/gpu, amd.com/gpu):
      // given, or the product name's first word (§i's separators).
      t->gpu.vendor = *vendor_given ? vendor : VendorNamed(model.substr(0, model.find_first_of(" -_/,()")));
      *vendor_given = t->gpu.vendor != GpuVendor::kNone;
      t->gpu.product = model;  // its own hardware family (§h.2), not the base model's
    } else {
      *catalog_gpu = true;
      t->gpu = ApplyGpuEntry(*gpu, g.base.gpu);
      if (*vendor_given && vendor != gpu->vendor)
        return g.y->Fail(g.At("vendor"), g.P("vendor"),
                         fmt::format("vendor '{}' does not match GPU model {}", g.At("vendor").Scalar(), gpu->key));
    }
  } else {
    t->gpu.vendor = vendor;
  }
  bool given = false;
  if (!g.OptPositive("gpu_max_cap_watts", &t->gpu.max_w, &given)) return false;
  if (!g.OptPositive("gpu_min_cap_watts", &t->gpu.min_cap_w, &given)) return false;
  if (g.Has("gpu_peer_link_gbps") &&
      (!g.y->Number(g.At("gpu_peer_link_gbps"), g.P("gpu_peer_link_gbps"), &t->gpu.peer_link_gbps) ||
       !g.y->AtLeast(g.At("gpu_peer_link_gbps"), g.P("gpu_peer_link_gbps"), t->gpu.peer_link_gbps, 0)))
    return false;
  if (g.Has("gpu_receiver_gate") &&
      !ParseReceiverGate(g.y, g.At("gpu_receiver_gate"), g.P("gpu_receiver_gate"), t->gpus, t))
    return false;
  return true;
}

// Checks what only the combination of keys can get wrong.
// `catalog_gpu`: the product matched a catalog row (decided before
// gpu_model, whose `product` names a custom GPU).
bool CheckGpu(const GroupReader& g, const NodeType& t, bool vendor_given, const GpuModelGiven& ov, bool catalog_gpu) {
  if (t.gpus > 0 && !g.Has("product") && !(ov.max_w && ov.idle_w))
    g.y->Warn(g.At("gpu_count"), g.P("gpu_count"), "base_gpu_model",
              fmt::format("{} GPUs without a product: the base GPU model ({}/{}/{} W, §i) is used", t.gpus,
                          g.base.gpu.idle_w, g.base.gpu.max_w, g.base.gpu.min_cap_w));
  if (t.gpus > 0 && !catalog_gpu && !vendor_given)
    return g.y->Fail(g.m, g.path, "GPU nodes without a catalog product need a vendor (nvidia or amd)");
  // Name the key that set the offending value; gpu_model is applied last.
  auto blame = [&](std::initializer_list<const char*> model_keys, const char* group_key) {
    for (const char* k : model_keys)
      if (g.Has("gpu_model") && g.At("gpu_model").IsMap() && g.At("gpu_model")[k].IsDefined())
        return std::pair{g.At("gpu_model")[k], FieldPath(g.P("gpu_model"), k)};
    return std::pair{g.At(group_key), g.P(group_key)};
  };
  if (t.gpu.min_cap_w > t.gpu.max_w) {
    auto [at, p] = blame({"min_cap_w", "max_w"},
                         g.Has("gpu_min_cap_watts") ? "gpu_min_cap_watts" : "gpu_max_cap_watts");
    return g.y->Fail(at, p, fmt::format("min cap {} W exceeds max cap {} W", t.gpu.min_cap_w, t.gpu.max_w));
  }
  if (t.gpu.idle_w > t.gpu.max_w) {
    auto [at, p] = blame({"idle_w", "max_w"}, "gpu_max_cap_watts");
    return g.y->Fail(at, p, fmt::format("idle {} W exceeds max cap {} W", t.gpu.idle_w, t.gpu.max_w));
  }
  return true;
}


class ClusterBuilder {
 public:
  ClusterBuilder(YamlFields* y, const HardwareCatalog& catalog, const BaseHardware& base, Cluster* c,
                 std::int64_t max_nodes)
      : y_(y), catalog_(catalog), base_(base), c_(c), max_nodes_(max_nodes) {}

  bool Group(const YAML::Node& m, std::size_t index) {
    const std::string path = IndexPath("nodes", index);
    if (!y_->RequireMap(m, path) || !y_->CheckKeys(m, path,
                                                 {"node_name_prefix", "node_name", "replicas", "vendor", "product",
                                                  "cpu", "cpu_sockets", "cpu_cores", "memory_gib", "gpu_count",
                                                  "gpu_min_cap_watts", "gpu_max_cap_watts", "power_profile", "class",
                                                  "labels", "gpu_peer_link_gbps", "gpu_receiver_gate",
                                                  "operating_point", "cpu_model", "gpu_model"})) return false;
    const GroupReader g{y_, catalog_, base_, m, path};
    const bool has_prefix = g.Has("node_name_prefix"), has_name = g.Has("node_name");
    if (has_prefix && has_name)
      return y_->Fail(g.At("node_name"), g.P("node_name"), "give node_name_prefix or node_name, not both");
    if (!has_prefix && !has_name)
      return y_->Fail(m, path, "missing required field 'node_name_prefix' (or 'node_name' for one node)");
    const char* name_key = has_prefix ? "node_name_prefix" : "node_name";
    std::string name;
    if (!y_->String(g.At(name_key), g.P(name_key), &name)) return false;
    if (name.empty()) return y_->Fail(g.At(name_key), g.P(name_key), "must not be empty");
    if (!PlainName(y_, g.At(name_key), g.P(name_key), name)) return false;
    // jobs.csv and placements.csv join a job's nodes with ';' and its GPUs
    // as node:0+1, so a name holding one of these would read as several.
    if (name.find_first_of(";:+") != std::string::npos)
      return y_->Fail(g.At(name_key), g.P(name_key),
                      "must not hold ';', ':' or '+', which join node names and GPU devices in jobs.csv");
    std::int64_t replicas = 1;
    if (!g.OptInt("replicas", 1, kMaxClusterNodes, &replicas)) return false;
    if (has_name && replicas != 1)
      return y_->Fail(g.At("replicas"), g.P("replicas"),
                      fmt::format("node_name names one node; use node_name_prefix for {} replicas", replicas));

    NodeType t;
    t.name = name;
    bool vendor_given = false;
    bool catalog_gpu = false;
    if (!ResolveCpu(g, &t) || !ResolveGpu(g, &t, &vendor_given, &catalog_gpu)) return false;
    if (g.Has("memory_gib") && !ParseMemoryGib(y_, g.At("memory_gib"), g.P("memory_gib"), &t.memory_bytes))
      return false;
    if (g.Has("cpu_model") && !ApplyCpuOverrides(y_, g.At("cpu_model"), g.P("cpu_model"), &t.cpu)) return false;
    GpuModelGiven ov;
    if (g.Has("gpu_model") && !ApplyGpuOverrides(y_, g.At("gpu_model"), g.P("gpu_model"), &t.gpu, &ov)) return false;
    // A custom GPU (no catalog row) without an explicit MinCap gets §i's 0.5 Max.
    if (!catalog_gpu && !ov.min_cap_w && !g.Has("gpu_min_cap_watts") && ov.max_w)
      t.gpu.min_cap_w = 0.5 * t.gpu.max_w;
    if (ov.min_cap_w || g.Has("gpu_min_cap_watts")) t.gpu.joulie_min_cap_w = 0;  // the file's MinCap in both presets
    if (!CheckGpu(g, t, vendor_given, ov, catalog_gpu)) return false;
    // The fields the file set, gpu_model's or the group's cap range: they
    // outrank Joulie's 300 W base model too (gpu_catalog=base300).
    t.gpu_given = ov;
    t.gpu_given.max_w = ov.max_w || g.Has("gpu_max_cap_watts");
    t.gpu_given.min_cap_w = ov.min_cap_w || g.Has("gpu_min_cap_watts");

    Node proto;
    proto.type = static_cast<std::uint32_t>(c_->types.size());
    proto.node_class = name;
    if (g.Has("power_profile") && !ParseProfile(y_, g.At("power_profile"), g.P("power_profile"), &proto.profile))
      return false;
    if (g.Has("class")) {
      if (!y_->String(g.At("class"), g.P("class"), &proto.node_class)) return false;
      if (proto.node_class.empty()) return y_->Fail(g.At("class"), g.P("class"), "must not be empty");
      if (!PlainName(y_, g.At("class"), g.P("class"), proto.node_class)) return false;
    }
    if (g.Has("labels") && !ParseLabels(y_, g.At("labels"), g.P("labels"), &proto.labels)) return false;
    if (g.Has("operating_point") &&
        !ParseOperatingPoint(y_, g.At("operating_point"), g.P("operating_point"), t.gpus, &proto.op))
      return false;

    const auto nodes = static_cast<std::int64_t>(c_->nodes.size()) + replicas;
    if (nodes > max_nodes_) {
      const char* key = g.Has("replicas") ? "replicas" : name_key;
      return y_->Fail(g.At(key), g.P(key),
                      fmt::format("the cluster would have {} nodes, more than the {} a cluster file may have", nodes,
                                  max_nodes_));
    }
    c_->types.push_back(std::move(t));
    for (std::int64_t i = 0; i < replicas; ++i) {
      Node n = proto;
      n.name = has_prefix ? fmt::format("{}-{}", name, i) : name;
      auto [it, inserted] = owner_.emplace(n.name, index);
      if (!inserted)
        return y_->Fail(g.At(name_key), g.P(name_key),
                        fmt::format("duplicate node name '{}' (also in nodes[{}])", n.name, it->second));
      c_->nodes.push_back(std::move(n));
    }
    return true;
  }

 private:
  YamlFields* y_;
  const HardwareCatalog& catalog_;
  const BaseHardware& base_;
  Cluster* c_;
  std::int64_t max_nodes_;
  std::map<std::string, std::size_t, std::less<>> owner_;  // node name -> group index
};

}  // namespace

Result<Cluster> LoadClusterText(std::string_view text, const std::string& name, const HardwareCatalog& catalog,
                                std::vector<Diagnostic>* warnings, const BaseHardware& base, std::int64_t max_nodes) {
  YamlFields y(name);
  Cluster c;
  c.name = name;
  try {
    YAML::Node root;
    if (!y.Parse(text, &root)) return y.status();
    if (!root.IsDefined() || root.IsNull()) return Status::Error(name + ": (top): the cluster file is empty");
    if (!y.RequireMap(root, "") || !y.CheckKeys(root, "", {"nodes"}) || !y.Require(root, "", "nodes"))
      return y.status();
    const YAML::Node nodes = std::as_const(root)["nodes"];
    if (!y.RequireSequence(nodes, "nodes")) return y.status();
    if (nodes.size() == 0) {
      y.Fail(nodes, "nodes", "no node groups");
      return y.status();
    }
    ClusterBuilder b(&y, catalog, base, &c, max_nodes);
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (!b.Group(nodes[i], i)) return y.status();
  } catch (const YAML::Exception& e) {
    return Status::Error(fmt::format("{}: yaml: {}", name, e.what()));
  }
  if (warnings != nullptr) *warnings = y.warnings();
  return c;
}

Result<Cluster> LoadCluster(const std::string& path, const HardwareCatalog& catalog,
                            std::vector<Diagnostic>* warnings, const BaseHardware& base) {
  auto text = ReadFileContents(path);
  if (!text.ok()) return text.status();
  return LoadClusterText(text.value(), DisplayName(path), catalog, warnings, base);
}

}  // namespace clustersim
