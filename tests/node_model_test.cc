// NodeModel's settling (power-model.md §e.1): a CPU whose DVFS ramp or
// RAPL apply time is below §e.1's floor settles with the floor (0.05 s and
// 0.01 s), not at once: a profile's 0 means "fast", not "instant". And the
// idle power that energy attribution leaves with the node (docs/energy.md
// §5): its power with nothing running at the same frequency, caps and θ.

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

// docs/energy.md §5: idle is the node's power with nothing running, under
// the same caps. An eco node (throttle 40 %, f 0.6) with a measured curve
// of 200 W at 0 % to 400 W at 100 % load and a 100 W RAPL cap, at u = 0.1;
// every curve load it can reach is >= 200 W, so the cap always clips.
// Under cpu_curve_cap=clip (power-model §c.5 COMPAT) the cap clips the
// curve inside the power function and the C-state factor (§c.6) then
// scales it: c(0.1) = 1 - 0.5 * (1 - 0.1/0.2) = 0.75, so the node draws
// 0.75 * 100 = 75 W; with nothing running c(0) = 0.5 gives 0.5 * 100 =
// 50 W of idle, and the job's 25 W is dynamic. Idle taken without the cap
// was 0.5 * 200 = 100 W, which the min with the loaded power turned into
// 75 W: all idle, the job 0. Under the default cap solve the loaded node is
// saturated at fmin (0.75 * P_curve >= 150 W > 100 W, reported unclipped)
// and idle is 0.5 * 200 = 100 W, which meets the cap as it is.
TEST(NodeModel, IdlePowerIsTheNodesPowerWithNothingRunningUnderTheSameCap) {
  NodeType t;
  t.cpu.curve = {{0, 200}, {100, 400}};
  power::NodeSettings eco;
  eco.throttle_pct = 40, eco.f_dvfs = 0.6, eco.cpu_cap_w = 100;
  power::NodeLoad load;
  load.cpu_util = 0.1;

  power::PowerSwitches clip;
  clip.cpu_curve_cap = power::CpuCurveCap::kClip;
  NodeModel c(t, t.gpu, eco, clip);
  c.Begin(0);
  EXPECT_NEAR(c.cpu_w(), 50, 1e-12);  // nothing running: idle is all of it
  EXPECT_NEAR(c.idle_w(), 50, 1e-12);
  c.Evaluate(load);
  EXPECT_NEAR(c.cpu_w(), 75, 1e-12);  // the total is unchanged by the split
  EXPECT_NEAR(c.idle_w(), 50, 1e-12);
  EXPECT_NEAR(c.cpu_dynamic_w(), 25, 1e-12);

  NodeModel s(t, t.gpu, eco, power::PowerSwitches{});
  s.Begin(0);
  s.Evaluate(load);
  EXPECT_TRUE(s.cap_saturated());
  EXPECT_GE(s.cpu_w(), 150);
  EXPECT_NEAR(s.idle_w(), 100, 1e-12);
  EXPECT_NEAR(s.cpu_dynamic_w(), s.cpu_w() - 100, 1e-12);
}

}  // namespace
}  // namespace clustersim
