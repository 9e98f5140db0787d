#pragma once
// Everything a run on a cluster of real nodes needs beyond the trace
// (seed 002): the hardware catalog and the cluster file, SWF/CSV jobs mapped
// onto nodes, each node's operating point from the cluster file, the eco
// defaults and the command line, the intent class of every job under the
// chosen engine, the per-node pool and, for work-based jobs, the execution
// model. RunPipeline builds one with SetUpCluster and hands it to the engine.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "io/hardware_catalog.h"
#include "model/cluster.h"
#include "model/diagnostics.h"
#include "model/node_selector.h"
#include "model/status.h"
#include "model/workload.h"
#include "power/power_policy.h"
#include "sched/cluster_pool.h"
#include "sched/policy.h"
#include "sim/cluster_power.h"
#include "sim/power_controller.h"
#include "sim/work_execution.h"

namespace clustersim {

// One `--cpu-cap`, `--gpu-cap` or `--freq-scale` setting, in command-line
// order (a later one wins where selectors overlap).
struct OperatingRule {
  enum class Kind : std::uint8_t { kCpuCap, kGpuCap, kFreqScale };
  Kind kind = Kind::kCpuCap;
  NodeSelector selector;
  CapSetting cap;        // kCpuCap, kGpuCap
  double freq_scale = 1; // kFreqScale
};

// The rule as the command line writes it: "--cpu-cap class=gpu:300W".
std::string DescribeRule(const OperatingRule& rule);

struct ClusterConfig {
  std::string cluster_file;  // --cluster; empty = a node-count machine (seed 001)
  std::string catalog_file;  // --catalog; empty = the shipped catalog
  // SIM_HARDWARE_CATALOG_PATH naming a file that does not exist: Joulie falls
  // back to its embedded catalog (power-model §i), so the run warns and uses
  // the shipped one. (--catalog to a missing file stops: the user typed it.)
  std::string catalog_env_missing;
  bool catalog_from_env = false;  // catalog_file is SIM_HARDWARE_CATALOG_PATH's
  bool work_execution = false;  // SWF/CSV: --execution work (JSONL traces always are)
  PlacementStrategy placement = PlacementStrategy::kWorstFit;
  power::PowerPolicyOptions power_policy;  // --power-policy: who is performance, who eco (§h.2)
  WorkOptions work;
  std::vector<OperatingRule> rules;
  double eco_cpu_pct = 60;   // an eco node without an operating point (§h.1, standalone)
  double eco_gpu_pct = 70;
  WorkProfile swf_profile;   // SWF/CSV jobs' work profile
  std::vector<std::pair<std::string, CpuClass>> queue_class;  // --queue-class in command-line order (a later one wins)
  std::vector<std::string> profile_options;  // given of --work-class, --work-sensitivity, --queue-class
  std::vector<std::string> work_options;     // given of the options that shape only work, its power or its time series
  bool clip_to_limit = true; // SWF/CSV jobs are killed at their limit under --overrun clip
  std::string caps_file;     // --caps: a cap schedule (YAML)
  FacilityOptions facility;  // --ambient, --design-it-watts
  BaseHardware base;         // the SIM_* base model (power-model §i; cli/base_model_vars.h)
  std::vector<std::pair<std::string, std::string>> base_model_given;  // its variables set, NAME=text
};

// The work and power model a work-based run used, as name = value text for
// summary.json's work.model (so two runs that differ in a switch, a base
// speed or a SIM_* value say so): every §k.2 switch, the receiver gate, the
// base speeds, the eco percents, the power step and the SIM_* values set.
std::vector<std::pair<std::string, std::string>> DescribeWorkModel(const ClusterConfig& config);

struct ClusterSetup {
  Cluster cluster;
  std::vector<std::uint8_t> performance;  // by JobId
  std::vector<OperatingPoint> ops;        // by NodeId, at the start
  std::unique_ptr<ClusterPool> pool;
  std::unique_ptr<ClusterPower> power;    // work-based runs
  std::unique_ptr<WorkExecution> work;    // null: fixed durations
  std::vector<double> nominal_s;          // by JobId, work-based runs
  power::PolicyOutcome policy;            // what --power-policy decided at the start
  std::unique_ptr<PowerController> controller;  // --power-policy C: its reconciles
  std::vector<std::string> unused_queue_classes;  // --queue-class keys no job's queue matched (MapOntoCluster)
};

// Loads the catalog and cluster, maps the workload onto it and builds the
// pool and execution model. `policy` is checked against what a cluster run
// supports. Errors are one line.
Result<std::unique_ptr<ClusterSetup>> SetUpCluster(const ClusterConfig& config, const Policy& policy,
                                                   bool swf_whole_nodes, Workload* w, Diagnostics* diag);
// The same with a cluster already loaded (tests).
Result<std::unique_ptr<ClusterSetup>> SetUpLoadedCluster(Cluster cluster, const ClusterConfig& config,
                                                         const Policy& policy, bool swf_whole_nodes, Workload* w);

// Node's operating point under its profile, before any cap schedule: its
// own (cluster file), else the eco default for an eco node; then the
// command line's rules in order (a profile selector sees `node.profile`).
OperatingPoint OperatingPointOf(const Node& node, const ClusterConfig& config);

// timeseries.csv samples every `interval` while the run goes: a run that
// must span more than 10^8 intervals (a job's submit plus its nominal
// duration, at the least) is refused with the interval that would do,
// instead of writing for hours. interval 0 (every event only) passes.
Status CheckTimeseriesSize(const Workload& w, const ClusterSetup& cs, SimTime interval);

// Each node's operating point: its own (cluster file), else the eco default
// for eco nodes, then the command line's rules in order. Every one is
// checked (power::ResolveNodeSettings), as is every change of `schedule`.
Result<std::vector<OperatingPoint>> ResolveOperatingPoints(const Cluster& cluster, const ClusterConfig& config,
                                                           const std::vector<CapChange>& schedule = {});

}  // namespace clustersim
