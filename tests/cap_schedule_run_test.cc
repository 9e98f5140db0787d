// Cap schedules (`--caps`) and command-line caps run end to end on the
// linear node of power_case.h: when a change takes effect, what `none`
// removes, and the warnings for caps the hardware clamps or blocks and for
// changes timed before the first submit.

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "power_case.h"
#include "work_test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;

// The one job of power_case.h (1000 units on 5 of 10 cores, 200 s
// uncapped), submitted at `submit`, under the cap schedule `yaml`; `more`
// adjusts the run further. Warnings are printed (not --quiet).
Case RunWithCaps(const std::string& name, double submit, const std::string& yaml,
                 const std::function<void(RunConfig*)>& more = {}) {
  return RunCase(name, Jsonl("j", submit, "5", 1000, 0, 0, kFlat), kLinearNode, [&](RunConfig* r) {
    const fs::path caps = fs::path(r->trace).parent_path() / "caps.yaml";
    std::ofstream(caps) << yaml;
    r->cluster.caps_file = caps.string();
    r->quiet = false;
    if (more) more(r);
  });
}

// The finish time of the one job, as jobs.csv writes it.
std::string FinishTime(const Case& c) {
  const auto jobs = ReadCsvRows(c.dir / "out" / "jobs.csv");
  return jobs.size() == 1 ? jobs[0].at("finish_time") : "(" + std::to_string(jobs.size()) + " jobs)";
}

// A cap schedule change timed before the run's first event is in force,
// settled, from the start (it was skipped). The one job of power_case.h
// (200 s uncapped) submitted at 100, with frequency scale 0.6 from time 0: compute-bound
// with M = I = 0 blends to weights (.8625, .11, .0275) (§c.4); at f = .6
// (above the knee) s_c = .6, s_m = 1 - .12 * .4 = .952, s_io = 1 - .05 * .4
// = .98, so m = .64917 and the job runs at 5 * .64917 units/s: 1000 units
// take 308.085709 s, ending at 408.085710 (the next microsecond).
TEST(CapScheduleRun, ACapChangeBeforeTheFirstSubmitHoldsFromTheStart) {
  const Case c = RunWithCaps("early_cap", 100, "changes:\n  - at: 0\n    nodes: all\n    freq_scale: 0.6\n");
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_EQ(FinishTime(c), "408.08571");
}

// `cpu_cap: none` leaves the CPU uncapped in both senses: it removes a
// percent (DVFS) target as well as a RAPL cap (it removed only the RAPL
// cap, so a 60 % target stayed in force after it). The case above with the
// 60 % target followed by `none`: the job runs at full speed, 100 to 300.
TEST(CapScheduleRun, CpuCapNoneRemovesAPercentTargetToo) {
  const Case c = RunWithCaps("cap_none", 100,
                             "changes:\n  - at: 0\n    nodes: all\n    cpu_cap: 60%\n"
                             "  - at: 50\n    nodes: all\n    cpu_cap: 150W\n"
                             "  - at: 80\n    nodes: all\n    cpu_cap: none\n");
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_EQ(FinishTime(c), "300");
}

// `none` with freq_scale in one change removes both CPU caps and then sets
// the frequency: the 150 W RAPL cap (binding at f = .6: 160 W) is gone and
// the job runs as under freq_scale 0.6 alone, ending at 408.08571 (it
// ended at 300 when `none` undid the freq_scale beside it).
TEST(CapScheduleRun, NoneWithFreqScaleRemovesTheCapsThenSetsTheFrequency) {
  const Case c = RunWithCaps("cap_none_freq", 100,
                             "changes:\n  - at: 0\n    cpu_cap: 150W\n"
                             "  - at: 0\n    cpu_cap: none\n    freq_scale: 0.6\n");
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_EQ(FinishTime(c), "408.08571");
}

// A cap schedule's value the hardware cannot take is clamped with a warning
// naming the file, the line and the field, as the same value on the
// command line is (it was clamped silently); a change timed between 0 and
// the first submit warns that it holds from the start (on an epoch clock
// `at: 2h` is 1970), while `at: 0` does not.
TEST(CapScheduleRun, CapScheduleWarnsOfClampedCapsAndEarlyChanges) {
  const Case c = RunWithCaps("cap_warn", 100,
                             "changes:\n  - at: 0\n    cpu_cap: 150W\n"
                             "  - at: 50\n    cpu_cap: 50\n"
                             "  - at: 200\n    cpu_cap: 90%\n");
  ASSERT_EQ(c.rc, 0) << c.err;
  const std::string caps = (c.dir / "caps.yaml").string();
  EXPECT_NE(c.err.find(caps + ":4: cap_clamped: changes[1].cpu_cap: '50W' is outside the RAPL cap range"),
            std::string::npos)
      << c.err;
  EXPECT_NE(c.err.find(caps + ":4: change_before_start: changes[1].at: 50 s is before the first submit (100 s)"),
            std::string::npos)
      << c.err;
  EXPECT_EQ(c.err.find(":2: change_before_start"), std::string::npos) << c.err;  // at: 0
  EXPECT_EQ(c.err.find(":2: cap_clamped"), std::string::npos) << c.err;          // 150 W is in range
  EXPECT_EQ(c.err.find(":6:"), std::string::npos) << c.err;                      // a percent, after the submit
  EXPECT_EQ(c.summary["warnings_by_rule"]["cap_clamped"], 1) << c.summary.dump();
}

// A change written with a list of nodes warns once, not once per item (the
// loader splits it into one change per item): the clamped cap and the early
// time are each counted once.
TEST(CapScheduleRun, AChangeWithANodeListWarnsOnce) {
  const Case c = RunWithCaps("cap_list", 100, "changes:\n  - at: 50\n    nodes: [n0, \"n*\", class=n0]\n"
                                              "    cpu_cap: 50\n");
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_EQ(c.summary["warnings_by_rule"]["cap_clamped"], 1) << c.summary.dump();
  EXPECT_EQ(c.summary["warnings_by_rule"]["change_before_start"], 1) << c.summary.dump();
}

// A GPU cap aimed only at nodes without GPUs is blocked (§d.6): it changes
// nothing, and a warning says so (it was dropped without a word), from the
// command line and from a cap schedule.
TEST(CapScheduleRun, AGpuCapOnGpuLessNodesIsReportedBlocked) {
  const Case c = RunWithCaps("gpu_blocked", 0, "changes:\n  - at: 10\n    gpu_cap: 60%\n", [](RunConfig* r) {
    r->cluster.rules.push_back({OperatingRule::Kind::kGpuCap, {}, {CapSetting::Kind::kWatts, 300}, 1});
  });
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_NE(c.err.find("--gpu-cap: gpu_cap_blocked: '--gpu-cap all:300W' selects only nodes without GPUs"),
            std::string::npos)
      << c.err;
  EXPECT_NE(c.err.find("caps.yaml:2: gpu_cap_blocked: changes[0].gpu_cap: 'all' selects only nodes without GPUs"),
            std::string::npos)
      << c.err;
  EXPECT_EQ(c.summary["warnings_by_rule"]["gpu_cap_blocked"], 2) << c.summary.dump();
  EXPECT_EQ(FinishTime(c), "200");  // the CPU job runs as without the caps
}

}  // namespace
}  // namespace clustersim::test
