#include "cli/options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <cstdlib>
#include <random>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join

#include "cli/cluster_options.h"
#include "cli/option_checks.h"
#include "cli/replay_options.h"
#include "io/ambient_csv.h"
#include "io/node_selector.h"
#include "io/number_parse.h"
#include "io/text_lines.h"
#include "io/timestamp.h"
#include "model/text_escape.h"
#include "power/switches.h"

namespace clustersim {

void AddRunOptions(CLI::App* app, OptionValues* v, Frontend fe) {
  const bool sim = fe == Frontend::kSimulator;
  app->add_option("trace", v->trace,
                  sim ? "Trace file: dr_evt CSV, SWF or SWF.gz"
                      : "Trace file: dr_evt CSV, SWF(.gz), JSONL or a folder of *.jsonl parts (default: env "
                        "SIM_WORKLOAD_TRACE_PATH)");
  if (sim) app->add_option("-i,--infile", v->infile, "Trace file (instead of the positional argument)");

  // Machine.
  app->add_option(sim ? "-n,--total_nodes,--total-nodes" : "-n,--total_nodes,--total-nodes", v->total_nodes,
                  sim ? "Machine size in nodes (default 795, dr_evt's Lassen)"
                      : "Machine size in job units (CSV: required; SWF: default MaxProcs, else MaxNodes)")
      ->check(IntIn(1, kMaxInputCount));
  app->add_option("--procs-per-node,--procs_per_node", v->procs_per_node,
                  "SWF: allocate whole nodes, a job needs ceil(procs / N) nodes (default: processor-granular)")
      ->check(IntIn(1, kMaxInputCount));
  app->add_option("--format", v->format,
                  sim ? "Input format: auto, csv, swf, lassen (LLNL's 33-column history), trace (LLNL's legacy "
                        "whitespace trace) (default auto: by name, then content)"
                      : "Input format: auto, csv, swf, jsonl, lassen (LLNL's 33-column history), trace (LLNL's legacy "
                        "whitespace trace) (default auto: by name, then content; a directory is JSONL)");
  app->add_option("--size-source,--size_source", v->size_source,
                  "SWF strict/clean: job size from requested processors (default; allocated if unknown), "
                  "allocated (requested if unknown) or max of the two");
  app->add_option("--estimate-fill,--estimate_fill", v->estimate_fill,
                  "SWF clean: a missing requested time becomes the run time (default), the header's MaxRuntime "
                  "(maxruntime), or drops the job (drop)");
  app->add_option("--swf-policy,--swf_policy", v->swf_policy,
                  "SWF normalisation: clean, strict, pyss, pyss-strong, rlscheduler, batsim (default clean; "
                  "--compat pyss and --compat rlscheduler bring their own)");

  // Policy.
  app->add_option(sim ? "-p,--priority_policy,--policy" : "-p,--policy,--priority_policy", v->policy,
                  "Queue order: fcfs (default), sjf, ljf, smallest, largest, saf (n*q), wfp3, unicep, f1-f4; dr_evt names "
                  "fcfs_alt, fcfs_conservative");
  app->add_option(sim ? "-b,--backfill_policy,--backfill" : "-b,--backfill,--backfill_policy", v->backfill,
                  "Backfilling: easy (default), conservative, none");
  app->add_option("--compat", v->compat,
                  sim ? "Semantics preset: dr_evt (default here), none, pyss, rlscheduler (joulie's runs on a "
                        "cluster: clustersim simulate)"
                      : "Semantics preset: none (default), dr_evt, pyss, rlscheduler, joulie");
  app->add_option("--backfill-cmp", v->backfill_cmp, "EASY window test: le (classic) or lt (dr_evt)");
  app->add_option("--conservative", v->conservative,
                  "Conservative backfilling after an early end: compress (default: pyss's, each waiting job moved "
                  "earlier in submit order) or rebuild (every reservation cleared and placed again; a job may move "
                  "later)");
  app->add_option("--extra-nodes", v->extra_nodes, "EASY extra-nodes rule: on (classic) or off (dr_evt)");
  app->add_option("--shadow-ties", v->shadow_ties,
                  "EASY extra units at the shadow time: include (default: every job ending then) or first (only "
                  "the jobs up to the one that makes room, in start order)");
  app->add_option("--event-order", v->event_order,
                  "At equal times: ends-first (default: ENDs, then arrivals) or submits-first (pyss)");
  app->add_option("--schedule-per", v->schedule_per,
                  "A scheduling pass per timestamp (default: after everything at a time) or per event (pyss: "
                  "after every END and every arrival)");
  app->add_option("--free-from", v->free_from,
                  "A job ending at its estimate is free: actual (default: once its END is processed) or estimate "
                  "(before anything else at that time, as pyss's CPU snapshot)");
  app->add_option("--backfill-order,--backfill_order", v->backfill_order,
                  "EASY backfill candidates tried in: queue (default), sjf (shortest estimate first: EASY-SJBF, "
                  "pyss's easy_sjbf), ljf, smallest, largest; ties in submit order");
  app->add_option("--overrun", v->overrun,
                  sim ? "A job whose run time exceeds its limit: allow (default here: runs on, as in dr_evt) or "
                        "clip (killed at the limit; the summary counts them)"
                      : "A job whose run time exceeds its limit: clip (default: killed at the limit; the summary "
                        "counts them and the time cut) or allow (default with --compat dr_evt and --swf-policy rlscheduler)");
  // --runtime_mode is dr_evt's older name for it (dr_evt-compat.md §5.3).
  app->add_option("--plan_with,--plan-with,--runtime_mode", v->plan_with,
                  "Schedulers plan with: limit (default) or actual (oracle planning)");
  // `simulator` writes no bounded slowdown (dr_evt's outputs have none), so
  // it does not take the option rather than take it without effect.
  if (!sim)
    app->add_option("--bsld-tau,--bsld_tau", v->bsld_tau,
                    "Bounded slowdown max(1, turnaround / max(run, tau)): tau in seconds (default 10), recorded in "
                    "summary.json")
        ->check(RealIn(0, 1e12, /*lo_open=*/true));
  app->add_option("--rl-windows", v->rl_windows, "--compat rlscheduler: number of evaluation windows (10)")
      ->check(IntIn(1, 1'000'000));
  app->add_option("--rl-window-size", v->rl_window_size, "--compat rlscheduler: jobs per window (1024)")
      ->check(IntIn(1, 100'000'000));
  app->add_option("--rl-job-slice", v->rl_job_slice,
                  "--compat rlscheduler: draw windows among the first N jobs (0 = all; 10000 in the papers)")
      ->check(IntIn(0, kIntMax));

  // Run times.
  // --duration_* are dr_evt's older names (exact = limit, column = actual).
  app->add_option("-r,--run_time_mode,--duration_mode", v->run_time_mode,
                  "Simulation run times: actual (default), limit, distribution");
  app->add_option("-D,--run_time_distribution,--duration_distribution", v->run_time_distribution,
                  "normal (default), lognormal, uniform");
  app->add_option("-S,--run_time_scale,--duration_scale", v->run_time_scale, "Scale factor s (default 1.0)")
      ->check(RealIn(0, 1e12, /*lo_open=*/true));
  app->add_option("-V,--run_time_stddev,--duration_stddev", v->run_time_stddev,
                  "Stddev factor v (default 0); for uniform the upper factor")
      ->check(RealIn(0, 1e12));
  app->add_option("--run_time_compat", v->run_time_compat,
                  "Sampling formulas: spec (default: the seed's, uniform U(L*S, L*V), never capped) or dr_evt "
                  "(dr_evt's code: normal/lognormal capped at L, uniform U(L*S, L*(S+V)); the default of "
                  "clustersim's --compat dr_evt)");
  app->add_option("-s,--seed", v->seed, "Seed (unsigned 64-bit integer, or 'random'); default 0 (1 under --compat rlscheduler)");
  app->add_flag("--force-simulation,--force_simulation", v->force_simulation,
                "Simulate a replay-format trace (ignore begin_time/end_time)");

  // Input handling.
  app->add_option("-z,--timezone", v->timezone,
                  sim ? "IANA zone for calendar times without offset (default America/Los_Angeles; given, it "
                        "overrides an SWF header's TimeZoneString)"
                      : "IANA zone for calendar times without offset (default UTC; given, it overrides an SWF "
                        "header's TimeZoneString)");
  app->add_option("--jobs", v->jobs, "Simulate only jobs START:COUNT (0-based, after sorting), on an empty machine");
  app->add_option("-j,--max_jobs", v->max_jobs, "Load at most this many jobs (0 = all, as in dr_evt)")
      ->check(IntIn(0, kIntMax));
  app->add_option("-L,--infile_list,--infile-list", v->infile_list,
                  "Progressive loading (dr_evt): a file listing trace files, one per line, run as their "
                  "concatenation; files in time order, not overlapping, simulation only");
  app->add_option("--sim_start_time,--sim-start-time", v->sim_start_time,
                  "Warm start at T (same forms as --max_time) from a replay-format trace: jobs begun before T are "
                  "replayed to their recorded end (not in outputs), jobs waiting at T are dropped, jobs submitted "
                  "from T on are scheduled");
  app->add_option("--trace_type,--trace-type", v->trace_type,
                  "standard (default) or pcon: a dr_evt CSV with avgpcon, minpcon, maxpcon per job, carried to the "
                  "schedule and summed over running jobs in the resource trace")
      ->check(CLI::IsMember({"standard", "pcon"}));
  app->add_option("--capacity_schedule,--capacity-schedule", v->capacity_schedule,
                  "CSV of time,total_nodes changes of the machine's size (times as in the trace, sizes in "
                  "[0, --total_nodes]); reductions never stop running jobs, increases trigger a pass; simulation "
                  "on a node-count machine");
  app->add_option("-t,--max_time", v->max_time,
                  "Stop after time T (inclusive), in the trace's clock: seconds (86400) or with a unit (90m, 24h, "
                  "1d), or a calendar time ('2024-05-01 08:00:00'; SWF: placed with the header's UnixStartTime, "
                  "read in -z or else its TimeZoneString). Jobs running or waiting at T are reported unfinished, "
                  "later ones not submitted");
  app->add_flag("--check", v->check, "Check the schedule invariants on every event; a violation fails the run");
  app->add_flag("--strict", v->strict, "Stop at the first bad input record instead of skipping it");
  app->add_flag("-v,--verbose", v->verbose, "Print dr_evt's per-event log");
  app->add_flag("--quiet", v->quiet, "No summary or diagnostics on the terminal");

  // Outputs.
  app->add_flag("-M,--msec_output", v->msec, "Write times with 3 decimals");
  app->add_option("--time-format", v->time_format,
                  sim ? "Output times: seconds (default), millis, exact" : "Output times: exact (default), seconds, millis");
  if (sim) {
    app->add_option("-o,--outfile", v->outfile, "Schedule CSV (default <input stem>_sim.csv)");
    app->add_option("-R,--resource_trace", v->resource_trace, "Resource CSV (default <outfile stem>_resources.csv)");
    // dr_evt options accepted for compatibility: performance knobs with no
    // effect on results here, but with dr_evt's value checks, and -G abort's
    // stop where it has one.
    app->add_option("-q,--queue_impl", v->queue_impl, "dr_evt: circular (default), deque, multimap, block (no effect)")
        ->check(CLI::IsMember({"circular", "deque", "multimap", "block"}));
    app->add_option("-Q,--block_size", v->block_size, "dr_evt: a power of 2 in 4..256 (default 128; no effect)")
        ->check(CLI::Validator(
            [](std::string& s) -> std::string {
              std::int64_t n = 0;
              if (ParseInt(s, &n) != ParseError::kOk || n < 4 || n > 256 || (n & (n - 1)) != 0)
                return "'" + EscapeControl(s) + "' is not a power of 2 in 4..256";
              return "";
            },
            "POW2 4..256", "block size"));
    app->add_option("-A,--wait_queue_capacity", v->wait_queue_capacity,
                    "dr_evt: wait-queue capacity (0 = the number of jobs); with -G abort a run whose queue "
                    "exceeds it stops with exit 1")
        ->check(IntIn(0, kIntMax));
    app->add_option("-G,--wait_queue_overflow", v->wait_queue_overflow, "dr_evt: grow (default) or abort")
        ->check(CLI::IsMember({"grow", "abort"}));
    app->add_option("-K,--job_store_capacity", v->job_store_capacity, "dr_evt (no effect)")->check(IntIn(0, kIntMax));
    app->add_option("-W,--job_store_overflow", v->job_store_overflow, "dr_evt: grow (default) or abort (no effect)")
        ->check(CLI::IsMember({"grow", "abort"}));
    app->add_option("--job_flush_interval", v->job_flush_interval, "dr_evt (no effect)")->check(IntIn(0, kIntMax));
    app->add_option("-m,--check_memory_pressure", v->check_memory_pressure, "dr_evt: a fraction in (0, 1] (no effect)")
        ->check(RealIn(0, 1, true));
    app->add_option("-H,--resource_history_capacity", v->resource_history_capacity, "dr_evt (no effect)")->check(IntIn(0, kIntMax));
    app->add_option("--num_max_candidates", v->num_max_candidates,
                    "dr_evt: EASY candidates offered to its selector (default 1); dr_evt's default selector takes "
                    "the first, so the schedule is EASY's for every N >= 1")
        ->check(IntIn(1, kIntMax));
    app->add_option("-f,--trace_format", v->trace_format,
                    "dr_evt: simple (columns by name, even under a Lassen header) or lassen (LLNL's 33-column "
                    "history); without -f, a Lassen header is detected")
        ->check(CLI::IsMember({"simple", "lassen"}));
    app->add_option("-T,--timestamp_format", v->timestamp_format, "dr_evt: epoch|iso (input is auto-detected)")
        ->check(CLI::IsMember({"epoch", "iso"}));
  } else {
    app->add_option("-o,--output-dir", v->output_dir,
                    "Directory for schedule.csv, resources.csv, jobs.csv, summary.json (default out); it is "
                    "replaced whole, so no earlier run's file stays beside this run's");
    app->add_option("--outputs", v->outputs,
                    "Files to write, comma-separated (default all that apply): schedule, resources, jobs, summary; "
                    "placements (cluster runs), timeseries and nodes (work-based runs), policy (--power-policy C); "
                    "swf (SWF simulations: schedule.swf) only when listed. For sweeps, --outputs summary skips the "
                    "per-job files")
        ->delimiter(',')
        ->check(CLI::IsMember(
            {"schedule", "resources", "jobs", "summary", "placements", "timeseries", "nodes", "policy", "swf"}));
    app->add_flag("--report", v->report,
                  "Also write report.html: one self-contained page with the summary and charts of this run "
                  "(clustersim report DIR makes one later)");
  }

  // `simulator` refuses every seed-002 option (each needs --cluster, which
  // it refuses with a pointer to `clustersim simulate`); its help does not
  // list them.
  AddClusterOptions(app, v, /*listed=*/!sim);
}

void RecordGivenOptions(const CLI::App& app, OptionValues* v) {
  for (const CLI::Option* o : app.get_options())
    if (o->count() > 0)
      for (const std::string& n : o->get_lnames()) v->given.push_back("--" + n);
}

Status CheckNoEmptyValues(const CLI::App& app) {
  // `-b "$UNSET"` in a sweep ran EASY: an empty value read as "the default".
  for (const CLI::Option* o : app.get_options()) {
    if (o->count() == 0 || o->get_items_expected_max() == 0) continue;  // not given, or a flag
    if (o->check_lname("output-dir")) continue;  // refused later with its default named
    for (const std::string& r : o->results())
      if (r.empty())
        return Status::Error(fmt::format("{}: an empty value; give one or leave the option out", o->get_name()));
  }
  return Status::Ok();
}

namespace {

// The compat preset's event timing, with each knob given overriding its value.
// *given: a knob was given on its own (a --cluster run refuses them).
Status ResolveEventTiming(const OptionValues& v, const Policy& p, EventTiming* t, bool* given) {
  *t = EventTimingOf(p.compat);
  if (!v.event_order.empty()) RETURN_IF_ERROR(ParseEnum("--event-order", v.event_order, kEventOrderNames, &t->order));
  if (!v.schedule_per.empty())
    RETURN_IF_ERROR(ParseEnum("--schedule-per", v.schedule_per, kSchedulePerNames, &t->per));
  if (!v.free_from.empty()) RETURN_IF_ERROR(ParseEnum("--free-from", v.free_from, kFreeFromNames, &t->free_from));
  *given = !v.event_order.empty() || !v.schedule_per.empty() || !v.free_from.empty();
  if (*given && p.compat == Compat::kRlScheduler)
    return Status::Error("--event-order, --schedule-per and --free-from: --compat rlscheduler has its own decision "
                         "loop (one event per step, arrivals first)");
  return Status::Ok();
}

}  // namespace

Result<RunConfig> Resolve(const OptionValues& v, Frontend fe, bool replay) {
  RunConfig c;
  c.frontend = fe;
  const bool sim = fe == Frontend::kSimulator;
  if (!v.trace.empty() && !v.infile.empty())
    return Status::Error("give the trace either as an argument or with --infile, not both");
  c.trace = v.trace.empty() ? v.infile : v.trace;
  if (!v.infile_list.empty()) {
    if (!c.trace.empty()) return Status::Error("--infile_list names the traces; give no other trace file");
    if (replay) return Status::Error("--infile_list is for simulation (dr_evt refuses replay with it)");
    c.trace = v.infile_list;
    c.trace_is_list = true;
  }
  // Joulie names its workload in the environment (power-model.md §i).
  if (c.trace.empty() && !sim) c.trace = FlagOrEnv("", "SIM_WORKLOAD_TRACE_PATH"), c.trace_from_env = !c.trace.empty();
  if (c.trace.empty())
    return Status::Error(sim ? "no trace file given (see --help)"
                             : "no trace file given: name one, or set SIM_WORKLOAD_TRACE_PATH (see --help)");
  c.replay_requested = replay;
  if (replay && !sim) RETURN_IF_ERROR(CheckReplayOptions(v));
  if (sim) c.replay_ignores = SchedulingOptionsGiven(v);
  if (v.wait_queue_overflow == "abort") c.wait_queue_abort_capacity = v.wait_queue_capacity;

  // Input.
  c.load.capacity = v.total_nodes;
  c.load.csv_default_capacity = sim ? 795 : 0;  // SWF takes its header's size
  if (v.total_nodes < 0) return Status::Error("--total_nodes must be > 0");
  if (v.procs_per_node < 0) return Status::Error("--procs-per-node must be > 0");
  c.load.swf.procs_per_node = v.procs_per_node;
  if (v.format == "csv") c.load.format = TraceFormat::kCsv;
  else if (v.format == "swf") c.load.format = TraceFormat::kSwf;
  else if (v.format == "jsonl") c.load.format = TraceFormat::kJsonl;
  else if (v.format == "lassen") c.load.format = TraceFormat::kLassen;
  else if (v.format == "trace") c.load.format = TraceFormat::kLegacyTrace;
  else if (v.format != "auto")
    return Status::Error(std::string("--format: expected auto, csv, swf, ") + (replay || sim ? "" : "jsonl, ") +
                         "lassen or trace, got '" + v.format + "'");
  // JSONL runs on a cluster, which neither a replay nor `simulator` has.
  if (c.load.format == TraceFormat::kJsonl && (replay || sim))
    return Status::Error(std::string("--format jsonl: a JSONL trace runs on a cluster of real nodes; ") +
                         (sim ? "run `clustersim simulate TRACE --cluster FILE`"
                              : "`clustersim simulate TRACE --cluster FILE` schedules it"));
  if (v.trace_format == "lassen") c.load.format = TraceFormat::kLassen;
  // dr_evt's default -f simple says how a CSV is read (by column names), not
  // that the input is one: SWF, JSONL and .trace files keep their format.
  c.load.csv_by_name = v.format == "csv" || v.trace_format == "simple";
  c.load.csv.timezone = !v.timezone.empty() ? v.timezone : (sim ? "America/Los_Angeles" : "UTC");
  c.timezone_given = !v.timezone.empty();
  c.load.csv.force_simulation = v.force_simulation;
  // dr_evt's loaders read a limit of 0 as "no limit" (its default), as the tracer does.
  const std::int64_t max_jobs = v.max_jobs == 0 ? -1 : v.max_jobs;
  c.load.csv.max_jobs = max_jobs;
  c.load.llnl.max_jobs = max_jobs;
  c.load.csv.pcon = v.trace_type == "pcon";
  c.max_jobs = max_jobs;

  // Policy and compat preset.
  Policy& p = c.engine.policy;
  RETURN_IF_ERROR(ParseEnum("--compat", v.compat.empty() ? std::string(sim ? "dr_evt" : "none") : v.compat,
                            kCompatNames, &p.compat));
  // A preset brings its input normalisation; an explicit --swf-policy wins.
  const std::string swf = !v.swf_policy.empty()                  ? v.swf_policy
                          : p.compat == Compat::kPyss           ? "pyss"
                          : p.compat == Compat::kRlScheduler    ? "rlscheduler"
                                                                : "clean";
  RETURN_IF_ERROR(ParseEnum("--swf-policy", swf, kSwfPolicyNames, &c.load.swf.policy));
  RETURN_IF_ERROR(ParseEnum("--size-source", v.size_source.empty() ? std::string("requested") : v.size_source,
                            kSizeSourceNames, &c.load.swf.size_source));
  RETURN_IF_ERROR(ParseEnum("--estimate-fill", v.estimate_fill.empty() ? std::string("run") : v.estimate_fill,
                            kEstimateFillNames, &c.load.swf.estimate_fill));
  // The knobs shape strict and clean only; other policies have their tool's
  // rules. Given at all (even at their default), they are refused there: the
  // run would not be the one the command line describes.
  const bool knobs_apply = c.load.swf.policy == SwfPolicy::kStrict || c.load.swf.policy == SwfPolicy::kClean;
  if (const auto given = GivenFlags({{!v.size_source.empty(), "--size-source"}, {!v.estimate_fill.empty(), "--estimate-fill"}});
      !knobs_apply && !given.empty())
    return Status::Error(fmt::format("{} {} --swf-policy strict and clean; {} has its tool's own rules",
                                     fmt::join(given, " and "), given.size() == 1 ? "shapes" : "shape", swf));
  // An SWF option on a trace of another format is refused once the format
  // is known (io/trace_loader.h).
  for (const auto& [given, flag] : {std::pair{!v.swf_policy.empty(), "--swf-policy"},
                                    std::pair{!v.size_source.empty(), "--size-source"},
                                    std::pair{!v.estimate_fill.empty(), "--estimate-fill"},
                                    std::pair{v.procs_per_node > 0, "--procs-per-node"}})
    if (given) c.load.swf_only_flags.emplace_back(flag);
  if (c.load.swf.policy == SwfPolicy::kStrict && !v.estimate_fill.empty())
    return Status::Error("--estimate-fill applies to --swf-policy clean (strict drops a job without a requested "
                         "time)");
  std::string order = v.policy;
  if (order == "fcfs_alt") order = "fcfs";
  if (order == "fcfs_conservative") {
    p.dr_evt_fcfs_conservative = true;
    order = "fcfs";
  }
  RETURN_IF_ERROR(ParseEnum("--policy", order, kOrderingNames, &p.ordering, {"fcfs_alt", "fcfs_conservative"}));
  const bool rl = p.compat == Compat::kRlScheduler;
  RETURN_IF_ERROR(ParseEnum("--backfill", !v.backfill.empty() ? v.backfill : rl ? "none" : "easy", kBackfillNames,
                            &p.backfill));
  const bool dr = p.compat == Compat::kDrEvt;
  if (rl && (p.ordering == Ordering::kLargest || p.ordering == Ordering::kSaf))
    return Status::Error(fmt::format("--policy {}: not one of RLScheduler's heuristics (fcfs, sjf, ljf, smallest, "
                                     "wfp3, unicep, f1-f4); use it without --compat rlscheduler",
                                     order));
  if (rl && p.backfill == Backfill::kConservative)
    return Status::Error("--compat rlscheduler has no conservative backfilling (none or easy = its greedy backfill)");
  // Conservative backfilling reserves in arrival order and compresses in
  // submit order (pyss); a priority ordering would be silently ignored.
  if (p.backfill == Backfill::kConservative && p.ordering != Ordering::kFcfs && !dr)
    return Status::Error(fmt::format("--policy {}: conservative backfilling keeps submit order; use --policy fcfs, "
                                     "or --backfill easy for a priority ordering", order));
  if (p.dr_evt_fcfs_conservative && p.backfill == Backfill::kConservative && !dr)
    return Status::Error("--policy fcfs_conservative is dr_evt's approximation of conservative backfilling (an EASY "
                         "variant); --backfill conservative is the real one: use it with --policy fcfs");
  // EASY's window test and extra-nodes rule mean nothing without EASY (dr_evt's conservative is EASY).
  if ((!v.backfill_cmp.empty() || !v.extra_nodes.empty()) &&
      (p.backfill == Backfill::kNone || (p.backfill == Backfill::kConservative && !dr)))
    return Status::Error(fmt::format("--backfill-cmp and --extra-nodes shape EASY's backfill test; --backfill {} has "
                                     "none",
                                     BackfillName(p.backfill)));
  p.backfill_strict_lt = dr || p.dr_evt_fcfs_conservative;
  p.extra_nodes = !dr && !p.dr_evt_fcfs_conservative;
  if (!v.backfill_cmp.empty()) {
    if (v.backfill_cmp != "le" && v.backfill_cmp != "lt")
      return Status::Error("--backfill-cmp: expected le or lt, got '" + v.backfill_cmp + "'");
    p.backfill_strict_lt = v.backfill_cmp == "lt";
  }
  RETURN_IF_ERROR(ParseEnum("--backfill-order", v.backfill_order, kBackfillOrderNames, &p.backfill_order, {"sjbf"}));
  if (p.backfill_order != BackfillOrderKey::kQueue) {
    if (p.backfill != Backfill::kEasy)
      return Status::Error(fmt::format("--backfill-order {} reorders EASY's backfill candidates; it needs --backfill easy",
                                       v.backfill_order));
    if (p.dr_evt_fcfs_conservative || rl || (dr && p.ordering != Ordering::kFcfs))
      return Status::Error(fmt::format("--backfill-order {}: {} has its own candidate order; use --backfill-order queue",
                                       v.backfill_order,
                                       rl ? "--compat rlscheduler" : p.dr_evt_fcfs_conservative
                                                                          ? "fcfs_conservative"
                                                                          : "dr_evt's sjf/ljf"));
  }
  c.extra_nodes_given = !v.extra_nodes.empty();
  if (!v.extra_nodes.empty()) {
    if (v.extra_nodes != "on" && v.extra_nodes != "off")
      return Status::Error("--extra-nodes: expected on or off, got '" + v.extra_nodes + "'");
    p.extra_nodes = v.extra_nodes == "on";
    // dr_evt's reservation has no extra nodes: the rule would be ignored.
    if (p.extra_nodes && (dr || p.dr_evt_fcfs_conservative))
      return Status::Error("--extra-nodes on: dr_evt's EASY reserves no extra nodes for backfill (--compat dr_evt, "
                           "fcfs_conservative); use --compat none for classic EASY");
  }
  RETURN_IF_ERROR(ParseEnum("--shadow-ties", v.shadow_ties, kShadowTiesNames, &p.shadow_ties_first));
  if (p.shadow_ties_first && (p.backfill != Backfill::kEasy || dr || rl || p.dr_evt_fcfs_conservative))
    return Status::Error("--shadow-ties first truncates classic EASY's shadow; it needs --backfill easy outside "
                         "--compat dr_evt and rlscheduler (whose reservations have no extra units)");
  bool timing_given = false;
  RETURN_IF_ERROR(ResolveEventTiming(v, p, &c.engine.timing, &timing_given));
  // A conservative reservation at t counts on every job projected to end by
  // t; a pass between two ENDs at t would start it on units still held.
  if (p.backfill == Backfill::kConservative && !dr && c.engine.timing.per == SchedulePer::kEvent &&
      c.engine.timing.free_from == FreeFrom::kActual)
    return Status::Error("--schedule-per event with conservative backfilling needs --free-from estimate: its "
                         "reservations count a job ending at its estimate as free before that job's END is "
                         "processed (pyss's snapshot)");
  if (v.conservative != "compress" && v.conservative != "rebuild")
    return Status::Error("--conservative: expected compress or rebuild, got '" + v.conservative + "'");
  p.conservative_rebuild = v.conservative == "rebuild";
  if (p.conservative_rebuild && (p.backfill != Backfill::kConservative || dr || p.dr_evt_fcfs_conservative))
    return Status::Error("--conservative rebuild re-plans conservative backfilling's profile; it needs --backfill "
                         "conservative outside --compat dr_evt (whose conservative is EASY)");
  if (v.plan_with != "limit" && v.plan_with != "actual")
    return Status::Error("--plan_with: expected limit or actual, got '" + v.plan_with + "'");
  p.plan_with_actual = v.plan_with == "actual";
  // dr_evt never kills a job at its limit (its uniform run times can exceed
  // it), nor does RLScheduler (swf-and-metrics §2.3) unless pyss's timing
  // (which frees jobs at their estimate) needs the kill; everything else
  // defaults to the kill.
  const bool rl_input =
      c.load.swf.policy == SwfPolicy::kRlScheduler && c.engine.timing.free_from != FreeFrom::kEstimate;
  const std::string overrun = !v.overrun.empty() ? v.overrun : dr || rl_input ? "allow" : "clip";
  if (overrun != "clip" && overrun != "allow")
    return Status::Error("--overrun: expected clip or allow, got '" + overrun + "'");
  c.engine.overrun = overrun == "clip" ? Overrun::kClip : Overrun::kAllow;
  if (c.engine.timing.free_from == FreeFrom::kEstimate && c.engine.overrun == Overrun::kAllow)
    return Status::Error("--free-from estimate frees a job at its estimate; with --overrun allow it may still run "
                         "then (use --overrun clip)");
  c.load.csv.skip_overruns = dr;
  c.load.csv.ids_from_column = fe == Frontend::kClustersim;

  // Run times.
  RETURN_IF_ERROR(ParseEnum("--run_time_mode", v.run_time_mode, kRunTimeModeNames, &c.run_time.mode));
  RETURN_IF_ERROR(
      ParseEnum("--run_time_distribution", v.run_time_distribution, kDistributionNames, &c.run_time.distribution));
  // The dr_evt profile selects dr_evt's formulas (dr_evt-compat.md §5.2);
  // `simulator` keeps the seed's by default (its own contract).
  const bool dr_formulas = dr && fe == Frontend::kClustersim;
  RETURN_IF_ERROR(ParseEnum("--run_time_compat",
                            !v.run_time_compat.empty() ? v.run_time_compat : dr_formulas ? "dr_evt" : "spec",
                            kRunTimeCompatNames, &c.run_time.compat));
  if (fe == Frontend::kClustersim && c.run_time.mode != RunTimeMode::kDistribution &&
      (v.run_time_scale != 1.0 || v.run_time_stddev != 0.0 || v.run_time_distribution != "normal"))
    return Status::Error("--run_time_distribution, --run_time_scale and --run_time_stddev shape sampled run times; add "
                         "--run_time_mode distribution");
  c.run_time.scale = v.run_time_scale;
  c.run_time.stddev = v.run_time_stddev;
  c.run_time.strict = v.strict;
  const std::string seed_text = !v.seed.empty() ? v.seed : rl ? "1" : "0";
  if (seed_text == "random") {
    c.run_time.seed = std::random_device{}();
  } else {
    RETURN_IF_ERROR(ParseUnsigned("--seed", seed_text, 0, UINT64_MAX, "an unsigned 64-bit integer or 'random'",
                                  &c.run_time.seed));
  }
  RETURN_IF_ERROR(ValidateRunTimeOptions(c.run_time));

  // Slicing and limits.
  if (!v.jobs.empty()) {
    const auto colon = v.jobs.find(':');
    std::int64_t a = 0, b = 0;
    if (colon == std::string::npos || ParseInt(std::string_view(v.jobs).substr(0, colon), &a) != ParseError::kOk ||
        ParseInt(std::string_view(v.jobs).substr(colon + 1), &b) != ParseError::kOk || a < 0 || b < 0)
      return Status::Error("--jobs: expected START:COUNT with non-negative integers, got '" + v.jobs + "'");
    c.slice_start = a;
    c.slice_count = b;
  }
  if (!v.max_time.empty())
    RETURN_IF_ERROR(ParseTraceTime("--max_time", v.max_time, c.load.csv.timezone, &c.engine.max_time,
                                   &c.max_time_calendar));
  if (!v.sim_start_time.empty()) {
    RETURN_IF_ERROR(ParseTraceTime("--sim_start_time", v.sim_start_time, c.load.csv.timezone, &c.warm_start,
                                   &c.warm_start_calendar));
    if (replay) return Status::Error("--sim_start_time simulates from T; use `clustersim simulate`");
    if (rl) return Status::Error("--sim_start_time: --compat rlscheduler evaluates windows on an empty machine");
    if (!v.jobs.empty()) return Status::Error("--sim_start_time and --jobs both choose where the run starts; give one");
  }
  if (!v.capacity_schedule.empty()) {
    if (replay) return Status::Error("--capacity_schedule changes what a scheduler may start; replay keeps the trace's times");
    if (rl) return Status::Error("--capacity_schedule: --compat rlscheduler evaluates windows on a fixed machine");
    if (c.engine.policy.compat == Compat::kPyss)
      return Status::Error("--capacity_schedule: pyss has no capacity schedule to reproduce; use --compat none or dr_evt");
    c.capacity_schedule_file = v.capacity_schedule;
  }

  c.bsld_tau_s = v.bsld_tau;
  if (rl && v.bsld_tau != 10)
    return Status::Error("--bsld-tau: --compat rlscheduler scores its windows with RLScheduler's tau of 10 s");
  if (!rl)
    for (const char* flag : {"--rl-windows", "--rl-window-size", "--rl-job-slice"})
      if (v.Given(flag))
        return Status::Error(fmt::format("{} sets RLScheduler's window evaluation; it needs --compat rlscheduler", flag));
  if (rl && replay)
    return Status::Error("--compat rlscheduler evaluates RLScheduler's windows, a simulation; a replay keeps the "
                         "trace's recorded times (--swf-policy rlscheduler reads the log as RLScheduler does)");
  if (rl) {
    if (v.rl_windows <= 0 || v.rl_window_size <= 0)
      return Status::Error("--rl-windows and --rl-window-size must be > 0");
    c.rl.windows = v.rl_windows;
    c.rl.window_size = v.rl_window_size;
    c.rl.job_slice = v.rl_job_slice;
    c.rl.seed = c.run_time.seed;
    c.rl.ordering = p.ordering;
    c.rl.backfill = p.backfill == Backfill::kEasy;
  }
  c.check = v.check;
  // RLScheduler's windows run their own loop on the SWF's run times.
  if (const auto given = GivenFlags({{v.check, "--check"}, {!v.max_time.empty(), "--max_time"}}); rl && !given.empty())
    return Status::Error(fmt::format("{}: --compat rlscheduler evaluates whole windows with its own loop; {} would be "
                                     "ignored",
                                     fmt::join(given, ", "), given.size() == 1 ? "it" : "they"));
  c.strict = v.strict;
  c.verbose = v.verbose;
  c.quiet = v.quiet;
  c.time_format = sim ? TimeFormat::kSeconds : TimeFormat::kExact;
  if (v.msec) c.time_format = TimeFormat::kMillis;
  if (!v.time_format.empty()) {
    if (v.time_format == "exact") c.time_format = TimeFormat::kExact;
    else if (v.time_format == "seconds") c.time_format = TimeFormat::kSeconds;
    else if (v.time_format == "millis") c.time_format = TimeFormat::kMillis;
    else return Status::Error("--time-format: expected exact, seconds or millis, got '" + v.time_format + "'");
  }
  c.output_dir = v.output_dir;
  auto wants = [&](const char* name) { return std::find(v.outputs.begin(), v.outputs.end(), name) != v.outputs.end(); };
  c.write_schedule = wants("schedule");
  c.write_resources = wants("resources");
  c.write_jobs = wants("jobs");
  c.write_summary = wants("summary");
  c.write_placements = wants("placements");
  c.write_timeseries = wants("timeseries");
  c.write_nodes = wants("nodes");
  c.write_policy = wants("policy");
  c.write_swf = wants("swf");
  c.write_report = v.report;
  // rlscheduler's windows are separate runs: no one schedule or job file.
  // Asking for one wrote nothing without a word.
  if (p.compat == Compat::kRlScheduler && v.outputs != OptionValues{}.outputs)
    for (const std::string& o : v.outputs)
      if (o != "summary")
        return Status::Error("--outputs " + o +
                             ": --compat rlscheduler evaluates windows, each its own run, and writes windows.csv "
                             "and summary.json only; list summary or leave --outputs out");
  if (c.write_report && !c.write_summary)
    return Status::Error("--report: the report is built from summary.json; add summary to --outputs");
  // Options of timeseries.csv without it: nothing would be written.
  // (An interval equal to the default cannot be told from none given.)
  const char* ts_flag = nullptr;
  if (!v.timeseries_nodes.empty()) ts_flag = "--timeseries-nodes";
  else if (v.timeseries_every_event) ts_flag = "--timeseries-every-event";
  else if (v.timeseries_interval != OptionValues{}.timeseries_interval) ts_flag = "--timeseries-interval";
  if (!c.write_timeseries && ts_flag != nullptr)
    return Status::Error(std::string(ts_flag) +
                         " shapes timeseries.csv (and node_timeseries.csv beside it); add timeseries to --outputs");
  c.schedule_file = v.outfile;
  c.resource_file = v.resource_trace;
  RETURN_IF_ERROR(ResolveClusterOptions(v, &c));
  // (A preset's timing on a cluster is refused with the preset's name, cli/cluster_setup.cc.)
  if (!c.cluster.cluster_file.empty() && (timing_given || p.shadow_ties_first))
    return Status::Error("--event-order, --schedule-per, --free-from and --shadow-ties shape the node-count engine; a "
                         "--cluster run keeps the clean default's (ENDs first, one pass per time)");
  // Files only a cluster run writes, asked for without one: nothing was
  // written, exit 0.
  if (c.cluster.cluster_file.empty() && v.outputs != OptionValues{}.outputs)
    for (const char* name : {"placements", "timeseries", "nodes", "policy"})
      if (wants(name))
        return Status::Error(fmt::format(
            "--outputs {}: {}.csv is written by runs on a cluster; {}leave {} out", name, name,
            replay                                   ? "a replay has none, so "
            : std::string_view(name) == "placements" ? "add --cluster FILE or "
                                                     : "add --cluster FILE (and, for an SWF/CSV trace, --execution work) or ",
            name));
  return c;
}

}  // namespace clustersim
