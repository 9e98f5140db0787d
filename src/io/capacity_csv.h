#pragma once
// Reader for dr_evt's capacity schedule: CSV rows `time,total_nodes` (an
// optional header names the two columns), `#` comment lines and blank lines
// ignored. Times use the trace time encodings (io/timestamp.h: epoch seconds
// or calendar times in `timezone`; the first row fixes the encoding) and
// must strictly increase; sizes are integers in [0, total_units]. A bad row
// stops the run with `FILE:LINE: rule`: a schedule with a hole in it would
// simulate a different machine without a word. A change before
// `clock_start` is refused: dr_evt's clock starts at 0 (dr_evt-compat §2.5),
// so such a change would put the resource trace's rows out of time order;
// a warm start passes kNoTime, since the changes before its time set the
// size in force at it.

#include <cstdint>
#include <string>
#include <string_view>

#include "model/capacity.h"
#include "model/status.h"
#include "model/time.h"

namespace clustersim {

Result<CapacitySchedule> ParseCapacitySchedule(std::string_view text, const std::string& name,
                                               const std::string& timezone, std::int64_t total_units,
                                               SimTime clock_start = 0);

// Reads `path` (plain or gzip) and parses it.
Result<CapacitySchedule> ReadCapacitySchedule(const std::string& path, const std::string& timezone,
                                              std::int64_t total_units, SimTime clock_start = 0);

}  // namespace clustersim
