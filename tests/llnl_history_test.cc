// LLNL's raw histories (io/llnl_history.h, dr_evt-compat §2.3, §2.4): the
// Lassen layout check, PST8PDT times, quoted and unquoted commas in the
// script column, the legacy queue filter and names, whole-integer numbers,
// the legacy .trace format, detection by content, and both front ends.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/llnl_history.h"
#include "io/trace_loader.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

std::string LassenHeader() {
  std::vector<std::string> n(33);
  for (int i = 0; i < 33; ++i) n[i] = "c" + std::to_string(i);
  n[11] = "num_nodes", n[20] = "user_script", n[23] = "begin_time", n[24] = "end_time";
  n[29] = "job_submit_time", n[30] = "queue", n[32] = "time_limit";
  std::string s;
  for (int i = 0; i < 33; ++i) s += (i ? "," : "") + n[i];
  return s + "\n";
}

std::string LassenRow(const std::string& nodes, const std::string& begin, const std::string& end,
                      const std::string& submit, const std::string& queue, const std::string& limit,
                      const std::string& script = "run.sh") {
  std::vector<std::string> f(33, "x");
  f[11] = nodes, f[20] = script, f[23] = begin, f[24] = end, f[29] = submit, f[30] = queue, f[32] = limit;
  std::string s;
  for (int i = 0; i < 33; ++i) s += (i ? "," : "") + f[i];
  return s + "\n";
}

// 2019-06-01 is in PDT (UTC-7): 09:30 local = 16:30 UTC = 1559406600.
constexpr std::int64_t kJune1At0930 = 1559406600;

std::string HandMadeLassen() {
  return LassenHeader() +
         LassenRow("4", "2019-06-01 10:00:00", "2019-06-01 11:00:00", "2019-06-01 09:30:00", "pbatch", "7200") +
         LassenRow("2", "2019-06-01 10:30:00", "2019-06-01 10:40:00", "2019-06-01 10:00:00", "pdebug", "600") +
         LassenRow("8", "2019-06-01 12:00:00", "2019-06-01 13:00:00", "2019-06-01 11:00:00", "pall", "3600",
                   "\"a,b,\\\"c\\\"\"") +
         LassenRow("1", "2019-06-01 12:00:00.5", "2019-06-01 12:30:00", "2019-06-01 11:30:00", "pbatch2", "1800",
                   "echo a,b,c") +
         LassenRow("1", "2019-06-01 12:00:00", "2019-06-01 12:30:00", "2019-06-01 11:30:00", "pbatch9", "1800") +
         LassenRow("80.0", "2019-06-01 12:00:00", "2019-06-01 12:30:00", "2019-06-01 11:30:00", "pbatch", "1800") +
         LassenRow("3", "2019-06-01 12:00:00", "2019-06-01 11:30:00", "2019-06-01 11:30:00", "pbatch", "1800") +
         "1,2,3\n";
}

TEST(LassenHistory, ReadsTheCheckedColumnsInPacificTimeAndFiltersQueues) {
  Diagnostics diag;
  auto r = ReadLassenCsv(HandMadeLassen(), "l.csv", LlnlReadOptions{}, &diag);
  ASSERT_TRUE(r.ok()) << r.status().message();
  const Workload& w = r.value();
  EXPECT_EQ(w.mode, TraceMode::kReplay);
  ASSERT_EQ(w.jobs.size(), 3u);
  EXPECT_EQ(w.jobs[0].submit, kJune1At0930 * kTicksPerSecond);
  EXPECT_EQ(w.jobs[0].begin, (kJune1At0930 + 1800) * kTicksPerSecond);
  EXPECT_EQ(w.jobs[0].run_time, 3600 * kTicksPerSecond);
  EXPECT_EQ(w.jobs[0].units, 4);
  EXPECT_EQ(w.jobs[0].time_limit, 7200 * kTicksPerSecond);
  // The quoted script (commas, backslash-escaped quotes) and the unquoted
  // one (two extra fields) leave the columns after it in place.
  EXPECT_EQ(w.jobs[1].units, 8);
  EXPECT_EQ(w.queue_names[static_cast<std::size_t>(w.jobs[1].queue)], "pall");
  EXPECT_EQ(w.jobs[2].units, 1);
  EXPECT_EQ(w.jobs[2].begin, (kJune1At0930 + 9000) * kTicksPerSecond + 500000);
  EXPECT_EQ(w.queue_names[static_cast<std::size_t>(w.jobs[2].queue)], "pbatch2");
  EXPECT_EQ(w.jobs[2].time_limit, 1800 * kTicksPerSecond);
  EXPECT_EQ(diag.Count("queue_filtered"), 1);  // pdebug
  EXPECT_EQ(diag.Count("unknown_queue"), 1);   // pbatch9 passes the filter, but is no known name
  EXPECT_EQ(diag.Count("bad_number"), 1);      // 80.0
  EXPECT_EQ(diag.Count("end_before_begin"), 1);
  EXPECT_EQ(diag.Count("too_few_fields"), 1);
  EXPECT_EQ(diag.TotalOf(Severity::kSkip), 4);  // the filter is a rule, not bad input
}

TEST(LassenHistory, AHeaderWithoutTheLayoutIsFatal) {
  Diagnostics diag;
  std::string header = LassenHeader();
  header.replace(header.find("num_nodes"), 9, "nodes");
  auto r = ReadLassenCsv(header, "l.csv", LlnlReadOptions{}, &diag);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind("l.csv:1: not_lassen: column 11 is 'nodes', expected 'num_nodes'", 0), 0u)
      << r.status().message();
  const auto first_line = [](const std::string& t) { return t.substr(0, t.find('\n')); };
  EXPECT_FALSE(LooksLikeLassenHeader(first_line(header)));
  EXPECT_TRUE(LooksLikeLassenHeader(first_line(LassenHeader())));
}

TEST(LassenHistory, RecognisedByContentAndByOption) {
  Diagnostics diag;
  LoadOptions o;
  o.capacity = 795;
  auto a = LoadTraceText(HandMadeLassen(), "history.csv", o, &diag);
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a.value().format, TraceFormat::kLassen);
  EXPECT_EQ(a.value().workload.jobs.size(), 3u);
  o.format = TraceFormat::kLassen;
  auto b = LoadTraceText("job_submit_time,num_nodes,time_limit\n0,1,10\n", "simple.csv", o, &diag);
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.status().message().find("not_lassen"), std::string::npos);
}

TEST(LegacyTrace, ReadsWhitespaceRowsAndKeepsEveryQueue) {
  Diagnostics diag;
  const std::string text = "# num_nodes begin end submit queue limit\n20\t0\t100\t0\tbatch\t100\n"
                           "  4 50 80 10 pdebug 60  \n3 5\n2 20 10 0 batch 30\n";
  auto r = ReadLegacyTrace(text, "t.trace", LlnlReadOptions{}, &diag);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r.value().jobs.size(), 2u);
  EXPECT_EQ(r.value().jobs[1].submit, 10 * kTicksPerSecond);
  EXPECT_EQ(r.value().jobs[1].begin, 50 * kTicksPerSecond);
  EXPECT_EQ(r.value().jobs[1].run_time, 30 * kTicksPerSecond);
  EXPECT_EQ(r.value().queue_names, (std::vector<std::string>{"batch", "pdebug"}));
  EXPECT_EQ(diag.Count("too_few_fields"), 1);
  EXPECT_EQ(diag.Count("end_before_begin"), 1);
  EXPECT_EQ(diag.Count("queue_filtered"), 0);
}

// A fuzzer replayed two rows of ~4.9e18 nodes each: the units in use
// overflowed int64. Sizes are bounded at 10^9.
TEST(LegacyTrace, NodeCountsBeyondTheInputBoundAreSkipped) {
  Diagnostics diag;
  const std::string text = "4870020673419870210 0 100 0 batch 100\n4870020673419870209 0 100 0 batch 100\n"
                           "1000000000 0 100 0 batch 100\n1000000001 0 100 0 batch 100\n";
  auto r = ReadLegacyTrace(text, "t.trace", LlnlReadOptions{}, &diag);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r.value().jobs.size(), 1u);
  EXPECT_EQ(r.value().jobs[0].units, 1'000'000'000);
  EXPECT_EQ(diag.Count("number_out_of_range"), 3);
  EXPECT_EQ(diag.entries()[0].ToString(),
            "t.trace:1: number_out_of_range: num_nodes '4870020673419870210' is out of range (at most 1000000000)");
}

// dr_evt's priority_test.trace shape: begin and end are placeholders, the
// jobs are scheduled and run their limits.
TEST(LegacyTrace, ForcedSimulationRunsTheLimits) {
  const fs::path d = ScratchDir("legacy_sim");
  std::ofstream(d / "p.trace") << "# four jobs\n20\t0\t100\t0\tbatch\t100\n20\t0\t0\t5\tbatch\t30\n"
                                  "20\t0\t0\t10\tbatch\t80\n20\t0\t0\t15\tbatch\t10\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "p.trace").string(), "-n", "20",
                                      "--force-simulation", "--policy", "sjf", "--check", "-o", (d / "o").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Classic SJF: after job 0, shortest first: 3 (10 s), 1 (30 s), 2 (80 s).
  EXPECT_EQ(Slurp(d / "o" / "schedule.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,queue,time_limit,job_id\n"
            "0,0,100,20,0,batch,100,0\n5,110,140,20,0,batch,30,1\n10,140,220,20,0,batch,80,2\n"
            "15,100,110,20,0,batch,10,3\n");
}

TEST(LassenHistory, BothFrontEndsReplayIt) {
  const fs::path d = ScratchDir("lassen_cli");
  std::ofstream(d / "history.txt") << HandMadeLassen();
  const ProcessResult cs = RunProcess({ClustersimBinary(), "replay", (d / "history.txt").string(), "--format",
                                       "lassen", "-n", "795", "--check", "-o", (d / "o").string()});
  ASSERT_EQ(cs.exit_code, 0) << cs.err;
  EXPECT_NE(cs.out.find("dropped by the legacy queue filter (queue neither pbatch* nor pall): 1 record\n"),
            std::string::npos)
      << cs.out;
  EXPECT_EQ(cs.out.find("changed by"), std::string::npos) << cs.out;  // nothing was changed
  EXPECT_EQ(Slurp(d / "o" / "schedule.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,queue,time_limit,job_id\n"
            "1559406600,1559408400,1559412000,4,0,pbatch,7200,0\n"
            "1559412000,1559415600,1559419200,8,0,pall,3600,1\n"
            "1559413800,1559415600.5,1559417400,1,0,pbatch2,1800,2\n");
  // The pall job (8 nodes, a dedicated access time) holds no nodes in the
  // replay's occupancy, as in dr_evt (dr_evt-compat.md §4): only the
  // pbatch2 job's one node is allocated while both run.
  EXPECT_EQ(Slurp(d / "o" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n0,795,0\n1559408400,791,4\n1559412000,795,0\n1559415600,795,0\n"
            "1559415600.5,794,1\n1559417400,795,0\n1559419200,795,0\n");
  // Run in the scratch directory: the replay writes its schedule beside the
  // working directory (history_sim.csv), as dr_evt's main does.
  ProcessOptions in_scratch;
  in_scratch.cwd = d.string();
  const ProcessResult sim = RunProcess({SimulatorBinary(), (d / "history.txt").string(), "-f", "lassen", "-R",
                                        (d / "res.csv").string()},
                                       in_scratch);
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_TRUE(fs::exists(d / "history_sim.csv"));
  EXPECT_NE(Slurp(d / "res.csv").find("1559415600,794,1\n"), std::string::npos) << Slurp(d / "res.csv");
  EXPECT_NE(sim.out.find("Total jobs: 3"), std::string::npos) << sim.out;
  EXPECT_NE(sim.out.find("Total nodes: 795"), std::string::npos) << sim.out;  // dr_evt's Lassen size
}

// A legacy .trace on 10 nodes: J0 4 nodes 0-100, J1 pall 10 nodes 20-60
// (submitted at 10), J2 2 nodes submitted at 30, during the DAT, runs
// 60-80. In the replay the pall job holds no nodes (only J0's 4 while it
// runs: no oversubscription), J1 and J2 see the whole machine busy at their
// submits (a pall job, and a job submitted during a DAT, as the tracer
// counts them; J1 saw J0's 4 nodes), and the utilisation is (4*100 + 2*20) / (10*100) = 0.44. The same jobs as
// a CSV with a queue column (a schedule a simulation wrote, say) replay as
// they ran, so the round trip of §10.1 holds.
TEST(LegacyTrace, ReplayLeavesPallJobsOutOfTheOccupancyOnly) {
  const fs::path d = ScratchDir("legacy_pall");
  std::ofstream(d / "h.trace") << "4 0 100 0 pbatch 100\n10 20 60 10 pall 100\n2 60 80 30 pbatch 100\n";
  const ProcessResult r = RunProcess(
      {ClustersimBinary(), "replay", (d / "h.trace").string(), "-n", "10", "--check", "-o", (d / "o").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("oversubscribed"), std::string::npos) << r.err;
  EXPECT_EQ(Slurp(d / "o" / "resources.csv"),
            "time,free_nodes,allocated_nodes\n0,10,0\n0,6,4\n20,6,4\n60,6,4\n60,4,6\n80,6,4\n100,10,0\n");
  const std::string jobs = Slurp(d / "o" / "jobs.csv");
  // ..., busy_nodes_at_submit, clipped, status, allocated_units
  EXPECT_NE(jobs.find(",pbatch,1,0,0,0,completed,4\n"), std::string::npos) << jobs;
  EXPECT_NE(jobs.find(",pall,1.25,0,10,0,completed,0\n"), std::string::npos) << jobs;
  EXPECT_NE(jobs.find(",pbatch,2.5,0,10,0,completed,2\n"), std::string::npos) << jobs;
  const ProcessResult t = RunProcess(
      {ClustersimBinary(), "trace", (d / "h.trace").string(), "-n", "10", "-o", (d / "t.csv").string()});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  for (const char* row : {",0,pbatch,No\n", ",10,pall,Yes\n", ",10,pbatch,Yes\n"})  // ..., busy_nodes, queue, DAT
    EXPECT_NE(Slurp(d / "t.csv").find(row), std::string::npos) << row << Slurp(d / "t.csv");
  EXPECT_NE(Slurp(d / "o" / "summary.json").find("\"makespan\": 0.44"), std::string::npos)
      << Slurp(d / "o" / "summary.json");
  // The definition says what the utilisation counts: units held, not asked.
  EXPECT_NE(Slurp(d / "o" / "summary.json").find("sum(allocated_units * (end - begin)) / (capacity * makespan)"),
            std::string::npos);

  std::ofstream(d / "h.csv") << "job_submit_time,begin_time,end_time,num_nodes,queue,time_limit\n"
                             << "0,0,100,4,pbatch,100\n10,20,60,10,pall,100\n30,60,80,2,pbatch,100\n";
  const ProcessResult csv = RunProcess(
      {ClustersimBinary(), "replay", (d / "h.csv").string(), "-n", "10", "--quiet", "-o", (d / "c").string()});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(Slurp(d / "c" / "resources.csv").find("\n20,0,14\n"), std::string::npos) << Slurp(d / "c" / "resources.csv");
}

// Every row dropped by the legacy queue filter: the run stops and says so
// (the filter's drops are notes, not skips), in summaries as drops.
TEST(LassenHistory, EveryRowFilteredNamesTheQueueFilter) {
  const fs::path d = ScratchDir("lassen_filtered");
  const std::string debug =
      LassenRow("2", "2019-06-01 10:30:00", "2019-06-01 10:40:00", "2019-06-01 10:00:00", "pdebug", "600");
  std::ofstream(d / "h.csv") << LassenHeader() << debug;
  for (const std::vector<std::string>& argv :
       {std::vector<std::string>{ClustersimBinary(), "replay", (d / "h.csv").string(), "-n", "10", "-o",
                                 (d / "o").string()},
        std::vector<std::string>{ClustersimBinary(), "trace", (d / "h.csv").string()}}) {
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.err.find("dropped every record (queue_filtered 1)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("legacy queue filter keeps only queues containing pbatch or pall"), std::string::npos)
        << r.err;
  }
  std::ofstream(d / "h.csv", std::ios::app)
      << LassenRow("4", "2019-06-01 10:00:00", "2019-06-01 11:00:00", "2019-06-01 09:30:00", "pbatch", "7200");
  const ProcessResult ok = RunProcess(
      {ClustersimBinary(), "replay", (d / "h.csv").string(), "-n", "10", "--quiet", "-o", (d / "o").string()});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  const std::string summary = Slurp(d / "o" / "summary.json");
  EXPECT_NE(summary.find("\"filtered_by_rule\": {\n    \"queue_filtered\": 1"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"changed_by_rule\": {}"), std::string::npos) << summary;
}

}  // namespace
}  // namespace clustersim::test

namespace clustersim::test {
namespace {

// Found by the review of dr_evt's features (sixteenth session).

// A calendar time given for a Lassen run was read in --timezone (clustersim's
// default UTC), the trace's times in PST8PDT: a warm start 7 hours early.
TEST(LassenHistory, CalendarTimesAreReadOnTheTracesClock) {
  const fs::path d = ScratchDir("lassen_calendar");
  std::ofstream(d / "h.csv")
      << LassenHeader()
      << LassenRow("4", "2019-06-01 10:00:00", "2019-06-01 11:00:00", "2019-06-01 09:30:00", "pbatch", "7200")
      << LassenRow("2", "2019-06-01 10:20:00", "2019-06-01 10:40:00", "2019-06-01 10:20:00", "pbatch", "1200");
  // 10:15 PDT = 17:15 UTC.
  const std::string at = "t = " + std::to_string(kJune1At0930 + 45 * 60) + " s";
  const ProcessResult cs = RunProcess({ClustersimBinary(), "simulate", (d / "h.csv").string(), "-n", "10",
                                       "--sim_start_time", "2019-06-01 10:15:00", "-o", (d / "o").string()});
  ASSERT_EQ(cs.exit_code, 0) << cs.err;
  EXPECT_NE(cs.err.find("warm start at " + at), std::string::npos) << cs.err;
  const ProcessResult sim = RunProcess({SimulatorBinary(), (d / "h.csv").string(), "-n", "10", "-z", "UTC",
                                        "--sim_start_time", "2019-06-01 10:15:00", "-o", (d / "s.csv").string()});
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_NE(sim.err.find("warm start at " + at), std::string::npos) << sim.err;
}

// -f simple (dr_evt's CSV reader, by column names) was overridden by the
// Lassen header: the legacy queue filter dropped the pdebug job.
TEST(LassenHistory, SimpleFormatReadsALassenHeaderByName) {
  const fs::path d = ScratchDir("lassen_simple");
  std::ofstream(d / "h.csv")
      << LassenHeader()
      << LassenRow("4", "2019-06-01 10:00:00", "2019-06-01 11:00:00", "2019-06-01 09:30:00", "pbatch", "7200")
      << LassenRow("2", "2019-06-01 10:30:00", "2019-06-01 10:40:00", "2019-06-01 10:00:00", "pdebug", "600");
  const auto loaded = [&](std::vector<std::string> extra) {
    std::vector<std::string> argv = {SimulatorBinary(), (d / "h.csv").string(), "-n", "10", "-o",
                                     (d / "s.csv").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  };
  EXPECT_NE(loaded({}).find("(replay, 1 job loaded)"), std::string::npos);
  EXPECT_NE(loaded({"-f", "simple"}).find("(replay, 2 jobs loaded)"), std::string::npos);
  // Said, since its times and queues are read differently.
  const ProcessResult csv = RunProcess({ClustersimBinary(), "replay", (d / "h.csv").string(), "-n", "10", "--format",
                                        "csv", "-o", (d / "o").string()});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(csv.err.find("lassen_read_as_csv: the header has Lassen's 33-column layout"), std::string::npos) << csv.err;
  // -f simple is dr_evt's default: it says how a CSV is read, and an SWF or
  // .trace file keeps its format (a dr_evt config carrying it must not break them).
  std::ofstream(d / "h.trace") << "4 0 100 0 pbatch 100\n";
  const ProcessResult trace = RunProcess({SimulatorBinary(), (d / "h.trace").string(), "-n", "10", "-f", "simple",
                                          "-o", (d / "t.csv").string()});
  EXPECT_EQ(trace.exit_code, 0) << trace.err;
  EXPECT_NE(trace.out.find("(replay, 1 job loaded)"), std::string::npos) << trace.out;
}

// A pall job holds no nodes in a replay; the verbose log said "Resources
// allocated: 10 nodes" while free stayed where it was. And the default
// output names kept ".trace" (h.trace_sim.csv).
TEST(LegacyTrace, VerboseLogAndDefaultNamesOfAReplay) {
  const fs::path d = ScratchDir("legacy_verbose");
  std::ofstream(d / "h.trace") << "4 0 100 0 pbatch 100\n10 20 60 10 pall 100\n";
  ProcessOptions in_d;
  in_d.cwd = d.string();
  const ProcessResult r = RunProcess({SimulatorBinary(), "h.trace", "-n", "10", "-v"}, in_d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Job 1 started at 20\n  Resources allocated: 0 nodes, 6/10 remaining\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Job 1 ended at 60\n  Resources freed: 0 nodes, now 6/10 free\n"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(d / "h_sim_resources.csv"));
  EXPECT_FALSE(fs::exists(d / "h.trace_sim_resources.csv"));
}

}  // namespace
}  // namespace clustersim::test
