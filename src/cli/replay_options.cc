#include "cli/replay_options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join

#include <CLI/CLI.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cluster_options.h"
#include "model/name_table.h"
#include "sim/run_time_model.h"

namespace clustersim {

// `clustersim replay` keeps the trace's times: the options that choose how a
// simulation schedules or draws run times would be ignored, so they are
// refused (named), rather than recorded as if they had been used.
std::vector<std::string> SchedulingOptionsGiven(const OptionValues& v) {
  std::vector<std::string> given;
  auto note = [&](bool set, const char* flag) {
    if (set || v.Given(flag)) given.emplace_back(flag);
  };
  note(v.policy != "fcfs", "--policy");
  note(!v.backfill.empty(), "--backfill");
  // (--compat stays: in a replay it picks the SWF normalisation, dr_evt's or
  // pyss's; rlscheduler's windows and joulie's cluster are refused where the
  // preset is resolved.)
  note(v.conservative != "compress", "--conservative");
  note(!v.backfill_cmp.empty(), "--backfill-cmp");
  note(!v.extra_nodes.empty(), "--extra-nodes");
  note(v.shadow_ties != "include", "--shadow-ties");
  note(v.backfill_order != "queue", "--backfill-order");
  note(!v.event_order.empty(), "--event-order");
  note(!v.schedule_per.empty(), "--schedule-per");
  note(!v.free_from.empty(), "--free-from");
  note(!v.overrun.empty(), "--overrun");
  note(v.plan_with != "limit", "--plan_with");
  // --run_time_mode actual is what a replay does: taken.
  RunTimeMode mode = RunTimeMode::kActual;
  if (ParseEnumName(kRunTimeModeNames, v.run_time_mode, &mode) && mode != RunTimeMode::kActual)
    given.emplace_back("--run_time_mode");
  note(v.run_time_distribution != "normal", "--run_time_distribution");
  note(v.run_time_scale != 1.0 || v.run_time_stddev != 0.0 || v.Given("--run_time_scale") || v.Given("--run_time_stddev"),
       "--run_time_scale/--run_time_stddev");
  note(!v.run_time_compat.empty(), "--run_time_compat");
  note(!v.seed.empty(), "--seed");
  note(v.force_simulation, "--force-simulation");
  return given;
}

Status CheckReplayOptions(const OptionValues& v) {
  const std::vector<std::string> given = SchedulingOptionsGiven(v);
  if (given.empty()) return Status::Ok();
  return Status::Error(fmt::format("{}: a replay keeps the trace's recorded times, so {} would be ignored; schedule "
                                   "the trace with `clustersim simulate --force-simulation`",
                                   fmt::join(given, ", "), given.size() == 1 ? "it" : "they"));
}

void UnlistReplayRefusedOptions(CLI::App* app) {
  for (const char* flag : {"--policy", "--backfill", "--conservative", "--backfill-cmp", "--extra-nodes",
                           "--shadow-ties", "--backfill-order", "--event-order", "--schedule-per", "--free-from",
                           "--overrun", "--plan_with", "--run_time_mode", "--run_time_distribution",
                           "--run_time_scale", "--run_time_stddev", "--run_time_compat", "--seed",
                           "--force-simulation",
                           // refused where they are resolved: simulation only
                           "--infile_list", "--sim_start_time", "--capacity_schedule",
                           // RLScheduler's windows are a simulation (--compat rlscheduler is refused)
                           "--rl-windows", "--rl-window-size", "--rl-job-slice"})
    if (CLI::Option* o = app->get_option_no_throw(flag); o != nullptr) o->group("");
  // A replay has no cluster: each of the cluster model's options is refused,
  // with `clustersim simulate --cluster` named in the message.
  for (CLI::Option* o : app->get_options())
    if (o->get_group() == kClusterOptionGroup) o->group("");
  // And the values a replay refuses: JSONL runs on a cluster, rlscheduler's
  // windows are a simulation.
  if (CLI::Option* o = app->get_option_no_throw("--compat"); o != nullptr)
    o->description("Semantics preset: none (default), dr_evt, pyss (a replay takes its SWF normalisation)");
  if (CLI::Option* o = app->get_option_no_throw("trace"); o != nullptr)
    o->description("Trace file with recorded start and end times: dr_evt CSV, SWF(.gz), Lassen history, .trace");
  if (CLI::Option* o = app->get_option_no_throw("--format"); o != nullptr)
    o->description("Input format: auto, csv, swf, lassen (LLNL's 33-column history), trace (LLNL's legacy "
                   "whitespace trace) (default auto: by name, then content)");
}

}  // namespace clustersim
