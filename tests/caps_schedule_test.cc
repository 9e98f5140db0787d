// Cap schedules (io/caps_yaml.h): the accepted form, and the bad-input
// corpus tests/data/bad_caps/ (each FILE.yaml with its exact one-line
// message in FILE.expected, `{file}` standing for the path).

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/cluster_setup.h"
#include "io/caps_yaml.h"
#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"
#include "io/node_selector.h"

namespace clustersim {
namespace {

namespace fs = std::filesystem;

TEST(CapSchedule, ReadsEveryField) {
  auto s = LoadCapScheduleText(
      "changes:\n  - at: 90\n    cpu_cap: none\n    freq_scale: 0.8\n  - at: 1.5m\n    gpu_cap: none\n"
      "  - at: 2h\n    nodes: profile=eco\n    cpu_cap: 300W\n    gpu_cap: 70%\n",
      "caps.yaml");
  ASSERT_TRUE(s.ok()) << s.status().message();
  const std::vector<CapChange>& c = s.value();
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0].at, 90 * kTicksPerSecond);
  EXPECT_EQ(c[0].cpu_cap.kind, CapSetting::Kind::kNone);  // removes both CPU caps, then freq_scale applies
  EXPECT_EQ(c[0].freq_scale, 0.8);
  EXPECT_EQ(c[0].nodes.ToString(), "all");
  EXPECT_EQ(c[1].at, 90 * kTicksPerSecond);  // the same time: file order
  EXPECT_EQ(c[1].line, 5);
  EXPECT_EQ(c[2].at, 7200 * kTicksPerSecond);
  EXPECT_EQ(c[2].nodes.ToString(), "profile=eco");
  EXPECT_TRUE(c[2].set_cpu_cap && c[2].set_gpu_cap && !c[2].set_freq);
  EXPECT_EQ(c[2].cpu_cap.kind, CapSetting::Kind::kWatts);
  EXPECT_EQ(c[2].cpu_cap.value, 300);
  EXPECT_EQ(c[2].gpu_cap.kind, CapSetting::Kind::kPercent);
}

// A list of names applies the change to each, in list order; items with
// '=' are selectors, others name globs.
TEST(CapSchedule, ANodeListAppliesToEachName) {
  auto s = LoadCapScheduleText("changes:\n  - at: 1m\n    nodes: [gpu-0, \"cpu-*\", class=big]\n    gpu_cap: 400W\n",
                               "caps.yaml");
  ASSERT_TRUE(s.ok()) << s.status().message();
  const std::vector<CapChange>& c = s.value();
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0].nodes.ToString(), "name=gpu-0");
  EXPECT_EQ(c[1].nodes.ToString(), "name=cpu-*");
  EXPECT_EQ(c[2].nodes.ToString(), "class=big");
  EXPECT_EQ(c[2].nodes_path, "changes[0].nodes[2]");
  for (const CapChange& x : c) {
    EXPECT_EQ(x.at, 60 * kTicksPerSecond);
    EXPECT_EQ(x.index, 0u);
    EXPECT_TRUE(x.set_gpu_cap && !x.set_cpu_cap);
    EXPECT_EQ(x.gpu_cap.value, 400);
  }
}

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CapSchedule, BadInputCorpusGivesItsExactMessages) {
  const fs::path dir = fs::path(CLUSTERSIM_TEST_DATA) / "bad_caps";
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".yaml") cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  ASSERT_GE(cases.size(), 15u);
  auto cluster = LoadClusterText(
      "nodes:\n  - node_name_prefix: g\n    replicas: 2\n    cpu_cores: 8\n    product: H100 SXM\n    gpu_count: 2\n"
      "    power_profile: eco\n",
      "cluster.yaml", ShippedCatalog());
  ASSERT_TRUE(cluster.ok());
  for (const fs::path& yaml : cases) {
    SCOPED_TRACE(yaml.filename().string());
    std::string expected = ReadAll(fs::path(yaml).replace_extension(".expected"));
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    for (std::size_t at; (at = expected.find("{file}")) != std::string::npos;) expected.replace(at, 6, yaml.string());
    auto s = LoadCapSchedule(yaml.string());
    std::string got;
    if (!s.ok()) {
      got = s.status().message();
    } else {  // well formed: the cluster decides (a selector that matches nothing)
      ClusterConfig config;
      config.caps_file = yaml.string();
      auto ops = ResolveOperatingPoints(cluster.value(), config, s.value());
      got = ops.ok() ? "ok" : ops.status().message();
    }
    EXPECT_EQ(got, expected);
  }
}

// --cpu-cap/--gpu-cap/--freq-scale with a selector for no node is a typo
// and is refused, as in caps.yaml (it used to do nothing, silently).
TEST(CapSchedule, CommandLineRuleForNoNodeIsRefused) {
  auto cluster = LoadClusterText("nodes:\n  - node_name_prefix: g\n    replicas: 2\n    cpu_cores: 8\n", "cluster.yaml",
                                 ShippedCatalog());
  ASSERT_TRUE(cluster.ok());
  ClusterConfig config;
  auto sel = ParseNodeSelector("name=h*");
  ASSERT_TRUE(sel.ok());
  config.rules.push_back({OperatingRule::Kind::kGpuCap, sel.value(), {CapSetting::Kind::kPercent, 50}, 1});
  auto ops = ResolveOperatingPoints(cluster.value(), config, {});
  ASSERT_FALSE(ops.ok());
  EXPECT_EQ(ops.status().message(), "--gpu-cap: 'name=h*' matches no node of the cluster");
  auto g = ParseNodeSelector("name=g*");
  ASSERT_TRUE(g.ok());
  config.rules[0] = {OperatingRule::Kind::kFreqScale, g.value(), {}, 0.5};
  EXPECT_TRUE(ResolveOperatingPoints(cluster.value(), config, {}).ok());
}

}  // namespace
}  // namespace clustersim
