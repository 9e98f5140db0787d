#pragma once
// The outdoor ambient around the facility (power-model.md §g): a sinusoid
// (constant when its amplitude is 0), or steps read from a CSV (time,
// temperature; each held until the next row). power::AmbientAt evaluates it.

#include <cstdint>
#include <utility>
#include <vector>

namespace clustersim {

// SIM_FACILITY_AMBIENT_TEMP_C / _TEMP_AMPLITUDE_C / _TEMP_PERIOD_H (§i).
struct AmbientSpec {
  double base_c = 20;
  double amplitude_c = 5;
  double period_s = 24 * 3600.0;
};

struct Ambient {
  enum class Kind : std::uint8_t { kSinusoid, kSteps } kind = Kind::kSinusoid;
  AmbientSpec sinusoid;                          // amplitude 0 = constant
  std::vector<std::pair<double, double>> steps;  // (t s, °C), t increasing
};

}  // namespace clustersim
