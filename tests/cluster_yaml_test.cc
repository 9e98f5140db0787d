#include "io/cluster_yaml.h"

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace clustersim {
namespace {

Cluster Load(const std::string& text) {
  auto r = LoadClusterText(text, "cluster.yaml", ShippedCatalog());
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? r.take() : Cluster{};
}

std::string Error(const std::string& text) {
  auto r = LoadClusterText(text, "cluster.yaml", ShippedCatalog());
  return r.ok() ? "ok" : r.status().message();
}

std::string Names(const Cluster& c) {
  std::string s;
  for (const Node& n : c.nodes) s += (s.empty() ? "" : " ") + n.name;
  return s;
}

// Joulie's heterogeneous inventory (§j.2 "Test clusters"), shortened.
const char* const kHeterogeneous = R"(nodes:
  - node_name_prefix: h100-nvl
    replicas: 2
    vendor: nvidia
    product: NVIDIA H100 NVL
    gpu_count: 8
    cpu: AMD EPYC 9654 96-Core Processor
    memory_gib: 1536
  - node_name_prefix: h100-sxm
    replicas: 1
    product: NVIDIA H100 80GB HBM3
    gpu_count: 4
    cpu: Intel(R) Xeon(R) Gold 6530
  - node_name_prefix: mi300x
    replicas: 1
    vendor: amd
    product: AMD Instinct MI300X
    gpu_count: 8
    cpu: AMD_EPYC_9534
  - node_name: cpu-9965
    cpu: AMD EPYC 9965
    cpu_sockets: 2
)";

TEST(ClusterYaml, JoulieInventoryResolvesAgainstTheCatalog) {
  const Cluster c = Load(kHeterogeneous);
  EXPECT_EQ(c.name, "cluster.yaml");
  EXPECT_EQ(Names(c), "h100-nvl-0 h100-nvl-1 h100-sxm-0 mi300x-0 cpu-9965");
  ASSERT_EQ(c.types.size(), 4u);
  const NodeType& nvl = c.types[0];
  EXPECT_EQ(nvl.name, "h100-nvl");
  EXPECT_EQ(nvl.gpus, 8);
  EXPECT_EQ(nvl.gpu.product, "NVIDIA_H100_NVL");
  EXPECT_EQ(nvl.gpu.vendor, GpuVendor::kNvidia);
  EXPECT_EQ(nvl.gpu.max_w, 400);
  EXPECT_EQ(nvl.gpu.min_cap_w, 200);
  EXPECT_EQ(nvl.gpu.idle_w, 60);
  EXPECT_EQ(nvl.gpu.peer_link_gbps, 300);
  EXPECT_EQ(nvl.cpu.model, "AMD_EPYC_9654");
  EXPECT_EQ(nvl.cpu.curve.size(), 11u);
  // Cores come from the inventory, 16 unless given (§i, §f), never from the
  // catalog CPU (96 per socket here).
  EXPECT_EQ(nvl.millicores, 16'000);
  EXPECT_EQ(nvl.memory_bytes, 1536LL << 30);
  EXPECT_DOUBLE_EQ(nvl.cpu.socket_cap_max_w, 360);
  EXPECT_DOUBLE_EQ(nvl.cpu.rapl_max_w, 5000);  // the cap range is not narrowed (§c.7)
  const NodeType& sxm = c.types[1];
  EXPECT_EQ(sxm.gpu.vendor, GpuVendor::kNvidia);  // from the catalog; `vendor` is optional
  EXPECT_EQ(sxm.gpu.min_cap_w, 200);
  EXPECT_EQ(sxm.cpu.model, "INTEL_XEON_GOLD_6530");
  EXPECT_TRUE(sxm.cpu.curve.empty());  // a proxy: analytic base model
  EXPECT_EQ(sxm.millicores, 16'000);
  EXPECT_EQ(c.types[2].gpu.cap_tau_s, 0.35);
  const NodeType& cpu = c.types[3];
  EXPECT_EQ(cpu.name, "cpu-9965");
  EXPECT_EQ(cpu.gpus, 0);
  EXPECT_EQ(cpu.gpu.vendor, GpuVendor::kNone);
  EXPECT_EQ(cpu.millicores, 16'000);
  for (const Node& n : c.nodes) {
    EXPECT_EQ(n.profile, PowerProfile::kPerformance);
    EXPECT_FALSE(n.op.set);
  }
  EXPECT_EQ(c.nodes[1].type, 0u);
  EXPECT_EQ(c.nodes[4].type, 3u);
  EXPECT_EQ(c.nodes[0].node_class, "h100-nvl");
  EXPECT_EQ(c.nodes[4].node_class, "cpu-9965");
  EXPECT_EQ(c.total_gpus(), 2 * 8 + 4 + 8);
}

TEST(ClusterYaml, DefaultsWithoutACatalogMatch) {
  const Cluster c = Load("nodes:\n  - node_name_prefix: n\n    replicas: 3\n");
  EXPECT_EQ(Names(c), "n-0 n-1 n-2");
  const NodeType& t = c.types[0];
  EXPECT_EQ(t.millicores, 16'000);  // §i: cpu_cores 16
  EXPECT_EQ(t.cpu.sockets, 2);
  EXPECT_EQ(t.cpu.model, "");
  EXPECT_EQ(t.cpu.idle_w, 80);
  EXPECT_EQ(t.cpu.pmax_w, 420);
  EXPECT_EQ(t.gpus, 0);
  EXPECT_EQ(t.memory_bytes, 0);
}

TEST(ClusterYaml, ClustersimKeys) {
  const Cluster c = Load(R"(nodes:
  - node_name_prefix: eco
    replicas: 2
    cpu: AMD_EPYC_9654
    cpu_sockets: 1
    cpu_cores: 64
    memory_gib: 1.5
    power_profile: eco
    class: cpu-eco
    labels: {rack: r1, "joulie.io/power-profile": eco}
    operating_point: {freq_scale: 0.8, cpu_cap: "300W"}
  - node_name: g
    product: H100 SXM
    gpu_count: 4
    gpu_min_cap_watts: 250
    gpu_max_cap_watts: 650
    gpu_peer_link_gbps: 0
    gpu_receiver_gate: {fraction: 0.5, gated_devices: [2, 0]}
    power_profile: draining
    operating_point: {cpu_cap: "60%", gpu_cap: "70%"}
  - node_name: h
    product: L40S
    gpu_count: 1
    operating_point: {cpu_cap: 250, gpu_cap: 490W}
)");
  ASSERT_EQ(c.nodes.size(), 4u);
  const Node& eco = c.nodes[0];
  EXPECT_EQ(eco.profile, PowerProfile::kEco);
  EXPECT_EQ(eco.node_class, "cpu-eco");
  ASSERT_EQ(eco.labels.size(), 2u);
  EXPECT_EQ(eco.labels[0], (std::pair<std::string, std::string>{"rack", "r1"}));
  EXPECT_EQ(eco.labels[1], (std::pair<std::string, std::string>{"joulie.io/power-profile", "eco"}));
  EXPECT_TRUE(eco.op.set);
  EXPECT_NEAR(eco.op.throttle_pct, 20, 1e-12);
  EXPECT_EQ(eco.op.cpu_cap_w, 300);
  EXPECT_FALSE(eco.op.gpu_cap.set());
  const NodeType& et = c.types[0];
  EXPECT_EQ(et.millicores, 64'000);
  EXPECT_EQ(et.memory_bytes, 1610612736);  // exactly 1.5 GiB
  EXPECT_EQ(et.cpu.sockets, 1);
  EXPECT_DOUBLE_EQ(et.cpu.socket_cap_max_w, 360);
  const NodeType& gt = c.types[1];
  EXPECT_EQ(gt.gpu.min_cap_w, 250);
  EXPECT_EQ(gt.gpu.joulie_min_cap_w, 0);  // the file's MinCap holds under gpu_min_cap=joulie too
  EXPECT_EQ(gt.gpu.max_w, 650);
  EXPECT_EQ(gt.gpu.peer_link_gbps, 0);
  EXPECT_EQ(gt.gpu.receiver_gate_fraction, 0.5);
  EXPECT_EQ(gt.gated_devices, (std::vector<std::uint32_t>{2, 0}));
  const Node& g = c.nodes[2];
  EXPECT_EQ(g.profile, PowerProfile::kDraining);
  EXPECT_EQ(g.op.throttle_pct, 40);  // round(100 - 60)
  EXPECT_EQ(g.op.cpu_cap_w, 0);
  EXPECT_EQ(g.op.gpu_cap.kind, CapSetting::Kind::kPercent);
  EXPECT_EQ(g.op.gpu_cap.value, 70);
  const Node& h = c.nodes[3];
  EXPECT_EQ(h.op.cpu_cap_w, 250);
  EXPECT_EQ(h.op.throttle_pct, 0);
  EXPECT_EQ(h.op.gpu_cap.kind, CapSetting::Kind::kWatts);
  EXPECT_EQ(h.op.gpu_cap.value, 490);
}

// `cpu_cap: none` was refused ("must be watts or a percent") though
// --cpu-cap SEL:none and a schedule's none are accepted; on an eco node it
// is how a file states that neither eco default applies.
TEST(ClusterYaml, OperatingPointNoneIsNoCap) {
  const Cluster c = Load(R"(nodes:
  - node_name: e
    product: H100 SXM
    gpu_count: 2
    power_profile: eco
    operating_point: {cpu_cap: none, gpu_cap: " none "}
)");
  ASSERT_EQ(c.nodes.size(), 1u);
  EXPECT_TRUE(c.nodes[0].op.set);  // explicit: the eco defaults do not apply
  EXPECT_EQ(c.nodes[0].op.throttle_pct, 0);
  EXPECT_EQ(c.nodes[0].op.cpu_cap_w, 0);
  EXPECT_FALSE(c.nodes[0].op.gpu_cap.set());
}

TEST(ClusterYaml, CustomHardwareThroughModelOverrides) {
  const Cluster c = Load(R"(nodes:
  - node_name_prefix: custom
    vendor: amd
    gpu_count: 2
    cpu_model:
      model: my-cpu
      idle_w: 90
      pmax_w: 500
      alpha: 1.2
      curve_w: [100, 200, 500]
      curve_load_pct: [0, 50, 100]
      thermal: {k_w_per_c: 20}
    gpu_model: {product: my-gpu, max_w: 400, idle_w: 40, gamma: 1.3}
  - node_name: tweak
    product: NVIDIA_L40S
    gpu_count: 1
    gpu_model: {idle_w: 50}
)");
  const NodeType& t = c.types[0];
  EXPECT_EQ(t.cpu.model, "my-cpu");
  EXPECT_EQ(t.cpu.idle_w, 90);
  EXPECT_EQ(t.cpu.pmax_w, 500);
  EXPECT_EQ(t.cpu.alpha, 1.2);
  EXPECT_EQ(t.cpu.beta, 1.35);  // untouched
  ASSERT_EQ(t.cpu.curve.size(), 3u);
  EXPECT_EQ(t.cpu.curve[1].load_pct, 50);
  EXPECT_EQ(t.cpu.curve[1].watts, 200);
  EXPECT_EQ(t.cpu.thermal.k_w_per_c, 20);
  EXPECT_EQ(t.cpu.thermal.tau_s, 4);
  EXPECT_EQ(t.gpu.product, "my-gpu");
  EXPECT_EQ(t.gpu.vendor, GpuVendor::kAmd);
  EXPECT_EQ(t.gpu.max_w, 400);
  EXPECT_EQ(t.gpu.min_cap_w, 200);  // 0.5 x Max when none is given
  EXPECT_EQ(t.gpu.idle_w, 40);
  EXPECT_EQ(t.gpu.gamma, 1.3);
  EXPECT_EQ(c.types[1].gpu.idle_w, 50);
  EXPECT_EQ(c.types[1].gpu.max_w, 350);
}

TEST(ClusterYaml, ErrorsNameFileLineAndKeyPath) {
  // A product the catalog lacks runs on the base model, but its vendor
  // (the device plugin) must be known: given, or its name's first word.
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n  - node_name_prefix: b\n    product: H200\n    gpu_count: 1\n"),
            "cluster.yaml:3: nodes[1]: GPU nodes without a catalog product need a vendor (nvidia or amd)");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    gpu_cuont: 1\n"),
            "cluster.yaml:3: nodes[0].gpu_cuont: unknown field (did you mean 'gpu_count'?)");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    node_name_prefix: b\n"),
            "cluster.yaml:2: nodes[0].node_name: give node_name_prefix or node_name, not both");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    replicas: 2\n"),
            "cluster.yaml:3: nodes[0].replicas: node_name names one node; use node_name_prefix for 2 replicas");
  EXPECT_EQ(Error("nodes:\n  - node_name_prefix: a\n    replicas: 2\n  - node_name: a-1\n"),
            "cluster.yaml:4: nodes[1].node_name: duplicate node name 'a-1' (also in nodes[0])");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    gpu_count: 2\n"),
            "cluster.yaml:2: nodes[0]: GPU nodes without a catalog product need a vendor (nvidia or amd)");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    gpu_count: 2\n    gpu_model: {max_w: 300, idle_w: 30}\n"),
            "cluster.yaml:2: nodes[0]: GPU nodes without a catalog product need a vendor (nvidia or amd)");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    product: MI300X\n    vendor: nvidia\n"),
            "cluster.yaml:4: nodes[0].vendor: vendor 'nvidia' does not match GPU model AMD_INSTINCT_MI300X");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    product: L40S\n    gpu_count: 1\n    gpu_model: {min_cap_w: 400}\n"),
            "cluster.yaml:5: nodes[0].gpu_model.min_cap_w: min cap 400 W exceeds max cap 350 W");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    cpu_model: {idle_w: 500}\n"),
            "cluster.yaml:3: nodes[0].cpu_model: pmax_w 420 W is below idle_w 500 W");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    memory_gib: lots\n"),
            "cluster.yaml:3: nodes[0].memory_gib: must be a number of GiB, got 'lots' (not a number)");
  EXPECT_EQ(Error("nodes: []\n"), "cluster.yaml:1: nodes: no node groups");
  EXPECT_EQ(Error("# nothing\n"), "cluster.yaml: (top): the cluster file is empty");
  EXPECT_EQ(Error("nodes:\n  - node_name: a\n    operating_point: {freq_scale: 1.5}\n"),
            "cluster.yaml:3: nodes[0].operating_point.freq_scale: must be in (0, 1], got 1.5");
}

// A GPU product the catalog lacks: the base model, the vendor from the
// name's first word under §i's separators ("NVIDIA_H200", "AMD-...");
// a custom GPU named only by gpu_model.product still needs a vendor (it
// loaded without one, and every GPU job was then rejected).
TEST(ClusterYaml, UnknownGpuProductsTakeTheirVendorFromTheName) {
  for (const auto& [product, vendor] : {std::pair{"NVIDIA_H200", GpuVendor::kNvidia},
                                        std::pair{"NVIDIA-H200-141GB", GpuVendor::kNvidia},
                                        std::pair{"AMD_INSTINCT_MI325X", GpuVendor::kAmd}}) {
    std::vector<Diagnostic> warnings;
    auto r = LoadClusterText(std::string("nodes:\n  - node_name: g\n    product: ") + product + "\n    gpu_count: 2\n",
                             "cluster.yaml", ShippedCatalog(), &warnings);
    ASSERT_TRUE(r.ok()) << product << ": " << r.status().message();
    EXPECT_EQ(r.value().types[0].gpu.vendor, vendor) << product;
    EXPECT_EQ(r.value().types[0].gpu.max_w, 300) << product;
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].rule, "unknown_gpu_model");
  }
  EXPECT_EQ(Error("nodes:\n  - node_name: m\n    gpu_count: 2\n    gpu_model: {product: MyGPU, max_w: 300, "
                  "idle_w: 30}\n"),
            "cluster.yaml:2: nodes[0]: GPU nodes without a catalog product need a vendor (nvidia or amd)");
  // The warning names the base the run uses (SIM_* variables), not §i's defaults.
  BaseHardware base;
  base.gpu.idle_w = 20, base.gpu.max_w = 500, base.gpu.min_cap_w = 100;
  std::vector<Diagnostic> warnings;
  ASSERT_TRUE(LoadClusterText("nodes:\n  - node_name: g\n    vendor: amd\n    gpu_count: 1\n", "cluster.yaml",
                              ShippedCatalog(), &warnings, base)
                  .ok());
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].message.find("the base GPU model (20/500/100 W"), std::string::npos) << warnings[0].message;
}

TEST(ClusterYaml, LoadClusterReadsAFile) {
  auto r = LoadCluster("/nonexistent/cluster.yaml", ShippedCatalog());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "/nonexistent/cluster.yaml: cannot open: No such file or directory");
}

// A CSV given as the cluster file was echoed whole in the one-line error
// (940 KB on one line): the quoted text is cut, its length said.
TEST(ClusterYaml, AWrongFileIsQuotedShort) {
  std::string csv = "job_submit_time,num_nodes,time_limit,actual_run_time\n";
  for (int i = 0; i < 2000; ++i) csv += "0,1,10,5\n";
  const std::string e = Error(csv);
  EXPECT_LT(e.size(), 300u) << e.size();
  EXPECT_NE(e.find("must be a map of fields, got 'job_submit_time,num_nodes,time_limit,actual_run_time 0,1,10,5 "),
            std::string::npos) << e;
  EXPECT_NE(e.find("...' (" + std::to_string(csv.size() - 1) + " bytes)"), std::string::npos) << e;
}

}  // namespace
}  // namespace clustersim
