#pragma once
// Resource CSV (`time,free_nodes,allocated_nodes`): a baseline row at time 0
// (dr_evt's clock origin), then one row per START or END in processing
// order, so several rows may share a timestamp; under a capacity schedule
// also one row per change, with free = max(0, size - allocated). Built as
// the engine runs.

#include <cstdint>
#include <string>

#include "io/text_sink.h"
#include "io/time_format.h"
#include "sim/observer.h"

namespace clustersim {

class ResourceTrace final : public EngineObserver {
 public:
  // Rows go to `sink` (owned by the caller), or to an internal string.
  ResourceTrace(std::int64_t capacity, TimeFormat f, TextSink* sink = nullptr);
  void OnStart(JobId, SimTime t, std::int64_t used) override { Row(t, used); }
  void OnEnd(JobId, SimTime t, std::int64_t used) override { Row(t, used); }
  void OnCapacity(SimTime t, std::int64_t capacity, std::int64_t used) override {
    capacity_ = capacity;
    Row(t, used);
  }
  // The CSV text when no external sink was given.
  const std::string& csv() const { return own_.buf; }

 private:
  void Row(SimTime t, std::int64_t used);
  std::int64_t capacity_;
  TimeFormat format_;
  TextSink own_;
  TextSink* sink_;
};

}  // namespace clustersim
