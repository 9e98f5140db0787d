// Every policy on every shared trace, with the invariant checker on: submit
// <= begin <= end, end = begin + duration, never more units in use than
// exist, every START/END moves the count by the job's units, and
// node-seconds are conserved (Σ units·duration = ∫ used dt). Plus policy
// properties a bug would break (FCFS starts in queue order, EASY never
// delays the head compared with FCFS...).

#include <algorithm>
#include <map>
#include <ostream>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/trace_loader.h"
#include "sim/checker.h"
#include "sim/engine.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

struct TraceCase {
  const char* file;
  SwfPolicy swf;
};

// NASA and lublin_* have no requested times: `clean` fills them from the run.
const TraceCase kTraces[] = {
    {"KTH-SP2-1996-2.1-cln.swf.gz", SwfPolicy::kStrict}, {"KTH-SP2.filtered.swf", SwfPolicy::kStrict},
    {"RICC-2010-2.swf.gz", SwfPolicy::kStrict},          {"LLNL-Atlas-2006-2.1-cln.swf.gz", SwfPolicy::kStrict},
    {"CEA-Curie-sample.swf.gz", SwfPolicy::kStrict},     {"HPC2N-excerpt.swf", SwfPolicy::kStrict},
    {"NASA-iPSC-1993-3.1-cln.swf.gz", SwfPolicy::kClean}, {"lublin_256.swf", SwfPolicy::kClean},
    {"lublin_256_new2.swf", SwfPolicy::kClean},
};

struct PolicyCase {
  const char* name;
  Policy policy;
  // Jobs simulated on RICC (448k jobs): the slow policies run a prefix so
  // the sanitizer build stays within CI's budget (BENCHMARKS.md times the
  // full trace under several of them). 0 = all.
  std::size_t ricc_jobs;
};

// Readable parameters in test listings (instead of raw bytes).
void PrintTo(const TraceCase& t, std::ostream* os) { *os << t.file << " (" << SwfPolicyName(t.swf) << ")"; }
void PrintTo(const PolicyCase& p, std::ostream* os) { *os << p.name; }

Policy Make(Ordering o, Backfill b, Compat c = Compat::kNone) {
  Policy p;
  p.ordering = o;
  p.backfill = b;
  p.compat = c;
  if (c == Compat::kDrEvt) p.backfill_strict_lt = true, p.extra_nodes = false;
  return p;
}

std::vector<PolicyCase> Policies() {
  Policy fcfs_cons = Make(Ordering::kFcfs, Backfill::kEasy, Compat::kDrEvt);
  fcfs_cons.dr_evt_fcfs_conservative = true;
  Policy sjbf = Make(Ordering::kFcfs, Backfill::kEasy);
  sjbf.backfill_order = BackfillOrderKey::kSjf;
  Policy pyss_sjbf = Make(Ordering::kFcfs, Backfill::kEasy, Compat::kPyss);
  pyss_sjbf.backfill_order = BackfillOrderKey::kSjf;
  Policy wfp3_smallest = Make(Ordering::kWfp3, Backfill::kEasy);
  wfp3_smallest.backfill_order = BackfillOrderKey::kSmallest;
  return {
      {"fcfs", Make(Ordering::kFcfs, Backfill::kNone), 0},
      {"easy", Make(Ordering::kFcfs, Backfill::kEasy), 0},
      {"conservative", Make(Ordering::kFcfs, Backfill::kConservative), 5000},
      {"sjf_easy", Make(Ordering::kSjf, Backfill::kEasy), 30000},
      {"ljf_easy", Make(Ordering::kLjf, Backfill::kEasy), 30000},
      {"wfp3_easy", Make(Ordering::kWfp3, Backfill::kEasy), 10000},
      {"unicep_easy", Make(Ordering::kUnicep, Backfill::kEasy), 10000},
      {"f1_easy", Make(Ordering::kF1, Backfill::kEasy), 30000},
      {"smallest_easy", Make(Ordering::kSmallest, Backfill::kEasy), 30000},
      {"largest_easy", Make(Ordering::kLargest, Backfill::kEasy), 30000},
      {"saf_easy", Make(Ordering::kSaf, Backfill::kEasy), 30000},
      {"f2_easy", Make(Ordering::kF2, Backfill::kEasy), 30000},
      {"f3_none", Make(Ordering::kF3, Backfill::kNone), 30000},
      {"f4_easy", Make(Ordering::kF4, Backfill::kEasy), 30000},
      {"sjf_none", Make(Ordering::kSjf, Backfill::kNone), 30000},
      {"ljf_none", Make(Ordering::kLjf, Backfill::kNone), 30000},
      {"wfp3_none", Make(Ordering::kWfp3, Backfill::kNone), 10000},
      {"unicep_none", Make(Ordering::kUnicep, Backfill::kNone), 10000},
      {"f1_none", Make(Ordering::kF1, Backfill::kNone), 30000},
      {"drevt_easy", Make(Ordering::kFcfs, Backfill::kEasy, Compat::kDrEvt), 0},
      {"drevt_sjf", Make(Ordering::kSjf, Backfill::kEasy, Compat::kDrEvt), 10000},
      {"drevt_ljf", Make(Ordering::kLjf, Backfill::kEasy, Compat::kDrEvt), 10000},
      {"drevt_fcfs_conservative", fcfs_cons, 10000},
      {"pyss_easy", Make(Ordering::kFcfs, Backfill::kEasy, Compat::kPyss), 0},
      {"pyss_sjf_easy", Make(Ordering::kSjf, Backfill::kEasy, Compat::kPyss), 30000},
      {"pyss_conservative", Make(Ordering::kFcfs, Backfill::kConservative, Compat::kPyss), 3000},
      {"easy_sjbf", sjbf, 30000},
      {"pyss_easy_sjbf", pyss_sjbf, 30000},
      {"wfp3_easy_smallest_first", wfp3_smallest, 10000},
      // schedulers.md §1's event-timing knobs outside their preset (TimingOf).
      {"easy_per_event", Make(Ordering::kFcfs, Backfill::kEasy), 0},
      {"sjf_easy_submits_first_estimate", Make(Ordering::kSjf, Backfill::kEasy), 30000},
      {"conservative_per_event_estimate", Make(Ordering::kFcfs, Backfill::kConservative), 3000},
      // Jobs outlive their limits (schedulers.md §4's overruns).
      {"conservative_overrun_allow", Make(Ordering::kFcfs, Backfill::kConservative), 5000},
      {"conservative_overrun_allow_submits_first", Make(Ordering::kFcfs, Backfill::kConservative), 5000},
  };
}

// The event timing a case runs with: its compat preset's, except for the
// cases that set the knobs on their own.
EventTiming TimingOf(const PolicyCase& pc) {
  const std::string name = pc.name;
  if (name == "easy_per_event") return {EventOrder::kEndsFirst, SchedulePer::kEvent, FreeFrom::kActual};
  if (name == "conservative_per_event_estimate")
    return {EventOrder::kEndsFirst, SchedulePer::kEvent, FreeFrom::kEstimate};
  if (name == "sjf_easy_submits_first_estimate")
    return {EventOrder::kSubmitsFirst, SchedulePer::kEvent, FreeFrom::kEstimate};
  if (name == "conservative_overrun_allow_submits_first")
    return {EventOrder::kSubmitsFirst, SchedulePer::kTimestamp, FreeFrom::kActual};
  return EventTimingOf(pc.policy.compat);
}

Overrun OverrunOf(const PolicyCase& pc) {
  return std::string(pc.name).rfind("conservative_overrun_allow", 0) == 0 ? Overrun::kAllow : Overrun::kClip;
}

struct Loaded {
  Workload w;
  std::int64_t skipped = 0;
};

const Loaded& Load(const TraceCase& t) {
  static std::map<std::string, Loaded> cache;
  auto it = cache.find(t.file);
  if (it != cache.end()) return it->second;
  Diagnostics diag;
  LoadOptions lo;
  lo.swf.policy = t.swf;
  auto r = LoadTrace(TracesDir() + "/" + t.file, lo, &diag);
  EXPECT_TRUE(r.ok()) << r.status().message();
  Loaded l;
  if (r.ok()) l.w = r.take().workload;
  l.skipped = diag.TotalOf(Severity::kSkip);
  return cache.emplace(t.file, std::move(l)).first->second;
}

class TraceInvariants : public ::testing::TestWithParam<std::tuple<TraceCase, PolicyCase>> {};

TEST_P(TraceInvariants, CheckerFindsNoViolation) {
  const auto& [tc, pc] = GetParam();
  if (!std::filesystem::exists(TracesDir() + "/" + tc.file)) GTEST_SKIP() << "no " << tc.file;
  Workload w = Load(tc).w;
  ASSERT_GT(w.jobs.size(), 1000u) << tc.file;
  if (pc.ricc_jobs > 0 && std::string(tc.file).rfind("RICC", 0) == 0) w.jobs.resize(pc.ricc_jobs);
  EngineOptions eo;
  eo.policy = pc.policy;
  eo.timing = TimingOf(pc);
  eo.overrun = OverrunOf(pc);
  ScheduleChecker checker(w, eo);
  Diagnostics diag;
  RunResult r = Simulate(w, eo, {&checker}, &diag);
  ASSERT_TRUE(checker.status().ok()) << checker.status().message();
  EXPECT_GT(checker.checks(), 0);

  // Every job is accounted for exactly once.
  std::int64_t finished = 0, rejected = 0, other = 0;
  for (const JobRun& run : r.runs) {
    if (run.state == JobState::kCompleted || run.state == JobState::kTimeout) ++finished;
    else if (run.state == JobState::kRejected) ++rejected;
    else ++other;
  }
  EXPECT_EQ(other, 0);
  EXPECT_EQ(finished + rejected, static_cast<std::int64_t>(w.jobs.size()));
  EXPECT_EQ(diag.Count("oversized_job"), rejected);

  // Without backfilling, jobs start in queue (submit) order.
  if (pc.policy.backfill == Backfill::kNone && pc.policy.ordering == Ordering::kFcfs) {
    SimTime last = kNoTime;
    for (std::size_t i = 0; i < w.jobs.size(); ++i) {
      if (r.runs[i].state == JobState::kRejected) continue;
      EXPECT_GE(r.runs[i].begin, last) << "job " << w.jobs[i].trace_id << " overtook an earlier job";
      last = r.runs[i].begin;
    }
  }
}

std::string CaseName(const ::testing::TestParamInfo<std::tuple<TraceCase, PolicyCase>>& info) {
  std::string s = std::string(std::get<0>(info.param).file) + "_" + std::get<1>(info.param).name;
  for (char& c : s)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(AllTracesAllPolicies, TraceInvariants,
                         ::testing::Combine(::testing::ValuesIn(kTraces), ::testing::ValuesIn(Policies())),
                         CaseName);

// The strict SWF policy drops model traces without requested times, and says
// why, rather than inventing estimates.
TEST(TraceLoading, StrictPolicyDropsJobsWithoutRequestedTimeAndCountsThem) {
  const std::string path = TracesDir() + "/lublin_256.swf";
  if (!std::filesystem::exists(path)) GTEST_SKIP();
  Diagnostics diag;
  LoadOptions lo;
  lo.swf.policy = SwfPolicy::kStrict;
  auto r = LoadTrace(path, lo, &diag);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r.value().workload.jobs.size(), 0u);
  EXPECT_EQ(diag.Count("unknown_requested_time"), 10000);
  // The default, clean, keeps them with their run time as the estimate.
  Diagnostics clean_diag;
  auto clean = LoadTrace(path, LoadOptions{}, &clean_diag);
  ASSERT_TRUE(clean.ok()) << clean.status().message();
  EXPECT_EQ(clean.value().workload.jobs.size(), 10000u);
  EXPECT_EQ(clean_diag.Count("clairvoyant_estimate"), 10000);
}

// Where no job outlives its limit, letting jobs overrun changes nothing:
// conservative's schedule under --overrun allow is clip's, in both event
// orders (under submits-first an arrival at a job's planned end held that
// job's units as an overrun before its END at the same time, and pushed
// back the jobs due then: 74,848 s later for one lublin job).
TEST(TraceLoading, ConservativeAllowEqualsClipWhenNoJobOverruns) {
  for (const char* file : {"lublin_256.swf", "KTH-SP2-1996-2.1-cln.swf.gz"}) {
    if (!std::filesystem::exists(TracesDir() + "/" + file)) GTEST_SKIP();
    Workload w = Load({file, SwfPolicy::kClean}).w;
    for (Job& j : w.jobs) j.run_time = std::min(j.run_time, j.time_limit);
    for (const EventOrder order : {EventOrder::kEndsFirst, EventOrder::kSubmitsFirst}) {
      std::vector<SimTime> begins[2];
      for (const Overrun overrun : {Overrun::kClip, Overrun::kAllow}) {
        EngineOptions eo;
        eo.policy = Make(Ordering::kFcfs, Backfill::kConservative);
        eo.timing = {order, SchedulePer::kTimestamp, FreeFrom::kActual};
        eo.overrun = overrun;
        Diagnostics diag;
        const RunResult r = Simulate(w, eo, {}, &diag);
        for (const JobRun& run : r.runs) begins[overrun == Overrun::kAllow].push_back(run.begin);
      }
      ASSERT_EQ(begins[0].size(), w.jobs.size());
      std::size_t differ = 0;
      for (std::size_t i = 0; i < w.jobs.size(); ++i) differ += begins[0][i] != begins[1][i];
      EXPECT_EQ(differ, 0u) << file << (order == EventOrder::kSubmitsFirst ? " submits-first" : " ends-first");
    }
  }
}

// Header capacity: KTH has MaxProcs 100; RICC 8192 processors or 1024
// nodes of 8 with --procs-per-node.
TEST(TraceLoading, CapacityComesFromTheHeaderOrProcsPerNode) {
  const std::string ricc = TracesDir() + "/RICC-2010-2.swf.gz";
  if (!std::filesystem::exists(ricc)) GTEST_SKIP();
  Diagnostics d1, d2;
  LoadOptions lo;
  auto procs = LoadTrace(ricc, lo, &d1);
  ASSERT_TRUE(procs.ok());
  EXPECT_EQ(procs.value().workload.capacity, 8192);
  lo.swf.procs_per_node = 8;
  auto nodes = LoadTrace(ricc, lo, &d2);
  ASSERT_TRUE(nodes.ok());
  EXPECT_EQ(nodes.value().workload.capacity, 1024);
  // A 12-processor job needs 2 nodes of 8.
  const auto& pj = procs.value().workload.jobs;
  const auto& nj = nodes.value().workload.jobs;
  ASSERT_EQ(pj.size(), nj.size());
  for (std::size_t i = 0; i < pj.size(); ++i) ASSERT_EQ(nj[i].units, (pj[i].units + 7) / 8);
}

}  // namespace
}  // namespace clustersim::test
