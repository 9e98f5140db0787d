#pragma once
// The tracer (dr_evt-compat §10.4): what a historical trace says about the
// machine it ran on, from its recorded times alone. For each job, the nodes
// busy when it was submitted and whether a dedicated access time (DAT) was
// on; the DAT periods; batch submissions per local hour of the week and a
// 168-slot summary of them; statistics per queue; the trace's span.
//
// Queues. When the trace carries LLNL's legacy queue names (Lassen, a CSV
// `queue` column; model/legacy_queue.h) `pall` jobs reserve the whole
// machine: they are not counted in busy nodes, and while one runs a
// submitted job sees the whole machine busy (DAT = Yes); only `pbatch*`
// jobs count as batch submissions. Other traces have no DAT, and every job
// is a batch submission.
//
// Fixes to dr_evt's tracer (each a documented clustersim decision):
// every DAT period is reported once (dr_evt can drop the last and repeat
// others), every calendar week from the first submission to the last gets
// its 168 rows (dr_evt omits weeks without a batch submission), the hour
// boundaries follow the zone's DST rules, and min_sub is the true minimum
// (`dr_evt_min_sub` keeps dr_evt's constant 0).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "io/local_time.h"
#include "model/workload.h"

namespace clustersim {

struct TracerOptions {
  std::int64_t total_nodes = 795;  // the busy nodes a DAT shows (dr_evt: Lassen's 795)
  bool dr_evt_min_sub = false;
  // The hour-of-week statistics (-s, -m): 168 slots per calendar week from
  // the first submission to the last, so only when a report asks for them.
  bool hours_of_week = true;
};

// The hour-of-week reports refuse traces whose submissions span more
// calendar weeks than this (192 years): one mistyped time would otherwise
// ask for gigabytes of rows (a 1970-to-33658 span: 1.7 M weeks, 4 GB).
inline constexpr std::int64_t kMaxHourOfWeekWeeks = 10'000;

struct DatPeriod {
  SimTime start = 0, end = 0;
};

struct TraceAnalysis {
  std::vector<std::int64_t> busy_at_submit;  // by job index
  std::vector<std::uint8_t> dat;             // by job index: submitted during a DAT (pall jobs: always)
  std::vector<DatPeriod> dat_periods;
  bool legacy_queues = false;
  // Hour-of-week statistics: weeks_[k][s], s = local weekday * 24 + hour.
  std::vector<std::array<std::int64_t, 168>> submissions;
  std::vector<std::array<double, 168>> availability;  // fraction of the hour outside DATs; 0 = blocked
  SimTime span_begin = 0, span_end = 0;
};

// REQUIRES: w is a replay (recorded begin and run times), jobs in submit order.
TraceAnalysis AnalyseTrace(const Workload& w, const LocalClock& clock, const TracerOptions& o);

// The queue name a report prints: dr_evt groups pbatch0-3 as pbatch and
// prints exempt/expedite as pexempt/pexpedite; a numeric queue prints as is.
std::string TraceQueueName(const Workload& w, const Job& j);

// The reports, each a whole file's text.
std::string PerJobReport(const Workload& w, const TraceAnalysis& a, const LocalClock& clock);  // -o, CSV
std::string DatReport(const TraceAnalysis& a, const LocalClock& clock);                       // -d
std::string HourOfWeekReport(const TraceAnalysis& a);                                         // -s
std::string HourOfWeekSummary(const TraceAnalysis& a, const TracerOptions& o);                // -m
// One CSV row per queue (as TraceQueueName prints it, sorted by name): its
// jobs, node-seconds, mean nodes, mean and maximum wait, mean run, mean
// busy nodes at submit, and how many were submitted during a DAT. A
// clustersim report (`--queues`); dr_evt's tracer has none.
std::string QueueReport(const Workload& w, const TraceAnalysis& a);

}  // namespace clustersim
