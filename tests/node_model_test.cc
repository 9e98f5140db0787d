// NodeModel's settling (power-model.md §e.1): a CPU whose DVFS ramp or
// RAPL apply time is below §e.1's floor settles with the floor (0.05 s and
// 0.01 s), not at once: a profile's 0 means "fast", not "instant".

#include "sim/node_model.h"

#include <cmath>

#include <gtest/gtest.h>

#include "power/node_load.h"
#include "power/switches.h"

namespace clustersim {
namespace {

TEST(NodeModel, TimeConstantsBelowTheirFloorsSettleAtTheFloor) {
  NodeType t;
  t.cpu.dvfs_tau_s = 0;       // below the DVFS floor of 0.05 s
  t.cpu.cap_tau_s = 0.001;    // below the RAPL floor of 0.01 s
  const power::PowerSwitches sw;  // exact first-order steps
  power::NodeSettings from;
  from.throttle_pct = 40, from.f_dvfs = 0.6, from.cpu_cap_w = 1000;
  NodeModel m(t, t.gpu, from, sw);
  m.Begin(0);
  m.Evaluate(power::NodeLoad{});
  power::NodeSettings to;
  to.f_dvfs = 1, to.cpu_cap_w = 500;
  m.SetTargets(to);
  // One floor's time later each state has gone 1 - 1/e of the way.
  m.Advance(10'000);  // 0.01 s: the RAPL floor
  EXPECT_NEAR(m.cpu_cap_w(), 500 + 500 * std::exp(-1.0), 1e-9);
  EXPECT_NEAR(m.f_dvfs(), 1 - 0.4 * std::exp(-0.2), 1e-12);
  m.Advance(50'000);  // 0.05 s: the DVFS floor
  EXPECT_NEAR(m.f_dvfs(), 1 - 0.4 * std::exp(-1.0), 1e-12);
  EXPECT_NEAR(m.cpu_cap_w(), 500 + 500 * std::exp(-5.0), 1e-9);
}

}  // namespace
}  // namespace clustersim
