#pragma once
// The queue names of LLNL's raw job histories (Lassen, legacy .trace;
// dr_evt-compat §2.3, §4). Only these formats carry them; a numeric q_id
// never means anything to a scheduler.
//   - pbatch, pbatch0-3 are the batch queue; pall is the whole-machine
//     queue of dedicated access times (DAT); the rest are known by name;
//   - dr_evt's filter keeps a row only if its queue contains "pbatch" or
//     "pall" (case-sensitive substring), before the name is looked up.

#include <cstdint>
#include <string_view>

namespace clustersim {

enum class LegacyQueue : std::uint8_t {
  kUnknown, kBatch, kAll, kDebug, kExempt, kExpedite, kBb, kIbm, kNvidia, kTest, kStandby
};

inline LegacyQueue LegacyQueueOf(std::string_view name) {
  struct Entry {
    std::string_view name;
    LegacyQueue queue;
  };
  static constexpr Entry kNames[] = {
      {"pbatch", LegacyQueue::kBatch},     {"pbatch0", LegacyQueue::kBatch}, {"pbatch1", LegacyQueue::kBatch},
      {"pbatch2", LegacyQueue::kBatch},    {"pbatch3", LegacyQueue::kBatch}, {"pall", LegacyQueue::kAll},
      {"pdebug", LegacyQueue::kDebug},     {"exempt", LegacyQueue::kExempt}, {"expedite", LegacyQueue::kExpedite},
      {"pbb", LegacyQueue::kBb},           {"pibm", LegacyQueue::kIbm},      {"pnvidia", LegacyQueue::kNvidia},
      {"ptest", LegacyQueue::kTest},       {"standby", LegacyQueue::kStandby}};
  for (const Entry& e : kNames)
    if (e.name == name) return e.queue;
  return LegacyQueue::kUnknown;
}

inline bool KeptByLegacyFilter(std::string_view name) {
  return name.find("pbatch") != std::string_view::npos || name.find("pall") != std::string_view::npos;
}

}  // namespace clustersim
