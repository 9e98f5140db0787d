#include "power/node_settings.h"

#include <fmt/format.h>

#include "power/cpu_power.h"
#include "power/gpu_power.h"

namespace clustersim::power {

Result<NodeSettings> ResolveNodeSettings(const NodeType& t, const OperatingPoint& op) {
  NodeSettings s;
  s.throttle_pct = op.throttle_pct;
  s.f_dvfs = DvfsTarget(t.cpu, op.throttle_pct);
  if (op.cpu_cap_w > 0) s.cpu_cap_w = ClampCpuCap(t.cpu, op.cpu_cap_w);
  s.gpu_cap_w = t.gpus > 0 ? t.gpu.max_w : 0;
  if (op.gpu_cap.set()) {
    const GpuCapTarget c = op.gpu_cap.kind == CapSetting::Kind::kPercent
                               ? GpuCapFromPercent(t.gpu, t.gpus, op.gpu_cap.value)
                               : GpuCapFromWatts(t.gpu, t.gpus, op.gpu_cap.value);
    if (c.status == GpuCapStatus::kInvalid)
      return Status::Error(fmt::format("a GPU cap must be positive (got {})", op.gpu_cap.value));
    if (c.status == GpuCapStatus::kOk) s.gpu_cap_w = c.target_w;
    // kBlocked: a GPU-less node ignores GPU caps (§d.6), as a class-wide
    // setting must be able to cover CPU nodes too.
  }
  return s;
}

void ApplyCapChange(const CapChange& c, OperatingPoint* op) {
  if (c.set_cpu_cap) {
    switch (c.cpu_cap.kind) {
      case CapSetting::Kind::kPercent: op->throttle_pct = ThrottlePctFromPercent(c.cpu_cap.value); break;
      case CapSetting::Kind::kWatts: op->cpu_cap_w = c.cpu_cap.value; break;
      case CapSetting::Kind::kNone: op->cpu_cap_w = 0, op->throttle_pct = 0; break;
    }
  }
  // After `none`: a change with both removes the caps and runs at this
  // frequency (a CPU percent with freq_scale is refused by the loader).
  if (c.set_freq) op->throttle_pct = 100.0 * (1.0 - c.freq_scale);
  if (c.set_gpu_cap) op->gpu_cap = c.gpu_cap;
}

}  // namespace clustersim::power
