#pragma once
// ClusterPool: the per-node ResourcePool of seed 002. Each node has cores
// (millicores), whole GPUs with device indices, and memory; a job is one pod
// or a gang of pods, placed all at once or not at all. The schedulers keep
// planning with one number per job (Job::units: nodes, cores or
// millicores, see PoolUnits) and ask Fits() before every start, which makes
// the real per-node placement.
//
// Placement rules (power-model.md §h.3, §k.1 item 13):
//   - a performance job never lands on an eco or draining node;
//   - a GPU pod asking for nvidia.com/gpu (amd.com/gpu) needs an NVIDIA (AMD)
//     node; a plain `gpu` request takes any vendor;
//   - GPUs are the lowest free device indices of the node (§b.2);
//   - among the nodes that fit, the strategy picks one: first-fit (cluster
//     order), best-fit (fewest free cores left), worst-fit (most free cores
//     left; Kubernetes' spreading), or joulie (the standalone score of §h.3);
//     ties go to the first node in cluster order.
// Whole-node pods (SWF/CSV on a cluster) take a node with nothing else on it;
// spread pods take free cores node after node in cluster order.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/cluster.h"
#include "model/name_table.h"
#include "model/workload.h"
#include "sched/node_tree.h"
#include "sched/resource_pool.h"

namespace clustersim {

enum class PlacementStrategy : std::uint8_t { kFirstFit, kBestFit, kWorstFit, kJoulie };
inline constexpr EnumName<PlacementStrategy> kPlacementNames[] = {{"first-fit", PlacementStrategy::kFirstFit},
                                                                  {"best-fit", PlacementStrategy::kBestFit},
                                                                  {"worst-fit", PlacementStrategy::kWorstFit},
                                                                  {"joulie", PlacementStrategy::kJoulie}};

// What Job::units counts on this pool.
enum class PoolUnits : std::uint8_t {
  kNodes,       // whole nodes (SWF/CSV jobs that take whole nodes)
  kCores,       // cores (SWF processors as cores)
  kMillicores,  // millicores (work-based pods)
};

// One placed piece of a job: a pod on a node, or the part of a spread pod on
// one node.
struct Piece {
  std::uint32_t pod = 0;       // index into Workload::pods
  NodeId node = 0;
  std::int64_t millicores = 0;
  std::int64_t memory = 0;
  std::uint64_t devices = 0;   // bit i = GPU i of the node
};

class ClusterPool final : public ResourcePool {
 public:
  // `performance[id]` says whether job id is a performance job (the engine
  // decides it from intentClass and affinity). REQUIRES: w.work_based().
  ClusterPool(const Cluster& cluster, const Workload& w, std::vector<std::uint8_t> performance, PoolUnits units,
              PlacementStrategy strategy);

  std::int64_t capacity() const override { return capacity_; }
  std::int64_t free() const override;
  bool Fits(JobId id, const Job& job) const override;
  void Allocate(JobId id, const Job& job) override;
  void Release(JobId id, const Job& job) override;
  std::int64_t ReleasePod(JobId id, std::uint32_t pod) override;
  bool CanEverFit(JobId id, const Job& job, std::string* why) const override;
  bool exact_units() const override { return scalar_exact_; }
  // Releases the running jobs of `ends` one by one (tentatively) until job
  // `id` can be placed; the pool is left as it was.
  SimTime EarliestFit(JobId id, const Job& job, const std::vector<std::pair<SimTime, JobId>>& ends) const override;
  // A one-pod head: its spare room on each node where it fits at `by`.
  bool GuardHead(JobId head, const Job& job, const std::vector<std::pair<SimTime, JobId>>& ends,
                 SimTime by) override;
  bool GuardAdmits(JobId id) override;
  // Tests: GuardHead says it cannot tell, so every question goes to
  // EarliestFit with the candidate allocated (the guard's reference).
  void AskEarliestFitOnly() { guard_off_ = true; }

  // The pieces of running job `id`, in pod order.
  std::span<const Piece> pieces(JobId id) const;
  bool is_performance(JobId id) const { return performance_[id] != 0; }
  // Job `id` can never run, for `why` (e.g. its work outlasts any time the
  // clock holds): CanEverFit says so, and the engine rejects it at arrival.
  void Refuse(JobId id, std::string why) {
    refusals_.resize(performance_.size());
    refusals_[id] = std::move(why);
  }
  // When true, free() >= units implies Fits(): nodes (or spread cores) are
  // interchangeable, as conservative backfilling's profile assumes.
  bool scalar_is_exact() const { return scalar_exact_; }
  PoolUnits units() const { return units_; }
  const Cluster& cluster() const { return cluster_; }

  // The profiles (ProfileBit set) each node may take during the run, by
  // NodeId: CanEverFit admits a job that fits a node in any of them. The
  // default is each node's profile at construction.
  void SetPossibleProfiles(const std::vector<std::uint8_t>& profiles);
  // Power policy C (sim/power_controller.h) changed node profiles in the
  // cluster: the groups follow. Running jobs stay where they are.
  void ProfilesChanged();
  // Pieces of running performance jobs on node n (a pod, or a spread pod's
  // part there): a node with any must drain before it turns eco.
  std::int32_t performance_pieces(NodeId n) const { return perf_pieces_[n]; }
  // Pods of running performance jobs (a gang counts its pods still working).
  std::int64_t performance_pods_running() const { return perf_pods_running_; }

 private:
  struct Group {  // nodes of one type and one power profile, in cluster order
    std::uint32_t type;
    PowerProfile profile;
    std::vector<NodeId> nodes;
    NodeTree tree;
  };
  struct NodeState {
    std::int64_t free_mc, free_mem;
    std::uint64_t free_devices;
    std::uint32_t group, leaf;
  };
  // Rebuilds the groups from the nodes' profiles (in order_).
  void BuildGroups();
  void CountPerformance(JobId id, std::span<const Piece> pieces, int sign);
  // Whether a pod may go to a node of `type` in one of `profiles` (bits).
  bool Eligible(std::uint32_t type, std::uint8_t profiles, const Pod& pod, bool performance) const;
  bool Eligible(const Group& g, const Pod& pod, bool performance) const {
    return Eligible(g.type, ProfileBit(g.profile), pod, performance);
  }
  // Places every pod of `id` (applying each piece); on failure undoes them.
  // `pack`: a gang the pods' one-by-one placement misses is packed exactly
  // (PackNow); the shadow walk asks without, and packs by bisection.
  // Fits packs a gang marked in pack_, and marks one it misses on an idle cluster.
  bool TryPlace(JobId id, std::vector<Piece>* out, bool pack = true) const;
  // EarliestFit's answer for a gang only a packing places, all `ends`
  // released on entry; *released is how many are released on return.
  SimTime EarliestPack(JobId id, const std::vector<std::pair<SimTime, JobId>>& ends, std::size_t* released) const;
  bool PlacePod(std::uint32_t pod_index, bool performance, std::vector<Piece>* out) const;
  // TryPlace's way out for a gang the one-by-one placement could not place:
  // a node for each pod, from an exact packing (cluster_pool_gang.cc).
  bool PackNow(JobId id, std::vector<NodeId>* nodes) const;
  NodeId ChooseNode(const Pod& pod, bool performance, const NodeTree::Free& need, bool whole) const;
  double PerfPressure() const;  // §h.3: mean CPU allocation % over non-eco nodes
  void Apply(const Piece& p, int sign) const;
  NodeTree::Free FreeOf(NodeId n) const;
  // CanEverFit's test that a gang's pods fit the empty cluster together.
  bool GangPacks(const WorkJob& j, bool perf, std::string* why) const;
  // EarliestFit for a job of one pod: see the .cc.
  SimTime EarliestFitOnePod(JobId id, const std::vector<std::pair<SimTime, JobId>>& ends) const;
  // Whether `pod` fits node n in state s (EarliestFitOnePod's and the guard's test).
  bool PodFits(const NodeState& s, NodeId n, const Pod& pod, const NodeTree::Free& need) const;
  // Copies of the nodes releases touch, for a tentative walk: Touch starts
  // a walk, Scratch(n) is node n's copy (taken at its first touch).
  void BeginScratch() const;
  NodeState& Scratch(NodeId n) const;

  const Cluster& cluster_;
  const Workload& w_;
  std::vector<std::uint8_t> performance_;
  std::vector<std::string> refusals_;  // by JobId, empty unless Refuse was called
  PoolUnits units_;
  PlacementStrategy strategy_;
  std::int64_t capacity_ = 0;
  std::int64_t total_mc_ = 0;  // the cluster's millicores (CanEverFit)
  bool scalar_exact_ = false;
  // Mutable: Fits() places tentatively and caches the plan for Allocate().
  mutable std::vector<Group> groups_;
  mutable std::vector<NodeState> nodes_;
  std::vector<NodeId> order_;  // tie order: file order, or name order under kJoulie (§h.3)
  std::vector<NodeId> rank_;   // by NodeId: its place in order_
  std::vector<std::int32_t> perf_pieces_;  // by NodeId
  struct PossibleGroup {  // nodes of one type that may take the same profiles
    std::uint32_t type;
    std::uint8_t profiles;
    std::int64_t nodes;
  };
  std::vector<PossibleGroup> possible_;
  std::int64_t perf_pods_running_ = 0;
  mutable std::int64_t free_mc_ = 0;
  mutable std::int64_t free_gpus_ = 0;  // PackNow's first test
  // By JobId: a gang whose pods, one by one, miss even the drained cluster;
  // only such gangs are packed (a search per pass would cost every blocked
  // gang that: 1.9x on an overloaded 5,000-node day of gangs).
  mutable std::vector<std::uint8_t> pack_;
  mutable std::int64_t idle_nodes_ = 0;
  // Allocated millicores on non-eco nodes, by node type (§h.3 perfPressure).
  mutable std::vector<std::int64_t> non_eco_alloc_mc_;
  mutable std::int64_t non_eco_nodes_ = 0;
  mutable std::vector<Piece> plan_;
  mutable JobId plan_job_ = 0;
  mutable std::uint64_t plan_generation_ = ~std::uint64_t{0};
  mutable std::uint64_t generation_ = 0;  // bumped by every Allocate/Release
  std::vector<std::vector<Piece>> placed_;  // by JobId, while running (memory ~ running jobs)
  // EarliestFitOnePod's scratch: copies of the nodes it has released onto,
  // valid where touched_[n] == touch_pass_.
  mutable std::vector<NodeState> scratch_;
  mutable std::vector<std::uint8_t> usable_group_;  // by group: may take the pod asked about
  mutable std::vector<std::uint32_t> touched_;
  mutable std::uint32_t touch_pass_ = 0;
  // GuardHead's record: the head's spare room at `by` on each node where it
  // fits then (guard_slot_[n]: its entry, -1 if none).
  struct Spare {
    NodeId node;
    std::int64_t mc, mem, gpus;
    bool whole, gone;  // whole: the head takes the whole node; gone: no longer fits
  };
  std::vector<Spare> guard_;
  std::vector<std::int32_t> guard_slot_;
  std::size_t guard_live_ = 0;  // entries not gone
  bool guard_off_ = false;
};

}  // namespace clustersim
