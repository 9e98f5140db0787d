// Fuzzes the cluster inventory and catalog readers (yaml-cpp underneath):
// any text is a Cluster or one error line naming the file; never a crash.
// A cluster that loads also gets its operating points resolved.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cli/cluster_setup.h"
#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clustersim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Up to 4096 nodes: a million replicas would take ~10 s under ASan (the
  // bound itself is tested in cluster_yaml_test).
  auto cluster = LoadClusterText(text, "fuzz.yaml", ShippedCatalog(), nullptr, BaseHardware{}, 4096);
  if (cluster.ok()) {
    (void)ResolveOperatingPoints(cluster.value(), ClusterConfig{});
  } else if (cluster.status().message().rfind("fuzz.yaml", 0) != 0) {
    __builtin_trap();
  }
  auto catalog = ParseCatalogText(text, "fuzz-catalog.yaml");
  if (!catalog.ok() && catalog.status().message().rfind("fuzz-catalog.yaml", 0) != 0) __builtin_trap();
  return 0;
}
