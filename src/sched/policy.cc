#include "sched/policy.h"

namespace clustersim {
bool ParseOrdering(std::string_view s, Ordering* out) { return ParseEnumName(kOrderingNames, s, out); }
bool ParseBackfill(std::string_view s, Backfill* out) { return ParseEnumName(kBackfillNames, s, out); }
bool ParseCompat(std::string_view s, Compat* out) { return ParseEnumName(kCompatNames, s, out); }
const char* OrderingName(Ordering o) { return EnumNameOf(kOrderingNames, o); }
const char* BackfillName(Backfill b) { return EnumNameOf(kBackfillNames, b); }
const char* CompatName(Compat c) { return EnumNameOf(kCompatNames, c); }

std::string DescribePolicy(const Policy& p) {
  std::string s = std::string(OrderingName(p.ordering)) + "+" + BackfillName(p.backfill);
  if (p.dr_evt_fcfs_conservative) s = "fcfs_conservative";
  s += " (compat ";
  s += CompatName(p.compat);
  if (p.backfill == Backfill::kEasy) {
    s += p.backfill_strict_lt ? ", window <" : ", window <=";
    s += p.extra_nodes ? ", extra nodes" : ", no extra nodes";
    if (p.shadow_ties_first) s += ", shadow ties first";
    if (p.backfill_order != BackfillOrderKey::kQueue)
      s += std::string(", backfill order ") + EnumNameOf(kBackfillOrderNames, p.backfill_order);
  }
  if (p.backfill == Backfill::kConservative && p.conservative_rebuild) s += ", rebuild";
  if (p.plan_with_actual) s += ", plans with actual run times";
  s += ")";
  return s;
}

}  // namespace clustersim
