#pragma once
// The clamps every formula of power-model.md uses (its Notation section).

#include <algorithm>

namespace clustersim::power {

// clamp01(x) = min(1, max(0, x)).
inline double Clamp01(double x) { return std::min(1.0, std::max(0.0, x)); }

// clamp(x, lo, hi) = min(hi, max(lo, x)). Unlike std::clamp, a reversed
// range (lo > hi) is defined: it yields hi, as Joulie's min/max order does.
inline double ClampTo(double x, double lo, double hi) { return std::min(hi, std::max(lo, x)); }

}  // namespace clustersim::power
