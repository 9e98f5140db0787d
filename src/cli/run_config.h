#pragma once
// RunConfig: every option of a run, with its default. The two front ends
// (`clustersim simulate|replay` and the dr_evt-compatible `simulator`) fill
// it from the command line; RunPipeline executes it.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "cli/cluster_setup.h"
#include "io/time_format.h"
#include "io/trace_loader.h"
#include "sim/engine.h"
#include "sim/rl_window.h"
#include "sim/run_time_model.h"

namespace clustersim {

enum class Frontend : std::uint8_t { kClustersim, kSimulator };

struct RunConfig {
  Frontend frontend = Frontend::kClustersim;
  std::string trace;
  bool replay_requested = false;     // `clustersim replay`
  // `simulator`: scheduling options given, which a replay-format trace
  // ignores as dr_evt does (a note says so).
  std::vector<std::string> replay_ignores;
  bool trace_is_list = false;        // -L: `trace` lists trace files (io/trace_list.h)
  LoadOptions load;
  RunTimeOptions run_time;
  EngineOptions engine;
  std::int64_t slice_start = 0, slice_count = -1;  // --jobs START:COUNT
  std::int64_t max_jobs = -1;                       // -j: load at most this many (any format)
  // -t given as a calendar time: engine.max_time holds it read in --timezone
  // (right for CSV times); on an SWF trace it is placed on the log's clock
  // with the header's UnixStartTime, read in -z if given, else in the
  // header's TimeZoneString, or refused.
  std::string max_time_calendar;
  bool timezone_given = false;  // -z: it, not the SWF header's TimeZoneString, reads calendar times
  // --sim_start_time: warm start at this time (sim/warm_start.h); kNoTime if
  // not given. A calendar text is placed on an SWF log's clock as above.
  SimTime warm_start = kNoTime;
  std::string warm_start_calendar;
  // --capacity_schedule: read once the machine's size is known (cli/run.cc).
  std::string capacity_schedule_file;
  // simulator -A N -G abort: dr_evt stops when its wait queue outgrows N.
  std::int64_t wait_queue_abort_capacity = 0;  // 0 = never
  // --extra-nodes given: on a cluster whose nodes are not interchangeable
  // the rule is off unless it is (cli/run.cc).
  bool extra_nodes_given = false;
  RlWindowOptions rl;                // --compat rlscheduler
  double bsld_tau_s = 10;            // --bsld-tau (swf-and-metrics §3.1)
  bool check = false;
  bool strict = false;               // stop at the first bad row
  bool verbose = false;              // dr_evt per-event log on stdout
  bool quiet = false;
  bool trace_from_env = false;  // the trace is SIM_WORKLOAD_TRACE_PATH's (named so in errors)
  // Options the --config file set, with the "FILE:LINE" that set each: an
  // error found during the run that names one says where it came from.
  std::vector<std::pair<std::string, std::string>> config_lines;
  TimeFormat time_format = TimeFormat::kExact;
  // clustersim: a directory; simulator: explicit file names.
  std::string output_dir = "out";
  std::string schedule_file, resource_file;
  // clustersim --outputs: which files to write (timing.json always is).
  bool write_schedule = true, write_resources = true, write_jobs = true, write_summary = true;
  bool write_placements = true;  // runs on a cluster
  bool write_timeseries = true;  // work-based runs: timeseries.csv (+ node_timeseries.csv)
  bool write_nodes = true;       // work-based runs: nodes.csv and devices.csv
  bool write_policy = true;      // --power-policy C: policy.csv, a row per reconcile that changed a count
  bool write_swf = false;        // --outputs swf (SWF simulations): schedule.swf, the log with simulated waits and runs
  bool write_report = false;     // --report: report.html from the files above
  SimTime timeseries_interval = 60 * kTicksPerSecond;
  bool timeseries_every_event = false;
  NodeSelector timeseries_nodes;  // valid when timeseries_nodes_given
  bool timeseries_nodes_given = false;
  ClusterConfig cluster;         // seed 002: --cluster and the work model
};

// Loads, simulates (or replays), checks and writes outputs. Returns the
// process exit code: 0 ok, 1 bad input or options, 2 check failed.
int RunPipeline(const RunConfig& config, std::ostream& out, std::ostream& err);

}  // namespace clustersim
