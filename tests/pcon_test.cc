// --trace_type pcon (dr_evt-compat §2.1, §10.2): the per-job power columns
// are required, read exactly, written beside each scheduled job and summed
// over the running jobs in the resource trace.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// 100 nodes, run = limit. A (0, 60 nodes, 100 s) runs 0-100; B (10, 50) waits
// for A: 100-150; C (20, 40 nodes, 30 s) backfills at 20 (ends by A's end).
// Power in use: A alone 1500.5/1000/2000; with C +100/50/150; B alone
// 800/700/900.25.
constexpr const char* kTrace =
    "job_submit_time,num_nodes,time_limit,avgpcon,minpcon,maxpcon\n"
    "0,60,100,1500.5,1000,2000\n10,50,50,800,700,900.25\n20,40,30,100,50,150\n"
    "30,1,10,-1,0,0\n40,1,10,1,x,2\n";

TEST(Pcon, CarriedToTheScheduleAndSummedInTheResourceTrace) {
  const fs::path d = ScratchDir("pcon");
  std::ofstream(d / "p.csv") << kTrace;
  const ProcessResult r = RunProcess({SimulatorBinary(), (d / "p.csv").string(), "-n", "100", "--trace_type", "pcon",
                                      "--run_time_mode", "limit", "-o", (d / "p_sim.csv").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("p.csv:5: negative_power: avgpcon is negative (-1)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("p.csv:6: bad_number: minpcon: cannot parse 'x' as a number"), std::string::npos) << r.err;
  EXPECT_EQ(Slurp(d / "p_sim.csv"),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit,avgpcon,minpcon,maxpcon\n"
            "0,0,100,60,0,100,1500.5,1000,2000\n10,100,150,50,0,50,800,700,900.25\n20,20,50,40,0,30,100,50,150\n");
  EXPECT_EQ(Slurp(d / "p_sim_resources.csv"),
            "time,free_nodes,allocated_nodes,avgpcon,minpcon,maxpcon\n0,100,0,0,0,0\n0,40,60,1500.5,1000,2000\n"
            "20,0,100,1600.5,1050,2150\n50,40,60,1500.5,1000,2000\n100,100,0,0,0,0\n100,50,50,800,700,900.25\n"
            "150,100,0,0,0,0\n");
  // Without the flag the columns are ignored, as dr_evt does.
  const ProcessResult plain = RunProcess({SimulatorBinary(), (d / "p.csv").string(), "-n", "100", "--run_time_mode",
                                          "limit", "-o", (d / "plain.csv").string()});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(Slurp(d / "plain.csv").substr(0, 70),
            "job_submit_time,begin_time,end_time,num_nodes,exit_status,time_limit\n0");
}

TEST(Pcon, RefusedWithoutItsColumnsOrOnAnotherFormat) {
  const fs::path d = ScratchDir("pcon_refused");
  std::ofstream(d / "a.csv") << "job_submit_time,num_nodes,time_limit,avgpcon,maxpcon\n0,1,10,1,2\n";
  const ProcessResult a = RunProcess({ClustersimBinary(), "simulate", (d / "a.csv").string(), "-n", "4",
                                      "--trace-type", "pcon", "-o", (d / "oa").string()});
  EXPECT_EQ(a.exit_code, 1);
  EXPECT_NE(a.err.find("a.csv:1: missing_column: --trace_type pcon needs the columns avgpcon, minpcon and maxpcon; "
                       "no 'minpcon'"),
            std::string::npos)
      << a.err;
  std::ofstream(d / "b.swf") << "1 0 0 10 1 -1 -1 1 10 -1 1 1 1 -1 1 -1 -1 -1\n";
  const ProcessResult b = RunProcess({ClustersimBinary(), "simulate", (d / "b.swf").string(), "-n", "4",
                                      "--trace_type", "pcon", "-o", (d / "ob").string()});
  EXPECT_EQ(b.exit_code, 1);
  EXPECT_NE(b.err.find("--trace_type pcon reads the avgpcon, minpcon and maxpcon columns of a dr_evt CSV"),
            std::string::npos)
      << b.err;
  EXPECT_FALSE(fs::exists(d / "ob" / "summary.json"));
}

}  // namespace
}  // namespace clustersim::test
