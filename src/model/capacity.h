#pragma once
// A capacity schedule (dr_evt's --capacity_schedule): the machine's size as
// a step function of time. Each change holds from its time until the next;
// before the first, the machine has its full size (--total_nodes). Changes
// are non-preemptive: a reduction below the units in use stops new starts
// until enough jobs end, and never kills a job (sim/engine.cc).

#include <cstdint>
#include <vector>

#include "model/time.h"

namespace clustersim {

struct CapacityChange {
  SimTime time = 0;
  std::int64_t units = 0;  // the machine's size from `time` on
};

// Sorted by strictly increasing time (io/capacity_csv.h checks it).
using CapacitySchedule = std::vector<CapacityChange>;

}  // namespace clustersim
