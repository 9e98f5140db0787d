// The report's building blocks (reductions, CSV reading, SVG charts) and the
// run and comparison pages on hand-made output directories whose curves
// and counts are computed by hand below.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "report/compare_report.h"
#include "report/csv_table.h"
#include "report/downsample.h"
#include "report/html_page.h"
#include "report/run_outputs.h"
#include "report/run_report.h"
#include "report/run_series.h"
#include "report/svg_plot.h"
#include "test_util.h"

namespace clustersim {
namespace {

void Write(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// The data-points ("points") or path ("d") of the first series named `name`
// in `html`. (Plain searches: std::regex trips GCC 12's uninitialised-use
// warning under the sanitizer build.)
std::string SeriesAttr(const std::string& html, const std::string& name, const std::string& attr) {
  const std::string key = "data-name=\"" + name + "\" data-points=\"";
  const std::size_t at = html.find(key);
  if (at == std::string::npos) return "";
  const std::size_t v = at + key.size();
  if (attr != "d") return html.substr(v, html.find('"', v) - v);
  const std::size_t d = html.find(" d=\"", v);
  if (d == std::string::npos || d > html.find('>', v)) return "";
  return html.substr(d + 4, html.find('"', d + 4) - d - 4);
}

TEST(ReduceM4, KeepsEverySpikeAndBothEnds) {
  std::vector<double> x, y;
  for (int i = 0; i < 100000; ++i) {
    x.push_back(i);
    y.push_back(i % 1000 == 0 ? 0 : 50);  // a dip every 1,000 points
  }
  y[77777] = 1000;  // one spike
  const XY r = ReduceM4(x, y, 100);
  ASSERT_LE(r.x.size(), 400u);
  EXPECT_EQ(r.x.front(), 0);
  EXPECT_EQ(r.x.back(), 99999);
  EXPECT_NE(std::find(r.y.begin(), r.y.end(), 1000.0), r.y.end());
  std::size_t dips = 0;
  for (const double v : r.y) dips += v == 0 ? 1 : 0;
  EXPECT_EQ(dips, 100u);  // every dip survives: one per bucket of 1,000
  EXPECT_TRUE(std::is_sorted(r.x.begin(), r.x.end()));
}

TEST(ReduceM4, ShortSeriesComeBackWhole) {
  const XY r = ReduceM4({1, 2, 3}, {5, 6, 7}, 10);
  EXPECT_EQ(r.x, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(r.y, (std::vector<double>{5, 6, 7}));
}

TEST(EmpiricalCdf, ExactPointsWithTiesAndNaN) {
  const XY c = EmpiricalCdf({3, 0, std::nan(""), 1, 0, 2}, 100);
  EXPECT_EQ(c.x, (std::vector<double>{0, 1, 2, 3}));
  EXPECT_EQ(c.y, (std::vector<double>{0.4, 0.6, 0.8, 1.0}));
  std::vector<double> many;
  for (int i = 1; i <= 1000; ++i) many.push_back(i);
  const XY d = EmpiricalCdf(many, 11);
  ASSERT_EQ(d.x.size(), 11u);
  EXPECT_EQ(d.x.front(), 1);
  EXPECT_EQ(d.x.back(), 1000);
  EXPECT_DOUBLE_EQ(d.y[5], d.x[5] / 1000);  // each kept point is exact
}

// A run of one job divided by k - 1 = 0 (SIGFPE in report, compare and
// simulate --report, whose run then published nothing).
TEST(EmpiricalCdf, OneValue) {
  const XY c = EmpiricalCdf({7}, 100);
  EXPECT_EQ(c.x, (std::vector<double>{7}));
  EXPECT_EQ(c.y, (std::vector<double>{1.0}));
  EXPECT_TRUE(EmpiricalCdf({std::nan(""), 5, std::nan("")}, 2).x == std::vector<double>{5});
}

TEST(BucketMeans, AveragesAStepFunctionOverBuckets) {
  // 2 on [0, 10), 4 on [10, 20): four buckets of 5.
  EXPECT_EQ(BucketMeans({0, 10}, {2, 4}, 0, 20, 4), (std::vector<double>{2, 2, 4, 4}));
  // 1 on [0, 5) then 0, over two buckets of 5 and of 4 (a bucket split).
  EXPECT_EQ(BucketMeans({0, 5}, {1, 0}, 0, 10, 2), (std::vector<double>{1, 0}));
  const std::vector<double> m = BucketMeans({0, 6}, {1, 0}, 0, 8, 2);
  EXPECT_DOUBLE_EQ(m[0], 1);
  EXPECT_DOUBLE_EQ(m[1], 0.5);
}

TEST(CsvTable, ReadsColumnsByNameWithQuotes) {
  const auto dir = test::ScratchDir("csv_table");
  Write(dir / "a.csv", "x,name,y\n1,\"a, \"\"b\"\"\",inf\n,plain,2.5\n");
  auto t = ReadCsvTable((dir / "a.csv").string(), {"y", "x"}, {"name"});
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t.value().rows, 2u);
  EXPECT_TRUE(std::isinf(t.value().numbers[0][0]));
  EXPECT_EQ(t.value().numbers[0][1], 2.5);
  EXPECT_EQ(t.value().numbers[1][0], 1);
  EXPECT_TRUE(std::isnan(t.value().numbers[1][1]));
  EXPECT_EQ(t.value().texts[0][0], "a, \"\"b\"\"");  // outer quotes gone, inner "" kept (io/text_lines.h)
  auto missing = ReadCsvTable((dir / "a.csv").string(), {"z"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(), (dir / "a.csv").string() + ":1: no column 'z'");
  Write(dir / "short.csv", "x,y\n1,2\n3\n");
  auto bad = ReadCsvTable((dir / "short.csv").string(), {"x"});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), (dir / "short.csv").string() + ":3: 1 fields, the header has 2");
}

// A NaN is a gap: the line breaks there (a new "M"), a step holds its value
// up to it. The path was drawn straight across, so a CPU cap line showed a
// cap over hours when no node had one; M4 kept no NaN of a long series.
TEST(Plot, AGapBreaksTheLine) {
  const double nan = std::nan("");
  Plot p("Caps", {"time", false}, {"W"});
  p.Add({"line", SeriesKind::kLine, {0, 1, 2, 3, 4}, {300, 300, nan, 300, 300}});
  p.Add({"step", SeriesKind::kStep, {0, 1, 2, 3, 4}, {300, 300, nan, 300, 300}});
  const std::string svg = p.Render();
  for (const char* name : {"line", "step"}) {
    const std::string d = SeriesAttr(svg, name, "d");
    EXPECT_EQ(std::count(d.begin(), d.end(), 'M'), 2) << name << ": " << d;
  }
  std::vector<double> x, y;
  for (int i = 0; i < 1000; ++i) {
    x.push_back(i);
    y.push_back(i == 550 ? nan : 1);  // inside a bucket of 100 points
  }
  const XY r = ReduceM4(x, y, 10);
  EXPECT_EQ(std::count_if(r.y.begin(), r.y.end(), [](double v) { return std::isnan(v); }), 1);
}

TEST(Plot, RendersSeriesAxesAndEscapes) {
  Plot p("Waits <&>", {"wait (s)", true}, {"fraction"});
  p.Add({"a<b", SeriesKind::kStep, {0, 1, 10, 100}, {0.1, 0.5, 0.9, 1}});  // 0 is not drawable on a log axis
  p.Add({"bars", SeriesKind::kLine, {1, 1000}, {0, 1}});
  const std::string svg = p.Note("note & more").Render();
  EXPECT_NE(svg.find("data-series=\"2\""), std::string::npos);
  EXPECT_EQ(SeriesAttr(svg, "a&lt;b", "points"), "3");
  EXPECT_EQ(SeriesAttr(svg, "bars", "points"), "2");
  EXPECT_NE(svg.find("Waits &lt;&amp;&gt;"), std::string::npos);
  EXPECT_NE(svg.find("<figcaption>note &amp; more</figcaption>"), std::string::npos);
  EXPECT_NE(svg.find("class=\"axis-label x\""), std::string::npos);
  // Decade ticks from 1 to 1000 on the log axis.
  for (const char* t : {">1<", ">10<", ">100<", ">1000<"}) EXPECT_NE(svg.find(t), std::string::npos) << t;
}

TEST(ShortNumber, ReadableMagnitudes) {
  EXPECT_EQ(ShortNumber(12500), "12.5k");
  EXPECT_EQ(ShortNumber(0.5), "0.5");
  EXPECT_EQ(ShortNumber(2048000), "2048k");
  EXPECT_EQ(ShortNumber(3.2e7), "32M");
  EXPECT_EQ(ShortNumber(100), "100");
}

// Three jobs on a 4-unit machine, submitted at 0, 0, 10:
//   job 1: 2 units, start 0, end 5     wait 0   bsld max(1, 5/10) = 1
//   job 2: 4 units, start 5, end 20    wait 5   bsld 20/15
//   job 3: 1 unit,  start 20, end 40   wait 10  bsld 30/20 = 1.5
// Queue: 1 waiting from 0 to 5, none 5-10, 1 from 10 to 20, then none.
void WriteRun(const std::filesystem::path& dir, double wait3) {
  std::filesystem::create_directories(dir);
  Write(dir / "summary.json",
        R"({"config": {"capacity": 4, "input": "toy.csv", "mode": "simulation", "policy": "fcfs", "compat": "none",
            "seed": 0}, "definitions": {"units": "nodes", "wait": "begin - submit"}, "first_submit_time": 0,
            "mean_waiting_time": )" +
            std::to_string((5 + wait3) / 3) + R"(, "counts": {"loaded": 3, "completed": 3}, "consumed_joules": -1})");
  const double s3 = 10 + wait3;
  Write(dir / "jobs.csv",
        "job_id,submission_time,starting_time,finish_time,waiting_time,bounded_slowdown,"
        "requested_number_of_resources,status\n"
        "1,0,0,5,0,1,2,completed\n"
        "2,0,5,20,5,1.3333333333333333,4,completed\n"
        "3,10," + std::to_string(s3) + "," + std::to_string(s3 + 20) + "," + std::to_string(wait3) + "," +
            std::to_string((wait3 + 20) / 20) + ",1,completed\n"
        "4,50,,,,,1,not_submitted\n");
  Write(dir / "resources.csv", "time,free_nodes,allocated_nodes\n0,4,0\n0,2,2\n5,0,4\n20,4,0\n20,3,1\n40,4,0\n");
}

TEST(RunReport, HandComputedCurvesAndClasses) {
  const auto dir = test::ScratchDir("run_report") / "toy";
  WriteRun(dir, 10);
  auto r = LoadRunOutputs(dir.string());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r.value().jobs.size(), 3u);  // the job not submitted is not drawn
  const TimeUnit u = TimeUnitFor(RunSpan(r.value()));
  EXPECT_EQ(u.name, "s");
  const XY q = QueueOverTime(r.value(), u);
  EXPECT_EQ(q.x, (std::vector<double>{0, 5, 10, 20}));
  EXPECT_EQ(q.y, (std::vector<double>{1, 0, 1, 0}));
  const XY a = AllocatedOverTime(r.value(), u);  // several rows at one instant: the last holds
  EXPECT_EQ(a.x, (std::vector<double>{0, 5, 20, 40}));
  EXPECT_EQ(a.y, (std::vector<double>{2, 4, 1, 0}));
  const XY util = UtilisationMeans(r.value(), u, 4);  // buckets of 10 s over [0, 40)
  EXPECT_EQ(util.y, (std::vector<double>{75, 100, 25, 25}));
  const ClassMeans by_size = SlowdownBySize(r.value());
  EXPECT_EQ(by_size.names, (std::vector<std::string>{"1", "2", "3-4"}));
  EXPECT_DOUBLE_EQ(by_size.mean[0], 1.5);
  EXPECT_DOUBLE_EQ(by_size.mean[1], 1);
  EXPECT_DOUBLE_EQ(by_size.mean[2], 4.0 / 3);
  // No allocated_units column (an older run): jobs held what they asked.
  // Classes on 4 units: "<= 1" (job 3 over [20, 40)) and "> 1" (job 1's 2
  // units over [0, 5), job 2's 4 over [5, 20)), stacked, 10 s buckets.
  const Occupancy occ = OccupancyBySize(r.value(), u, 4);
  EXPECT_EQ(occ.names, (std::vector<std::string>{"<= 1", "> 1"}));
  ASSERT_EQ(occ.high.size(), 2u);
  EXPECT_EQ(occ.high[0], (std::vector<double>{0, 0, 1, 1}));
  EXPECT_EQ(occ.high[1], (std::vector<double>{3, 4, 1, 1}));
  double below = 0;
  const XY w = WaitCdf(r.value(), 1.0, &below);
  EXPECT_DOUBLE_EQ(below, 1.0 / 3);
  EXPECT_EQ(w.x, (std::vector<double>{1, 5, 10}));

  const std::string html = RenderRunReport(r.value(), "9.9.9");
  EXPECT_NE(html.find("<title>clustersim report: toy</title>"), std::string::npos);
  EXPECT_NE(html.find("9.9.9"), std::string::npos);
  EXPECT_NE(html.find("title=\"begin - submit\">mean wait"), std::string::npos);  // the definition on hover
  // Each count row carries its own definition (killed-at-limit showed the run-time-cut's).
  EXPECT_EQ(html.find("run_time - time_limit: the run time the kill removed\">killed at limit"), std::string::npos);
  EXPECT_EQ(html.find(">energy<"), std::string::npos);  // -1 J: not modelled, not shown
  EXPECT_EQ(SeriesAttr(html, "waiting jobs", "points"), "4");
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // no URL but the SVG namespace
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("Power, caps"), std::string::npos);  // no timeseries.csv, no power section

  std::filesystem::remove(dir / "resources.csv");
  auto partial = LoadRunOutputs(dir.string());
  ASSERT_TRUE(partial.ok());
  const std::string p = RenderRunReport(partial.value(), "9.9.9");
  EXPECT_NE(p.find("Not in this directory: resources.csv"), std::string::npos);
  EXPECT_EQ(p.find("Allocated nodes"), std::string::npos);
}

// Under a capacity schedule the utilisation chart divides by the size in
// force (or the units in use when more), as the summary does, and the
// machine-size line follows the steps: both used the full size, so a
// machine drained to half showed 50 % while every node was busy.
TEST(RunReport, UtilisationAndSizeFollowACapacitySchedule) {
  const auto dir = test::ScratchDir("run_report_capacity") / "toy";
  WriteRun(dir, 10);
  // Size 4, then 2 from t = 10 (jobs holding 4 keep them), 4 again from 30.
  Write(dir / "resources.csv",
        "time,free_nodes,allocated_nodes\n0,4,0\n0,2,2\n5,0,4\n10,0,4\n20,2,0\n20,1,1\n30,3,1\n40,4,0\n");
  nlohmann::json summary = nlohmann::json::parse(test::Slurp(dir / "summary.json"));
  summary["config"]["capacity_schedule"] = {{"file", "cap.csv"}, {"steps", {{10.0, 2}, {30.0, 4}}}};
  Write(dir / "summary.json", summary.dump());
  auto r = LoadRunOutputs(dir.string());
  ASSERT_TRUE(r.ok()) << r.status().message();
  const TimeUnit u = TimeUnitFor(RunSpan(r.value()));
  // [0,10): 30 unit-s of 40; [10,20): 4 in use over a size of 2; [20,30): 1 of 2; [30,40): 1 of 4.
  EXPECT_EQ(UtilisationMeans(r.value(), u, 4).y, (std::vector<double>{75, 100, 50, 25}));
  const XY size = MachineSizeOverTime(r.value(), u);
  EXPECT_EQ(size.x, (std::vector<double>{0, 10, 30, 40}));
  EXPECT_EQ(size.y, (std::vector<double>{4, 2, 4, 4}));
}

// Occupancy by job size counts what jobs held: a `pall` job replayed from an
// LLNL history holds nothing (allocated_units 0), as in the allocation chart.
// Here job 1 (2 units, class "> 1") holds its 2 units over [0, 10); job 2
// (1 unit, class "<= 1") holds none, so its class has nothing to draw.
TEST(RunReport, OccupancyCountsTheUnitsJobsHeld) {
  const auto dir = test::ScratchDir("run_report_held") / "r";
  std::filesystem::create_directories(dir);
  Write(dir / "summary.json",
        R"({"config": {"capacity": 4}, "definitions": {"units": "nodes"}, "first_submit_time": 0})");
  Write(dir / "jobs.csv",
        "job_id,submission_time,starting_time,finish_time,waiting_time,bounded_slowdown,"
        "requested_number_of_resources,status,allocated_units\n"
        "1,0,0,10,0,1,2,completed,2\n"
        "2,0,0,10,0,1,1,completed,0\n");
  auto r = LoadRunOutputs(dir.string());
  ASSERT_TRUE(r.ok()) << r.status().message();
  const Occupancy o = OccupancyBySize(r.value(), TimeUnitFor(RunSpan(r.value())), 2);
  EXPECT_EQ(o.names, (std::vector<std::string>{"> 1"}));
  ASSERT_EQ(o.high.size(), 1u);
  EXPECT_EQ(o.high[0], (std::vector<double>{2, 2}));
  // Under 4 units there is no size bound: one class (the name read past an
  // empty list of bounds, and `clustersim report` crashed).
  Write(dir / "summary.json",
        R"({"config": {"capacity": 3}, "definitions": {"units": "nodes"}, "first_submit_time": 0})");
  auto small = LoadRunOutputs(dir.string());
  ASSERT_TRUE(small.ok()) << small.status().message();
  const Occupancy s = OccupancyBySize(small.value(), TimeUnitFor(RunSpan(small.value())), 2);
  EXPECT_EQ(s.names, (std::vector<std::string>{"any size"}));
  ASSERT_EQ(s.high.size(), 1u);
  EXPECT_EQ(s.high[0], (std::vector<double>{2, 2}));
}

// A gang pod that ended first freed its share then (jobs.csv's
// pod_releases): the occupancy counted the job's units to its end, above
// the allocation curve. Job 1 holds 4 units over [0, 20), 2 of them until
// 10; job 2 holds 1 over [5, 15).
TEST(RunReport, OccupancyFollowsAGangPodsEarlyRelease) {
  const auto dir = test::ScratchDir("run_report_pods") / "r";
  std::filesystem::create_directories(dir);
  Write(dir / "summary.json",
        R"({"config": {"capacity": 8}, "definitions": {"units": "nodes"}, "first_submit_time": 0})");
  Write(dir / "jobs.csv",
        "job_id,submission_time,starting_time,finish_time,waiting_time,bounded_slowdown,"
        "requested_number_of_resources,status,allocated_units,pod_releases\n"
        "1,0,0,20,0,1,4,completed,4,10:2\n"
        "2,0,5,15,5,1,1,completed,1,\n"
        "3,0,0,20,0,1,4,completed,4,bad;12:x\n");  // malformed entries: held to the end
  auto r = LoadRunOutputs(dir.string());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r.value().jobs.pod_releases.size(), 1u);
  const Occupancy o = OccupancyBySize(r.value(), TimeUnitFor(RunSpan(r.value())), 4);  // 5 s buckets
  EXPECT_EQ(o.names, (std::vector<std::string>{"<= 2", "> 2"}));
  ASSERT_EQ(o.high.size(), 2u);
  EXPECT_EQ(o.high[0], (std::vector<double>{0, 1, 1, 0}));
  EXPECT_EQ(o.high[1], (std::vector<double>{8, 9, 7, 6}));
}

TEST(RunReport, RowsWithoutATimeAreDropped) {
  const auto dir = test::ScratchDir("run_report_rows") / "r";
  WriteRun(dir, 10);
  Write(dir / "resources.csv", "time,free_nodes,allocated_nodes\n0,4,0\n,1,3\n5,2,2\n7,1,\n");
  auto r = LoadRunOutputs(dir.string());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r.value().res_time, (std::vector<double>{0, 5}));
  EXPECT_EQ(r.value().res_allocated, (std::vector<double>{0, 2}));
}

// A CSV trace with Unix times: the resource trace's baseline row at time 0
// (dr_evt's) must not become the charts' origin, 50 years before the jobs.
TEST(RunReport, TheBaselineRowDoesNotMoveTheOrigin) {
  const auto dir = test::ScratchDir("run_report_epoch") / "r";
  std::filesystem::create_directories(dir);
  Write(dir / "summary.json",
        R"({"config": {"capacity": 4}, "definitions": {"units": "nodes"}, "first_submit_time": 1600000000})");
  Write(dir / "jobs.csv",
        "job_id,submission_time,starting_time,finish_time,waiting_time,bounded_slowdown,"
        "requested_number_of_resources,status\n"
        "0,1600000000,1600000010,1600000030,10,1.5,2,completed\n");
  Write(dir / "resources.csv", "time,free_nodes,allocated_nodes\n0,4,0\n1600000010,2,2\n1600000030,4,0\n");
  auto r = LoadRunOutputs(dir.string());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r.value().origin, 1600000000);
  EXPECT_EQ(r.value().res_time, (std::vector<double>{10, 30}));
  EXPECT_EQ(r.value().jobs.submit, (std::vector<double>{0}));
  EXPECT_DOUBLE_EQ(RunSpan(r.value()), 30);
}

TEST(ReduceM4, AllPointsAtOneTimeMakeOneBucket) {
  const XY r = ReduceM4(std::vector<double>(100, 3.0), std::vector<double>(100, 1.0), 4);
  EXPECT_LE(r.x.size(), 4u);
}

// A summary.json with a syntax error was "not a JSON object", without a line.
TEST(RunReport, ABrokenSummaryNamesItsLine) {
  const auto dir = test::ScratchDir("run_report_bad_json");
  Write(dir / "summary.json", "{\n  \"config\": {\"capacity\": 4,}\n}\n");
  auto r = LoadRunOutputs(dir.string());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind((dir / "summary.json").string() + ":2: bad_json: ", 0), 0u)
      << r.status().message();
  Write(dir / "summary.json", "[1, 2]\n");
  EXPECT_NE(LoadRunOutputs(dir.string()).status().message().find("summary.json: not a JSON object"), std::string::npos);
}

TEST(RunReport, RefusesADirectoryWithoutSummary) {
  const auto dir = test::ScratchDir("run_report_empty");
  auto r = LoadRunOutputs(dir.string());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("no summary.json here: not a clustersim output directory"),
            std::string::npos);
}

TEST(Comparison, MetricsAndPerJobWaits) {
  const auto root = test::ScratchDir("comparison");
  WriteRun(root / "a", 10);
  WriteRun(root / "b", 0);  // job 3 starts at submit in b: it gains 10 s, the others are the same
  std::vector<RunOutputs> runs;
  for (const char* n : {"a", "b"}) runs.push_back(LoadRunOutputs((root / n).string()).take());
  const std::string html = RenderComparison(runs, "9.9.9");
  EXPECT_NE(html.find("3 jobs started in both runs: <span class=\"gain\">1 waited less</span> in b, "
                      "<span class=\"loss\">0 waited longer</span>, 2 waited the same."),
            std::string::npos);
  // mean wait 5 in a, 5/3 in b: difference -3.333, ratio 0.3333.
  EXPECT_NE(html.find("<td class=\"num\">5</td><td class=\"num\">1.667</td><td class=\"num\">-3.333</td>"
                      "<td class=\"num\">0.3333</td>"),
            std::string::npos);
  EXPECT_EQ(SeriesAttr(html, "a", "points"), "4");  // the queue curves, one per run
  EXPECT_NE(html.find("<td class=\"num\">3</td><td class=\"num\">1</td><td class=\"num\">10</td>"
                      "<td class=\"num\">0</td><td class=\"num\">-10</td>"),
            std::string::npos);  // job 3 heads the gainers
}

// Runs whose largest jobs differ share one set of size classes: each run
// grouped its own powers of two (a 4096-unit job makes pairs, 512 units
// does not) and the page put the first run's bars under the last run's
// labels (its 2049-4096 mean drawn under "33-64").
TEST(Comparison, SlowdownBySizeSharesOneSetOfClasses) {
  const auto root = test::ScratchDir("comparison_classes");
  const char* header =
      "job_id,submission_time,starting_time,finish_time,waiting_time,bounded_slowdown,"
      "requested_number_of_resources,status\n";
  WriteRun(root / "a", 10);
  WriteRun(root / "b", 10);
  Write(root / "a" / "jobs.csv", std::string(header) + "1,0,0,5,0,1,1,completed\n2,0,0,5,0,2,4096,completed\n");
  Write(root / "b" / "jobs.csv", std::string(header) + "1,0,0,5,0,1,1,completed\n2,0,0,5,0,3,512,completed\n");
  std::vector<RunOutputs> runs;
  for (const char* n : {"a", "b"}) runs.push_back(LoadRunOutputs((root / n).string()).take());
  const ClassMeans b = SlowdownBySize(runs[1], LargestJob(runs[0]));
  EXPECT_EQ(b.names, (std::vector<std::string>{"1-2", "3-8", "9-32", "33-128", "129-512", "513-2048", "2049-4096"}));
  EXPECT_EQ(b.mean[4], 3);
  const std::string html = RenderComparison(runs, "9.9.9");
  EXPECT_NE(html.find("<title>2049-4096: 2</title>"), std::string::npos);
  EXPECT_NE(html.find("<title>129-512: 3</title>"), std::string::npos);
  EXPECT_EQ(html.find("257-512"), std::string::npos);
}

// Runs of different inputs (their input_sha256 differ) are not joined on
// job id (ids of unrelated traces match by accident), and the page says
// so; an energy of -1 ("not modelled") is n/a, never a number in a
// difference. (Both used to be compared as if meaningful.)
TEST(Comparison, DifferentInputsAreNotJoinedAndUnmodelledEnergyIsNa) {
  const auto root = test::ScratchDir("comparison_inputs");
  WriteRun(root / "a", 10);
  WriteRun(root / "b", 0);
  std::vector<RunOutputs> runs;
  for (const char* n : {"a", "b"}) runs.push_back(LoadRunOutputs((root / n).string()).take());
  runs[0].summary["definitions"]["input_sha256"] = std::string(64, 'a');
  runs[1].summary["definitions"]["input_sha256"] = std::string(64, 'b');
  runs[1].summary["consumed_joules"] = 7.0e8;
  const std::string html = RenderComparison(runs, "9.9.9");
  EXPECT_NE(html.find("b read another input than a"), std::string::npos);
  EXPECT_EQ(html.find("jobs started in both runs"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num\">n/a</td><td class=\"num\">700000000</td><td class=\"num\">n/a</td>"),
            std::string::npos);
  runs[1].summary["definitions"]["input_sha256"] = std::string(64, 'a');
  EXPECT_NE(RenderComparison(runs, "9.9.9").find("jobs started in both runs"), std::string::npos);
}

// Cluster runs name their cluster, caps, command-line caps and power policy
// in the report's header and in the comparison's runs table (neither did,
// so runs with and without caps looked alike); a work-based run has no
// run-time mode or seed row; a ratio to a value that is n/a in the other
// run is n/a, not "nan".
TEST(Comparison, ClusterRunsNameTheirPowerInputs) {
  const auto root = test::ScratchDir("comparison_power_inputs");
  WriteRun(root / "a", 10);
  WriteRun(root / "b", 10);
  std::vector<RunOutputs> runs;
  for (const char* n : {"a", "b"}) runs.push_back(LoadRunOutputs((root / n).string()).take());
  for (RunOutputs& r : runs) {
    r.summary["work"]["execution"] = "work";
    r.summary["work"]["inputs"]["cluster"] = {{"path", "/x/cluster.yaml"}, {"sha256", std::string(64, 'c')}};
  }
  runs[1].summary["work"]["inputs"]["caps"] = {{"path", "/x/night.yaml"}, {"sha256", std::string(64, 'd')}};
  runs[1].summary["work"]["operating_rules"] = {"--gpu-cap all:60%"};
  runs[1].summary["work"]["power_policy"]["policy"] = "B";
  const std::string html = RenderComparison(runs, "9.9.9");
  for (RunOutputs& r : runs) r.summary["config"]["run_time_mode"] = "actual";
  EXPECT_NE(html.find("<th>cluster, caps and power policy</th>"), std::string::npos);
  EXPECT_NE(html.find("<td>cluster cluster.yaml</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>caps night.yaml; cluster cluster.yaml; --gpu-cap all:60%; power policy B</td>"),
            std::string::npos)
      << html.substr(0, 3000);
  const std::string page = RenderRunReport(runs[1], "9.9.9");
  EXPECT_NE(page.find("<th>cluster, caps and power policy</th><td>caps night.yaml; cluster cluster.yaml"),
            std::string::npos);
  EXPECT_EQ(page.find("<th>run times</th>"), std::string::npos);
  EXPECT_EQ(page.find("<th>seed</th>"), std::string::npos);
  EXPECT_NE(RenderRunReport(runs[0], "9.9.9").find("<th>cluster, caps and power policy</th><td>cluster cluster.yaml</td>"),
            std::string::npos);
  // Fixed-duration runs keep their rows and get no power column.
  for (RunOutputs& r : runs) r.summary.erase("work");
  EXPECT_EQ(RenderComparison(runs, "9.9.9").find("cluster, caps and power policy"), std::string::npos);
  EXPECT_NE(RenderRunReport(runs[0], "9.9.9").find("<th>run times</th>"), std::string::npos);
  // Runs counting other units are left out of the charts drawn in the
  // first run's units, and the note says which (a millicore curve was drawn
  // on a nodes axis).
  runs[1].units = "millicores";
  const std::string mixed = RenderComparison(runs, "9.9.9");
  EXPECT_NE(mixed.find("Left out (not counted in " + runs[0].units + "): b counts millicores."), std::string::npos);
  const std::size_t chart = mixed.find("Allocated " + runs[0].units);
  ASSERT_NE(chart, std::string::npos);
  const std::string alloc = mixed.substr(chart, mixed.find("</svg>", chart) - chart);
  EXPECT_NE(alloc.find("data-name=\"a\""), std::string::npos);
  EXPECT_EQ(alloc.find("data-name=\"b\""), std::string::npos);
  runs[1].units = runs[0].units;
  // A metric n/a in the second run: its ratio is n/a, not nan.
  runs[0].summary["consumed_joules"] = 5.0e8;
  runs[1].summary["consumed_joules"] = -1;
  EXPECT_EQ(RenderComparison(runs, "9.9.9").find(">nan<"), std::string::npos);
}

// Runs that bounded slowdowns with different --bsld-tau values: the page
// says so (their bounded slowdowns were compared silently before).
TEST(Comparison, DifferentBsldTauIsNamed) {
  const auto root = test::ScratchDir("comparison_tau");
  WriteRun(root / "a", 10);
  WriteRun(root / "b", 10);
  std::vector<RunOutputs> runs;
  for (const char* n : {"a", "b"}) runs.push_back(LoadRunOutputs((root / n).string()).take());
  runs[0].summary["definitions"]["bsld_tau"] = 10.0;
  runs[1].summary["definitions"]["bsld_tau"] = 60.0;
  EXPECT_NE(RenderComparison(runs, "9.9.9").find("b bounds slowdowns at tau = 60 s, a at tau = 10 s"),
            std::string::npos);
  runs[1].summary["definitions"]["bsld_tau"] = 10.0;
  EXPECT_EQ(RenderComparison(runs, "9.9.9").find("bounds slowdowns at tau"), std::string::npos);
}

// A smaller machine, a job set cut by --max_time and another cluster file
// were compared as if only the policy differed (ratios of 0.035 beside
// two rows both reading "fcfs+easy"); runs of equal settings get no note.
TEST(Comparison, RunsThatDifferInMoreThanThePolicyAreNamed) {
  const auto root = test::ScratchDir("comparison_held_fixed");
  WriteRun(root / "a", 10);
  WriteRun(root / "b", 10);
  std::vector<RunOutputs> runs;
  for (const char* n : {"a", "b"}) runs.push_back(LoadRunOutputs((root / n).string()).take());
  for (RunOutputs& r : runs) {
    r.summary["config"]["capacity"] = 100;
    r.summary["counts"]["not_submitted"] = 0;
    r.summary["config"]["run_time_mode"] = "actual";
    r.summary["config"]["seed"] = 1;
    r.summary["work"]["inputs"]["cluster"] = {{"path", "c.yaml"}, {"sha256", std::string(64, 'c')}};
  }
  runs[1].summary["config"]["seed"] = 2;  // no sampled run times: the seed is unused
  EXPECT_TRUE(ComparabilityNotes(runs).empty());
  runs[1].summary["config"]["capacity"] = 64;
  runs[1].summary["counts"]["not_submitted"] = 26462;
  runs[1].summary["work"]["inputs"]["cluster"]["sha256"] = std::string(64, 'd');
  const std::vector<std::string> notes = ComparabilityNotes(runs);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0],
            "b differs from a in more than the policy (machine size 64 against 100; jobs not submitted (--max_time) "
            "26462 against 0; cluster file dddddddddddd against cccccccccccc): the differences in its metrics are "
            "not the policy's alone.");
  EXPECT_NE(RenderComparison(runs, "9.9.9").find("b differs from a in more than the policy"), std::string::npos);
  runs[0].summary["config"]["run_time_mode"] = "distribution";
  runs[1].summary["config"]["run_time_mode"] = "distribution";
  EXPECT_NE(ComparabilityNotes(runs)[0].find("seed 2 against 1"), std::string::npos);
  runs[1].summary["work"]["inputs"]["catalog"] = {{"path", "k.yaml"}, {"sha256", std::string(64, 'e')}};
  EXPECT_NE(ComparabilityNotes(runs)[0].find("hardware catalog eeeeeeeeeeee against shipped"), std::string::npos);
}

// A power cap against none was compared on IT energy alone: the IT power
// curves are overlaid and peak and facility power tabulated; large values
// are whole numbers, not "1.633e+05".
TEST(Comparison, ClusterRunsOverlayItPower) {
  const auto root = test::ScratchDir("comparison_power");
  WriteRun(root / "a", 10);
  WriteRun(root / "b", 10);
  Write(root / "a" / "timeseries.csv", "time,it_power_w\n0,100\n20,300\n40,100\n");
  Write(root / "b" / "timeseries.csv", "time,it_power_w\n0,100\n20,250\n40,100\n");
  std::vector<RunOutputs> runs;
  for (const char* n : {"a", "b"}) runs.push_back(LoadRunOutputs((root / n).string()).take());
  runs[0].summary["work"]["energy"]["peak_it_power_w"] = 300.0;
  runs[1].summary["work"]["energy"]["peak_it_power_w"] = 250.0;
  const std::string html = RenderComparison(runs, "9.9.9");
  EXPECT_NE(html.find("IT power</text>"), std::string::npos);
  EXPECT_NE(html.find("peak IT power (W)</td><td class=\"num\">300</td><td class=\"num\">250</td><td "
                      "class=\"num\">-50</td><td class=\"num\">0.8333</td>"),
            std::string::npos);
  EXPECT_EQ(FormatMetric(163298.546659), "163299");
  EXPECT_EQ(FormatMetric(-39320000.5), "-39320000");
  EXPECT_EQ(FormatMetric(10.2123), "10.21");
}

// A run where no job finished showed a mean bounded slowdown of 0 (at
// least 1 by definition) and ratios of 0 against it.
TEST(Comparison, StatisticsOfNoFinishedJobAreNa) {
  const auto root = test::ScratchDir("comparison_none_finished");
  WriteRun(root / "a", 10);
  WriteRun(root / "b", 10);
  std::vector<RunOutputs> runs;
  for (const char* n : {"a", "b"}) runs.push_back(LoadRunOutputs((root / n).string()).take());
  runs[0].summary["mean_bounded_slowdown"] = 3.5;
  runs[0].summary["nb_jobs_finished"] = 4;
  runs[1].summary["mean_bounded_slowdown"] = 0.0;
  runs[1].summary["nb_jobs_finished"] = 0;
  Metric bsld{};
  for (const Metric& m : SummaryMetrics())
    if (std::string(m.path) == "/mean_bounded_slowdown") bsld = m;
  ASSERT_TRUE(bsld.of_finished);
  EXPECT_EQ(MetricValue(runs[0].summary, bsld), 3.5);
  EXPECT_TRUE(std::isnan(MetricValue(runs[1].summary, bsld)));
  EXPECT_TRUE(MetricShown(runs[1].summary, bsld));  // shown, as n/a
  const std::string html = RenderComparison(runs, "9.9.9");
  EXPECT_NE(html.find("mean bounded slowdown</td><td class=\"num\">3.5</td><td class=\"num\">n/a</td><td "
                      "class=\"num\">n/a</td><td class=\"num\">n/a</td>"),
            std::string::npos)
      << html.substr(html.find("mean bounded slowdown"), 300);
}

}  // namespace
}  // namespace clustersim
