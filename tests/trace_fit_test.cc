// Whether a loaded trace fits the run asked for (cli/trace_fit.h). Each
// refusal's hint must name a command line that runs: `simulator` was told
// to give --cluster, which it refuses, and `replay --cluster` to "simulate
// it on --cluster", which the user had just done.

#include "cli/trace_fit.h"

#include <gtest/gtest.h>

namespace clustersim {
namespace {

Workload Trace(TraceMode mode, bool jsonl) {
  Workload w;
  w.mode = mode;
  w.capacity = 4;
  if (jsonl) w.work.emplace_back();
  return w;
}

std::string Message(const RunConfig& c, const Workload& w) {
  const Status st = CheckTraceFitsRun(c, w);
  return st.ok() ? "ok" : st.message();
}

TEST(TraceFit, EachHintNamesACommandThatRuns) {
  RunConfig c;
  c.trace = "t";
  EXPECT_EQ(Message(c, Trace(TraceMode::kSimulation, true)),
            "t: a Joulie JSONL trace runs on a cluster of real nodes; give --cluster FILE (e.g. examples/cluster.yaml)");
  c.frontend = Frontend::kSimulator;
  EXPECT_EQ(Message(c, Trace(TraceMode::kSimulation, true)),
            "t: a Joulie JSONL trace runs on a cluster of real nodes, which dr_evt's `simulator` has not; run "
            "`clustersim simulate TRACE --cluster FILE` (e.g. examples/cluster.yaml)");
  c.frontend = Frontend::kClustersim;
  c.cluster.cluster_file = "c.yaml";
  EXPECT_EQ(Message(c, Trace(TraceMode::kReplay, false)),
            "t: the trace records start and end times, and a cluster run does not replay them (it places jobs); add "
            "--force-simulation to schedule it on the cluster");
  c.replay_requested = true;
  EXPECT_EQ(Message(c, Trace(TraceMode::kReplay, false)),
            "t: a replay keeps the trace's times and has no placement; `clustersim simulate TRACE --cluster FILE "
            "--force-simulation` schedules it on the cluster");
  c.cluster.work_options = {"--cpu-cap"};  // shapes work: SWF/CSV needs --execution work for it
  EXPECT_EQ(Message(c, Trace(TraceMode::kReplay, false)),
            "t: a replay keeps the trace's times and has no placement; `clustersim simulate TRACE --cluster FILE "
            "--force-simulation --execution work` schedules it on the cluster");
  c.cluster.work_options.clear();
  EXPECT_EQ(Message(c, Trace(TraceMode::kSimulation, false)),
            "t: replay needs recorded times (CSV: begin_time and end_time or a duration column; SWF: wait time)");
  c.replay_requested = false;
  EXPECT_EQ(Message(c, Trace(TraceMode::kSimulation, true)), "ok");
  c.cluster.cluster_file.clear();
  Workload sizeless = Trace(TraceMode::kSimulation, false);
  sizeless.capacity = 0;
  EXPECT_EQ(Message(c, sizeless), "t: the machine size is unknown; give --total_nodes N");
}

}  // namespace
}  // namespace clustersim
