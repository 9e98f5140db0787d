// dr_evt "simple" CSV reader (dr_evt-compat.md §2.1, §2.2, §2.5, §3) on
// inline text. Error-message shapes for bad files are in bad_input_test.cc.

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/csv_reader.h"
#include "io/trace_loader.h"
#include "model/diagnostics.h"

namespace clustersim {
namespace {

struct Read {
  Result<Workload> w = Status::Error("not run");
  Diagnostics diag;
};

// The Diagnostics sink must outlive the call, so the result owns it.
std::unique_ptr<Read> ReadCsv(const std::string& text, CsvReadOptions o = {}) {
  auto r = std::make_unique<Read>();
  r->w = ReadDrEvtCsv(text, "t.csv", o, &r->diag);
  return r;
}

const Workload& Ok(const std::unique_ptr<Read>& r) {
  EXPECT_TRUE(r->w.ok()) << r->w.status().message();
  static const Workload kEmpty;
  return r->w.ok() ? r->w.value() : kEmpty;
}

// ---- Column names and aliases (§2.1) ----

TEST(CsvReader, ColumnsInAnyOrderWithAliases) {
  auto r = ReadCsv("walltime,num_nodes,submit_time\n100,4,5\n");
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.mode, TraceMode::kSimulation);
  EXPECT_EQ(w.jobs[0].submit, Seconds(5));
  EXPECT_EQ(w.jobs[0].units, 4);
  EXPECT_EQ(w.jobs[0].time_limit, Seconds(100));
}

TEST(CsvReader, EveryLimitAndActualAliasIsAccepted) {
  for (const char* submit : {"job_submit_time", "submit_time"})
    for (const char* limit : {"time_limit", "timelimit", "walltime"})
      for (const char* actual : {"actual_run_time", "actual_runtime", "duration", "actual_duration", "run_time"}) {
        const std::string text =
            std::string(actual) + ",num_nodes," + limit + ",queue," + submit + "\n60,4,100,pbatch,7\n";
        auto r = ReadCsv(text);
        const Workload& w = Ok(r);
        ASSERT_EQ(w.jobs.size(), 1u) << text;
        EXPECT_EQ(w.mode, TraceMode::kSimulation) << text;
        EXPECT_EQ(w.jobs[0].submit, Seconds(7)) << text;
        EXPECT_EQ(w.jobs[0].time_limit, Seconds(100)) << text;
        EXPECT_EQ(w.jobs[0].run_time, Seconds(60)) << text;
        EXPECT_TRUE(w.has_run_time) << text;
      }
}

TEST(CsvReader, FirstAliasInListOrderWins) {
  // Both submit names present: job_submit_time wins wherever it stands.
  auto r = ReadCsv("submit_time,job_submit_time,num_nodes,walltime,time_limit,run_time,actual_run_time\n"
                   "1,2,4,50,100,10,20\n");
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].submit, Seconds(2));
  EXPECT_EQ(w.jobs[0].time_limit, Seconds(100));
  EXPECT_EQ(w.jobs[0].run_time, Seconds(20));
}

TEST(CsvReader, UnknownColumnsAreIgnored) {
  auto r = ReadCsv("user,job_submit_time,exit_status,num_nodes,avgpcon,time_limit,notes\n"
                   "alice,3,0,8,123.4,60,\"hello, world\"\n");
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].submit, Seconds(3));
  EXPECT_EQ(w.jobs[0].units, 8);
  EXPECT_EQ(w.jobs[0].time_limit, Seconds(60));
  EXPECT_EQ(r->diag.counts().size(), 0u);
}

TEST(CsvReader, QuotedFieldsAndTrailingWhitespace) {
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit \n\"1\", 4 ,\"100\"  \n2 ,5,60\t\n");
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 2u);
  EXPECT_EQ(w.jobs[0].units, 4);
  EXPECT_EQ(w.jobs[0].time_limit, Seconds(100));
  EXPECT_EQ(w.jobs[1].submit, Seconds(2));
  EXPECT_EQ(r->diag.counts().size(), 0u);
}

TEST(CsvReader, MissingActualColumnMeansRunTimeUnknown) {
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit\n0,4,100\n");
  const Workload& w = Ok(r);
  EXPECT_FALSE(w.has_run_time);
}

TEST(CsvReader, QueueColumns) {
  auto q = ReadCsv("job_submit_time,num_nodes,time_limit,q_id\n0,4,100,3\n1,4,100,1\n");
  const Workload& wq = Ok(q);
  EXPECT_TRUE(wq.has_queue_column);
  EXPECT_EQ(wq.queue_column, "q_id");
  ASSERT_EQ(wq.jobs.size(), 2u);
  EXPECT_EQ(wq.jobs[0].queue, 3);
  EXPECT_EQ(wq.jobs[1].queue, 1);

  auto n = ReadCsv("job_submit_time,num_nodes,time_limit,queue\n0,4,100,pbatch\n1,4,100,pdebug\n2,4,100,pbatch\n");
  const Workload& wn = Ok(n);
  EXPECT_EQ(wn.queue_column, "queue");
  ASSERT_EQ(wn.queue_names, (std::vector<std::string>{"pbatch", "pdebug"}));
  ASSERT_EQ(wn.jobs.size(), 3u);
  EXPECT_EQ(wn.jobs[0].queue, 0);
  EXPECT_EQ(wn.jobs[1].queue, 1);
  EXPECT_EQ(wn.jobs[2].queue, 0);

  auto none = ReadCsv("job_submit_time,num_nodes,time_limit\n0,4,100\n");
  EXPECT_FALSE(Ok(none).has_queue_column);
}

// ---- Mode detection (§2.2) ----

TEST(CsvReader, BeginAndEndIsReplay) {
  auto r = ReadCsv("job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,5,65,4,100\n");
  const Workload& w = Ok(r);
  EXPECT_EQ(w.mode, TraceMode::kReplay);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].begin, Seconds(5));
  EXPECT_EQ(w.jobs[0].run_time, Seconds(60));
  EXPECT_EQ(w.jobs[0].time_limit, Seconds(100));
}

TEST(CsvReader, BeginAndDurationIsReplayWithEndBeginPlusDuration) {
  // Spec column of §2.2 (dr_evt rejects this header; clustersim follows the spec).
  auto r = ReadCsv("job_submit_time,begin_time,duration,num_nodes\n0,5,20.5,4\n");
  const Workload& w = Ok(r);
  EXPECT_EQ(w.mode, TraceMode::kReplay);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].begin, Seconds(5));
  EXPECT_EQ(w.jobs[0].begin + w.jobs[0].run_time, 25'500'000);  // end = begin + duration
}

TEST(CsvReader, BeginTimeAloneIsAnError) {
  auto r = ReadCsv("job_submit_time,begin_time,num_nodes,time_limit\n0,0,4,100\n");
  ASSERT_FALSE(r->w.ok());
  EXPECT_EQ(r->w.status().message().rfind("t.csv:1: ambiguous_mode: begin_time without end_time", 0), 0u)
      << r->w.status().message();
}

TEST(CsvReader, EndTimeWithoutBeginIsAnErrorUnlessForced) {
  const std::string text = "job_submit_time,end_time,num_nodes,time_limit\n0,100,4,60\n";
  auto r = ReadCsv(text);
  ASSERT_FALSE(r->w.ok());
  EXPECT_EQ(r->w.status().message().rfind("t.csv:1: ambiguous_mode: end_time without begin_time", 0), 0u)
      << r->w.status().message();

  CsvReadOptions force;
  force.force_simulation = true;
  auto f = ReadCsv(text, force);
  const Workload& w = Ok(f);
  EXPECT_EQ(w.mode, TraceMode::kSimulation);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].time_limit, Seconds(60));
  EXPECT_EQ(w.jobs[0].begin, kNoTime);
  // end_time alone gives no run time: `actual` falls back to the limit with
  // its warning (or fails under --strict), as without any run-time column.
  EXPECT_FALSE(w.has_run_time);
}

TEST(CsvReader, NeitherIsSimulationAndNeedsTimeLimit) {
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit,actual_run_time\n0,4,100,60\n");
  EXPECT_EQ(Ok(r).mode, TraceMode::kSimulation);
  auto no_limit = ReadCsv("job_submit_time,num_nodes,actual_run_time\n0,4,60\n");
  ASSERT_FALSE(no_limit->w.ok());
  EXPECT_EQ(no_limit->w.status().message().rfind("t.csv:1: missing_column: simulation mode needs a time limit", 0),
            0u)
      << no_limit->w.status().message();
}

TEST(CsvReader, ForceSimulationIgnoresBeginAndEndForPlacement) {
  // [clustersim decision] §2.2: the actual run time is end - begin when no
  // explicit actual column exists...
  CsvReadOptions force;
  force.force_simulation = true;
  auto r = ReadCsv("job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,5,65,4,100\n", force);
  const Workload& w = Ok(r);
  EXPECT_EQ(w.mode, TraceMode::kSimulation);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].begin, kNoTime);
  EXPECT_EQ(w.jobs[0].run_time, Seconds(60));
  EXPECT_EQ(w.jobs[0].time_limit, Seconds(100));
  // ... or the duration column ...
  auto d = ReadCsv("job_submit_time,begin_time,duration,num_nodes,time_limit\n0,5,30,4,100\n", force);
  ASSERT_EQ(Ok(d).jobs.size(), 1u);
  EXPECT_EQ(Ok(d).jobs[0].run_time, Seconds(30));
  // ... and the explicit actual column when there is one.
  auto a = ReadCsv("job_submit_time,begin_time,end_time,actual_run_time,num_nodes,time_limit\n0,5,65,60,4,100\n",
                   force);
  ASSERT_EQ(Ok(a).jobs.size(), 1u);
  EXPECT_EQ(Ok(a).jobs[0].run_time, Seconds(60));
  // The actual column wins even where it disagrees with end - begin, or
  // begin and end are out of order: those are replay checks (§3), and the
  // simulation ignores both times.
  auto m = ReadCsv(
      "job_submit_time,begin_time,end_time,actual_run_time,num_nodes,time_limit\n0,5,65,40,4,100\n10,200,150,30,4,100\n",
      force);
  ASSERT_EQ(Ok(m).jobs.size(), 2u) << m->diag.counts().size();
  EXPECT_EQ(Ok(m).jobs[0].run_time, Seconds(40));
  EXPECT_EQ(Ok(m).jobs[1].run_time, Seconds(30));
  EXPECT_EQ(m->diag.TotalOf(Severity::kSkip), 0);
}

TEST(CsvReader, ForceSimulationStillNeedsTimeLimit) {
  CsvReadOptions force;
  force.force_simulation = true;
  auto r = ReadCsv("job_submit_time,begin_time,end_time,num_nodes\n0,5,65,4\n", force);
  EXPECT_FALSE(r->w.ok());
}

// ---- Rows: values, sorting, ids (§2.5, §3) ----

TEST(CsvReader, FractionalEpochTimesAreExact) {
  auto r = ReadCsv("job_submit_time,begin_time,end_time,num_nodes\n25.412,40.25,41.000001,5\n");
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].submit, 25'412'000);
  EXPECT_EQ(w.jobs[0].begin, 40'250'000);
  EXPECT_EQ(w.jobs[0].run_time, 750'001);
}

TEST(CsvReader, CalendarTimesInReplay) {
  CsvReadOptions la;
  la.timezone = "America/Los_Angeles";
  auto r = ReadCsv("job_submit_time,begin_time,end_time,num_nodes\n"
                   "2024-01-01 00:00:00,2024-01-01T00:10:00,2024-01-01T09:00:00Z,4\n",
                   la);
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 1u);
  // Midnight PST = 08:00Z = 1704096000; 09:00Z is 50 minutes after the 00:10 PST begin.
  EXPECT_EQ(w.jobs[0].submit, Seconds(1704096000));
  EXPECT_EQ(w.jobs[0].begin, Seconds(1704096000 + 600));
  EXPECT_EQ(w.jobs[0].run_time, Seconds(3000));
}

TEST(CsvReader, StableSortBySubmitKeepsFileOrderAndRenumbers) {
  // Nodes identify the rows: file order 1,2,3,4 with submits 10,5,10,5.
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit\n10,1,100\n5,2,100\n10,3,100\n5,4,100\n");
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 4u);
  const std::int64_t want_units[] = {2, 4, 1, 3};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(w.jobs[i].units, want_units[i]) << i;
    EXPECT_EQ(w.jobs[i].trace_id, static_cast<std::int64_t>(i)) << "job id = index after sorting";
  }
}

TEST(CsvReader, SkippedRowsDoNotTakeAnId) {
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit\n0,1,100\n1,x,100\n2,3,100\n");
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 2u);
  EXPECT_EQ(w.jobs[1].units, 3);
  EXPECT_EQ(w.jobs[1].trace_id, 1);
}

TEST(CsvReader, LineNumbersArePhysicalAndCountBlankLines) {
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit\n\n0,4,100\n\n5,-1,100\n");
  ASSERT_EQ(Ok(r).jobs.size(), 1u);
  ASSERT_EQ(r->diag.entries().size(), 1u);
  EXPECT_EQ(r->diag.entries()[0].ToString(), "t.csv:5: negative_nodes: num_nodes is negative (-1)");
}

TEST(CsvReader, NodeCountsBeyondTheInputBoundAreSkipped) {
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit\n0,1000000001,100\n1,1000000000,100\n");
  ASSERT_EQ(Ok(r).jobs.size(), 1u);
  ASSERT_EQ(r->diag.entries().size(), 1u);
  EXPECT_EQ(r->diag.entries()[0].ToString(),
            "t.csv:2: number_out_of_range: num_nodes '1000000001' is out of range (at most 1000000000)");
}

TEST(CsvReader, MaxJobsCountsValidRowsOnly) {
  CsvReadOptions o;
  o.max_jobs = 2;
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit\n0,1,100\nbad,2,100\n2,3,100\n3,4,100\n", o);
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 2u);
  EXPECT_EQ(w.jobs[0].units, 1);
  EXPECT_EQ(w.jobs[1].units, 3);
}

TEST(CsvReader, OverrunIsKeptByDefaultAndSkippedOnRequest) {
  // csv_reader.h: clustersim keeps actual > limit (the engine kills the job at
  // its limit); dr_evt skips the row (§3), available as skip_overruns.
  const std::string text = "job_submit_time,num_nodes,time_limit,actual_run_time\n0,4,100,150\n1,4,100,50\n";
  auto keep = ReadCsv(text);
  ASSERT_EQ(Ok(keep).jobs.size(), 2u);
  EXPECT_EQ(Ok(keep).jobs[0].run_time, Seconds(150));
  EXPECT_EQ(keep->diag.counts().size(), 0u);
  CsvReadOptions o;
  o.skip_overruns = true;
  auto skip = ReadCsv(text, o);
  ASSERT_EQ(Ok(skip).jobs.size(), 1u);
  EXPECT_EQ(skip->diag.Count("actual_exceeds_limit"), 1);
}

// ---- DST in rows (§2.5 [clustersim decision]) ----

TEST(CsvReader, DstGapTimeIsShiftedAndCounted) {
  CsvReadOptions la;
  la.timezone = "America/Los_Angeles";
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit\n2024-03-10 02:30:00,4,100\n", la);
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].submit, Seconds(1710066600));  // 03:30 PDT = 10:30Z
  EXPECT_EQ(r->diag.Count("dst_gap_shifted"), 1);
}

TEST(CsvReader, AmbiguousTimesTakeTheOffsetThatKeepsTheRowOrdered) {
  CsvReadOptions la;
  la.timezone = "America/Los_Angeles";
  // Read with the earlier (PDT) instants, begin 01:10 would precede submit
  // 01:50; begin and end in PST (09:10Z, 09:20Z) keep submit <= begin <= end.
  auto r = ReadCsv("job_submit_time,begin_time,end_time,num_nodes\n"
                   "2024-11-03 01:50:00,2024-11-03 01:10:00,2024-11-03 01:20:00,4\n",
                   la);
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].submit, Seconds(1730623800));  // 01:50 PDT = 08:50Z
  EXPECT_EQ(w.jobs[0].begin, Seconds(1730625000));   // 01:10 PST = 09:10Z
  EXPECT_EQ(w.jobs[0].run_time, Seconds(600));
  EXPECT_EQ(r->diag.Count("dst_ambiguous_resolved"), 1);
}

// A row a later rule skips counts only as skipped: its ambiguous time was
// resolved, then its duration disagreed with end - begin.
TEST(CsvReader, ASkippedRowCountsNoWarning) {
  CsvReadOptions la;
  la.timezone = "America/Los_Angeles";
  auto r = ReadCsv("job_submit_time,begin_time,end_time,actual_run_time,num_nodes\n"
                   "2023-11-05 00:00:00,2023-11-05 00:10:00,2023-11-05 00:20:00,600,1\n"
                   "2023-11-05 01:30:00,2023-11-05 01:20:00,2023-11-05 03:00:00,5,1\n",
                   la);
  ASSERT_EQ(Ok(r).jobs.size(), 1u);
  EXPECT_EQ(r->diag.Count("duration_mismatch"), 1);
  EXPECT_EQ(r->diag.Count("dst_ambiguous_resolved"), 0);
  EXPECT_EQ(r->diag.TotalOf(Severity::kWarning), 0);
}

TEST(CsvReader, AmbiguousTimesThatAreAlreadyOrderedUseTheEarlierInstant) {
  CsvReadOptions la;
  la.timezone = "America/Los_Angeles";
  auto r = ReadCsv("job_submit_time,begin_time,end_time,num_nodes\n"
                   "2024-11-03 01:10:00,2024-11-03 01:20:00,2024-11-03 01:40:00,4\n",
                   la);
  const Workload& w = Ok(r);
  ASSERT_EQ(w.jobs.size(), 1u);
  EXPECT_EQ(w.jobs[0].submit, Seconds(1730621400));  // 01:10 PDT = 08:10Z
  EXPECT_EQ(w.jobs[0].run_time, Seconds(1200));
  EXPECT_EQ(r->diag.counts().size(), 0u);
}

TEST(CsvReader, AmbiguousTimesThatCannotBeOrderedAreSkipped) {
  CsvReadOptions la;
  la.timezone = "America/Los_Angeles";
  // end 00:30 PDT (07:30Z) precedes every reading of begin 01:10.
  auto r = ReadCsv("job_submit_time,begin_time,end_time,num_nodes\n"
                   "2024-11-03 01:50:00,2024-11-03 01:10:00,2024-11-03 00:30:00,4\n",
                   la);
  EXPECT_EQ(Ok(r).jobs.size(), 0u);
  EXPECT_EQ(r->diag.TotalOf(Severity::kSkip), 1);
}

TEST(CsvReader, UnknownTimeZoneIsFatal) {
  CsvReadOptions o;
  o.timezone = "Nowhere/Atlantis";
  auto r = ReadCsv("job_submit_time,num_nodes,time_limit\n0,4,100\n", o);
  ASSERT_FALSE(r->w.ok());
  EXPECT_EQ(r->w.status().message(),
            "unknown time zone 'Nowhere/Atlantis' (expected an IANA name such as UTC or Europe/Paris)");
}

// ---- Through LoadTraceText ----

TEST(CsvReader, LoadTraceTextSetsCapacityAndFormat) {
  LoadOptions lo;
  lo.capacity = 100;
  Diagnostics diag;
  auto r = LoadTraceText("job_submit_time,num_nodes,time_limit\n0,4,100\n", "jobs.csv", lo, &diag);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r.value().format, TraceFormat::kCsv);
  EXPECT_EQ(r.value().workload.capacity, 100);
  EXPECT_EQ(r.value().workload.jobs.size(), 1u);
}

TEST(CsvReader, StrictStopsAtTheFirstSkippedRow) {
  LoadOptions lo;
  lo.capacity = 100;
  Diagnostics diag;
  diag.set_stop_on_skip(true);
  auto r = LoadTraceText("job_submit_time,num_nodes,time_limit\n0,4,100\n1,4,-5\n2,x,100\n", "s.csv", lo, &diag);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "s.csv:3: negative_duration: time_limit is negative (-5)");
}

}  // namespace
}  // namespace clustersim
