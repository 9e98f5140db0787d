// The tracer (report/tracer.h, `clustersim trace`, `tracer`): a hand-made
// trace with a DAT, worked out by hand below, through both front ends; KTH
// checked against the replay engine's own count of busy units and for
// conservation of its submissions.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// B = 259200 = Sunday 1970-01-04 00:00 UTC; 100 nodes (-n 100).
//   J1 B+0      begin B+600  end B+4200  10 nodes pbatch   busy 0
//   J2 B+3660   begin B+7200 end B+9000   4 nodes pbatch1  busy 10 (J1 runs)
//   J3 B+7000   begin B+7200 end B+9000  50 nodes pall     a DAT from 02:00
//   J4 B+8000   begin B+9000 end B+9900  50 nodes pall     starts as J3 ends: the same DAT, to 02:45
//   J5 B+8100   begin B+9900 end B+10000  2 nodes pdebug   submitted in the DAT: busy 100, DAT Yes
//   J6 B+608400 begin B+608400 end B+608500 1 node pbatch  the next Sunday 01:00, machine empty
// pall jobs show busy 100 and DAT Yes. Batch submissions: week 0 hours 0
// and 1, week 1 hour 1. Week 0 hour 2 is 3/4 DAT (availability 0.25); week 1
// after hour 1 is past the last submission (blocked).
constexpr const char* kTrace =
    "job_submit_time,begin_time,end_time,num_nodes,queue,time_limit\n"
    "259200,259800,263400,10,pbatch,7200\n"
    "262860,266400,268200,4,pbatch1,7200\n"
    "266200,266400,268200,50,pall,7200\n"
    "267200,268200,269100,50,pall,7200\n"
    "267300,269100,269200,2,pdebug,7200\n"
    "867600,867600,867700,1,pbatch,7200\n";

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(Tracer, HandMadeTraceWithADedicatedAccessTime) {
  const fs::path d = ScratchDir("tracer_hand");
  std::ofstream(d / "t.csv") << kTrace;
  const ProcessResult r =
      RunProcess({ClustersimBinary(), "trace", (d / "t.csv").string(), "-z", "UTC", "-n", "100", "-o",
                  (d / "jobs.csv").string(), "-d", (d / "dat.txt").string(), "-s", (d / "hours.txt").string(), "-m",
                  (d / "sum.txt").string(), "--queues", (d / "queues.csv").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> out = Lines(r.out);
  ASSERT_EQ(out.size(), 4u) << r.out;
  EXPECT_EQ(out[0], "6 jobs have been loaded.");
  // Span: first submit to the latest end among the jobs submitted within
  // 3.5 days of the last submit (J6 only).
  EXPECT_EQ(out[1], "Trace from 1970-01-04 00:00:00.000000 Sun to 1970-01-11 01:01:40.000000 Sun");
  EXPECT_EQ(out[2], "Number of weeks: 2");
  EXPECT_EQ(out[3].rfind("Wall clock time to process trace: ", 0), 0u);

  EXPECT_EQ(Slurp(d / "jobs.csv"),
            "no.,num_nodes,begin_time,end_time,submit_time,time_limit,wait_time,exec_time,busy_nodes,queue,DAT\n"
            "1,10,1970-01-04 00:10:00.000000,1970-01-04 01:10:00.000000,1970-01-04 00:00:00.000000,7200,600.000000,"
            "3600.000000,0,pbatch,No\n"
            "2,4,1970-01-04 02:00:00.000000,1970-01-04 02:30:00.000000,1970-01-04 01:01:00.000000,7200,3540.000000,"
            "1800.000000,10,pbatch,No\n"
            "3,50,1970-01-04 02:00:00.000000,1970-01-04 02:30:00.000000,1970-01-04 01:56:40.000000,7200,200.000000,"
            "1800.000000,100,pall,Yes\n"
            "4,50,1970-01-04 02:30:00.000000,1970-01-04 02:45:00.000000,1970-01-04 02:13:20.000000,7200,1000.000000,"
            "900.000000,100,pall,Yes\n"
            "5,2,1970-01-04 02:45:00.000000,1970-01-04 02:46:40.000000,1970-01-04 02:15:00.000000,7200,1800.000000,"
            "100.000000,100,pdebug,Yes\n"
            "6,1,1970-01-11 01:00:00.000000,1970-01-11 01:01:40.000000,1970-01-11 01:00:00.000000,7200,0.000000,"
            "100.000000,0,pbatch,No\n");
  EXPECT_EQ(Slurp(d / "dat.txt"), "DAT: started at 1970-01-04 02:00:00.000000 until 1970-01-04 02:45:00.000000\n");
  // Per queue (pbatch1 prints as pbatch): pall = J3, J4: 50*1800 + 50*900
  // node-seconds, waits 200 and 1000, runs 1800 and 900; pbatch = J1, J2,
  // J6: 10*3600 + 4*1800 + 1*100, waits 600, 3540, 0, runs 3600, 1800, 100,
  // busy 0, 10, 0; pdebug = J5.
  EXPECT_EQ(Slurp(d / "queues.csv"),
            "queue,jobs,node_seconds,mean_nodes,mean_wait,max_wait,mean_exec,mean_busy_nodes,dat_jobs\n"
            "pall,2,135000.000000,50.000000,600.000000,1000.000000,1350.000000,100.000000,2\n"
            "pbatch,3,43300.000000,5.000000,1380.000000,3540.000000,1833.333333,3.333333,0\n"
            "pdebug,1,200.000000,2.000000,1800.000000,1800.000000,100.000000,100.000000,1\n");

  const std::vector<std::string> hours = Lines(Slurp(d / "hours.txt"));
  ASSERT_EQ(hours.size(), 2u * 168);
  EXPECT_EQ(hours[0], "0\t1\t1.000000");
  EXPECT_EQ(hours[1], "1\t1\t1.000000");
  EXPECT_EQ(hours[2], "2\t0\t0.250000");
  EXPECT_EQ(hours[3], "3\t0\t1.000000");
  EXPECT_EQ(hours[168 + 1], "169\t1\t1.000000");
  EXPECT_EQ(hours[168 + 2], "170\t0\t0.000000");  // after the last submission: blocked
  EXPECT_EQ(hours.back(), "335\t0\t0.000000");

  const std::vector<std::string> sum = Lines(Slurp(d / "sum.txt"));
  ASSERT_EQ(sum.size(), 169u);
  EXPECT_EQ(sum[0], "hr\ttot_sub\tnum_blocked\tmin_sub\tmax_sub\tavg_sub\tstd_sub\tavg_sub_us\tavg_avail\tstd_avail");
  // hour 0: weeks give 1 and 0 submissions, both open.
  EXPECT_EQ(sum[1], "0\t1\t0\t0\t1\t0.500000\t0.500000\t0.500000\t1.000000\t0.000000");
  // hour 1: 1 and 1.
  EXPECT_EQ(sum[2], "1\t2\t0\t1\t1\t1.000000\t0.000000\t1.000000\t1.000000\t0.000000");
  // hour 2: availability 0.25 in week 0, blocked in week 1.
  EXPECT_EQ(sum[3], "2\t0\t1\t0\t0\t0.000000\t0.000000\t0.000000\t0.125000\t0.125000");

  // dr_evt's tracer: the same reports from its command line; its min_sub bug on request.
  const ProcessResult t = RunProcess({TracerBinary(), "-i", (d / "t.csv").string(), "-z", "UTC", "-n", "100", "-m",
                                      (d / "sum_dr.txt").string(), "--dr-evt-min-sub", "-t", "1000"});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(Lines(Slurp(d / "sum_dr.txt"))[2], "1\t2\t0\t0\t1\t1.000000\t0.000000\t1.000000\t1.000000\t0.000000");
  EXPECT_FALSE(fs::exists(d / "t.out"));  // dr_evt current writes only what is asked for
}

// dr_evt-compat §14: a zero-length job's START comes before its END. On
// Sunday (UTC): pall 10:00-11:00, pbatch 11:30-11:40, a zero-length pall at
// 12:00, pall 13:00-14:00. DATs 10:00-11:00 and 12:00-14:00 (the 12:00 job
// and the 13:00 one have no other event between them: one period), so hour
// 11, with the batch submission, is open. The zero-length job's END came
// first: one period 10:00-14:00 across the batch job, hour 11 blocked.
TEST(Tracer, AZeroLengthPallJobStartsBeforeItEnds) {
  const fs::path d = ScratchDir("tracer_zero_pall");
  std::ofstream(d / "t.csv") << "job_submit_time,begin_time,end_time,num_nodes,queue,time_limit\n"
                                "295200,295200,298800,20,pall,3600\n"
                                "300600,300600,301200,2,pbatch,3600\n"
                                "302400,302400,302400,20,pall,3600\n"
                                "306000,306000,309600,20,pall,3600\n";
  for (const std::string& bin : {ClustersimBinary(), TracerBinary()}) {
    std::vector<std::string> argv = {bin};
    if (bin == ClustersimBinary()) argv.push_back("trace");
    argv.insert(argv.end(), {(d / "t.csv").string(), "-z", "UTC", "-n", "20", "-d", (d / "dat.txt").string(), "-s",
                             (d / "hours.txt").string()});
    const ProcessResult r = RunProcess(argv);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(Slurp(d / "dat.txt"),
              "DAT: started at 1970-01-04 10:00:00.000000 until 1970-01-04 11:00:00.000000\n"
              "DAT: started at 1970-01-04 12:00:00.000000 until 1970-01-04 14:00:00.000000\n")
        << bin;
    const std::vector<std::string> hours = Lines(Slurp(d / "hours.txt"));
    ASSERT_GT(hours.size(), 11u);
    EXPECT_EQ(hours[11], "11\t1\t1.000000") << bin;
  }
}

// --queues has one row per queue as -o names it: "10" and "010" read as one
// number but are two queues (equal numbers sort in byte order). The old
// grouping merged them into one row labelled "10".
TEST(Tracer, QueueNamesThatReadAsOneNumberStayTwoQueues) {
  const fs::path d = ScratchDir("tracer_numeric_names");
  std::ofstream(d / "t.trace") << "1 0 10 0 10 60\n"
                                  "1 0 20 0 010 60\n"
                                  "2 0 30 0 9 60\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "trace", (d / "t.trace").string(), "-z", "UTC", "-o",
                                      (d / "jobs.csv").string(), "--queues", (d / "queues.csv").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> jobs = Lines(Slurp(d / "jobs.csv"));
  ASSERT_EQ(jobs.size(), 4u);
  EXPECT_NE(jobs[1].find(",10,No"), std::string::npos) << jobs[1];
  EXPECT_NE(jobs[2].find(",010,No"), std::string::npos) << jobs[2];
  // Numeric order 9 < 10, then "010" < "10" in bytes; job 3 (2 nodes, 30 s)
  // submitted with jobs 1 and 2 running: busy 2.
  EXPECT_EQ(Slurp(d / "queues.csv"),
            "queue,jobs,node_seconds,mean_nodes,mean_wait,max_wait,mean_exec,mean_busy_nodes,dat_jobs\n"
            "9,1,60.000000,2.000000,0.000000,0.000000,30.000000,2.000000,0\n"
            "010,1,20.000000,1.000000,0.000000,0.000000,20.000000,1.000000,0\n"
            "10,1,10.000000,1.000000,0.000000,0.000000,10.000000,0.000000,0\n");
}

// One bad output path publishes none of the reports: -o was replaced
// while -m (written after a refused -s) kept an earlier run's text.
TEST(Tracer, ABadOutputPathPublishesNoReport) {
  const fs::path d = ScratchDir("tracer_all_or_none");
  std::ofstream(d / "t.csv") << "job_submit_time,begin_time,end_time,num_nodes,queue,time_limit\n"
                                "0,0,3600,2,pbatch,3600\n";
  std::ofstream(d / "a.o") << "OLD\n";
  std::ofstream(d / "a.m") << "OLD\n";
  fs::create_directories(d / "sdir");
  const ProcessResult r = RunProcess({TracerBinary(), (d / "t.csv").string(), "-z", "UTC", "-n", "100", "-o",
                                      (d / "a.o").string(), "-s", (d / "sdir").string(), "-m", (d / "a.m").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("sdir: is a directory"), std::string::npos) << r.err;
  EXPECT_EQ(Slurp(d / "a.o"), "OLD\n");
  EXPECT_EQ(Slurp(d / "a.m"), "OLD\n");
  for (const auto& e : fs::directory_iterator(d))  // no temporary left behind
    EXPECT_EQ(e.path().filename().string().find(".tmp-"), std::string::npos) << e.path();
}

// dr_evt-compat §4 and §2.5: the tracer's -r leaves pall jobs out of the
// occupancy (as its busy_nodes does) and writes whole seconds; it counted
// the pall job (110 of 100 nodes) and wrote 100.75. `simulator` replays the
// same CSV as it ran (the round trip of a simulation's schedule, §10.1),
// in whole seconds too.
TEST(Tracer, ResourceTraceLeavesPallJobsOutInWholeSeconds) {
  const fs::path d = ScratchDir("tracer_res_pall");
  std::ofstream(d / "t.csv") << "job_submit_time,begin_time,end_time,num_nodes,queue,time_limit\n"
                                "0,0,100.75,10,pbatch,200\n5,10,50,100,pall,100\n";
  const std::string expected = "time,free_nodes,allocated_nodes\n0,100,0\n0,90,10\n10,90,10\n50,90,10\n100,100,0\n";
  const ProcessResult t = RunProcess(
      {TracerBinary(), (d / "t.csv").string(), "-z", "UTC", "-n", "100", "-r", (d / "res.csv").string()});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(Slurp(d / "res.csv"), expected);
  EXPECT_EQ(t.err.find("oversubscribed"), std::string::npos) << t.err;
  ProcessOptions here;
  here.cwd = d.string();
  const ProcessResult s = RunProcess({SimulatorBinary(), "t.csv", "-z", "UTC", "-n", "100", "--quiet"}, here);
  ASSERT_EQ(s.exit_code, 0) << s.err;
  EXPECT_EQ(Slurp(d / "t_sim_resources.csv"),
            "time,free_nodes,allocated_nodes\n0,100,0\n0,90,10\n10,0,110\n50,90,10\n100,100,0\n");
}

TEST(Tracer, KthBusyNodesAgreeWithTheReplayAndSubmissionsAddUp) {
  const std::string kth = TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) GTEST_SKIP() << "shared traces not found: " << kth;
  const fs::path d = ScratchDir("tracer_kth");
  const ProcessResult r = RunProcess({ClustersimBinary(), "trace", kth, "-o", (d / "jobs.csv").string(), "-s",
                                      (d / "hours.txt").string(), "-m", (d / "sum.txt").string(), "--queues",
                                      (d / "queues.csv").string(), "-r", (d / "resources.csv").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The header's UnixStartTime and TimeZoneString place the log.
  EXPECT_NE(r.out.find("Trace from 1996-09-23 14:00:31.000000 Mon"), std::string::npos) << r.out;
  ASSERT_EQ(RunProcess({ClustersimBinary(), "replay", kth, "--quiet", "-o", (d / "replay").string()}).exit_code, 0);
  // -r is the replay's resource file, on the trace's clock (it was shifted
  // by the header's UnixStartTime, 843,480,031 s later than the replay's).
  EXPECT_EQ(Slurp(d / "resources.csv"), Slurp(d / "replay" / "resources.csv"));
  // busy_nodes (tracer, its own sweep) against busy_nodes_at_submit (the
  // replay engine), job by job in submit order.
  const std::vector<std::string> tracer = Lines(Slurp(d / "jobs.csv")), replay = Lines(Slurp(d / "replay" / "jobs.csv"));
  ASSERT_EQ(tracer.size(), 28490u);
  ASSERT_EQ(replay.size(), tracer.size());
  const auto field = [](const std::string& line, int k) {
    std::istringstream in(line);
    std::string f;
    for (int i = 0; i <= k; ++i) std::getline(in, f, ',');
    return f;
  };
  int busy_col = -1;
  {
    std::istringstream h(replay[0]);
    std::string f;
    for (int i = 0; std::getline(h, f, ','); ++i)
      if (f == "busy_nodes_at_submit") busy_col = i;
  }
  ASSERT_GE(busy_col, 0);
  int differ = 0;
  for (std::size_t i = 1; i < tracer.size(); ++i) differ += field(tracer[i], 8) != field(replay[i], busy_col);
  EXPECT_EQ(differ, 0);
  // Every job is a batch submission of some hour (no legacy queues).
  long hour_total = 0, summary_total = 0;
  for (const std::string& line : Lines(Slurp(d / "hours.txt"))) {
    std::istringstream in(line);
    long index = 0, jobs = 0;
    in >> index >> jobs;
    hour_total += jobs;
  }
  const std::vector<std::string> sum = Lines(Slurp(d / "sum.txt"));
  for (std::size_t i = 1; i < sum.size(); ++i) {
    std::istringstream in(sum[i]);
    long hr = 0, tot = 0;
    in >> hr >> tot;
    summary_total += tot;
  }
  EXPECT_EQ(hour_total, 28489);
  EXPECT_EQ(summary_total, 28489);
  // The queue report partitions the jobs: its counts add up to the trace's,
  // its node-seconds to the per-job report's nodes x run times.
  double node_s = 0, queue_node_s = 0;
  for (std::size_t i = 1; i < tracer.size(); ++i) node_s += std::stod(field(tracer[i], 1)) * std::stod(field(tracer[i], 7));
  const std::vector<std::string> queues = Lines(Slurp(d / "queues.csv"));
  ASSERT_GE(queues.size(), 2u);
  long queue_jobs = 0;
  for (std::size_t i = 1; i < queues.size(); ++i) {
    queue_jobs += std::stol(field(queues[i], 1));
    queue_node_s += std::stod(field(queues[i], 2));
  }
  EXPECT_EQ(queue_jobs, 28489);
  EXPECT_NEAR(queue_node_s, node_s, 1e-9 * node_s);
}

// -j: dr_evt's tracer counts lines read, bad ones too (dr_evt-compat.md §3,
// §11); `clustersim trace` counts jobs loaded. Line 3 of the file is bad.
TEST(Tracer, MaxJobsCountsLinesInTheTracerAndJobsInClustersimTrace) {
  const fs::path d = ScratchDir("tracer_max_jobs");
  std::ofstream(d / "t.csv") << "job_submit_time,begin_time,end_time,num_nodes,queue,time_limit\n"
                                "0,10,20,1,pbatch,100\n"
                                "5,x,20,1,pbatch,100\n"
                                "6,10,20,1,pbatch,100\n"
                                "7,10,20,1,pbatch,100\n";
  const auto loaded = [&](const std::vector<std::string>& argv) {
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return Lines(r.out).empty() ? std::string() : Lines(r.out)[0];
  };
  const std::string t = (d / "t.csv").string();
  EXPECT_EQ(loaded({TracerBinary(), t, "-z", "UTC", "-n", "4", "-j", "3"}), "2 jobs have been loaded.");
  EXPECT_EQ(loaded({ClustersimBinary(), "trace", t, "-z", "UTC", "-n", "4", "-j", "3"}), "3 jobs have been loaded.");
  EXPECT_EQ(loaded({TracerBinary(), t, "-z", "UTC", "-n", "4"}), "3 jobs have been loaded.");
}

TEST(Tracer, RefusesATraceWithoutRecordedTimes) {
  const fs::path d = ScratchDir("tracer_refuse");
  std::ofstream(d / "sim.csv") << "job_submit_time,num_nodes,time_limit\n0,1,10\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "trace", (d / "sim.csv").string(), "-o", (d / "o.csv").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("recorded start and end times"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d / "o.csv"));
}

// One mistyped time (year 33658) made the tracer build 1.7 M weeks of
// hour-of-week slots (4 GB, minutes) even when no report asked for them.
// Now they are built only for -s/-m, which refuse such a span in one line.
TEST(Tracer, AnAbsurdSpanCostsNothingUnlessTheWeeklyReportsAreAsked) {
  const fs::path d = ScratchDir("tracer_span");
  std::ofstream(d / "h.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n0,0,100,2,200\n"
                             << "999999990000,999999990000,999999990100,1,200\n";
  const ProcessResult r = RunProcess(
      {ClustersimBinary(), "trace", (d / "h.csv").string(), "-n", "4", "-z", "UTC", "-o", (d / "o.csv").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 jobs have been loaded."), std::string::npos) << r.out;
  EXPECT_LT(r.max_rss_kb, 1 << 20) << "no week table is built";  // KB: under 1 GB, ASan included
  for (const char* flag : {"-s", "-m"}) {
    const ProcessResult w = RunProcess({ClustersimBinary(), "trace", (d / "h.csv").string(), "-n", "4", "-z", "UTC",
                                        flag, (d / "weeks.txt").string()});
    EXPECT_EQ(w.exit_code, 1) << flag;
    EXPECT_NE(w.err.find("h.csv: the submissions span 1653440 calendar weeks (1970-01-01 00:00:00.000000 to "),
              std::string::npos)
        << w.err;
    EXPECT_NE(w.err.find("stop at 10000 weeks"), std::string::npos) << w.err;
    EXPECT_FALSE(fs::exists(d / "weeks.txt"));
  }
  // The limit itself is allowed: submissions in the first and the 10,000th
  // calendar week (Sunday 4 January 1970, then 9,999 weeks and a day on),
  // and refused a week later. The weeks were estimated from the span, one
  // too many when the last submission falls early in its week.
  for (const auto& [extra_weeks, code] : {std::pair{9999, 0}, std::pair{10000, 1}}) {
    const std::int64_t first = 259200, last = first + extra_weeks * 604800LL + 86400;
    std::ofstream(d / "edge.csv") << "job_submit_time,begin_time,end_time,num_nodes,time_limit\n"
                                  << first << "," << first << "," << first + 10 << ",1,1\n"
                                  << last << "," << last << "," << last + 10 << ",1,1\n";
    const ProcessResult e = RunProcess({ClustersimBinary(), "trace", (d / "edge.csv").string(), "-z", "UTC", "-m",
                                        (d / "edge.txt").string()});
    EXPECT_EQ(e.exit_code, code) << extra_weeks << ": " << e.err;
    if (code == 0) {
      EXPECT_NE(e.out.find("Number of weeks: 10000\n"), std::string::npos) << e.out;
    } else {
      EXPECT_NE(e.err.find("span 10001 calendar weeks"), std::string::npos) << e.err;
    }
  }
}

// dr_evt-compat §3: a summary count per reason. The tracer dropped bad and
// filtered rows without a count (on stderr: its stdout stays dr_evt's).
TEST(Tracer, SaysHowManyRecordsEachRuleDropped) {
  const fs::path d = ScratchDir("tracer_reasons");
  std::ofstream(d / "t.trace") << "4 0 100 0 pbatch 100\n2 10 20 5 pdebug 100\nnot a row\n3 30 40 20 pbatch 100\n";
  const ProcessResult r = RunProcess({TracerBinary(), "-i", (d / "t.trace").string(), "-n", "10"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 jobs have been loaded."), std::string::npos) << r.out;  // .trace keeps every queue
  EXPECT_NE(r.err.find("tracer: skipped 1 input record: too_few_fields 1"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("skipped"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace clustersim::test
