#pragma once
// Resource CSV (`time,free_nodes,allocated_nodes`): a baseline row at time 0
// (dr_evt's clock origin; a warm start's time and size under
// --sim_start_time), then one row per START or END in processing
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
  // The baseline row is written by the first event: at a warm start's time
  // and size, before which no sample is kept (dr_evt-compat.md §9), else at
  // 0 with `capacity` units.
  ResourceTrace(std::int64_t capacity, TimeFormat f, TextSink* sink = nullptr, const Workload* pcon = nullptr);
  void OnWarmStart(SimTime t, std::int64_t capacity) override {
    capacity_ = capacity;
    Baseline(t);
  }
  void OnStart(JobId id, SimTime t, std::int64_t used) override {
    EnsureBaseline();  // before the power changes: the baseline draws none
    AddPower(id, 1);
    WriteRow(t, used);
  }
  void OnEnd(JobId id, SimTime t, std::int64_t used) override {
    EnsureBaseline();
    AddPower(id, -1);
    WriteRow(t, used);
  }
  // A gang pod that finished first: a row, as for an END (pcon columns
  // belong to whole jobs, which have no pods, and stay as they are).
  void OnPodEnd(JobId, std::uint32_t, SimTime t, std::int64_t used) override {
    EnsureBaseline();
    WriteRow(t, used);
  }
  void OnCapacity(SimTime t, std::int64_t capacity, std::int64_t used) override {
    EnsureBaseline();  // before the change: the size it changes from
    capacity_ = capacity;
    WriteRow(t, used);
  }
  void OnFinish(SimTime) override { EnsureBaseline(); }  // a run without events has its baseline too
  // The CSV text when no external sink was given.
  const std::string& csv() const { return own_.buf; }

 private:
  // Without a warm start, the first event finds no baseline: time 0.
  void EnsureBaseline() {
    if (!baseline_written_) Baseline(0);
  }
  void Baseline(SimTime t) {
    baseline_written_ = true;
    WriteRow(t, 0);
  }
  void WriteRow(SimTime t, std::int64_t used);
  void AddPower(JobId id, std::int64_t sign) {
    if (pcon_ == nullptr || pcon_->jobs[id].pcon < 0) return;
    const PowerDraw& p = pcon_->pcon[static_cast<std::size_t>(pcon_->jobs[id].pcon)];
    power_.avg += sign * p.avg, power_.min += sign * p.min, power_.max += sign * p.max;
  }
  // Each draw may be up to 10^12 (ten of them would leave int64): summed
  // exactly in 128 bits, written clamped to int64.
  __extension__ typedef __int128 Sum;
  struct PowerSum {
    Sum avg = 0, min = 0, max = 0;
  };
  const Workload* pcon_;
  bool baseline_written_ = false;
  PowerSum power_;
  std::int64_t capacity_;
  TimeFormat format_;
  TextSink own_;
  TextSink* sink_;
};

}  // namespace clustersim
