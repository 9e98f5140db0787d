#pragma once
// The one-node power cases of power_engine_test.cc and cap_schedule_run_test.cc:
// an analytic node whose power is linear, P = Idle + (PMax - Idle) * u * f
// with Idle 100 W, PMax 300 W, alpha = beta = 1, and jobs with M = I = 0
// (activity 1), run through the whole pipeline in a scratch directory.

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/run_config.h"
#include "test_util.h"

namespace clustersim::test {

inline constexpr const char* kLinearNode =
    "nodes:\n  - node_name: n0\n    cpu_cores: 10\n"
    "    cpu_model: {idle_w: 100, pmax_w: 300, alpha: 1, beta: 1}\n";
inline const std::string kFlat =
    R"("workloadClass":{"cpu":"cpu.compute_bound"},"workloadProfile":{"cpuUtilization":1,"memoryIntensity":0,)"
    R"("ioIntensity":0})";

struct Case {
  std::filesystem::path dir;
  nlohmann::json summary;
  int rc = -1;
  std::string err;
};

inline Case RunCase(const std::string& name, const std::string& trace, const std::string& cluster,
                    const std::function<void(RunConfig*)>& adjust = {}) {
  Case out;
  out.dir = ScratchDir("power_" + name);
  std::ofstream(out.dir / "t.jsonl") << trace;
  std::ofstream(out.dir / "c.yaml") << cluster;
  RunConfig c;
  c.trace = (out.dir / "t.jsonl").string();
  c.cluster.cluster_file = (out.dir / "c.yaml").string();
  c.cluster.facility.ambient.sinusoid = {25, 0, 86400};  // a constant 25 °C
  c.output_dir = (out.dir / "out").string();
  c.check = true;
  c.quiet = true;
  if (adjust) adjust(&c);
  std::ostringstream o, e;
  out.rc = RunPipeline(c, o, e);
  out.err = e.str();
  if (out.rc == 0) out.summary = nlohmann::json::parse(std::ifstream(out.dir / "out" / "summary.json"));
  return out;
}

inline double Energy(const Case& c, const char* key) { return c.summary["work"]["energy"][key].get<double>(); }

}  // namespace clustersim::test
