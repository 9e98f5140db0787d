#pragma once
// Command-line options shared by `clustersim simulate|replay` and the
// dr_evt-compatible `simulator`. Options are registered on a CLI11 app into
// an OptionValues (strings for enum-like values); Resolve() turns them into a
// RunConfig with one clear error per bad value ("did you mean" included).

#include <cstdint>
#include <map>
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "cli/run_config.h"
#include "model/status.h"

namespace CLI {
class App;
}

namespace clustersim {

struct OptionValues {
  // Long names of the options the command line or --config gave, even at
  // their default values (GivenOptions); checks that refuse an option
  // look here as well as at its value.
  std::vector<std::string> given;
  bool Given(std::string_view flag) const { return std::find(given.begin(), given.end(), flag) != given.end(); }
  std::string trace, infile;
  std::int64_t total_nodes = 0;
  std::int64_t procs_per_node = 0;
  std::string format = "auto";
  std::string swf_policy;  // empty = clean, or the compat preset's
  std::string size_source, estimate_fill;  // strict / clean knobs; empty: requested, run
  std::string conservative = "compress";  // compress | rebuild
  std::string policy = "fcfs";
  std::string backfill;  // empty = easy (rlscheduler: none)
  std::string compat;  // empty = the front end's default
  std::string backfill_cmp, extra_nodes;  // empty = from the compat preset
  std::string shadow_ties = "include";
  std::string event_order, schedule_per, free_from;  // empty = from the compat preset
  std::string backfill_order = "queue";
  std::string overrun;  // empty = clip, or allow under --compat dr_evt and --swf-policy rlscheduler
  std::string plan_with = "limit";
  double bsld_tau = 10;  // bounded slowdown's tau, seconds
  std::string run_time_mode = "actual";
  std::string run_time_distribution = "normal";
  std::string run_time_compat;  // empty = from the compat preset
  double run_time_scale = 1.0, run_time_stddev = 0.0;
  std::string seed;  // empty = 0 (rlscheduler: 1)
  int rl_windows = 10;
  std::int64_t rl_window_size = 1024, rl_job_slice = 0;
  bool force_simulation = false;
  std::string timezone;
  std::string jobs;  // START:COUNT
  std::int64_t max_jobs = -1;
  std::string max_time;
  bool check = false, strict = false, verbose = false, quiet = false, msec = false;
  bool report = false;  // clustersim --report
  std::string time_format;
  std::string output_dir = "out";
  // schedule.swf ("swf") only on request: it re-reads the log, a quarter of a short run's time.
  std::vector<std::string> outputs = {"schedule", "resources", "jobs", "summary", "placements", "timeseries", "nodes", "policy"};
  std::string outfile, resource_trace;
  // dr_evt options accepted for compatibility (no semantic effect here).
  std::string queue_impl, wait_queue_overflow, job_store_overflow, trace_type, trace_format, timestamp_format;
  std::int64_t block_size = 128, wait_queue_capacity = 0, job_store_capacity = 0, job_flush_interval = 0,
               resource_history_capacity = 0, num_max_candidates = 1;
  double check_memory_pressure = 0;
  std::string infile_list, capacity_schedule, sim_start_time;
  // Seed 002: clusters of real nodes and work-based jobs.
  std::string cluster, catalog, workload_model, tick, placement, execution, receiver_gate, power_policy, hp_frac;
  std::string hp_base_frac, hp_min, hp_max, perf_per_hp, reconcile_interval;  // policy C
  std::string hp_order;  // policies B and C
  std::vector<std::string> cpu_caps, gpu_caps, freq_scales, switches, queue_classes;
  std::string eco_cpu_pct, eco_gpu_pct, base_speed_per_core, base_speed_per_gpu, time_scale;
  std::string work_class, work_sensitivity;
  std::map<std::string, std::string> sim_base;  // SIM_* base-model variables (cli/base_model_vars.h)
  // Seed 002 part 2: power over time.
  std::string caps, power_step, ambient, design_it_watts, timeseries_interval = "60", timeseries_nodes;
  bool timeseries_every_event = false;
};

void AddRunOptions(CLI::App* app, OptionValues* v, Frontend frontend);
// After parsing: fills v->given with the long names of the options given.
void RecordGivenOptions(const CLI::App& app, OptionValues* v);
// An option given with an empty value ("") is an error, named (the
// command line's rule, as config files have it).
Status CheckNoEmptyValues(const CLI::App& app);
Result<RunConfig> Resolve(const OptionValues& v, Frontend frontend, bool replay);

}  // namespace clustersim
