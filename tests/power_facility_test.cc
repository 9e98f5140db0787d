// Facility power (power-model.md §g): golden table G13 (PUE with its clamps,
// cooling and facility power at 1 MW of IT, the ambient sinusoid), the
// design IT reference and Joulie's running peak.

#include <gtest/gtest.h>

#include "power/facility.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

TEST(PowerFacility, G13PueCoolingAndFacility) {
  struct Row {
    double ambient, load_fraction, pue, cooling, facility;
  };
  const Row rows[] = {
      {22, 1, 1.169, 169000, 1169000}, {14, 0.5, 1.0935, 93500, 1093500}, {30, 1, 1.225, 225000, 1225000},
      {20, 0, 1.11, 110000, 1110000},  {15, 0, 1.08, 80000, 1080000},     {35, 0.6, 1.236, 236000, 1236000},
      {-40, 0, 1, 0, 1000000},         {300, 1, 3, 2000000, 3000000},     {25, 0.3, 1.155, 155000, 1155000},
  };
  for (const Row& r : rows) {
    const double pue = Pue(r.ambient, r.load_fraction);
    EXPECT_TRUE(Near(pue, r.pue)) << r.ambient << " " << r.load_fraction;
    EXPECT_TRUE(Near(CoolingPower(1e6, pue), r.cooling)) << r.ambient;
    EXPECT_TRUE(Near(FacilityPower(1e6, pue), r.facility)) << r.ambient;
  }
  EXPECT_EQ(Pue(-40, 0), 1);  // clamps are exact
  EXPECT_EQ(Pue(300, 1), 3);
}

TEST(PowerFacility, G13AmbientSinusoid) {
  const AmbientSpec day;  // 20 ± 5 °C over 24 h
  EXPECT_TRUE(Near(AmbientTemperature(day, 0), 20));
  EXPECT_TRUE(Near(AmbientTemperature(day, 21600), 25));
  EXPECT_TRUE(Near(AmbientTemperature(day, 43200), 20));
  EXPECT_TRUE(Near(AmbientTemperature(day, 64800), 15));
  EXPECT_TRUE(Near(AmbientTemperature(day, 3600), 21.29409523));
  const AmbientSpec joulie{22, 8, 720};  // Joulie's experiments at time_scale 120
  EXPECT_TRUE(Near(AmbientTemperature(joulie, 180), 30));
  EXPECT_EQ(AmbientTemperature({22, 8, 0}, 180), 22);
}

TEST(PowerFacility, LoadFractionAgainstDesignOrRunningPeak) {
  EXPECT_EQ(LoadFraction(500, 1000), 0.5);
  EXPECT_EQ(LoadFraction(500, 0), 0);  // Joulie's peak before any load
  double peak = 0;
  peak = RunningPeak(peak, 300);
  EXPECT_EQ(LoadFraction(300, peak), 1);  // early in a run lf is 1 (§k.1 item 10)
  peak = RunningPeak(peak, 600);
  peak = RunningPeak(peak, 450);
  EXPECT_EQ(peak, 600);
  EXPECT_EQ(LoadFraction(450, peak), 0.75);
}

// Design IT capacity: curve at 100 % (or PMax) plus GPUs at Max, per node.
TEST(PowerFacility, DesignItPower) {
  EXPECT_EQ(NodeDesignPower(test::Epyc9654(), test::H100Nvl(), 8), 817 + 8 * 400);
  EXPECT_EQ(NodeDesignPower(test::BaseCpu(), test::BaseGpu(), 0), 420);
  Cluster cluster;
  NodeType gpu_type;
  gpu_type.cpu = test::Epyc9654();
  gpu_type.gpu = test::H100Sxm();
  gpu_type.gpus = 4;
  NodeType cpu_type;
  cpu_type.cpu = test::Epyc9965();
  cluster.types = {gpu_type, cpu_type};
  cluster.nodes.resize(3);
  cluster.nodes[0].type = 0;
  cluster.nodes[1].type = 1;
  cluster.nodes[2].type = 1;
  EXPECT_EQ(DesignItPower(cluster), (817 + 4 * 700) + 2 * 800);
}

}  // namespace
}  // namespace clustersim::power
