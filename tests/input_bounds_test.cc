// Bounds on input numbers and sizes that kept arithmetic inside int64 and
// runs inside memory (each found by a fuzzer or a review of one): counts
// (num_nodes, SWF processors and header sizes, -n, --procs-per-node) at
// most 10^9, UnixStartTime a time, summed pcon exact, telemetry windows at
// most 10^6 s, a cluster file at most a million nodes, a cap schedule at
// most a million expanded changes, huge memory requests on nodes without a
// memory size.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "io/caps_yaml.h"
#include "io/cluster_yaml.h"
#include "subprocess.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

bool Has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(InputBounds, MachineSizesOnTheCommandLine) {
  const fs::path d = ScratchDir("bounds_cli");
  std::ofstream(d / "t.swf") << "1 0 0 10 2 -1 -1 2 20 -1 1 1 1 1 1 -1 -1 -1\n";
  for (const char* flag : {"-n", "--procs-per-node"}) {
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "-n", "4", flag,
                                        "1000000001", "-o", (d / "o").string()});
    EXPECT_EQ(r.exit_code, 1) << flag;
    EXPECT_TRUE(Has(r.err, "1000000001 is out of range")) << r.err;
  }
  const ProcessResult ok = RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "-n", "1000000000",
                                       "--procs-per-node", "1000000000", "-o", (d / "o").string()});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

// rlscheduler's processors per node are MaxProcs / MaxNodes: a MaxProcs
// near 2^63 made ceil(procs / ppn) wrap, and jobs of -1 and 0 nodes ran.
TEST(InputBounds, SwfHeaderSizesAndJobSizes) {
  const fs::path d = ScratchDir("bounds_swf");
  std::ofstream(d / "rl.swf") << "; MaxProcs: 9223372036854775807\n; MaxNodes: 1\n"
                                 "1 0 0 100 2 -1 -1 2 200 -1 1 1 1 1 1 1 -1 -1\n"
                                 "2 5 0 100 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                                 "3 6 0 100 2000000000 -1 -1 2000000000 200 -1 1 1 1 1 1 1 -1 -1\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "rl.swf").string(), "--swf-policy",
                                      "rlscheduler", "-n", "16", "-o", (d / "o").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(Has(r.err, "rl.swf:5: number_out_of_range: the job's 2000000000 processors are more than any machine "
                         "has (at most 1000000000)"))
      << r.err;
  // The huge MaxProcs is not a size: both are taken as 1, one processor a node.
  // Alone, it is named as such.
  std::ofstream(d / "big.swf") << "; MaxProcs: 2000000000\n1 0 0 100 2 -1 -1 2 200 -1 1 1 1 1 1 1 -1 -1\n";
  const ProcessResult big = RunProcess({ClustersimBinary(), "simulate", (d / "big.swf").string(), "-o",
                                        (d / "o2").string()});
  EXPECT_EQ(big.exit_code, 1);
  EXPECT_TRUE(Has(big.err, "no_capacity: the header's MaxProcs '2000000000' is not a machine size (1 to 1000000000)"))
      << big.err;
  const auto rows = ReadCsvRows(d / "o" / "schedule.csv");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].at("num_nodes"), "2");
  EXPECT_EQ(rows[1].at("num_nodes"), "4");
}

// A calendar -t on a log whose UnixStartTime is no time (9.3e12 s): it
// was read as 9148458624109.55 s into the log.
TEST(InputBounds, UnixStartTimeBeyondTheTimeBoundIsNone) {
  const fs::path d = ScratchDir("bounds_ust");
  std::ofstream(d / "u.swf") << "; MaxProcs: 4\n; UnixStartTime: 9300000000000\n"
                                "1 0 0 10 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "u.swf").string(), "-t",
                                      "2024-05-01 08:00:00", "-o", (d / "o").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "the SWF header's UnixStartTime '9300000000000' is not a time (0 to 1000000000000 s)"))
      << r.err;
  // The tracer shifted every time by it (dates in the year -287879); now
  // it warns and counts from the epoch.
  const ProcessResult t = RunProcess({ClustersimBinary(), "trace", (d / "u.swf").string(), "-o",
                                      (d / "perjob.csv").string()});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_TRUE(Has(t.err, "u.swf: bad_unix_start_time: the header's UnixStartTime '9300000000000' is not a time"))
      << t.err;
  EXPECT_TRUE(Has(t.out, "Trace from 1969-12-31 16:00:00")) << t.out;
}

// Ten running jobs drawing 999999999999 each: the sum (1e13, 1e19 in
// fixed point) wrapped negative in resources.csv.
TEST(InputBounds, PconSumsAreExactOrClampedNeverWrapped) {
  const fs::path d = ScratchDir("bounds_pcon");
  std::string csv = "job_submit_time,num_nodes,time_limit,avgpcon,minpcon,maxpcon\n";
  for (int i = 0; i < 10; ++i) csv += "0,1,100,999999999999,1,1\n";
  csv += "0,1,100,10000000000000,1,1\n";
  std::ofstream(d / "p.csv") << csv;
  const ProcessResult r = RunProcess({SimulatorBinary(), (d / "p.csv").string(), "-n", "16", "--trace_type", "pcon",
                                      "--run_time_mode", "limit", "-o", (d / "p_sim.csv").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(Has(r.err, "p.csv:12: number_out_of_range: avgpcon '10000000000000' is out of range")) << r.err;
  const std::string res = Slurp(d / "p_sim_resources.csv");
  EXPECT_TRUE(Has(res, "0,7,9,8999999999991,9,9\n")) << res;                      // exact
  EXPECT_TRUE(Has(res, "0,6,10,9223372036854.775807,10,10\n")) << res;           // clamped
  EXPECT_FALSE(Has(res, ",-")) << res;
}

TEST(InputBounds, TelemetryWindowAtMostAMillionSeconds) {
  for (const char* model : {"cpu_model", "gpu_model"}) {
    const std::string text = std::string("nodes:\n  - node_name: a\n    product: L40S\n    gpu_count: 1\n    ") + model +
                             ": {telemetry_window_s: 1e13}\n";
    auto r = LoadClusterText(text, "c.yaml", ShippedCatalog());
    ASSERT_FALSE(r.ok()) << model;
    EXPECT_EQ(r.status().message(), std::string("c.yaml:5: nodes[0].") + model +
                                        ".telemetry_window_s: telemetry_window_s must be in [0, 1000000] s, got 10000000000000");
  }
  EXPECT_TRUE(LoadClusterText("nodes:\n  - node_name: a\n    cpu_model: {telemetry_window_s: 1e6}\n", "c.yaml",
                              ShippedCatalog())
                  .ok());
}

// Two groups of a million replicas each took 20 s and 850 MB to expand:
// the whole file has the group's bound (tested at a lower one: expanding a
// million nodes takes seconds under the sanitizers).
TEST(InputBounds, ClusterFileAtMostAMillionNodes) {
  auto big = LoadClusterText("nodes:\n  - {node_name_prefix: a, replicas: 1000001}\n", "c.yaml", ShippedCatalog());
  ASSERT_FALSE(big.ok());
  EXPECT_TRUE(Has(big.status().message(), "c.yaml:2: nodes[0].replicas:")) << big.status().message();
  EXPECT_TRUE(Has(big.status().message(), "1000000")) << big.status().message();
  auto small = LoadClusterText("nodes:\n  - {node_name_prefix: a, replicas: 3}\n  - node_name: b\n", "c.yaml",
                               ShippedCatalog(), nullptr, BaseHardware{}, 3);
  ASSERT_FALSE(small.ok());
  EXPECT_EQ(small.status().message(),
            "c.yaml:3: nodes[1].node_name: the cluster would have 4 nodes, more than the 3 a cluster file may have");
}

// An anchored change with a 1,300-name list, aliased 1,100 times in 8 KB,
// expanded to 1.4 M changes (25 s under ASan).
TEST(InputBounds, CapScheduleExpansionIsBounded) {
  std::string text = "changes:\n  - &c {at: 0, cpu_cap: none, nodes: [a, b, c]}\n";
  for (int i = 0; i < 3; ++i) text += "  - *c\n";
  ASSERT_EQ(LoadCapScheduleText(text, "caps.yaml", 12).value().size(), 12u);
  auto r = LoadCapScheduleText(text, "caps.yaml", 11);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "caps.yaml:2: changes[3].nodes: the schedule has more than 11 changes (one per listed node)");
  // Changes of one selector count too (a review found a million aliases
  // of `{at: 0, cpu_cap: 300W}` taken).
  const std::string single = "changes:\n  - &c {at: 0, cpu_cap: 300W}\n  - *c\n  - *c\n";
  ASSERT_EQ(LoadCapScheduleText(single, "caps.yaml", 3).value().size(), 3u);
  auto s = LoadCapScheduleText(single, "caps.yaml", 2);
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(Has(s.status().message(), "changes[2]: the schedule has more than 2 changes")) << s.status().message();
}

// Three pods asking 4 EiB of memory each on a cluster without memory sizes
// (the pool ignores memory there): the checker summed them past int64.
TEST(InputBounds, HugeMemoryRequestsWithoutNodeMemory) {
  const fs::path d = ScratchDir("bounds_mem");
  std::ofstream(d / "c.yaml") << "nodes:\n  - {node_name: g, cpu_cores: 8}\n";
  std::ofstream(d / "t.jsonl") << R"({"jobId":"a","podTemplate":{"requests":{"memory":"4Ei","cpu":"1"}}})" "\n"
                               << R"({"jobId":"b","podTemplate":{"requests":{"memory":"4Ei","cpu":"1"}}})" "\n"
                               << R"({"jobId":"c","podTemplate":{"requests":{"memory":"4Ei","cpu":"1"}}})" "\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                      (d / "c.yaml").string(), "--check", "-o", (d / "o").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(Has(r.err, "runtime error")) << r.err;
  EXPECT_EQ(ReadCsvRows(d / "o" / "placements.csv").size(), 3u);
}

}  // namespace
}  // namespace clustersim::test
