#include "sched/policy.h"

#include <utility>

namespace clustersim {
namespace {

template <typename E, size_t N>
bool Lookup(const std::pair<std::string_view, E> (&table)[N], std::string_view s, E* out) {
  for (const auto& [name, v] : table)
    if (name == s) return *out = v, true;
  return false;
}
template <typename E, size_t N>
const char* Name(const std::pair<std::string_view, E> (&table)[N], E v) {
  for (const auto& [name, e] : table)
    if (e == v) return name.data();
  return "?";
}

constexpr std::pair<std::string_view, Ordering> kOrderings[] = {
    {"fcfs", Ordering::kFcfs},   {"sjf", Ordering::kSjf},       {"ljf", Ordering::kLjf},
    {"wfp3", Ordering::kWfp3},   {"unicep", Ordering::kUnicep}, {"f1", Ordering::kF1}};
constexpr std::pair<std::string_view, Backfill> kBackfills[] = {
    {"none", Backfill::kNone}, {"easy", Backfill::kEasy}, {"conservative", Backfill::kConservative}};
constexpr std::pair<std::string_view, Compat> kCompats[] = {
    {"none", Compat::kNone}, {"dr_evt", Compat::kDrEvt}, {"pyss", Compat::kPyss},
    {"rlscheduler", Compat::kRlScheduler}};

}  // namespace

bool ParseOrdering(std::string_view s, Ordering* out) { return Lookup(kOrderings, s, out); }
bool ParseBackfill(std::string_view s, Backfill* out) { return Lookup(kBackfills, s, out); }
bool ParseCompat(std::string_view s, Compat* out) { return Lookup(kCompats, s, out); }
const char* OrderingName(Ordering o) { return Name(kOrderings, o); }
const char* BackfillName(Backfill b) { return Name(kBackfills, b); }
const char* CompatName(Compat c) { return Name(kCompats, c); }

std::string DescribePolicy(const Policy& p) {
  std::string s = std::string(OrderingName(p.ordering)) + "+" + BackfillName(p.backfill);
  if (p.dr_evt_fcfs_conservative) s = "fcfs_conservative";
  s += " (compat ";
  s += CompatName(p.compat);
  if (p.backfill == Backfill::kEasy) {
    s += p.backfill_strict_lt ? ", window <" : ", window <=";
    s += p.extra_nodes ? ", extra nodes" : ", no extra nodes";
  }
  if (p.plan_with_actual) s += ", plans with actual run times";
  s += ")";
  return s;
}

}  // namespace clustersim
