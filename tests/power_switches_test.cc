// The §k.2 switch table (power/switches.h): both presets hold the values the
// doc's two columns give, the declaration's defaults are the corrected
// model, and `--set flag=value` parses every flag and rejects bad input
// with a message naming what is accepted.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "power/switches.h"
#include "subprocess.h"

namespace clustersim::power {
namespace {

TEST(PowerSwitches, DeclaredDefaultsAreTheDefaultPreset) { EXPECT_TRUE(PowerSwitches{} == PowerSwitches::Default()); }

// The left column of §k.2, written out rather than read from the table.
TEST(PowerSwitches, DefaultPresetIsTheCorrectedModel) {
  const PowerSwitches s = PowerSwitches::Default();
  EXPECT_EQ(s.cpu_share, CpuShare::kPerK);
  EXPECT_EQ(s.gpu_cap_formula, GpuCapFormula::kByEngine);
  EXPECT_EQ(s.gpu_base_speed, GpuBaseSpeed::kPerGpu);
  EXPECT_EQ(s.gpu_job_theta, GpuJobTheta::kDevice);
  EXPECT_TRUE(s.gpu_theta_always);
  EXPECT_EQ(s.dynamics, Dynamics::kExact);
  EXPECT_EQ(s.telemetry, Telemetry::kBoxcar);
  EXPECT_EQ(s.cpu_curve_cap, CpuCurveCap::kSolve);
  EXPECT_EQ(s.cpu_cap_inverse, CpuCapInverse::kExact);
  EXPECT_EQ(s.cpu_cap_saturation, CpuCapSaturation::kReportFmin);
  EXPECT_TRUE(s.gpu_d3cold);
  EXPECT_EQ(s.gpu_catalog, GpuCatalog::kCatalog);
  EXPECT_FALSE(s.thermal_throttle);
  EXPECT_EQ(s.thermal_k, ThermalK::kScaled);
  EXPECT_EQ(s.pue_ref, PueRef::kDesign);
  EXPECT_EQ(s.energy_power, EnergyPower::kInstantaneous);
  EXPECT_TRUE(s.class_alias);
  EXPECT_EQ(s.gang_blocked_util, GangBlockedUtil::kZero);
  EXPECT_EQ(s.node_memory_intensity, NodeMemoryIntensity::kSplit);
  EXPECT_EQ(s.intent_source, IntentSource::kByEngine);
  EXPECT_TRUE(s.cstate_bonus);
}

// The right column of §k.2 (compat=joulie).
TEST(PowerSwitches, JouliePresetIsJouliesCode) {
  const PowerSwitches s = PowerSwitches::Joulie();
  EXPECT_EQ(s.cpu_share, CpuShare::kCapacity);
  EXPECT_EQ(s.gpu_cap_formula, GpuCapFormula::kJoulieDouble);
  EXPECT_EQ(s.gpu_base_speed, GpuBaseSpeed::kJoulie);
  EXPECT_EQ(s.gpu_job_theta, GpuJobTheta::kCpu);
  EXPECT_FALSE(s.gpu_theta_always);
  EXPECT_EQ(s.dynamics, Dynamics::kQuasiStatic);
  EXPECT_EQ(s.telemetry, Telemetry::kQuasiStatic);
  EXPECT_EQ(s.cpu_curve_cap, CpuCurveCap::kClip);
  EXPECT_EQ(s.cpu_cap_inverse, CpuCapInverse::kJoulie);
  EXPECT_EQ(s.cpu_cap_saturation, CpuCapSaturation::kClipCapPlusHead);
  EXPECT_FALSE(s.gpu_d3cold);
  EXPECT_EQ(s.gpu_catalog, GpuCatalog::kBase300);
  EXPECT_EQ(s.gpu_min_cap, GpuMinCap::kJoulie);
  EXPECT_TRUE(s.thermal_throttle);
  EXPECT_EQ(s.thermal_k, ThermalK::kFixed);
  EXPECT_EQ(s.pue_ref, PueRef::kRunningPeak);
  EXPECT_EQ(s.energy_power, EnergyPower::kAveraged);
  EXPECT_FALSE(s.class_alias);
  EXPECT_EQ(s.gang_blocked_util, GangBlockedUtil::kProfile);
  EXPECT_EQ(s.node_memory_intensity, NodeMemoryIntensity::kBlended);
  EXPECT_EQ(s.intent_source, IntentSource::kIntentFirst);  // §a.6: "Joulie's code (both engines)"
  EXPECT_TRUE(s.cstate_bonus);  // Joulie's documented model has it too (§c.6)
}

TEST(PowerSwitches, TableRowsPrintAsThePresetsHoldThem) {
  const PowerSwitches def = PowerSwitches::Default();
  const PowerSwitches joulie = PowerSwitches::Joulie();
  ASSERT_EQ(PowerSwitchTable().size(), 23u);
  for (const PowerSwitchRow& row : PowerSwitchTable()) {
    EXPECT_EQ(PowerSwitchValue(def, row.flag), row.default_value) << row.flag;
    EXPECT_EQ(PowerSwitchValue(joulie, row.flag), row.joulie_value) << row.flag;
    // Every flag but the C-state bonus and §d.5's option (aggregate in
    // both, as the spec says) separates the two presets.
    if (row.flag != "cstate_bonus" && row.flag != "gpu_util_source") {
      EXPECT_NE(row.default_value, row.joulie_value) << row.flag;
    }
  }
}

TEST(PowerSwitches, EveryFlagCanBeSetToEachOfItsValues) {
  for (const PowerSwitchRow& row : PowerSwitchTable()) {
    const std::vector<std::string_view> values = PowerSwitchValues(row.flag);
    ASSERT_GE(values.size(), 2u) << row.flag;
    for (std::string_view v : values) {
      PowerSwitches s;
      const Status st = SetPowerSwitch(&s, std::string(row.flag) + "=" + std::string(v));
      EXPECT_EQ(st.message(), "") << row.flag;
      EXPECT_EQ(PowerSwitchValue(s, row.flag), v) << row.flag;
    }
  }
}

TEST(PowerSwitches, SetChangesOnlyTheNamedFlag) {
  PowerSwitches s;
  ASSERT_TRUE(SetPowerSwitch(&s, "cpu_share=capacity").ok());
  PowerSwitches expected;
  expected.cpu_share = CpuShare::kCapacity;
  EXPECT_TRUE(s == expected);
  ASSERT_TRUE(SetPowerSwitch(&s, "gpu_d3cold=off").ok());
  EXPECT_FALSE(s.gpu_d3cold);
  ASSERT_TRUE(SetPowerSwitch(&s, "gpu_theta_always=false").ok());  // the doc's spelling
  EXPECT_FALSE(s.gpu_theta_always);
  ASSERT_TRUE(SetPowerSwitch(&s, "thermal.throttle=on").ok());  // the doc's flag name
  EXPECT_TRUE(s.thermal_throttle);
  ASSERT_TRUE(SetPowerSwitch(&s, "dynamics=euler").ok());
  EXPECT_EQ(s.dynamics, Dynamics::kEuler);
  ASSERT_TRUE(SetPowerSwitch(&s, "telemetry=ema").ok());
  EXPECT_EQ(s.telemetry, Telemetry::kEma);
}

TEST(PowerSwitches, BadAssignmentsNameWhatIsAcceptedAndChangeNothing) {
  PowerSwitches s;
  EXPECT_EQ(SetPowerSwitch(&s, "dynamics=fast").message(),
            "power switch dynamics: unknown value 'fast' (expected one of: exact, quasi_static, euler)");
  EXPECT_EQ(SetPowerSwitch(&s, "gpu_d3cold=maybe").message(),
            "power switch gpu_d3cold: unknown value 'maybe' (expected one of: on, off)");
  EXPECT_EQ(SetPowerSwitch(&s, "cpu_share").message(), "power switch 'cpu_share': expected flag=value");
  const std::string unknown = SetPowerSwitch(&s, "cpu_shares=per_k").message();
  EXPECT_EQ(unknown.rfind("unknown power switch 'cpu_shares' (expected one of: cpu_share, gpu_cap_formula, ", 0), 0u)
      << unknown;
  EXPECT_TRUE(s == PowerSwitches::Default());
  EXPECT_EQ(PowerSwitchValue(s, "no_such_flag"), "");
  EXPECT_TRUE(PowerSwitchValues("no_such_flag").empty());
}

template <typename E, std::size_t N>
void ExpectRoundTrips(const EnumName<E> (&table)[N]) {
  for (const EnumName<E>& e : table) {
    E parsed{};
    ASSERT_TRUE(ParseEnumName(table, e.name, &parsed)) << e.name;
    EXPECT_EQ(parsed, e.value) << e.name;
    E again{};
    ASSERT_TRUE(ParseEnumName(table, EnumNameOf(table, e.value), &again));
    EXPECT_EQ(again, e.value);
  }
}

TEST(PowerSwitches, NameTablesRoundTrip) {
  ExpectRoundTrips(kWorkEngineNames);
  ExpectRoundTrips(kOnOffNames);
  ExpectRoundTrips(kCpuShareNames);
  ExpectRoundTrips(kGpuCapFormulaNames);
  ExpectRoundTrips(kGpuBaseSpeedNames);
  ExpectRoundTrips(kGpuJobThetaNames);
  ExpectRoundTrips(kDynamicsNames);
  ExpectRoundTrips(kTelemetryNames);
  ExpectRoundTrips(kCpuCurveCapNames);
  ExpectRoundTrips(kCpuCapInverseNames);
  ExpectRoundTrips(kCpuCapSaturationNames);
  ExpectRoundTrips(kGpuCatalogNames);
  ExpectRoundTrips(kThermalKNames);
  ExpectRoundTrips(kPueRefNames);
  ExpectRoundTrips(kEnergyPowerNames);
  ExpectRoundTrips(kGangBlockedUtilNames);
  ExpectRoundTrips(kNodeMemoryIntensityNames);
  EXPECT_EQ(CanonicalNames(kOnOffNames), (std::vector<std::string_view>{"on", "off"}));
}


// `clustersim switches` shows users the same table --set and --compat use:
// every flag with both preset values and the values it accepts.
TEST(PowerSwitches, SwitchesCommandListsEveryFlagWithBothPresets) {
  const test::ProcessResult r = test::RunProcess({test::ClustersimBinary(), "switches"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const PowerSwitchRow& row : PowerSwitchTable()) {
    EXPECT_NE(r.out.find("  " + std::string(row.flag) + " "), std::string::npos) << row.flag;
    EXPECT_NE(r.out.find("default " + std::string(row.default_value) + ", joulie " + std::string(row.joulie_value)),
              std::string::npos)
        << row.flag;
    EXPECT_FALSE(row.what.empty()) << row.flag;
  }
}

}  // namespace
}  // namespace clustersim::power
