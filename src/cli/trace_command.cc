#include "cli/trace_command.h"

#include <chrono>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/option_checks.h"
#include "cli/run_summary.h"
#include "io/local_time.h"
#include "io/number_parse.h"
#include "io/swf_reader.h"
#include "io/output_set.h"
#include "io/resource_trace.h"
#include "io/swf_policy.h"
#include "io/temp_registry.h"
#include "io/text_sink.h"
#include "io/trace_loader.h"
#include "model/text_escape.h"
#include "report/tracer.h"
#include "sim/engine.h"

namespace clustersim {

namespace {

struct TraceCommandOptions {
  std::string trace, infile, format = "auto", zone = "PST8PDT", swf_policy;  // swf_policy "": clean
  std::string per_job, dat, hours, summary, resources, queues, max_time;
  std::int64_t total_nodes = 0, max_jobs = 0, history = 0;
  bool dr_evt_min_sub = false;
};

constexpr const char* kFooter = R"(Reports (each written only when asked for):
  -o  one row per job: no.,num_nodes,begin_time,end_time,submit_time,time_limit,wait_time,exec_time,
      busy_nodes,queue,DAT (local times; busy nodes when it was submitted)
  -d  DAT periods: "DAT: started at <t> until <t>"
  -s  batch submissions per local hour of every week: index<TAB>jobs<TAB>availability
  -m  the 168 hours of the week summarised over the weeks
  -r  resource trace: time,free_nodes,allocated_nodes at every start and end
  --queues  per queue: jobs, node-seconds, mean nodes, mean and max wait, mean run, mean busy nodes
            at submit, jobs submitted during a DAT
Example:
  clustersim trace lassen_history.csv -o jobs.csv -d dat.txt -s hours.txt -m summary.txt
)";

int Fail(const char* prog, std::ostream& err, const std::string& message) {
  fmt::print(err, "{}: error: {}\n", prog, EscapeControl(message));
  return 1;
}

}  // namespace

int RunTraceCommand(int argc, char** argv, TracerFrontend frontend, std::ostream& out, std::ostream& err) {
  const bool dr = frontend == TracerFrontend::kDrEvt;
  const char* prog = dr ? "tracer" : "clustersim trace";
  const auto t0 = std::chrono::steady_clock::now();
  CLI::App app{std::string(prog) + ": what a historical trace says about its machine (dr_evt's tracer)", prog};
  app.footer(kFooter);
  if (dr) app.set_version_flag("--version", "tracer (clustersim " CLUSTERSIM_VERSION ")");
  TraceCommandOptions o;
  app.add_option("trace", o.trace, "Replay-format trace: Lassen history, dr_evt CSV with begin/end, SWF, .trace");
  if (dr) app.add_option("-i,--infile", o.infile, "The trace (instead of the argument)");
  app.add_option("-o,--outfile", o.per_job, "Per-job report (CSV)");
  app.add_option("-d,--datfile", o.dat, "DAT periods");
  app.add_option("-s,--subfile", o.hours, "Batch submissions per hour of each week");
  app.add_option("-m,--subsumf", o.summary, "The 168-hour summary");
  app.add_option("-r,--resource_trace", o.resources, "Resource trace (time,free_nodes,allocated_nodes)");
  app.add_option("--queues", o.queues, "Statistics per queue (CSV; a clustersim report, not dr_evt's)");
  app.add_option("-n,--total_nodes", o.total_nodes,
                 "Machine size: free nodes in -r, busy nodes during a DAT (default: the trace's, else 795)")
      ->check(IntIn(1, kMaxInputCount));
  app.add_option("-j,--max_jobs", o.max_jobs,
                 dr ? "Read at most this many lines of a CSV, Lassen or .trace file, kept or not, as dr_evt's tracer "
                      "(SWF: jobs) (0 = all)"
                    : "Read at most this many jobs (0 = all)")
      ->check(IntIn(0, kIntMax));
  app.add_option("-z,--timezone", o.zone, "IANA zone of the local times (default PST8PDT, as dr_evt)");
  app.add_option("--format", o.format, "auto, csv, swf, lassen, trace")
      ->check(CLI::IsMember({"auto", "csv", "swf", "lassen", "trace"}));
  app.add_flag("--dr-evt-min-sub", o.dr_evt_min_sub, "-m: write min_sub as dr_evt does (always 0)");
  app.add_option("--swf-policy,--swf_policy", o.swf_policy,
                 "SWF normalisation, as for simulate: clean (default), strict, pyss, pyss-strong, rlscheduler, "
                 "batsim");
  if (dr) {
    app.add_option("-t,--max_time", o.max_time, "dr_evt: accepted, no effect (its tracer never uses it)");
    app.add_option("-H,--resource_history_capacity", o.history, "dr_evt: no effect")->check(IntIn(0, kIntMax));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return ExitOnParseError(app, e, prog, out, err);
  }
  if (!o.trace.empty() && !o.infile.empty()) return Fail(prog, err, "give the trace either as an argument or with -i, not both");
  const std::string path = o.trace.empty() ? o.infile : o.trace;
  if (path.empty()) return Fail(prog, err, "no trace file given (see --help)");
  if (Status st = CheckNamedOutputs({{"-o", o.per_job},
                                     {"-d", o.dat},
                                     {"-s", o.hours},
                                     {"-m", o.summary},
                                     {"-r", o.resources},
                                     {"--queues", o.queues}},
                                    {path});
      !st.ok())
    return Fail(prog, err, st.message());

  LoadOptions lo;
  lo.format = o.format == "csv"      ? TraceFormat::kCsv
              : o.format == "swf"    ? TraceFormat::kSwf
              : o.format == "lassen" ? TraceFormat::kLassen
              : o.format == "trace"  ? TraceFormat::kLegacyTrace
                                     : TraceFormat::kAuto;
  lo.capacity = o.total_nodes;
  lo.csv_default_capacity = 795;
  lo.csv.timezone = o.zone;
  lo.swf.replay = true;
  if (o.swf_policy.empty()) {
    o.swf_policy = "clean";
  } else {
    lo.swf_only_flags.emplace_back("--swf-policy");  // refused on a trace of another format, as in simulate
  }
  if (Status st = ParseEnum("--swf-policy", o.swf_policy, kSwfPolicyNames, &lo.swf.policy); !st.ok())
    return Fail(prog, err, st.message());
  // dr_evt's tracer counts -j in lines read, filtered and bad ones too
  // (dr_evt-compat.md §3, §11); `clustersim trace` in jobs loaded.
  if (o.max_jobs > 0 && dr) lo.csv.max_lines = lo.llnl.max_lines = o.max_jobs;
  if (o.max_jobs > 0 && !dr) lo.csv.max_jobs = lo.llnl.max_jobs = o.max_jobs;
  Diagnostics diag(&err);
  auto loaded = LoadTrace(path, lo, &diag);
  if (!loaded.ok()) return Fail(prog, err, loaded.status().message());
  LoadedTrace lt = loaded.take();
  Workload w = std::move(lt.workload);
  // No job to report on: say why instead of "0 jobs have been loaded" and
  // exit 0, as a run would (cli/run.cc).
  if (w.jobs.empty()) return Fail(prog, err, NoJobReason(path, lt.format, diag, ""));
  // SWF times count from the log's start: its header places them on the
  // calendar (UnixStartTime) and names their zone (TimeZoneString).
  SimTime calendar_shift = 0;  // undone for -r, which is the replay's own file
  if (lt.format == TraceFormat::kSwf) {
    const SwfCalendar calendar = SwfCalendarOf(w.header);
    calendar_shift = calendar.start.value_or(0) * kTicksPerSecond;
    if (calendar_shift != 0)
      for (Job& j : w.jobs) j.submit += calendar_shift, j.begin += calendar_shift;
    if (!calendar.zone.empty() && app.get_option("--timezone")->count() == 0) o.zone = calendar.zone;
    if (!calendar.start && !calendar.start_text.empty())
      diag.Report(path, 0, "bad_unix_start_time",
                  fmt::format("the header's UnixStartTime '{}' is not a time (0 to {} s); the log's times count "
                              "from the epoch, 1970-01-01 UTC",
                              calendar.start_text, kMaxInputSeconds),
                  Severity::kWarning);
  }
  auto clock = LocalClock::Create(o.zone);
  if (!clock.ok()) return Fail(prog, err, "--timezone: " + clock.status().message());
  if (w.mode != TraceMode::kReplay)
    return Fail(prog, err, path + ": the tracer reads recorded start and end times; this trace has none (CSV: "
                                  "begin_time and end_time; SWF: wait time)");
  if (o.max_jobs > 0 && w.jobs.size() > static_cast<std::size_t>(o.max_jobs))
    KeepJobRange(&w, 0, static_cast<std::size_t>(o.max_jobs));
  if (w.capacity <= 0) w.capacity = 795;
  TracerOptions to;
  to.total_nodes = o.total_nodes > 0 ? o.total_nodes : w.capacity;
  to.dr_evt_min_sub = o.dr_evt_min_sub;
  to.hours_of_week = !o.hours.empty() || !o.summary.empty();
  if (to.hours_of_week) {
    const SimTime first = w.jobs.front().submit, last = w.jobs.back().submit;
    constexpr SimTime kWeek = 7 * 86400 * kTicksPerSecond;
    // The calendar weeks (Sunday 00:00 local) from the first submission's to
    // the last's, as the reports count them (rounded: DST moves a week's
    // start by an hour).
    const std::int64_t weeks =
        (clock.value()->WeekStart(last) - clock.value()->WeekStart(first) + kWeek / 2) / kWeek + 1;
    if (weeks > kMaxHourOfWeekWeeks)
      return Fail(prog, err,
                  fmt::format("{}: the submissions span {} calendar weeks ({} to {}); the hour-of-week reports "
                              "(-s, -m) stop at {} weeks (192 years): check the trace's times",
                              path, weeks, clock.value()->Format(first), clock.value()->Format(last),
                              kMaxHourOfWeekWeeks));
  }
  const TraceAnalysis a = AnalyseTrace(w, *clock.value(), to);

  // Every report is built first, then written: a bad output path leaves
  // no report of this run half written beside the others' old ones.
  std::vector<std::pair<std::string, std::string>> files;
  if (!o.per_job.empty()) files.emplace_back(o.per_job, PerJobReport(w, a, *clock.value()));
  if (!o.dat.empty()) files.emplace_back(o.dat, DatReport(a, *clock.value()));
  if (!o.hours.empty()) files.emplace_back(o.hours, HourOfWeekReport(a));
  if (!o.summary.empty()) files.emplace_back(o.summary, HourOfWeekSummary(a, to));
  if (!o.queues.empty()) files.emplace_back(o.queues, QueueReport(w, a));
  if (!o.resources.empty()) {
    // Whole seconds, as every dr_evt output time (§2.5; the tracer has no -M).
    ResourceTrace rt(to.total_nodes, TimeFormat::kSeconds);
    w.capacity = to.total_nodes;
    // The tracer reads its input as LLNL's history whatever its format: its
    // busy_nodes leave pall jobs out, and so does the occupancy (§4).
    w.llnl_history = true;
    // On the trace's clock, as `clustersim replay` writes resources.csv:
    // the two files compare line for line.
    Workload on_trace_clock = w;
    for (Job& j : on_trace_clock.jobs) j.submit -= calendar_shift, j.begin -= calendar_shift;
    Replay(on_trace_clock, EngineOptions{}, {&rt}, &diag);
    files.emplace_back(o.resources, rt.csv());
  }
  {
    const DeferSignals all_or_none;  // an interrupt publishes every file or none
    // Every path is checked and its temporary written before any file is
    // published: a directory given as -m left -o replaced and -m old.
    std::vector<std::unique_ptr<AtomicFileSink>> sinks;
    for (const auto& [name, text] : files) {
      sinks.push_back(std::make_unique<AtomicFileSink>(name));
      if (Status st = sinks.back()->Open(); !st.ok()) return Fail(prog, err, st.message());
      sinks.back()->buf.assign(text);
      // Written out and closed here: a write error (a full disk) comes
      // before any file is published.
      if (Status st = sinks.back()->Close(); !st.ok()) return Fail(prog, err, st.message());
    }
    for (auto& sink : sinks)
      if (Status st = sink->Commit(); !st.ok()) return Fail(prog, err, st.message());
  }

  fmt::print(out, "{} jobs have been loaded.\n", w.jobs.size());
  {
    RunInfo info;  // for the label of changes: the SWF policy that made them
    if (lt.format == TraceFormat::kSwf) info.swf_policy = o.swf_policy;
    for (const std::string& line : InputReport(info, diag)) fmt::print(err, "{}: {}\n", prog, line);
  }
  if (!w.jobs.empty())
    fmt::print(out, "Trace from {} {} to {} {}\n", clock.value()->Format(a.span_begin),
               WeekdayName(clock.value()->Weekday(a.span_begin)), clock.value()->Format(a.span_end),
               WeekdayName(clock.value()->Weekday(a.span_end)));
  if (!o.hours.empty() || !o.summary.empty()) fmt::print(out, "Number of weeks: {}\n", a.submissions.size());
  fmt::print(out, "Wall clock time to process trace: {:.6g} (sec)\n",
             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  return 0;
}

}  // namespace clustersim
