#pragma once
// When the engine runs scheduling passes, and what they see as free:
// schedulers.md §1's knobs --event-order, --schedule-per and --free-from.
// Each `--compat` preset fixes all three (kEventTimingPresets); a knob given
// on the command line overrides its preset's value, so that one choice can
// be studied on its own.
//
//   order      ends-first: at time t, the ENDs, then the capacity change,
//              then the arrivals. submits-first: the arrivals, then the
//              ENDs, then the capacity change (pyss's Submission <
//              Termination).
//   per        timestamp: one pass after everything at t (clean default,
//              dr_evt). event: a pass after every END, every arrival and
//              every capacity increase, as each happens (pyss); same-time
//              ENDs are then taken in the order the jobs started (pyss's
//              creation counter).
//   free_from  actual: a job's units are free once its END is processed.
//              estimate: a job that ends exactly at its projected end
//              (start + estimate) is free before anything else happens at
//              that time, as in pyss's CPU snapshot; its END (and, per
//              event, its pass) still comes in `order`.
//
// Under ends-first and per-timestamp passes, free_from changes nothing: every
// END precedes every pass.

#include <cstdint>

#include "model/name_table.h"
#include "sched/policy.h"

namespace clustersim {

enum class EventOrder : std::uint8_t { kEndsFirst, kSubmitsFirst };
enum class SchedulePer : std::uint8_t { kTimestamp, kEvent };
enum class FreeFrom : std::uint8_t { kActual, kEstimate };

struct EventTiming {
  EventOrder order = EventOrder::kEndsFirst;
  SchedulePer per = SchedulePer::kTimestamp;
  FreeFrom free_from = FreeFrom::kActual;
  bool operator==(const EventTiming&) const = default;
};

// The named switch table: each compatibility mode's event timing.
// rlscheduler runs its own window protocol (sim/rl_window.h) and ignores it.
struct EventTimingPreset {
  Compat compat;
  EventTiming timing;
};
inline constexpr EventTimingPreset kEventTimingPresets[] = {
    {Compat::kNone, {}},
    {Compat::kDrEvt, {}},  // ENDs < STARTs < arrivals, one loop per time (dr_evt-compat.md)
    {Compat::kPyss, {EventOrder::kSubmitsFirst, SchedulePer::kEvent, FreeFrom::kEstimate}},  // schedulers.md §8
    {Compat::kRlScheduler, {}},
    {Compat::kJoulie, {}},
};

inline EventTiming EventTimingOf(Compat c) {
  for (const EventTimingPreset& p : kEventTimingPresets)
    if (p.compat == c) return p.timing;
  return {};
}

inline constexpr EnumName<EventOrder> kEventOrderNames[] = {{"ends-first", EventOrder::kEndsFirst},
                                                            {"submits-first", EventOrder::kSubmitsFirst}};
inline constexpr EnumName<SchedulePer> kSchedulePerNames[] = {{"timestamp", SchedulePer::kTimestamp},
                                                              {"event", SchedulePer::kEvent}};
inline constexpr EnumName<FreeFrom> kFreeFromNames[] = {{"actual", FreeFrom::kActual},
                                                        {"estimate", FreeFrom::kEstimate}};

}  // namespace clustersim
