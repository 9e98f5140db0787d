// `clustersim report`, `clustersim compare` and `--report`, run as a user
// runs them: pages land where documented, stale reports never survive a
// run, and every refusal is one clear line.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "power/switches.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim {
namespace {

namespace fs = std::filesystem;

const std::string kSwf = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/small.swf";

test::ProcessResult Clustersim(std::vector<std::string> args) {
  args.insert(args.begin(), test::ClustersimBinary());
  return test::RunProcess(args);
}

TEST(ReportCommand, RunWithReportThenWithoutLeavesNoStaleReport) {
  const fs::path out = test::ScratchDir("report_cmd") / "run";
  auto r = Clustersim({"simulate", kSwf, "--report", "-o", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  report: " + (out / "report.html").string() + "\n"), std::string::npos) << r.out;
  const std::string html = test::Slurp(out / "report.html");
  EXPECT_NE(html.find("<title>clustersim report: run</title>"), std::string::npos);  // named by the target
  EXPECT_EQ(html.find(".tmp-"), std::string::npos);  // never by the private directory it was built in
  r = Clustersim({"simulate", kSwf, "--backfill", "conservative", "-o", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(out / "report.html"));  // it described the EASY run
  r = Clustersim({"report", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "report: " + (out / "report.html").string() + "\n");
  EXPECT_NE(test::Slurp(out / "report.html").find("fcfs+conservative"), std::string::npos);
}

TEST(ReportCommand, ClearRefusals) {
  const fs::path dir = test::ScratchDir("report_cmd_bad");
  auto r = Clustersim({"report", (dir / "nope").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim report: error: " + (dir / "nope").string() + ": not a directory\n");
  r = Clustersim({"report", dir.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no summary.json here: not a clustersim output directory"), std::string::npos) << r.err;
  r = Clustersim({"compare", dir.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim compare: error: give at least two output directories to compare\n");
  r = Clustersim({"simulate", kSwf, "--report", "--outputs", "jobs", "-o", (dir / "x").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--report: the report is built from summary.json; add summary to --outputs"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "x"));
}

TEST(ReportCommand, CompareWritesThePageNamed) {
  const fs::path dir = test::ScratchDir("report_cmd_cmp");
  for (const char* bf : {"easy", "conservative"}) {
    auto r = Clustersim({"simulate", kSwf, "--backfill", bf, "--quiet", "-o", (dir / bf).string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const fs::path page = dir / "cmp.html";
  auto r = Clustersim({"compare", (dir / "easy").string(), (dir / "conservative").string(), "-o", page.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "comparison: " + page.string() + "\n");
  const std::string html = test::Slurp(page);
  EXPECT_NE(html.find("Per-job wait: conservative against easy"), std::string::npos);
  EXPECT_NE(html.find("120 jobs started in both runs"), std::string::npos);
}

// A run written with --outputs summary has no curves: the comparison names
// what it lacks instead of charts that silently show one run.
TEST(ReportCommand, CompareNamesARunWithoutItsJobFile) {
  const fs::path dir = test::ScratchDir("report_cmd_missing");
  auto r = Clustersim({"simulate", kSwf, "--quiet", "-o", (dir / "full").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = Clustersim({"simulate", kSwf, "--backfill", "conservative", "--outputs", "summary", "--quiet", "-o",
                  (dir / "bare").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = Clustersim({"compare", (dir / "full").string(), (dir / "bare").string(), "-o", (dir / "c.html").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = test::Slurp(dir / "c.html");
  EXPECT_NE(html.find("Not in bare's directory: jobs.csv"), std::string::npos) << html.substr(0, 4000);
  EXPECT_EQ(html.find("Not in full's directory"), std::string::npos);
  // An rlscheduler evaluation writes no schedule: nothing of it is missing.
  const std::string kth = test::TracesDir() + "/KTH-SP2-1996-2.1-cln.swf.gz";
  if (!fs::exists(kth)) return;
  r = Clustersim({"simulate", kth, "--compat", "rlscheduler", "--quiet", "-o", (dir / "rl").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = Clustersim({"compare", (dir / "rl").string(), (dir / "full").string(), "-o", (dir / "rl.html").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::Slurp(dir / "rl.html").find("Not in rl's directory"), std::string::npos);
}

// The wait distribution is over started jobs: one --max_time cut while it
// ran (J1, waited 45 s) has no waiting_time in jobs.csv, yet it waited. Of
// the 4 started jobs 3 waited under 1 s: 75 %, not 100 %.
TEST(ReportCommand, WaitDistributionCountsJobsRunningAtTheCut) {
  const fs::path dir = test::ScratchDir("report_cmd_cut");
  std::ofstream(dir / "a.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,6,100,50\n5,8,50,80\n"
                                  "10,4,30,0\n20,12,10,10\n30,2,5,3\n";
  auto r = Clustersim({"simulate", (dir / "a.csv").string(), "-n", "10", "-t", "60", "--report", "--quiet", "-o",
                       (dir / "run").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = test::Slurp(dir / "run" / "report.html");
  // The caption names its population, which the summary's waits (finished jobs only) do not share.
  EXPECT_NE(html.find("of the 4 started jobs, 1 of them cut by --max_time while running (the summary&#39;s waits are "
                      "over finished jobs only). 75.0 % of them waited under 1 s"),
            std::string::npos)
      << html.substr(html.find("Wait time distribution"), 2000);
}

// A cut job is told by its status, not by a missing finish time: a jobs.csv
// without that column (it is optional to the report) has no cut job.
TEST(ReportCommand, WaitDistributionCountsNoCutJobWithoutFinishTimes) {
  const fs::path dir = test::ScratchDir("report_cmd_nofinish");
  std::ofstream(dir / "a.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,6,100,50\n5,8,50,40\n";
  auto r = Clustersim({"simulate", (dir / "a.csv").string(), "-n", "10", "--quiet", "-o", (dir / "run").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Drop the finish_time column from every row.
  std::istringstream in(test::Slurp(dir / "run" / "jobs.csv"));
  std::string line, out;
  std::size_t drop = std::string::npos;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    if (drop == std::string::npos) drop = static_cast<std::size_t>(std::find(cells.begin(), cells.end(), "finish_time") - cells.begin());
    ASSERT_LT(drop, cells.size()) << line;
    cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(drop));
    for (std::size_t k = 0; k < cells.size(); ++k) out += (k ? "," : "") + cells[k];
    out += "\n";
  }
  std::ofstream(dir / "run" / "jobs.csv", std::ios::trunc) << out;
  r = Clustersim({"report", (dir / "run").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = test::Slurp(dir / "run" / "report.html");
  EXPECT_NE(html.find("of the 2 started jobs. "), std::string::npos) << html.substr(html.find("Wait time distribution"), 800);
  EXPECT_EQ(html.find("cut by --max_time"), std::string::npos);
}

// A run of one job crashed report, compare and simulate --report (SIGFPE
// in the wait CDF), and --report then published nothing.
TEST(ReportCommand, OneJobRun) {
  const fs::path dir = test::ScratchDir("report_cmd_one");
  auto r = Clustersim({"simulate", kSwf, "--max_jobs", "1", "--report", "--quiet", "-o", (dir / "one").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "one" / "report.html"));
  r = Clustersim({"compare", (dir / "one").string(), (dir / "one").string(), "-o", (dir / "c.html").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

// `report RUN -o RUN/summary.json` replaced the summary with the page and
// exited 0; compare did the same to jobs.csv. The run's files are inputs.
TEST(ReportCommand, APageNeverReplacesTheRunsFiles) {
  const fs::path dir = test::ScratchDir("report_cmd_overwrite");
  const fs::path run = dir / "run";
  auto r = Clustersim({"simulate", kSwf, "--quiet", "-o", run.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string summary = test::Slurp(run / "summary.json"), jobs = test::Slurp(run / "jobs.csv");
  r = Clustersim({"report", run.string(), "-o", (run / "summary.json").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim report: error: " + (run / "summary.json").string() + ": this is summary.json of the run in " +
                       run.string() + "; write the page elsewhere\n");
  fs::create_symlink(run / "jobs.csv", dir / "link.csv");
  r = Clustersim({"compare", run.string(), run.string(), "-o", (dir / "link.csv").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("this is jobs.csv of the run in"), std::string::npos) << r.err;
  r = Clustersim({"compare", run.string(), run.string(), "-o", (run / "timing.json").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(test::Slurp(run / "summary.json"), summary);
  EXPECT_EQ(test::Slurp(run / "jobs.csv"), jobs);
  r = Clustersim({"report", run.string(), "-o", ""});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "clustersim report: error: -o: give a file name for the page\n");
  // The run's own page may be rebuilt in place, by `report`; `compare`
  // would put a comparison where the run's page was.
  r = Clustersim({"report", run.string(), "-o", (run / "report.html").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string page = test::Slurp(run / "report.html");
  r = Clustersim({"compare", run.string(), run.string(), "-o", (run / "report.html").string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(test::Slurp(run / "report.html"), page);
  // Nor the files of another run: `report a -o b/summary.json` gave b an
  // HTML summary.
  const fs::path other = dir / "other";
  ASSERT_EQ(Clustersim({"simulate", kSwf, "--quiet", "-o", other.string()}).exit_code, 0);
  const std::string other_summary = test::Slurp(other / "summary.json");
  for (const char* name : {"summary.json", "jobs.csv", "timing.json"}) {
    r = Clustersim({"report", run.string(), "-o", (other / name).string()});
    EXPECT_EQ(r.exit_code, 1) << name;
    EXPECT_EQ(r.err, fmt::format("clustersim report: error: {}: this is {} of the run in {}; write the page elsewhere\n",
                                 (other / name).string(), name, other.string()));
  }
  r = Clustersim({"compare", run.string(), run.string(), "-o", (other / "schedule.csv").string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  // Its page too: `report a -o b/report.html` replaced b's page with a's.
  r = Clustersim({"report", run.string(), "-o", (other / "report.html").string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_FALSE(fs::exists(other / "report.html"));
  EXPECT_EQ(test::Slurp(other / "summary.json"), other_summary);
  // A name of that kind in a folder that is no run's is a page like any other.
  r = Clustersim({"report", run.string(), "-o", (dir / "jobs.csv").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// Sampled run times by the seed's formulas and by dr_evt's (--run_time_compat),
// or jobs killed at their limit against jobs let run (--overrun), are other
// run times: compare named neither, so 11 kills read as the policy's.
TEST(ReportCommand, CompareNamesRunsWithOtherRunTimes) {
  const fs::path d = test::ScratchDir("compare_run_times");
  const std::string jobs = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/jobs.csv";
  const std::vector<std::string> sampled = {"simulate", jobs, "-n", "32", "-r", "distribution", "-S", "0.8",
                                            "-V", "0.2", "--seed", "7", "--quiet"};
  auto run = [&](const char* name, std::vector<std::string> extra) {
    std::vector<std::string> args = sampled;
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"-o", (d / name).string()});
    const test::ProcessResult r = Clustersim(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  };
  run("spec", {});
  run("drevt", {"--run_time_compat", "dr_evt"});
  run("allow", {"--overrun", "allow"});
  const test::ProcessResult c = Clustersim({"compare", (d / "spec").string(), (d / "drevt").string(),
                                            (d / "allow").string(), "-o", (d / "c.html").string()});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const std::string html = test::Slurp(d / "c.html");
  EXPECT_NE(html.find("drevt differs from spec in more than the policy (run-time formulas dr_evt against spec)"),
            std::string::npos) << c.err;
  EXPECT_NE(html.find("allow differs from spec in more than the policy (overrun allow against clip)"),
            std::string::npos) << c.err;
}

// No job finished by the -t cut: summary.json's first_submit_time (over
// finished jobs) reads 0, and the charts of a trace on Unix time spanned
// 54 years ("200 buckets of 98.4 days"). They count from the first submit.
TEST(ReportCommand, ARunWithNoJobFinishedCountsTimeFromItsFirstSubmit) {
  const fs::path d = test::ScratchDir("report_none_finished");
  std::ofstream(d / "ep.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n1700000000,10,100000,100000\n"
                                 "1700000100,10,100000,100000\n1700000200,5,100000,50\n";
  const test::ProcessResult r = Clustersim({"simulate", (d / "ep.csv").string(), "-n", "20", "-t", "1700000500",
                                            "--report", "--quiet", "-o", (d / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = test::Slurp(d / "out" / "report.html");
  // The charts run to the cut, 500 s after the first submit (a time origin
  // of 0 drew 54 years).
  EXPECT_NE(html.find("each of 200 buckets of 0.0417 min."), std::string::npos) << html.substr(0, 3000);
  EXPECT_EQ(html.find("days"), std::string::npos);
  // One job finished, after two that did not: time still counts from the
  // first submit (from the finished job's own submit, 200 s later, the cut
  // is 300 s on: 0.025 min).
  const test::ProcessResult one = Clustersim({"simulate", (d / "ep.csv").string(), "-n", "25", "-t", "1700000500",
                                              "--report", "--quiet", "-o", (d / "one").string()});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(test::Slurp(d / "one" / "report.html").find("each of 200 buckets of 0.0417 min."), std::string::npos);
  // Without jobs.csv, from the first allocation (the first job's start).
  const test::ProcessResult s = Clustersim({"simulate", (d / "ep.csv").string(), "-n", "20", "-t", "1700000500",
                                            "--outputs", "summary,resources", "--report", "--quiet", "-o",
                                            (d / "res").string()});
  ASSERT_EQ(s.exit_code, 0) << s.err;
  const std::string page = test::Slurp(d / "res" / "report.html");
  EXPECT_NE(page.find("each of 200 buckets of 0.0417 min."), std::string::npos) << page.substr(0, 3000);
  EXPECT_EQ(page.find("days"), std::string::npos);
}

// A run -t cut with jobs waiting and running goes on to T: its queue and
// its allocation hold there, as the summary's time-weighted queue says. The
// charts ended at the last event before T (here the second job's start,
// 100 s in), drawing a run that had stopped at 100 s. A run that ends
// before T (every job done) is not stretched to it.
TEST(ReportCommand, ARunCutByMaxTimeIsDrawnToTheCut) {
  const fs::path d = test::ScratchDir("report_cut_span");
  std::ofstream(d / "a.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,6,100,100\n"
                                "10,8,1000,1000\n20,8,50,50\n";
  auto r = Clustersim({"simulate", (d / "a.csv").string(), "-n", "10", "-t", "700", "--report", "--quiet", "-o",
                       (d / "cut").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json s = nlohmann::json::parse(test::Slurp(d / "cut" / "summary.json"));
  EXPECT_EQ(s["config"]["max_time"], 700.0);
  EXPECT_TRUE(s["config"]["sim_start_time"].is_null());
  EXPECT_EQ(s["counts"]["unfinished"], 2);
  const std::string html = test::Slurp(d / "cut" / "report.html");
  EXPECT_NE(html.find("each of 200 buckets of 0.0583 min."), std::string::npos)  // 700 s / 200
      << html.substr(html.find("Utilisation"), 1500);
  // The queue: 1 at 10 s, 2 at 20 s, 1 from the start at 100 s, held to 700 s.
  EXPECT_NE(html.find("data-name=\"waiting jobs\" data-points=\"5\""), std::string::npos);
  r = Clustersim({"simulate", (d / "a.csv").string(), "-n", "10", "-t", "5000", "--report", "--quiet", "-o",
                  (d / "whole").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Jobs end at 100, 1100 and 1150: the run's last event.
  EXPECT_NE(test::Slurp(d / "whole" / "report.html").find("each of 200 buckets of 0.0958 min."), std::string::npos);
  // Runs cut at different times are not compared as if only the policy differed.
  r = Clustersim({"compare", (d / "whole").string(), (d / "cut").string(), "-o", (d / "c.html").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(test::Slurp(d / "c.html").find("--max_time 700.0 against 5000.0"), std::string::npos);
  r = Clustersim({"simulate", (d / "a.csv").string(), "-n", "10", "--quiet", "-o", (d / "uncut").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = Clustersim({"compare", (d / "uncut").string(), (d / "cut").string(), "-o", (d / "c2.html").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(test::Slurp(d / "c2.html").find("--max_time 700.0 against none"), std::string::npos);
}

// A damaged jobs.csv was drawn without a word: text in a number's place
// read as "no value", and with starting_time gone every job was "< 1 min".
TEST(ReportCommand, ADamagedJobsCsvIsNamedNotDrawnInSilence) {
  const fs::path d = test::ScratchDir("report_damaged_jobs");
  auto r = Clustersim({"simulate", kSwf, "--quiet", "-o", (d / "run").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // jobs.csv as rows of cells (no quoted fields in this run's file).
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(test::Slurp(d / "run" / "jobs.csv"));
  for (std::string line; std::getline(in, line);) {
    rows.emplace_back();
    std::size_t from = 0;
    for (std::size_t comma; (comma = line.find(',', from)) != std::string::npos; from = comma + 1)
      rows.back().push_back(line.substr(from, comma - from));
    rows.back().push_back(line.substr(from));
  }
  const std::size_t start =
      static_cast<std::size_t>(std::find(rows[0].begin(), rows[0].end(), "starting_time") - rows[0].begin());
  ASSERT_LT(start, rows[0].size());
  // Writes the rows back, cell (i, k) as cell_of gives it; nullopt drops it.
  auto rewrite = [&](auto cell_of) {
    std::string out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      std::string joined;
      for (std::size_t k = 0; k < rows[i].size(); ++k)
        if (const std::optional<std::string> c = cell_of(i, k, rows[i][k])) joined += (joined.empty() ? "" : ",") + *c;
      out += joined + "\n";
    }
    std::ofstream(d / "run" / "jobs.csv", std::ios::trunc) << out;
  };
  rewrite([&](std::size_t i, std::size_t k, const std::string& c) {
    return std::optional<std::string>(i == 1 && k == start ? "abc" : c);
  });
  r = Clustersim({"report", (d / "run").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("jobs.csv:2: column 'starting_time': 'abc' is not a number"), std::string::npos) << r.err;
  rewrite([&](std::size_t, std::size_t k, const std::string& c) {
    return k == start ? std::nullopt : std::optional<std::string>(c);
  });
  r = Clustersim({"report", (d / "run").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = test::Slurp(d / "run" / "report.html");
  EXPECT_NE(html.find("Not in this directory: jobs.csv&#39;s starting_time column (the charts from it are empty)."),
            std::string::npos);
  EXPECT_NE(html.find("Jobs per class: &lt; 1 min: 0, 1-10 min: 0,"), std::string::npos);  // no class, not all "< 1 min"
  // resources.csv alike (an empty value is a row that cannot be placed, dropped).
  std::ofstream(d / "run" / "resources.csv", std::ios::trunc) << "time,free_nodes,allocated_nodes\n0,4,0\nabc,1,3\n";
  r = Clustersim({"report", (d / "run").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("resources.csv:3: column 'time': 'abc' is not a number"), std::string::npos) << r.err;
}

// A quoted jobs.csv field holding a line break (a JSONL trace named with
// one gives its workload names so) is one field, as RFC 4180 says: --report,
// report and compare stopped at "unterminated quote", naming a temporary
// folder that was gone.
TEST(ReportCommand, AQuotedLineBreakInJobsCsvIsOneField) {
  const fs::path d = test::ScratchDir("report_cmd_newline");
  const fs::path trace = d / "nl\nx.jsonl";
  fs::copy_file(std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/ai-day.jsonl", trace);
  auto r = Clustersim({"simulate", trace.string(), "--cluster", std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/cluster.yaml",
                       "--report", "--quiet", "-o", (d / "run").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(test::Slurp(d / "run" / "jobs.csv").find("\"nl\nx"), std::string::npos);
  r = Clustersim({"report", (d / "run").string(), "-o", (d / "page.html").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = Clustersim({"compare", (d / "run").string(), (d / "run").string(), "-o", (d / "c.html").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// The page is an output like the others: the same run gives the same bytes.
// It showed timing.json's wall time, so no two runs' pages were equal.
TEST(ReportCommand, TheSameRunGivesTheSamePage) {
  const fs::path d = test::ScratchDir("report_cmd_same_page");
  std::string pages[2];
  for (std::string& page : pages) {
    const auto r = Clustersim({"simulate", kSwf, "--report", "--quiet", "-o", (d / "run").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    page = test::Slurp(d / "run" / "report.html");
  }
  EXPECT_EQ(pages[0], pages[1]);
  EXPECT_EQ(pages[0].find("wall time"), std::string::npos);
}

// Two work-based runs that differ in a switch or a SIM_* value: summary.json
// recorded neither, so compare read the difference as the policy's.
TEST(ReportCommand, CompareNamesRunsWithAnotherWorkModel) {
  const fs::path d = test::ScratchDir("compare_work_model");
  const std::string trace = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/ai-day.jsonl";
  const std::string cluster = std::string(CLUSTERSIM_SOURCE_DIR) + "/examples/cluster.yaml";
  ASSERT_EQ(Clustersim({"simulate", trace, "--cluster", cluster, "--quiet", "-o", (d / "a").string()}).exit_code, 0);
  auto r = Clustersim({"simulate", trace, "--cluster", cluster, "--set", "cpu_share=capacity", "--SIM_BASE_IDLE_W",
                       "100.0", "--quiet", "-o", (d / "b").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto model = nlohmann::json::parse(test::Slurp(d / "b" / "summary.json")).at("work").at("model");
  EXPECT_EQ(model.at("cpu_share"), "capacity");
  EXPECT_EQ(model.at("SIM_BASE_IDLE_W"), "100");  // as a number: 100.0 and 100 are one setting
  EXPECT_EQ(model.at("workload_model"), "v1");
  EXPECT_EQ(model.at("gpu_receiver_gate"), "off");
  r = Clustersim({"compare", (d / "a").string(), (d / "b").string(), "-o", (d / "c.html").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("b differs from a in more than the policy (work model SIM_BASE_IDLE_W 100 against unset; "
                       "work model cpu_share capacity against per_k)"),
            std::string::npos)
      << r.err;
  // --compat joulie moves about twenty switches: named once, by the preset;
  // one set against the preset stays named.
  ASSERT_EQ(Clustersim({"simulate", trace, "--cluster", cluster, "--compat", "joulie", "--set", "cpu_share=per_k",
                        "--quiet", "-o", (d / "j").string()})
                .exit_code,
            0);
  r = Clustersim({"compare", (d / "b").string(), (d / "j").string(), "-o", (d / "c.html").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::size_t n = 1;  // the switches the two presets set apart, cpu_share aside, and the engine
  for (const power::PowerSwitchRow& row : power::PowerSwitchTable())
    n += row.default_value != row.joulie_value && row.flag != "cpu_share" ? 1 : 0;
  EXPECT_NE(r.err.find(fmt::format("j differs from b in more than the policy (--compat joulie against none ({} "
                                   "work-model settings at its preset's values); work model SIM_BASE_IDLE_W unset "
                                   "against 100; work model cpu_share per_k against capacity)",
                                   n)),
            std::string::npos)
      << r.err;
  // A summary without config.compat (hand-made, or foreign) names no preset.
  fs::create_directories(d / "k");
  auto k = nlohmann::json::parse(test::Slurp(d / "j" / "summary.json"));
  k["config"].erase("compat");
  std::ofstream(d / "k" / "summary.json") << k.dump();
  r = Clustersim({"compare", (d / "b").string(), (d / "k").string(), "-o", (d / "c.html").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("--compat"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("work model cpu_cap_inverse joulie against exact"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace clustersim
