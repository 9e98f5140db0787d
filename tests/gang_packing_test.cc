// PackGang (sched/gang_packing.h): whether a gang's pods fit the empty
// cluster at once. Hand-made cases with their packings (or the reason none
// exists) worked out in the comments.

#include "sched/gang_packing.h"

#include <vector>

#include <gtest/gtest.h>

namespace clustersim {
namespace {

std::vector<std::vector<bool>> All(std::size_t pods, std::size_t kinds) {
  return std::vector<std::vector<bool>>(pods, std::vector<bool>(kinds, true));
}

// 10 + 10 + 10 cores on two 16-core nodes: 30 <= 32, yet any node holding
// two pods needs 20 > 16 cores, and three pods on two nodes must share one.
TEST(GangPacking, TotalFitsButNoPackingDoes) {
  const std::vector<PackNeed> pods(3, {10000, 0, 0});
  const std::vector<PackNodes> nodes = {{16000, 0, 0, 2}};
  EXPECT_EQ(PackGang(pods, nodes, All(3, 1)), PackResult::kNever);
  const std::vector<PackNodes> three = {{16000, 0, 0, 3}};
  EXPECT_EQ(PackGang(pods, three, All(3, 1)), PackResult::kFits);
}

// Two dimensions: pods (cores, GPUs) A (12, 0), B (2, 4), C (2, 4) on two
// nodes (16 cores, 4 GPUs): B and C need a node each for their GPUs, so A
// must share with one of them: 12 + 2 = 14 <= 16 fits. With A at 13 cores
// and nodes of 14 cores it does not (15 > 14).
TEST(GangPacking, GpusAndCoresTogether) {
  const std::vector<PackNodes> nodes = {{16000, 4, 0, 2}};
  EXPECT_EQ(PackGang(std::vector<PackNeed>{{12000, 0, 0}, {2000, 4, 0}, {2000, 4, 0}}, nodes, All(3, 1)),
            PackResult::kFits);
  const std::vector<PackNodes> small = {{14000, 4, 0, 2}};
  EXPECT_EQ(PackGang(std::vector<PackNeed>{{13000, 0, 0}, {2000, 4, 0}, {2000, 4, 0}}, small, All(3, 1)),
            PackResult::kNever);
}

// Eligibility per kind: two performance pods of 8 cores may use only the
// single 16-core performance node (kind 0), not the eco ones (kind 1): they
// share it. A third does not fit, though eco nodes are free.
TEST(GangPacking, PodsUseOnlyTheKindsTheyMay) {
  const std::vector<PackNodes> nodes = {{16000, 0, 0, 1}, {16000, 0, 0, 8}};
  std::vector<std::vector<bool>> perf(2, {true, false});
  EXPECT_EQ(PackGang(std::vector<PackNeed>(2, {8000, 0, 0}), nodes, perf), PackResult::kFits);
  perf.push_back({true, false});
  EXPECT_EQ(PackGang(std::vector<PackNeed>(3, {8000, 0, 0}), nodes, perf), PackResult::kNever);
}

// Memory counts as a third dimension; an exhausted budget says "unknown",
// never "never" (the check may only reject what provably cannot fit).
TEST(GangPacking, MemoryAndTheBudget) {
  const std::vector<PackNodes> nodes = {{64000, 0, 100, 2}};
  EXPECT_EQ(PackGang(std::vector<PackNeed>(3, {1000, 0, 60}), nodes, All(3, 1)), PackResult::kNever);
  EXPECT_EQ(PackGang(std::vector<PackNeed>(3, {1000, 0, 50}), nodes, All(3, 1)), PackResult::kFits);
  // 13 pods of 3 on 3 nodes of 13: 39 = 39 but a node holds at most 4
  // pods (12 cores), so 12 fit and the 13th never does; a budget of 5
  // steps cannot finish the search.
  const std::vector<PackNeed> many(13, {3000, 0, 0});
  const std::vector<PackNodes> tight = {{13000, 0, 0, 3}};
  EXPECT_EQ(PackGang(many, tight, All(13, 1)), PackResult::kNever);
  EXPECT_EQ(PackGang(many, tight, All(13, 1), 5), PackResult::kUnknown);
}

// PackOnto places on nodes in their current states and says where: pods of
// (1 core, 1 GPU) and (1 core, 4 GPUs) on nodes with 4 and 1 free GPUs fit
// only as pod 0 -> node 1, pod 1 -> node 0 (the larger pod is placed first).
// Two nodes in one state are one kind; the first in the list is taken.
TEST(GangPacking, PackOntoSaysWhichNodeEachPodTakes) {
  const std::vector<PackNeed> pods = {{1000, 1, 0}, {1000, 4, 0}};
  const std::vector<std::vector<bool>> one_group = {{true, true}};
  std::vector<std::size_t> node_of;
  ASSERT_TRUE(PackOnto(pods, std::vector<PackNode>{{0, 16000, 4, 0}, {0, 16000, 1, 0}}, one_group, 1000, &node_of));
  EXPECT_EQ(node_of, (std::vector<std::size_t>{1, 0}));
  // Equal nodes 0 and 2 (4 GPUs) are one kind, the first met: the 4-GPU pod
  // takes its first node (0), and the 1-GPU pod the same kind again, first
  // in the search's order, so its node still in that state: 2, not 1.
  ASSERT_TRUE(PackOnto(pods, std::vector<PackNode>{{0, 16000, 4, 0}, {0, 16000, 1, 0}, {0, 16000, 4, 0}}, one_group,
                       1000, &node_of));
  EXPECT_EQ(node_of, (std::vector<std::size_t>{2, 0}));
  // A pod may use only its groups: the 4-GPU pod may not use group 0.
  const std::vector<std::vector<bool>> split = {{true, false}, {true, true}};
  EXPECT_FALSE(PackOnto(pods, std::vector<PackNode>{{0, 16000, 4, 0}, {1, 16000, 1, 0}}, split, 1000, &node_of));
  // Memory counts as the third dimension.
  EXPECT_FALSE(PackOnto(std::vector<PackNeed>{{1000, 0, 8}, {1000, 0, 8}}, std::vector<PackNode>{{0, 16000, 0, 12}},
                        {{true, true}}, 1000, &node_of));
}

}  // namespace
}  // namespace clustersim
