#pragma once
// Work-based jobs of seed 002 (power-model.md §a, §l): a job is one pod, or
// a gang of pods placed together, each carrying CPU and GPU *work* that
// progresses at a speed set by its node's operating point and co-runners.
// Plain data; Workload::work and Workload::pods hold it beside the
// fixed-duration Job records, indexed by the same JobId.

#include <cstdint>
#include <string>
#include <vector>

#include "model/cluster.h"
#include "model/hardware.h"
#include "model/name_table.h"
#include "model/time.h"

namespace clustersim {

enum class CpuClass : std::uint8_t { kComputeBound, kMemoryBound, kIoBound, kMixed };
enum class GpuClass : std::uint8_t { kComputeBound, kMemoryBound, kBandwidthBound, kMixed };
enum class IntentClass : std::uint8_t { kStandard, kPerformance };

// Canonical trace names (§l.2). Readers map Joulie's aliases (`gpu.compute`,
// §k.1 item 12) themselves, so they can count them.
inline constexpr EnumName<CpuClass> kCpuClassNames[] = {{"cpu.compute_bound", CpuClass::kComputeBound},
                                                        {"cpu.memory_bound", CpuClass::kMemoryBound},
                                                        {"cpu.io_bound", CpuClass::kIoBound},
                                                        {"cpu.mixed", CpuClass::kMixed}};
inline constexpr EnumName<GpuClass> kGpuClassNames[] = {{"gpu.compute_bound", GpuClass::kComputeBound},
                                                        {"gpu.memory_bound", GpuClass::kMemoryBound},
                                                        {"gpu.bandwidth_bound", GpuClass::kBandwidthBound},
                                                        {"gpu.mixed", GpuClass::kMixed}};
inline constexpr EnumName<IntentClass> kIntentClassNames[] = {{"standard", IntentClass::kStandard},
                                                              {"performance", IntentClass::kPerformance}};

// How a pod uses the hardware (§a.1), every value in [0, 1].
struct WorkProfile {
  double s_cpu = 1;       // CPU cap sensitivity (1 when the record has none)
  double u_cpu = 0.65;    // target CPU utilisation
  double s_gpu = 1;
  double u_gpu = 0;
  double mem = 0.45;      // memory intensity M
  double io = 0.10;       // IO intensity I
  double feed = 0;        // CPU feed intensity for GPU work F
  double peer = 0;        // peer-transfer intensity p (v1 only)
  CpuClass cpu_class = CpuClass::kMixed;
  GpuClass gpu_class = GpuClass::kMixed;
};

// One pod: what it requests and how much work it carries.
struct Pod {
  std::string name;               // the trace's jobId
  std::string role;               // podRole ("worker", "launcher", ...)
  std::int64_t millicores = 1000; // requested CPU, "500m" = 500
  int gpus = 0;
  GpuVendor vendor = GpuVendor::kNone;  // from the request key; kAny = plain "gpu"
  std::int64_t memory_bytes = 0;
  double cpu_units = 1000;        // CPUUnitsTotal
  double gpu_units = 0;           // GPUUnitsTotal
  WorkProfile profile;
  // The node power profiles (ProfileBit) its required node affinity on
  // joulie.io/power-profile admits; Kubernetes binds a pod only there,
  // whatever its intent class.
  std::uint8_t profiles = kAllProfiles;
  // SWF/CSV jobs on a cluster (io/ maps them): a pod that takes a whole node
  // (its cores are the node's), or cores that may be spread over several
  // nodes (one piece per node). With per_core_work, cpu_units is per
  // allocated core, so the work matches the run time at nominal speed on
  // whatever the placement gives.
  bool whole_node = false;
  bool spread = false;
  bool per_core_work = false;
};

// The scheduler's unit: one pod, or a gang placed atomically.
struct WorkJob {
  std::uint32_t first_pod = 0;    // index into Workload::pods
  std::uint32_t num_pods = 1;
  bool gang = false;
  // Each pod frees its resources when its own work is done: the pods of a
  // JSONL gang are Kubernetes pods, each a job of its own (power-model.md
  // §a.1, §a.4). An SWF/CSV job's nodes are one batch allocation, held
  // until the job ends.
  bool pods_end_alone = false;
  // Killed this long after its start with its work unfinished (an SWF/CSV
  // job's time limit under --overrun clip: Slurm's walltime, which a job
  // slowed by caps can now reach); kTimeInfinity = never.
  SimTime limit = kTimeInfinity;
  bool avoids_eco = false;        // required affinity joulie.io/power-profile NotIn [eco]
  bool has_intent = false;        // the record declared intentClass
  IntentClass intent = IntentClass::kStandard;  // valid when has_intent
  std::string workload_id, workload_type, ns;
};

}  // namespace clustersim
