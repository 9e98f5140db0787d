// dr_evt's verbose log (-v): the lines its "Test 0" parses, and what a gang
// pod that ends before its job adds (the job's END then frees only what it
// still holds).

#include "io/verbose_log.h"

#include <sstream>

#include <gtest/gtest.h>

namespace clustersim {
namespace {

TEST(VerboseLog, APodThatEndsFirstFreesItsPartAndTheJobTheRest) {
  Workload w;
  w.jobs.resize(2);
  w.jobs[0].trace_id = 7;
  w.jobs[0].units = 8000;
  w.jobs[1].trace_id = 8;
  w.jobs[1].units = 4000;
  w.pods.resize(3);  // job 7's pods are trace pods 1 and 2 (pod 0 belongs to an earlier job)
  w.pods[1].name = "w-0";
  w.pods[2].name = "w-1";
  std::ostringstream out;
  VerboseLog log(w, 8000, TimeFormat::kExact, &out);
  log.OnSubmit(0, 0);
  log.OnStart(0, 0, 8000);
  log.OnPodEnd(0, 1, Seconds(200), 4000);
  log.OnStart(1, Seconds(200), 8000);
  log.OnEnd(1, Seconds(220), 4000);
  log.OnEnd(0, Seconds(1110), 0);
  EXPECT_EQ(out.str(),
            "Job 7 submitted at 0 (8000 nodes)\n"
            "Job 7 started at 0\n  Resources allocated: 8000 nodes, 0/8000 remaining\n"
            "Pod w-0 of job 7 ended at 200\n  Resources freed: 4000 nodes, now 4000/8000 free\n"
            "Job 8 started at 200\n  Resources allocated: 4000 nodes, 0/8000 remaining\n"
            "Job 8 ended at 220\n  Resources freed: 4000 nodes, now 4000/8000 free\n"
            "Job 7 ended at 1110\n  Resources freed: 4000 nodes, now 8000/8000 free\n");
}

}  // namespace
}  // namespace clustersim
