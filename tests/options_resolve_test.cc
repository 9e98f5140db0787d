// How option values resolve into a RunConfig: presets and the knobs that
// refine or are refused with them (cli/options.cc Resolve).

#include <string>

#include <gtest/gtest.h>

#include "cli/options.h"
#include "cli/run_config.h"

namespace clustersim::test {
namespace {

// dr_evt-compat.md §5.2: the dr_evt profile selects dr_evt's sampling
// formulas; `simulator` keeps the seed's (issue: its own examples must give
// the seed's numbers), and an explicit --run_time_compat wins on both.
TEST(Options, DrEvtProfileSelectsDrEvtSamplingFormulas) {
  OptionValues v;
  v.trace = "t.csv";
  v.compat = "dr_evt";
  auto c = Resolve(v, Frontend::kClustersim, false);
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ(c.value().run_time.compat, RunTimeCompat::kDrEvt);
  OptionValues none;
  none.trace = "t.csv";
  EXPECT_EQ(Resolve(none, Frontend::kClustersim, false).value().run_time.compat, RunTimeCompat::kSpec);
  OptionValues sim;
  sim.trace = "t.csv";
  EXPECT_EQ(Resolve(sim, Frontend::kSimulator, false).value().run_time.compat, RunTimeCompat::kSpec);
  v.run_time_compat = "spec";
  EXPECT_EQ(Resolve(v, Frontend::kClustersim, false).value().run_time.compat, RunTimeCompat::kSpec);
}

// The strict/clean knobs are refused where a tool's own rules apply, and
// --estimate-fill where strict drops the job anyway.
TEST(Options, SwfKnobsApplyToStrictAndCleanOnly) {
  OptionValues v;
  v.trace = "t.swf";
  v.size_source = "max";
  EXPECT_TRUE(Resolve(v, Frontend::kClustersim, false).ok());
  v.compat = "pyss";
  auto pyss = Resolve(v, Frontend::kClustersim, false);
  ASSERT_FALSE(pyss.ok());
  EXPECT_NE(pyss.status().message().find("pyss has its tool's own rules"), std::string::npos)
      << pyss.status().message();
  OptionValues f;
  f.trace = "t.swf";
  f.estimate_fill = "drop";
  f.swf_policy = "strict";
  EXPECT_FALSE(Resolve(f, Frontend::kClustersim, false).ok());  // strict drops the job anyway
  f.swf_policy = "";  // clean, the default (swf-and-metrics §2.7)
  auto clean = Resolve(f, Frontend::kClustersim, false);
  ASSERT_TRUE(clean.ok()) << clean.status().message();
  EXPECT_EQ(clean.value().load.swf.policy, SwfPolicy::kClean);
  f.swf_policy = "clean";
  clean = Resolve(f, Frontend::kClustersim, false);
  ASSERT_TRUE(clean.ok()) << clean.status().message();
  EXPECT_EQ(clean.value().load.swf.estimate_fill, EstimateFill::kDrop);
  f.estimate_fill = "guess";
  EXPECT_FALSE(Resolve(f, Frontend::kClustersim, false).ok());
}

// RLScheduler never kills a job at its estimate (swf-and-metrics §2.3), so
// its SWF policy lets jobs overrun unless told otherwise, conservative
// backfilling included (it plans overruns, schedulers.md §4).
TEST(Options, RlschedulerInputLetsJobsOverrun) {
  OptionValues v;
  v.trace = "t.swf";
  EXPECT_EQ(Resolve(v, Frontend::kClustersim, false).value().engine.overrun, Overrun::kClip);
  v.swf_policy = "rlscheduler";
  EXPECT_EQ(Resolve(v, Frontend::kClustersim, false).value().engine.overrun, Overrun::kAllow);
  v.overrun = "clip";
  EXPECT_EQ(Resolve(v, Frontend::kClustersim, false).value().engine.overrun, Overrun::kClip);
  v.overrun = "";
  v.backfill = "conservative";
  auto cons = Resolve(v, Frontend::kClustersim, false);
  ASSERT_TRUE(cons.ok()) << cons.status().message();
  EXPECT_EQ(cons.value().engine.overrun, Overrun::kAllow);
  // pyss frees jobs at their estimate, which allow would contradict: the
  // kill stays, and nothing the user did not give is named in an error.
  v.backfill = "";
  v.compat = "pyss";
  auto pyss = Resolve(v, Frontend::kClustersim, false);
  ASSERT_TRUE(pyss.ok()) << pyss.status().message();
  EXPECT_EQ(pyss.value().engine.overrun, Overrun::kClip);
}

// --conservative rebuild re-plans the conservative profile: refused where
// there is none (EASY, dr_evt's conservative, which is EASY).
TEST(Options, ConservativeRebuildNeedsTheConservativeProfile) {
  OptionValues v;
  v.trace = "t.swf";
  v.backfill = "conservative";
  v.conservative = "rebuild";
  auto c = Resolve(v, Frontend::kClustersim, false);
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_TRUE(c.value().engine.policy.conservative_rebuild);
  EXPECT_NE(DescribePolicy(c.value().engine.policy).find("rebuild"), std::string::npos);
  v.backfill = "easy";
  EXPECT_FALSE(Resolve(v, Frontend::kClustersim, false).ok());
  v.backfill = "conservative";
  v.compat = "dr_evt";
  EXPECT_FALSE(Resolve(v, Frontend::kClustersim, false).ok());
  v.compat = "";
  v.conservative = "replan";
  auto bad = Resolve(v, Frontend::kClustersim, false);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "--conservative: expected compress or rebuild, got 'replan'");
}

// `clustersim replay` keeps the recorded times: options that choose how a
// simulation schedules would be ignored, so they are refused and named
// (they used to be accepted and recorded in summary.json as if used).
// dr_evt's `simulator` accepts them on a replay trace, as dr_evt does.
TEST(Options, ReplayRefusesSchedulingOptions) {
  OptionValues v;
  v.trace = "t.csv";
  EXPECT_TRUE(Resolve(v, Frontend::kClustersim, true).ok());
  v.compat = "pyss";
  v.backfill = "conservative";
  auto r = Resolve(v, Frontend::kClustersim, true);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("--backfill: a replay"), std::string::npos) << r.status().message();
  EXPECT_NE(r.status().message().find("--force-simulation"), std::string::npos);
  // --compat picks the SWF normalisation in a replay too; dr_evt's alias
  // "column" is the recorded (actual) run time.
  OptionValues swf;
  swf.trace = "t.swf";
  swf.compat = "pyss";
  swf.run_time_mode = "column";
  EXPECT_TRUE(Resolve(swf, Frontend::kClustersim, true).ok()) << Resolve(swf, Frontend::kClustersim, true).status().message();
  OptionValues seed;
  seed.trace = "t.csv";
  seed.seed = "7";
  EXPECT_FALSE(Resolve(seed, Frontend::kClustersim, true).ok());
  EXPECT_TRUE(Resolve(seed, Frontend::kClustersim, false).ok());
  EXPECT_TRUE(Resolve(v, Frontend::kSimulator, true).ok());
}

// Options that would have no effect are refused with what they need
// (they used to be accepted silently): EASY's knobs without EASY, dr_evt's
// fcfs_conservative asked to be the real conservative, sampling parameters
// without sampled run times (clustersim; dr_evt's simulator ignores them).
TEST(Options, OptionsWithoutEffectAreRefused) {
  auto resolve = [](auto set, Frontend fe = Frontend::kClustersim) {
    OptionValues v;
    v.trace = "t.csv";
    set(&v);
    return Resolve(v, fe, false);
  };
  EXPECT_FALSE(resolve([](OptionValues* v) { v->backfill_cmp = "lt", v->backfill = "none"; }).ok());
  EXPECT_FALSE(resolve([](OptionValues* v) { v->extra_nodes = "off", v->backfill = "conservative"; }).ok());
  EXPECT_TRUE(resolve([](OptionValues* v) { v->extra_nodes = "off"; }).ok());
  EXPECT_TRUE(resolve([](OptionValues* v) { v->extra_nodes = "off", v->backfill = "conservative", v->compat = "dr_evt"; })
                  .ok());  // dr_evt's conservative is EASY
  // ... whose reservation has no extra nodes: "on" would be ignored.
  EXPECT_FALSE(resolve([](OptionValues* v) { v->extra_nodes = "on", v->compat = "dr_evt"; }).ok());
  EXPECT_FALSE(resolve([](OptionValues* v) { v->extra_nodes = "on", v->policy = "fcfs_conservative"; }).ok());
  EXPECT_FALSE(resolve([](OptionValues* v) { v->policy = "fcfs_conservative", v->backfill = "conservative"; }).ok());
  EXPECT_TRUE(resolve([](OptionValues* v) { v->policy = "fcfs_conservative"; }).ok());
  // dr_evt's own pairing (its docs: -b conservative with -p fcfs_conservative) stays accepted.
  EXPECT_TRUE(resolve([](OptionValues* v) { v->policy = "fcfs_conservative", v->backfill = "conservative"; },
                      Frontend::kSimulator)
                  .ok());
  auto sampled = resolve([](OptionValues* v) { v->run_time_scale = 0.5; });
  ASSERT_FALSE(sampled.ok());
  EXPECT_NE(sampled.status().message().find("--run_time_mode distribution"), std::string::npos);
  EXPECT_TRUE(resolve([](OptionValues* v) { v->run_time_scale = 0.5, v->run_time_mode = "distribution"; }).ok());
  EXPECT_TRUE(resolve([](OptionValues* v) { v->run_time_scale = 0.5; }, Frontend::kSimulator).ok());
  // The cluster model's options, --compat joulie among them, need --cluster.
  EXPECT_FALSE(resolve([](OptionValues* v) { v->compat = "joulie"; }).ok());
  EXPECT_TRUE(resolve([](OptionValues* v) { v->compat = "joulie", v->cluster = "c.yaml"; }).ok());
  EXPECT_FALSE(resolve([](OptionValues* v) { v->time_scale = "2"; }).ok());
  EXPECT_FALSE(resolve([](OptionValues* v) { v->work_sensitivity = "0.5"; }).ok());
  // RLScheduler's windows ignore the engine's checker, stop time and run-time model.
  EXPECT_FALSE(resolve([](OptionValues* v) { v->compat = "rlscheduler", v->check = true; }).ok());
  EXPECT_FALSE(resolve([](OptionValues* v) { v->compat = "rlscheduler", v->max_time = "1d"; }).ok());
  EXPECT_TRUE(resolve([](OptionValues* v) { v->compat = "rlscheduler"; }).ok());
  // Its windows do use the run-time model (perfect estimates, sampled runs).
  EXPECT_TRUE(resolve([](OptionValues* v) { v->compat = "rlscheduler", v->run_time_mode = "limit"; }).ok());
}

// A refusal names the options given, not the whole family, and a command
// line that takes them: `replay --placement worst-fit` listed twelve options,
// and its hint (--cluster) led to a refusal of its own. --catalog and the
// time series options were accepted without --cluster, and ignored.
TEST(Options, ClusterOptionsWithoutAClusterAreNamedWithACommandThatTakesThem) {
  auto message = [](auto set, Frontend fe = Frontend::kClustersim, bool replay = false) {
    OptionValues v;
    v.trace = "t.csv";
    set(&v);
    auto r = Resolve(v, fe, replay);
    return r.ok() ? std::string("ok") : r.status().message();
  };
  EXPECT_EQ(message([](OptionValues* v) { v->placement = "worst-fit"; }),
            "--placement shapes the cluster model, so it needs --cluster FILE (a cluster of real nodes)");
  EXPECT_EQ(message([](OptionValues* v) { v->catalog = "/nonexistent.yaml", v->given = {"--timeseries-interval"}; }),
            "--timeseries-interval, --catalog shape the cluster model, so they need --cluster FILE (a cluster of "
            "real nodes) (and, for an SWF/CSV trace, --execution work)");
  EXPECT_EQ(message([](OptionValues* v) { v->placement = "worst-fit"; }, Frontend::kClustersim, true),
            "--placement shapes the cluster model, so it needs --cluster FILE (a cluster of real nodes); a replay has "
            "none: `clustersim simulate TRACE --cluster FILE --force-simulation` schedules the trace on one");
  EXPECT_EQ(message([](OptionValues* v) { v->compat = "joulie"; }, Frontend::kSimulator),
            "--compat joulie shapes the cluster model, so it needs --cluster FILE (a cluster of real nodes); dr_evt's "
            "`simulator` has none: run `clustersim simulate TRACE --cluster FILE --execution work`");
  // The hint itself must run: simulator and replay read SWF/CSV, whose jobs
  // have work to shape only under --execution work.
  EXPECT_EQ(message([](OptionValues* v) { v->switches = {"dynamics=exact"}; }, Frontend::kClustersim, true),
            "--set shapes the cluster model, so it needs --cluster FILE (a cluster of real nodes); a replay has none: "
            "`clustersim simulate TRACE --cluster FILE --force-simulation --execution work` schedules the trace on one");
  EXPECT_EQ(message([](OptionValues* v) { v->sim_base["SIM_BASE_IDLE_W"] = "10"; }),
            "--SIM_BASE_IDLE_W shapes the cluster model, so it needs --cluster FILE (a cluster of real nodes) (and, "
            "for an SWF/CSV trace, --execution work)");
  EXPECT_EQ(message([](OptionValues* v) { v->format = "jsonl"; }, Frontend::kClustersim, true),
            "--format jsonl: a JSONL trace runs on a cluster of real nodes; `clustersim simulate TRACE --cluster FILE` "
            "schedules it");
  EXPECT_EQ(message([](OptionValues* v) { v->outputs = {"schedule", "timeseries"}; }),
            "--outputs timeseries: timeseries.csv is written by runs on a cluster; add --cluster FILE (and, for an "
            "SWF/CSV trace, --execution work) or leave timeseries out");
  EXPECT_EQ(message([](OptionValues* v) { v->outputs = {"schedule", "placements"}; }, Frontend::kClustersim, true),
            "--outputs placements: placements.csv is written by runs on a cluster; a replay has none, so leave "
            "placements out");
  EXPECT_EQ(message([](OptionValues* v) { v->compat = "rlscheduler", v->check = true; }),
            "--check: --compat rlscheduler evaluates whole windows with its own loop; it would be ignored");
  OptionValues swf;
  swf.trace = "t.swf";
  swf.swf_policy = "pyss";
  swf.estimate_fill = "run";
  auto pyss = Resolve(swf, Frontend::kClustersim, false);
  ASSERT_FALSE(pyss.ok());
  EXPECT_EQ(pyss.status().message(), "--estimate-fill shapes --swf-policy strict and clean; pyss has its tool's own rules");
}

// `clustersim replay --compat rlscheduler` ran RLScheduler's window
// simulation; --rl-windows without the preset was accepted and ignored
// (new-user review, twenty-fifth session).
TEST(Options, RlSchedulerWindowsAreASimulationAndTheirOptionsNeedThePreset) {
  OptionValues v;
  v.trace = "t.swf";
  v.compat = "rlscheduler";
  auto replay = Resolve(v, Frontend::kClustersim, true);
  ASSERT_FALSE(replay.ok());
  EXPECT_NE(replay.status().message().find("a replay keeps the trace's recorded times"), std::string::npos);
  EXPECT_TRUE(Resolve(v, Frontend::kClustersim, false).ok());
  OptionValues w;
  w.trace = "t.swf";
  w.given = {"--rl-windows"};
  auto alone = Resolve(w, Frontend::kClustersim, false);
  ASSERT_FALSE(alone.ok());
  EXPECT_EQ(alone.status().message(), "--rl-windows sets RLScheduler's window evaluation; it needs --compat rlscheduler");
}

// --seed reads as `generate`'s does: any unsigned 64-bit integer, digits
// after an optional +. It stopped at 2^63 - 1 and took " 7", which
// `generate` refuses.
TEST(Options, SeedTakesEveryUnsigned64BitValueAndDigitsOnly) {
  OptionValues v;
  v.trace = "t.swf";
  v.seed = "18446744073709551615";
  auto top = Resolve(v, Frontend::kClustersim, false);
  ASSERT_TRUE(top.ok()) << top.status().message();
  EXPECT_EQ(top.value().run_time.seed, 18446744073709551615u);
  v.seed = "+7";  // as TOML writes it (`seed = +7` in a --config file)
  EXPECT_EQ(Resolve(v, Frontend::kClustersim, false).value().run_time.seed, 7u);
  for (const char* bad : {"18446744073709551616", "+", "++7", "+-7", " 7", "7 ", "-1", "0x7"}) {
    v.seed = bad;
    auto r = Resolve(v, Frontend::kClustersim, false);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.status().message(),
              std::string("--seed: expected an unsigned 64-bit integer or 'random', got '") + bad + "'");
  }
}

}  // namespace
}  // namespace clustersim::test
