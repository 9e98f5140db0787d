#pragma once
// Shared by the power_*_test.cc files: the tolerances of power-golden.md
// and the catalog hardware (power-model.md §j) its tables use, written out
// literally so a wrong catalog reader cannot hide a formula bug.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "model/hardware.h"

namespace clustersim::power::test {

// power-golden.md: closed forms agree to relative 1e-9 (absolute 1e-9 near
// zero, i.e. below 1 in magnitude).
inline ::testing::AssertionResult Near(double actual, double expected, double rel = 1e-9) {
  const double tol = rel * std::max(1.0, std::abs(expected));
  if (std::abs(actual - expected) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "actual " << testing::PrintToString(actual) << " vs expected " << expected
                                       << " (tolerance " << tol << ")";
}

// Absolute tolerance (bisection results: 1e-9 on f, 1e-6 W on power).
inline ::testing::AssertionResult Within(double actual, double expected, double abs_tol) {
  if (std::abs(actual - expected) <= abs_tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "actual " << testing::PrintToString(actual) << " vs expected " << expected
                                       << " (tolerance " << abs_tol << ")";
}

// The base analytic CPU of power-golden.md's common inputs: 80/420 W,
// α 1.15, β 1.35, fmin 0.375, knee 0.5625 (CpuSpec's defaults, restated).
inline CpuSpec BaseCpu() {
  CpuSpec cpu;
  cpu.idle_w = 80;
  cpu.pmax_w = 420;
  cpu.alpha = 1.15;
  cpu.beta = 1.35;
  cpu.fmin = 0.375;
  cpu.knee = 0.5625;
  cpu.rapl_min_w = 80;
  cpu.rapl_max_w = 5000;
  cpu.rapl_head_w = 5;
  return cpu;
}

// A 2-socket SPECpower node (§j.1), watts at 0, 10, ..., 100 % load.
inline CpuSpec CurveCpu(const std::vector<double>& watts) {
  CpuSpec cpu = BaseCpu();
  for (std::size_t i = 0; i < watts.size(); ++i) cpu.curve.push_back({10.0 * static_cast<double>(i), watts[i]});
  return cpu;
}
inline CpuSpec Epyc9654() { return CurveCpu({128, 257, 300, 340, 378, 410, 442, 498, 577, 697, 817}); }
inline CpuSpec Epyc9655() { return CurveCpu({138, 297, 367, 438, 515, 593, 661, 710, 771, 812, 861}); }
inline CpuSpec Epyc9965() { return CurveCpu({157, 265, 314, 362, 412, 461, 503, 544, 587, 661, 800}); }

// §j.2 rows: Max, MinCap [CORR], idle, γ, ε, γm.
inline GpuSpec MakeGpu(double max_w, double min_cap_w, double idle_w, double gamma, double epsilon, double gamma_m) {
  GpuSpec gpu;
  gpu.max_w = max_w;
  gpu.min_cap_w = min_cap_w;
  gpu.idle_w = idle_w;
  gpu.gamma = gamma;
  gpu.epsilon = epsilon;
  gpu.gamma_m = gamma_m;
  return gpu;
}
inline GpuSpec H100Nvl() { return MakeGpu(400, 200, 60, 1.50, 0.15, 0.90); }
inline GpuSpec H100Sxm() { return MakeGpu(700, 200, 100, 1.40, 0.15, 0.90); }
inline GpuSpec L40s() { return MakeGpu(350, 200, 35, 1.20, 0.25, 1.10); }
inline GpuSpec Mi300x() { return MakeGpu(750, 350, 120, 0.85, 0.10, 0.85); }
inline GpuSpec W7900() { return MakeGpu(295, 200, 25, 1.10, 0.30, 1.20); }
inline GpuSpec BaseGpu() { return MakeGpu(300, 80, 30, 1.0, 0.20, 1.20); }

inline GpuSpec GpuByName(const std::string& name) {
  if (name == "H100 NVL") return H100Nvl();
  if (name == "H100 SXM") return H100Sxm();
  if (name == "L40S") return L40s();
  if (name == "MI300X") return Mi300x();
  if (name == "W7900") return W7900();
  EXPECT_EQ(name, "base") << "unknown GPU in a test table";
  return BaseGpu();
}

}  // namespace clustersim::power::test
