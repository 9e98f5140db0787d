#include "sim/power_controller.h"

#include <algorithm>
#include <limits>

#include "sim/work_execution.h"

namespace clustersim {
namespace {

std::int64_t PodsOf(const Workload& w, JobId id) { return w.work.empty() ? 1 : w.work[id].num_pods; }

}  // namespace

PowerController::PowerController(Cluster* cluster, const Workload& w, const std::vector<std::uint8_t>& performance,
                                 const power::PowerPolicyOptions& o, std::vector<OperatingPoint> performance_ops,
                                 std::vector<OperatingPoint> eco_ops, ClusterPool* pool, WorkExecution* work,
                                 SimTime tick)
    : cluster_(cluster), w_(w), performance_(performance), o_(o), performance_ops_(std::move(performance_ops)),
      eco_ops_(std::move(eco_ops)), pool_(pool), work_(work), tick_(tick), families_(power::CountFamilies(*cluster)),
      order_(power::SelectionOrderOf(*cluster, o.order)) {
  for (const Node& node : cluster->nodes) performance_now_ += node.profile == PowerProfile::kPerformance;
  min_hp_ = max_hp_ = performance_now_;
  // What each node may become, for the pool's "can this job ever run": the
  // selection grows with hp, so the nodes chosen at the largest count are
  // the ones that may be performance (or drain), and those chosen at the
  // smallest are never anything else.
  const auto n = static_cast<std::int64_t>(cluster->nodes.size());
  std::vector<std::uint8_t> may(cluster->nodes.size(), ProfileBit(PowerProfile::kEco));
  const std::int64_t most = power::QueueAwarePerformanceNodes(n, o, std::numeric_limits<std::int64_t>::max(), families_);
  for (const NodeId id : power::SelectPerformanceNodes(*cluster, order_, most)) may[id] = kAllProfiles;
  const std::int64_t least = power::QueueAwarePerformanceNodes(n, o, 0, families_);
  for (const NodeId id : power::SelectPerformanceNodes(*cluster, order_, least)) may[id] = ProfileBit(PowerProfile::kPerformance);
  pool->SetPossibleProfiles(may);
}

void PowerController::Begin(SimTime t0) {
  begin_ = accounted_ = t0;
  // Joulie reconciles at the first tick where `elapsed - last >= interval`,
  // counting from the trace's time 0: on a tick grid that is every
  // TickUp(interval), the same instants whether or not it runs then. The
  // first one here is the first at or after t0, and never time 0 (the
  // start's choice is ApplyPowerPolicy's).
  period_ = tick_ > 0 ? (o_.reconcile + tick_ - 1) / tick_ * tick_ : o_.reconcile;
  const SimTime k = t0 > 0 ? (t0 + period_ - 1) / period_ : 1;
  next_ = k <= kMaxSimTime / period_ ? k * period_ : kTimeInfinity;
}

void PowerController::OnSubmit(JobId id, SimTime) {
  if (performance_[id] != 0) waiting_perf_pods_ += PodsOf(w_, id);
}

void PowerController::OnStart(JobId id, SimTime, std::int64_t) {
  if (performance_[id] != 0) waiting_perf_pods_ -= PodsOf(w_, id);
}

void PowerController::Account(SimTime now) {
  if (now > accounted_) {
    perf_node_s_ += static_cast<double>(performance_now_) * ToSeconds(now - accounted_);
    draining_node_s_ += static_cast<double>(draining_now_) * ToSeconds(now - accounted_);
  }
  accounted_ = std::max(accounted_, now);
}

bool PowerController::Reconcile(SimTime now) {
  Account(now);
  next_ = now <= kMaxSimTime - period_ ? now + period_ : kTimeInfinity;

  ReconcileRecord r;
  r.time = now;
  r.perf_pods = PerformancePods();
  r.hp = Choose(r.perf_pods);
  const auto n = static_cast<std::int64_t>(cluster_->nodes.size());
  if (r.hp == applied_hp_ && draining_now_ == 0) {
    // The same choice, and every node already in its state: a node left out
    // is eco (performance pods never land there), so nothing can change.
    r.eco = n - r.hp;
    Record(r);
    return false;
  }
  for (NodeId id = 0; id < cluster_->nodes.size(); ++id) {
    const PowerProfile next = Target(id);
    Node& node = cluster_->nodes[id];
    r.draining += next == PowerProfile::kDraining;
    r.eco += next == PowerProfile::kEco;
    if (next == node.profile) continue;
    ++r.changed;
    // Draining keeps the performance settings: only a move into or out of
    // eco changes the hardware.
    const bool was_eco = node.profile == PowerProfile::kEco, is_eco = next == PowerProfile::kEco;
    performance_now_ += (next == PowerProfile::kPerformance) - (node.profile == PowerProfile::kPerformance);
    node.profile = next;
    if (work_ != nullptr && was_eco != is_eco) {
      Status st = work_->ChangeOperatingPoint(id, is_eco ? eco_ops_[id] : performance_ops_[id], now);
      if (!st.ok() && status_.ok()) status_ = st;
    }
  }
  draining_now_ = r.draining;
  applied_hp_ = r.hp;
  if (r.changed > 0) {
    pool_->ProfilesChanged();
    // Event mode places at once; Joulie's tick places before it
    // reconciles, so a changed node takes pods at the next tick.
    pass_at_ = now + tick_;
  }
  min_hp_ = std::min(min_hp_, performance_now_);
  max_hp_ = std::max(max_hp_, performance_now_);
  Record(r);
  return r.changed > 0;
}

void PowerController::Record(const ReconcileRecord& r) {
  ++reconciles_;
  if (!log_.empty() && r.changed == 0) {
    const ReconcileRecord& last = log_.back();
    if (last.perf_pods == r.perf_pods && last.hp == r.hp && last.draining == r.draining && last.eco == r.eco) return;
  }
  log_.push_back(r);
}

std::int64_t PowerController::PerformancePods() const {
  return pool_->performance_pods_running() + waiting_perf_pods_;
}

std::int64_t PowerController::Choose(std::int64_t perf_pods) {
  const auto n = static_cast<std::int64_t>(cluster_->nodes.size());
  const std::int64_t hp = power::QueueAwarePerformanceNodes(n, o_, perf_pods, families_);
  if (hp != hp_) {  // the selection depends on the count only
    chosen_.assign(cluster_->nodes.size(), 0);
    for (const NodeId id : power::SelectPerformanceNodes(*cluster_, order_, hp)) chosen_[id] = 1;
    hp_ = hp;
  }
  return hp;
}

PowerProfile PowerController::Target(NodeId id) const {
  if (chosen_[id] != 0) return PowerProfile::kPerformance;
  return pool_->performance_pieces(id) > 0 ? PowerProfile::kDraining : PowerProfile::kEco;
}

bool PowerController::WouldChange() {
  Choose(PerformancePods());
  for (NodeId id = 0; id < cluster_->nodes.size(); ++id)
    if (Target(id) != cluster_->nodes[id].profile) return true;
  return false;
}

void PowerController::Finish(SimTime end) { Account(end); }

double PowerController::mean_performance() const {
  return accounted_ > begin_ ? perf_node_s_ / ToSeconds(accounted_ - begin_) : static_cast<double>(performance_now_);
}

double PowerController::mean_draining() const {
  return accounted_ > begin_ ? draining_node_s_ / ToSeconds(accounted_ - begin_) : static_cast<double>(draining_now_);
}

}  // namespace clustersim
