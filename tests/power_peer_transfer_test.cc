// GPU peer copies (power-model.md §b): golden table G11 (the harmonic
// factor, the worked example with jobs A, B and C on an 8-GPU node with
// L = 450 GB/s, and the gated variant), the progressive-filling order, and
// the properties of max-min sharing.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "power/peer_transfer.h"
#include "power_test_util.h"

namespace clustersim::power {
namespace {

using test::Near;

// G11: 1/((1 − p)/thr + p/g).
TEST(PowerPeerTransfer, G11HarmonicFactor) {
  struct Row {
    double p, thr, g, factor;
  };
  const Row rows[] = {
      {0, 0.8, 1, 0.8},
      {0.25, 0.8, 1, 0.8421052632},
      {0.25, 0.8, 0.5, 0.6956521739},
      {0.25, 1, 1, 1},
      {0.5, 0.9, 1, 0.9473684211},
      {0.6, 1, 0.8333333333, 0.8928571429},
      {1, 0.3, 0.7, 0.7},
      {0.3, 0, 1, 0},
      {0.3, 0.8, 0, 0},
  };
  for (const Row& r : rows)
    EXPECT_TRUE(Near(PeerFactor(r.p, r.thr, r.g), r.factor)) << "p " << r.p << " thr " << r.thr << " g " << r.g;
}

// Property: the factor is thr when p = 0 and 1 when thr = g = 1.
TEST(PowerPeerTransfer, FactorLimits) {
  for (double thr : {0.0, 0.1, 0.5, 0.9, 1.0}) {
    EXPECT_EQ(PeerFactor(0, thr, 0.3), thr);
    EXPECT_EQ(PeerFactor(0, thr, 0), thr);  // 0/0 = 0
  }
  for (int i = 0; i <= 20; ++i) EXPECT_TRUE(Near(PeerFactor(i / 20.0, 1, 1), 1)) << i;
}

// The worked example's node: A {0,1,2,3} p .25; B {4,5} p .6 and C {5,6,7}
// p .5 share GPU 5 (GPU sharing enabled).
struct Example {
  std::vector<std::uint32_t> a = {3, 1, 0, 2};  // any order: the ring sorts
  std::vector<std::uint32_t> b = {5, 4};
  std::vector<std::uint32_t> c = {7, 5, 6};
  std::vector<PeerJob> jobs() const { return {{10, 0.25, a}, {11, 0.6, b}, {12, 0.5, c}}; }
};

// "A:0->1" with its rates, for one EXPECT_EQ over a whole table.
std::string Render(const std::vector<PeerCopy>& copies) {
  std::string out;
  for (const PeerCopy& c : copies) {
    out += std::string(1, static_cast<char>('A' + c.job)) + ":" + std::to_string(c.src) + "->" + std::to_string(c.dst) +
           " " + testing::PrintToString(c.demand) + "/" + testing::PrintToString(c.alloc) + "/" +
           testing::PrintToString(c.delivered) + "\n";
  }
  return out;
}

// G11 worked example, gate off: demand / link share / delivered.
TEST(PowerPeerTransfer, G11WorkedExample) {
  const Example ex;
  const std::vector<PeerJob> jobs = ex.jobs();
  const std::vector<PeerCopy> copies = PeerCopies(jobs, 450, {});
  EXPECT_EQ(Render(copies),
            "A:0->1 112.5/112.5/112.5\n"
            "A:1->2 112.5/112.5/112.5\n"
            "A:2->3 112.5/112.5/112.5\n"
            "A:3->0 112.5/112.5/112.5\n"
            "B:4->5 270/225/225\n"
            "B:5->4 270/270/270\n"
            "C:5->6 225/225/225\n"
            "C:6->7 225/225/225\n"
            "C:7->5 225/225/225\n");
  const std::vector<double> g = PeerRatios(jobs, copies);
  ASSERT_EQ(g.size(), 3u);
  EXPECT_EQ(g[0], 1);
  EXPECT_TRUE(Near(g[1], 0.8333333333));
  EXPECT_EQ(g[2], 1);
  // Resulting factors (thr .8, 1, .9).
  EXPECT_TRUE(Near(PeerFactor(0.25, 0.8, g[0]), 0.8421052632));
  EXPECT_TRUE(Near(PeerFactor(0.6, 1, g[1]), 0.8928571429));
  EXPECT_TRUE(Near(PeerFactor(0.5, 0.9, g[2]), 0.9473684211));
}

// G11 gated: GPU 2 gated at φ = .5; only job A's copy 1->2 changes.
TEST(PowerPeerTransfer, G11GatedReceiver) {
  const Example ex;
  const std::vector<PeerJob> jobs = ex.jobs();
  const std::vector<std::uint32_t> gated = {2};
  const std::vector<double> phi = ReceiverGates(8, gated, 0.5, true);
  const std::vector<PeerCopy> copies = PeerCopies(jobs, 450, phi);
  EXPECT_EQ(Render(copies),
            "A:0->1 112.5/112.5/112.5\n"
            "A:1->2 112.5/112.5/56.25\n"
            "A:2->3 112.5/112.5/112.5\n"
            "A:3->0 112.5/112.5/112.5\n"
            "B:4->5 270/225/225\n"
            "B:5->4 270/270/270\n"
            "C:5->6 225/225/225\n"
            "C:6->7 225/225/225\n"
            "C:7->5 225/225/225\n");
  const std::vector<double> g = PeerRatios(jobs, copies);
  EXPECT_EQ(g[0], 0.5);
  EXPECT_TRUE(Near(g[1], 0.8333333333));
  EXPECT_EQ(g[2], 1);
  EXPECT_TRUE(Near(PeerFactor(0.25, 0.8, g[0]), 0.6956521739));
  EXPECT_TRUE(Near(PeerFactor(0.6, 1, g[1]), 0.8928571429));
  EXPECT_TRUE(Near(PeerFactor(0.5, 0.9, g[2]), 0.9473684211));
  // The gate off leaves every φ at 1.
  EXPECT_EQ(ReceiverGates(4, gated, 0.5, false), (std::vector<double>{1, 1, 1, 1}));
}

// Progressive filling serves small demands first: into GPU 1 come 100, 200
// and 300 GB/s on a 450 GB/s link -> 100, 175, 175 (serving 300 first would
// give 150, 150, 100 and waste 50).
TEST(PowerPeerTransfer, MaxMinFillsSmallestDemandFirst) {
  const std::vector<std::uint32_t> x = {1, 3}, y = {1, 2}, z = {0, 1};
  // Job ids in reverse demand order, so neither input nor id order helps.
  const std::vector<PeerJob> jobs = {{1, 300.0 / 450, x}, {2, 200.0 / 450, y}, {3, 100.0 / 450, z}};
  const std::vector<PeerCopy> copies = PeerCopies(jobs, 450, {});
  std::vector<double> into_1(3, -1);
  for (const PeerCopy& c : copies)
    if (c.dst == 1) into_1[c.job] = c.alloc;
  EXPECT_TRUE(Near(into_1[2], 100)) << Render(copies);
  EXPECT_TRUE(Near(into_1[1], 175));
  EXPECT_TRUE(Near(into_1[0], 175));
}

TEST(PowerPeerTransfer, WhoMakesCopies) {
  const std::vector<std::uint32_t> two = {0, 1}, one = {0};
  EXPECT_TRUE(MakesCopies({0, 0.2, two}, 450));
  EXPECT_FALSE(MakesCopies({0, 0, two}, 450));    // p = 0
  EXPECT_FALSE(MakesCopies({0, 0.2, one}, 450));  // a single GPU
  EXPECT_FALSE(MakesCopies({0, 0.2, two}, 0));    // no peer link
  const std::vector<PeerJob> jobs = {{0, 0.2, one}, {1, 0, two}};
  EXPECT_TRUE(PeerCopies(jobs, 450, {}).empty());
  EXPECT_EQ(PeerRatios(jobs, {}), (std::vector<double>{1, 1}));
}

// Properties: a receiver's shares sum to at most L, no copy gets more than
// its demand, and a receiver with spare capacity serves every demand.
TEST(PowerPeerTransfer, SharesRespectLinkAndDemand) {
  std::vector<std::vector<std::uint32_t>> devices = {{0, 1, 2, 3}, {1, 2}, {2, 3, 4}, {0, 2}, {3, 4}, {1, 4}};
  std::uint64_t state = 12345;
  auto next = [&] {  // a fixed LCG: the same intensities on every run
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<PeerJob> jobs;
    for (std::uint32_t j = 0; j < devices.size(); ++j) jobs.push_back({j, next(), devices[j]});
    const double link = 450;
    const std::vector<PeerCopy> copies = PeerCopies(jobs, link, {});
    for (std::uint32_t r = 0; r < 5; ++r) {
      double alloc = 0, demand = 0;
      for (const PeerCopy& c : copies) {
        if (c.dst != r) continue;
        EXPECT_LE(c.alloc, c.demand);
        EXPECT_GE(c.alloc, 0);
        alloc += c.alloc;
        demand += c.demand;
      }
      EXPECT_LE(alloc, link * (1 + 1e-12)) << "receiver " << r;
      // Max-min leaves no capacity idle while some demand is unmet.
      EXPECT_TRUE(Near(alloc, std::min(demand, link))) << "receiver " << r;
    }
  }
}

}  // namespace
}  // namespace clustersim::power
