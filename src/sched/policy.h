#pragma once
// A scheduling policy = queue Ordering x Backfill, plus the compatibility
// variant whose exact semantics it follows. The `--compat` presets
// (cli/options.cc, Resolve) fill this struct; individual knobs can then
// override it.

#include <cstdint>
#include <string>
#include <string_view>

#include "model/name_table.h"

namespace clustersim {

// schedulers.md §6 (static keys) and §7 (priority functions).
enum class Ordering : std::uint8_t { kFcfs, kSjf, kLjf, kSmallest, kLargest, kSaf, kWfp3, kUnicep, kF1, kF2, kF3, kF4 };
enum class Backfill : std::uint8_t { kNone, kEasy, kConservative };
// EASY's backfill scan order (sched/backfill_order.h): the queue's, or a
// static key with ties in submit order; kSjf is EASY-SJBF.
enum class BackfillOrderKey : std::uint8_t { kQueue, kSjf, kLjf, kSmallest, kLargest };

// Which tool's semantics a policy reproduces where tools disagree. kJoulie
// changes no scheduling rule: it selects Joulie's power and work model
// switches (power/switches.h) and its legacy-like engine.
enum class Compat : std::uint8_t { kNone, kDrEvt, kPyss, kRlScheduler, kJoulie };

struct Policy {
  Ordering ordering = Ordering::kFcfs;
  Backfill backfill = Backfill::kEasy;
  Compat compat = Compat::kNone;
  // EASY: candidate may end at the shadow time (<=, classic) or must end
  // strictly before it (<, dr_evt, RLScheduler).
  bool backfill_strict_lt = false;
  // EASY: a long candidate may start if it only uses nodes the head will not
  // need at the shadow time (classic). dr_evt and RLScheduler have no such rule.
  bool extra_nodes = true;
  // EASY: the shadow's extra units count every running job that ends at the
  // shadow time (include, classic) or only those up to the one that makes
  // room, in start order (first; schedulers.md §3's truncated variant).
  bool shadow_ties_first = false;
  // dr_evt's `fcfs_conservative` approximation instead of a real profile.
  bool dr_evt_fcfs_conservative = false;
  // EASY: the order backfill candidates are tried in.
  BackfillOrderKey backfill_order = BackfillOrderKey::kQueue;
  // Plan with the actual run time instead of the time limit (oracle): the
  // run the job will have, so min(run, limit) while the engine kills jobs at
  // their limit (the engine sets the second flag from its --overrun).
  bool plan_with_actual = false;
  bool actual_clipped_at_limit = true;
  // Arrivals at a time are admitted before that time's ENDs (the engine
  // sets it from --event-order): a job reaching its estimate then may still
  // end at that time, so it is not yet overrunning.
  bool submits_before_ends = false;
  // Conservative: after an early end, clear every reservation and place the
  // waiting jobs again in submit order (schedulers.md §4's `rebuild`; a job
  // may move later), instead of pyss's compression.
  bool conservative_rebuild = false;
};

inline constexpr EnumName<Ordering> kOrderingNames[] = {
    {"fcfs", Ordering::kFcfs},         {"sjf", Ordering::kSjf},       {"ljf", Ordering::kLjf},
    {"smallest", Ordering::kSmallest}, {"largest", Ordering::kLargest}, {"saf", Ordering::kSaf},
    {"wfp3", Ordering::kWfp3},         {"unicep", Ordering::kUnicep}, {"f1", Ordering::kF1},
    {"f2", Ordering::kF2},             {"f3", Ordering::kF3},         {"f4", Ordering::kF4}};
inline constexpr EnumName<Backfill> kBackfillNames[] = {
    {"none", Backfill::kNone}, {"easy", Backfill::kEasy}, {"conservative", Backfill::kConservative}};
inline constexpr EnumName<BackfillOrderKey> kBackfillOrderNames[] = {{"queue", BackfillOrderKey::kQueue},
                                                                    {"sjf", BackfillOrderKey::kSjf},
                                                                    {"ljf", BackfillOrderKey::kLjf},
                                                                    {"smallest", BackfillOrderKey::kSmallest},
                                                                    {"largest", BackfillOrderKey::kLargest},
                                                                    {"sjbf", BackfillOrderKey::kSjf}};
inline constexpr EnumName<bool> kShadowTiesNames[] = {{"include", false}, {"first", true}};
inline constexpr EnumName<Compat> kCompatNames[] = {
    {"none", Compat::kNone}, {"dr_evt", Compat::kDrEvt}, {"pyss", Compat::kPyss}, {"rlscheduler", Compat::kRlScheduler},
    {"joulie", Compat::kJoulie}};

bool ParseOrdering(std::string_view s, Ordering* out);
bool ParseBackfill(std::string_view s, Backfill* out);
bool ParseCompat(std::string_view s, Compat* out);
const char* OrderingName(Ordering o);
const char* BackfillName(Backfill b);
const char* CompatName(Compat c);

// "fcfs+easy (compat none: <=, extra nodes)" - for summaries and metadata.
std::string DescribePolicy(const Policy& p);

}  // namespace clustersim
