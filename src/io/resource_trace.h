#pragma once
// Resource CSV (`time,free_nodes,allocated_nodes`): a baseline row at time 0
// (dr_evt's clock origin), then one row per START or END in processing
// order, so several rows may share a timestamp. Built as the engine runs.

#include <cstdint>
#include <string>

#include "io/time_format.h"
#include "sim/observer.h"

namespace clustersim {

class ResourceTrace final : public EngineObserver {
 public:
  ResourceTrace(std::int64_t capacity, TimeFormat f);
  void OnStart(JobId, SimTime t, std::int64_t used) override { Row(t, used); }
  void OnEnd(JobId, SimTime t, std::int64_t used) override { Row(t, used); }
  const std::string& csv() const { return csv_; }

 private:
  void Row(SimTime t, std::int64_t used);
  std::int64_t capacity_;
  TimeFormat format_;
  std::string csv_;
};

}  // namespace clustersim
