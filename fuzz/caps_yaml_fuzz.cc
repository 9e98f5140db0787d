// Fuzzes the cap schedule reader (`--caps`, yaml-cpp underneath): any text
// is a list of cap changes or one error line naming the file; never a
// crash. A schedule that loads also has its selectors matched against a
// small cluster, as a run does before it starts.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/caps_yaml.h"
#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clustersim;
  static const Cluster cluster = [] {
    auto c = LoadClusterText(
        "nodes:\n  - {node_name_prefix: gpu, replicas: 2, cpu_cores: 16, product: NVIDIA L40S, gpu_count: 4, "
        "class: g, labels: {rack: a}}\n  - {node_name_prefix: cpu, replicas: 2, cpu_cores: 8, power_profile: eco}\n",
        "fuzz-cluster.yaml", ShippedCatalog());
    if (!c.ok()) __builtin_trap();
    return c.take();
  }();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // YAML aliases can repeat a node list many times in 8 KB: a lower bound
  // than the reader's keeps each input fast under ASan.
  auto changes = LoadCapScheduleText(text, "fuzz.yaml", 10'000);
  if (!changes.ok()) {
    if (changes.status().message().rfind("fuzz.yaml", 0) != 0) __builtin_trap();
    return 0;
  }
  for (const CapChange& c : changes.value())
    for (const Node& n : cluster.nodes) (void)c.nodes.Matches(n);
  return 0;
}
