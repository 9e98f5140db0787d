#include "test_util.h"

#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "io/file_reader.h"
#include "io/resource_trace.h"
#include "io/time_format.h"
#include "sim/checker.h"

namespace clustersim::test {

SimOutcome SimulateText(std::string_view text, const SimSetup& setup) {
  SimOutcome o;
  Diagnostics diag;
  LoadOptions lo = setup.load;
  lo.capacity = setup.capacity;
  auto loaded = LoadTraceText(text, setup.name, lo, &diag);
  auto dump = [&] {
    for (const auto& d : diag.entries()) o.diagnostics += d.ToString() + "\n";
  };
  if (!loaded.ok()) {
    o.status = loaded.status();
    dump();
    return o;
  }
  o.workload = loaded.take().workload;
  Status st = ApplyRunTimeModel(setup.run_time, &o.workload, &diag);
  if (!st.ok()) {
    o.status = st;
    dump();
    return o;
  }
  EngineOptions eo;
  eo.policy = setup.policy;
  eo.overrun = setup.overrun;
  eo.timing = setup.timing.value_or(EventTimingOf(setup.policy.compat));
  eo.capacity_schedule = setup.capacity_schedule;
  ScheduleChecker checker(o.workload, eo);
  ResourceTrace res(o.workload.capacity, TimeFormat::kExact);
  std::vector<EngineObserver*> obs = {&checker, &res};
  o.result = o.workload.mode == TraceMode::kReplay ? Replay(o.workload, eo, obs, &diag)
                                                   : Simulate(o.workload, eo, obs, &diag);
  o.status = checker.status();
  o.resources = res.csv();
  dump();
  return o;
}

std::string RenderSchedule(const SimOutcome& o) {
  std::string s;
  for (std::size_t i = 0; i < o.workload.jobs.size(); ++i) {
    if (!s.empty()) s += ' ';
    const JobRun& r = o.result.runs[i];
    s += std::to_string(o.workload.jobs[i].trace_id) + ":";
    if (r.state == JobState::kRejected) {
      s += "rejected";
    } else if (r.state == JobState::kUnfinished) {
      s += "unfinished";
    } else {
      s += FormatTime(r.begin, TimeFormat::kExact) + "-" + FormatTime(r.end, TimeFormat::kExact);
    }
  }
  return s;
}

Policy ClassicEasy() { return Policy{}; }

Policy DrEvtEasy() {
  Policy p;
  p.compat = Compat::kDrEvt;
  p.backfill_strict_lt = true;
  p.extra_nodes = false;
  return p;
}

Policy Conservative() {
  Policy p;
  p.backfill = Backfill::kConservative;
  return p;
}

Policy NoBackfill() {
  Policy p;
  p.backfill = Backfill::kNone;
  return p;
}

std::string TracesDir() {
  if (const char* e = std::getenv("CLUSTERSIM_TRACES")) return e;
  return std::string(CLUSTERSIM_SOURCE_DIR) + "/../shared/traces";
}

namespace {
// The scratch directories this process made. ctest runs every test in its
// own process, so without this each `make test` would leave some hundred
// directories behind. They are removed when the process ends, unless a test
// failed (then they are kept to look at) or CLUSTERSIM_KEEP_SCRATCH is set.
// Constructed on first use, after gtest's UnitTest, so it is destroyed first.
class ScratchDirs {
 public:
  void Add(const std::filesystem::path& d) { dirs_.push_back(d); }
  ~ScratchDirs() {
    if (std::getenv("CLUSTERSIM_KEEP_SCRATCH") != nullptr || ::testing::UnitTest::GetInstance()->Failed()) return;
    for (const auto& d : dirs_) {
      std::error_code ec;
      std::filesystem::remove_all(d, ec);
    }
  }

 private:
  std::vector<std::filesystem::path> dirs_;
};

ScratchDirs& Scratch() {
  static ScratchDirs dirs;
  return dirs;
}
}  // namespace

std::filesystem::path ScratchDir(const std::string& name) {
  const std::filesystem::path d =
      std::filesystem::path(::testing::TempDir()) / ("clustersim_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  Scratch().Add(d);
  return d;
}

std::string Slurp(const std::filesystem::path& p) {
  auto r = ReadFileContents(p.string());
  return r.ok() ? r.value() : "<missing " + p.string() + ">";
}

}  // namespace clustersim::test
