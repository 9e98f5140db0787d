// SWF/CSV traces on a cluster: the options that shape their work
// (--queue-class, --work-class, --work-sensitivity, caps) act where the
// trace has work to shape, and are refused where they would change nothing
// (generator and cluster-mapping review, twenty-seventh session).

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "subprocess.h"
#include "test_util.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Two one-node jobs, one per named queue, on two 16-core nodes.
ProcessResult RunQueues(const fs::path& d, const std::vector<std::string>& extra, bool quiet = true,
                        const std::string& rows = "0,1,100,50,pbatch\n0,1,100,50,pdebug\n") {
  std::ofstream(d / "q.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time,queue\n" << rows;
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name_prefix: n\n    replicas: 2\n    cpu_cores: 16\n";
  std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / "q.csv").string(), "--cluster",
                                   (d / "c.yaml").string(), "-o", (d / "out").string()};
  if (quiet) argv.push_back("--quiet");
  argv.insert(argv.end(), extra.begin(), extra.end());
  return RunProcess(argv);
}

// The cpu_class column of jobs.csv, by row.
std::vector<std::string> CpuClasses(const fs::path& jobs_csv) {
  std::vector<std::string> out;
  for (const auto& row : ReadCsvRows(jobs_csv)) out.push_back(row.at("cpu_class"));
  return out;
}

// A CSV's queue is its name (formats.md §4.3); --queue-class took numbers
// only, and `1=...` silently hit the second name seen.
TEST(ClusterTraceOptions, QueueClassNamesACsvQueue) {
  const fs::path d = ScratchDir("cluster_queue_name");
  const ProcessResult r = RunQueues(d, {"--execution", "work", "--queue-class", "pdebug=cpu.io_bound"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(CpuClasses(d / "out" / "jobs.csv"), (std::vector<std::string>{"cpu.mixed", "cpu.io_bound"}));
  // A queue no job is in is a typo, or a slice (-j, --jobs) without it: a
  // warning naming the run's queues, so one option set serves every slice.
  const ProcessResult typo = RunQueues(d, {"--execution", "work", "--queue-class", "1=cpu.io_bound"}, false);
  EXPECT_EQ(typo.exit_code, 0) << typo.err;
  EXPECT_TRUE(Has(typo.err, "--queue-class: queue_class_unused: no job is in queue '1' (this run's jobs are in "
                            "pbatch, pdebug); the setting is unused"))
      << typo.err;
  EXPECT_EQ(CpuClasses(d / "out" / "jobs.csv"), (std::vector<std::string>{"cpu.mixed", "cpu.mixed"}));
  const ProcessResult twice = RunQueues(d, {"--execution", "work", "--queue-class", "1=cpu.io_bound", "--queue-class",
                                            "1=cpu.memory_bound"});
  ASSERT_EQ(twice.exit_code, 0) << twice.err;
  const auto summary = nlohmann::json::parse(Slurp(d / "out" / "summary.json"));
  EXPECT_EQ(summary.at("warnings_by_rule").at("queue_class_unused"), 1);  // one key, named once
  const ProcessResult sliced = RunQueues(d, {"--execution", "work", "--queue-class", "pdebug=cpu.io_bound", "-j", "1"}, false);
  EXPECT_EQ(sliced.exit_code, 0) << sliced.err;
  EXPECT_TRUE(Has(sliced.err, "no job is in queue 'pdebug' (this run's jobs are in pbatch)")) << sliced.err;
}

// Queue names the list would blur are quoted: "sp" and "sp " are two
// queues (the warning showed both as sp), "a, b" is one, and "" is one.
TEST(ClusterTraceOptions, UnusedQueueClassQuotesNamesTheListWouldBlur) {
  const fs::path d = ScratchDir("cluster_queue_space");
  const ProcessResult r = RunQueues(d, {"--execution", "work", "--queue-class", "x=cpu.io_bound"}, false,
                                    "0,1,100,50,\"sp \"\n0,1,100,50,sp\n0,1,100,50,\"a, b\"\n0,1,100,50,\"\"\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(Has(r.err, "no job is in queue 'x' (this run's jobs are in '', 'a, b', sp, 'sp ')")) << r.err;
}

// A CSV queue named "02" is that name, not queue 2.
TEST(ClusterTraceOptions, QueueClassKeepsANumericCsvName) {
  const fs::path d = ScratchDir("cluster_queue_numeric_name");
  const ProcessResult r = RunQueues(d, {"--execution", "work", "--queue-class", "02=cpu.io_bound"}, true,
                                    "0,1,100,50,02\n0,1,100,50,2\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(CpuClasses(d / "out" / "jobs.csv"), (std::vector<std::string>{"cpu.io_bound", "cpu.mixed"}));
  // Key 2 names the queue "2" whether or not the slice has a job in it: the
  // queue "02" never takes it. Two keys for one queue: the later wins.
  for (const std::vector<std::string>& slice : {std::vector<std::string>{}, {"--jobs", "0:1"}}) {
    std::vector<std::string> argv = {ClustersimBinary(), "simulate", (d / "q.csv").string(), "--cluster",
                                     (d / "c.yaml").string(), "--execution", "work", "--queue-class",
                                     "2=cpu.io_bound", "--queue-class", "02=cpu.memory_bound", "--queue-class",
                                     "02=cpu.compute_bound", "-o", (d / "out").string(), "--quiet"};
    argv.insert(argv.end(), slice.begin(), slice.end());
    const ProcessResult s = RunProcess(argv);
    ASSERT_EQ(s.exit_code, 0) << s.err;
    const std::vector<std::string> got = CpuClasses(d / "out" / "jobs.csv");
    EXPECT_EQ(got.front(), "cpu.compute_bound") << slice.size();
    if (slice.empty()) {
      EXPECT_EQ(got.back(), "cpu.io_bound");
    }
  }
}

// An SWF queue is its number; "02" is queue 2.
TEST(ClusterTraceOptions, QueueClassNumbersAnSwfQueue) {
  const fs::path d = ScratchDir("cluster_queue_number");
  std::ofstream(d / "t.swf") << "; MaxProcs: 32\n1 0 -1 50 4 -1 -1 4 100 -1 1 1 1 1 2 -1 -1 -1\n"
                                "2 0 -1 50 4 -1 -1 4 100 -1 1 1 1 1 3 -1 -1 -1\n";
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name_prefix: n\n    replicas: 2\n    cpu_cores: 16\n";
  const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.swf").string(), "--cluster",
                                      (d / "c.yaml").string(), "--execution", "work", "--queue-class",
                                      "02=cpu.memory_bound", "-o", (d / "out").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(CpuClasses(d / "out" / "jobs.csv"), (std::vector<std::string>{"cpu.memory_bound", "cpu.mixed"}));
}

// Under --execution fixed (the default for SWF/CSV) a cap changed nothing:
// jobs.csv was byte-identical to the uncapped run's, without a word.
TEST(ClusterTraceOptions, WorkOptionsNeedWorkToShape) {
  const fs::path d = ScratchDir("cluster_work_options");
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--cpu-cap", "all:50%"}, {"--gpu-cap", "all:70%"}, {"--freq-scale", "all:0.5"},
        {"--work-class", "cpu.io_bound"}, {"--work-sensitivity", "0.5"}, {"--queue-class", "pdebug=cpu.io_bound"},
        {"--eco-cpu-pct", "50"}, {"--design-it-watts", "1000"}, {"--power-step", "0.5"},
        // and the work model's switches and its time series, also silent before
        {"--set", "cpu_share=capacity"}, {"--workload-model", "legacy"}, {"--tick", "60"},
        {"--gpu-receiver-gate", "on"}, {"--base-speed-per-core", "2"}, {"--base-speed-per-gpu", "2"},
        {"--timeseries-nodes", "all"}, {"--timeseries-interval", "60"}, {"--timeseries-every-event"},
        {"--compat", "joulie"}, {"--SIM_BASE_IDLE_W", "10"}, {"--outputs", "schedule,timeseries"}}) {
    const ProcessResult r = RunQueues(d, extra);
    EXPECT_EQ(r.exit_code, 1) << extra[0];
    const std::string flag = extra[0] == "--compat"    ? "--compat joulie"
                             : extra[0] == "--outputs" ? "--outputs timeseries"
                                                       : extra[0];
    EXPECT_TRUE(Has(r.err, "error: " + flag + ": an SWF/CSV run keeps its run times, and has no power model, "
                           "unless given --execution work, so it would have no effect"))
        << r.err;
  }
  // Set in a config file, each option is named with its line: the refusal
  // comes during the run, after the file's own checks.
  std::ofstream(d / "run.toml") << "tick = 60\nworkload-model = \"legacy\"\n";
  const ProcessResult from_file = RunQueues(d, {"--config", (d / "run.toml").string()});
  EXPECT_EQ(from_file.exit_code, 1);
  EXPECT_TRUE(Has(from_file.err, "(--tick was set on " + (d / "run.toml").string() + ":1)")) << from_file.err;
  EXPECT_TRUE(Has(from_file.err, "(--workload-model was set on " + (d / "run.toml").string() + ":2)")) << from_file.err;
  // With work to shape, a CPU cap stretches the jobs.
  const ProcessResult capped = RunQueues(d, {"--execution", "work", "--cpu-cap", "all:50%"});
  ASSERT_EQ(capped.exit_code, 0) << capped.err;
  for (const auto& row : ReadCsvRows(d / "out" / "jobs.csv")) EXPECT_GT(std::stod(row.at("execution_time")), 50);
}

// A JSONL pod carries its own class and profile: --work-class on it was
// accepted and ignored.
TEST(ClusterTraceOptions, ProfileOptionsAreRefusedOnAJsonlTrace) {
  const fs::path d = ScratchDir("cluster_jsonl_profile");
  std::ofstream(d / "t.jsonl") << Jsonl("a", 0, "1", 100);
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: n0\n    cpu_cores: 16\n";
  for (const char* flag : {"--work-class", "--work-sensitivity", "--queue-class"}) {
    const std::string value = std::string(flag) == "--work-class"         ? "cpu.io_bound"
                              : std::string(flag) == "--work-sensitivity" ? "0.5"
                                                                          : "1=cpu.io_bound";
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "t.jsonl").string(), "--cluster",
                                        (d / "c.yaml").string(), flag, value, "-o", (d / "out").string()});
    EXPECT_EQ(r.exit_code, 1) << flag;
    EXPECT_TRUE(Has(r.err, std::string("error: ") + flag + ": gives SWF/CSV jobs a profile; a JSONL trace's pods carry their own"))
        << flag << ": " << r.err;
  }
}

// A zero-node CSV job holds nothing and has no work to slow: it runs its
// trace run time in both modes. Under --execution work it ended at once.
TEST(ClusterTraceOptions, AZeroNodeJobRunsItsRunTimeInBothModes) {
  const fs::path d = ScratchDir("cluster_zero_nodes");
  std::ofstream(d / "z.csv") << "job_submit_time,num_nodes,time_limit,actual_run_time\n0,0,100,50\n5,0,30,80\n";
  std::ofstream(d / "c.yaml") << "nodes:\n  - node_name: n0\n    cpu_cores: 4\n";
  for (const char* mode : {"fixed", "work"}) {
    const ProcessResult r = RunProcess({ClustersimBinary(), "simulate", (d / "z.csv").string(), "--cluster",
                                        (d / "c.yaml").string(), "--execution", mode, "--quiet", "-o",
                                        (d / mode).string()});
    ASSERT_EQ(r.exit_code, 0) << mode << ": " << r.err;
    const auto rows = ReadCsvRows(d / mode / "jobs.csv");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].at("finish_time"), "50") << mode;
    EXPECT_EQ(rows[1].at("finish_time"), "35") << mode;  // cut at its 30 s limit (--overrun clip)
    EXPECT_EQ(rows[1].at("status"), "timeout") << mode;
  }
}

}  // namespace
}  // namespace clustersim::test
