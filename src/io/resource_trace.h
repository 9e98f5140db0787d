#pragma once
// Resource CSV (`time,free_nodes,allocated_nodes`): a baseline row at time 0
// (dr_evt's clock origin; a warm start's time under --sim_start_time), then one row per START or END in processing
// order (and one per gang pod that ends before its job and frees its
// units), so several rows may share a timestamp; under a capacity schedule
// also one row per change, with free = max(0, size - allocated). Built as
// the engine runs.

#include <cstdint>
#include <string>

#include "io/text_sink.h"
#include "io/time_format.h"
#include "model/workload.h"
#include "sim/observer.h"

namespace clustersim {

class ResourceTrace final : public EngineObserver {
 public:
  // Rows go to `sink` (owned by the caller), or to an internal string.
  // With `pcon` (a workload read with --trace_type pcon) each row also
  // sums the running jobs' avgpcon, minpcon and maxpcon.
  // The baseline row is at `origin`: 0, or a warm start's time, before
  // which no sample is kept (dr_evt-compat.md §9).
  ResourceTrace(std::int64_t capacity, TimeFormat f, TextSink* sink = nullptr, const Workload* pcon = nullptr,
                SimTime origin = 0);
  void OnStart(JobId id, SimTime t, std::int64_t used) override {
    AddPower(id, 1);
    Row(t, used);
  }
  void OnEnd(JobId id, SimTime t, std::int64_t used) override {
    AddPower(id, -1);
    Row(t, used);
  }
  // A gang pod that finished first: a row, as for an END (pcon columns
  // belong to whole jobs, which have no pods, and stay as they are).
  void OnPodEnd(JobId, std::uint32_t, SimTime t, std::int64_t used) override { Row(t, used); }
  void OnCapacity(SimTime t, std::int64_t capacity, std::int64_t used) override {
    // A warm start resizes at its own time to the size the baseline row
    // already shows: not a change.
    if (only_baseline_ && t == origin_ && capacity == capacity_) return;
    capacity_ = capacity;
    Row(t, used);
  }
  // The CSV text when no external sink was given.
  const std::string& csv() const { return own_.buf; }

 private:
  void Row(SimTime t, std::int64_t used);
  void AddPower(JobId id, std::int64_t sign) {
    if (pcon_ == nullptr || pcon_->jobs[id].pcon < 0) return;
    const PowerDraw& p = pcon_->pcon[static_cast<std::size_t>(pcon_->jobs[id].pcon)];
    power_.avg += sign * p.avg, power_.min += sign * p.min, power_.max += sign * p.max;
  }
  const Workload* pcon_;
  SimTime origin_;
  bool only_baseline_ = true;  // no row but the baseline yet
  PowerDraw power_;
  std::int64_t capacity_;
  TimeFormat format_;
  TextSink own_;
  TextSink* sink_;
};

}  // namespace clustersim
