// gpu_catalog=base300 (--compat joulie) and the GPU fields a cluster file
// sets: Joulie's 300 W base model replaces every GPU's row "unless a class
// override exists" (power-model.md §k.1 item 5), and the file's own values
// are that override.

#include <string>

#include <gtest/gtest.h>

#include "cli/run_config.h"
#include "power/switches.h"
#include "power_case.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

// §k.1 item 5: Joulie's 300 W base replaces every GPU's row "unless a class
// override exists"; a cluster file's gpu_model is clustersim's one, so
// gpu_catalog=base300 (--compat joulie) keeps what it sets. It used to
// replace it: 30 W idle instead of the file's 60 W.
TEST(PowerEngine, Base300KeepsTheClusterFilesGpuModel) {
  const std::string rec = Jsonl("j", 0, "4", 1000, 2, 1000);
  const std::string node = "nodes:\n  - node_name: n0\n    vendor: nvidia\n    gpu_count: 2\n    gpu_model: {idle_w: 60, "
                           "max_w: 600, min_cap_w: 100, gamma: 1.5, epsilon: 0.3, gamma_m: 1.1}\n";
  const auto base300 = [](RunConfig* r) {
    ASSERT_TRUE(power::SetPowerSwitch(&r->cluster.work.switches, "gpu_catalog=base300").ok());
  };
  const Case own = RunCase("gpu_model_catalog", rec, node);
  const Case joulie = RunCase("gpu_model_base300", rec, node, base300);
  const Case bare = RunCase("gpu_model_bare", rec, "nodes:\n  - node_name: n0\n    vendor: nvidia\n    gpu_count: 2\n",
                            base300);
  for (const Case* c : {&own, &joulie, &bare}) ASSERT_EQ(c->rc, 0) << c->err;
  EXPECT_DOUBLE_EQ(Energy(joulie, "it_energy_j"), Energy(own, "it_energy_j"));
  EXPECT_GT(Energy(joulie, "it_energy_j"), Energy(bare, "it_energy_j"));  // 60 W idle GPUs, not 30 W
  // Half given: max_w 50 W with the base's 80 W min cap is refused, not run.
  const Case low = RunCase("gpu_model_low_max", rec,
                           "nodes:\n  - node_name: n0\n    vendor: nvidia\n    gpu_count: 2\n"
                           "    gpu_model: {idle_w: 20, max_w: 50, min_cap_w: 40}\n",
                           base300);
  EXPECT_EQ(low.rc, 0) << low.err;
  const Case half = RunCase("gpu_model_half", rec,
                            "nodes:\n  - node_name: n0\n    vendor: nvidia\n    gpu_count: 2\n"
                            "    gpu_model: {idle_w: 20, max_w: 50}\n",
                            base300);
  EXPECT_NE(half.rc, 0);
  EXPECT_NE(half.err.find("min cap 80 W exceeds max 50 W"), std::string::npos) << half.err;
  // The group's cap range is the file's too: a 700 W max, spelled either way.
  const std::string group = "nodes:\n  - node_name: n0\n    vendor: nvidia\n    gpu_count: 2\n";
  const Case by_key = RunCase("gpu_group_key", rec, group + "    gpu_max_cap_watts: 700\n", base300);
  const Case by_model = RunCase("gpu_group_model", rec, group + "    gpu_model: {max_w: 700}\n", base300);
  ASSERT_EQ(by_key.rc, 0) << by_key.err;
  ASSERT_EQ(by_model.rc, 0) << by_model.err;
  EXPECT_DOUBLE_EQ(Energy(by_key, "it_energy_j"), Energy(by_model, "it_energy_j"));
  EXPECT_GT(Energy(by_key, "it_energy_j"), Energy(bare, "it_energy_j"));
  // And the group's min cap: 250 W holds a 10 % cap up where the base's
  // 80 W lets it fall.
  const auto capped = [&](RunConfig* r) {
    base300(r);
    r->cluster.rules.push_back({OperatingRule::Kind::kGpuCap, {}, {CapSetting::Kind::kPercent, 10}, 1});
  };
  const Case low_floor = RunCase("gpu_group_capped", rec, group, capped);
  const Case high_floor = RunCase("gpu_group_min_cap", rec, group + "    gpu_min_cap_watts: 250\n", capped);
  ASSERT_EQ(low_floor.rc, 0) << low_floor.err;
  ASSERT_EQ(high_floor.rc, 0) << high_floor.err;
  EXPECT_GT(Energy(high_floor, "it_energy_j"), Energy(low_floor, "it_energy_j"));
  EXPECT_LT(Energy(high_floor, "span_seconds"), Energy(low_floor, "span_seconds"));
}

}  // namespace
}  // namespace clustersim::test
