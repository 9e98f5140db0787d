#include "cli/cluster_options.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>
#include <tuple>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join

#include "cli/base_model_vars.h"
#include "cli/option_checks.h"
#include "io/ambient_csv.h"
#include "io/node_selector.h"
#include "power/switches.h"

namespace clustersim {
namespace {

// A settling node is evaluated every step; below 0.1 ms the run's cost (as
// 1/step) buys nothing a user can see: the fastest lag, a GPU cap's, is
// 150 ms, and 0.01 s already holds a throttled stretch within 0.1 %.
constexpr double kMinPowerStep = 1e-4;

}  // namespace

void AddClusterOptions(CLI::App* app, OptionValues* v, bool listed) {
  // Seed 002: a cluster of real nodes, work-based jobs (README "Clusters and work").
  const std::string g = listed ? kClusterOptionGroup : "";
  app->add_option("--cluster", v->cluster, "Cluster inventory YAML (Joulie's nodes[] groups); runs on real nodes")
      ->group(g);
  app->add_option("--catalog", v->catalog,
                  "Hardware catalog YAML replacing the shipped one (env SIM_HARDWARE_CATALOG_PATH)")
      ->group(g);
  app->add_option("--workload-model", v->workload_model,
                  "Work engine: v1 (default) or legacy (env SIM_WORKLOAD_MODEL; --compat joulie: legacy)")
      ->group(g);
  app->add_option("--tick", v->tick,
                  "Emulated tick in seconds: submit, start and end on tick boundaries (env SIM_EMULATE_TICK; "
                  "default 0 = exact events)")
      ->check(RealIn(0, 1e9))
      ->group(g);
  app->add_option("--placement", v->placement, "Node choice: worst-fit (default), first-fit, best-fit, joulie")
      ->group(g);
  app->add_option("--power-policy", v->power_policy,
                  "Joulie's power policy (§h.2): none (default: each node keeps its cluster file's profile), A (every "
                  "node performance), B (static: round(hp-frac x N) performance nodes, at least one per hardware "
                  "family, chosen in name order; the rest eco) or C (queue-aware: B's choice re-made every "
                  "--reconcile-interval for clamp(max(round(hp-base-frac x N), ceil(perfPods / perf-per-hp)), "
                  "hp-min, hp-max) nodes; a node left out that runs performance pods drains first) "
                  "(env SIM_STANDALONE_BASELINE)")
      ->group(g);
  app->add_option("--hp-frac", v->hp_frac, "B: the share of performance nodes (0.30; env SIM_SA_HP_FRAC)")
      ->check(RealIn(0, 1))
      ->group(g);
  app->add_option("--hp-order", v->hp_order,
                  "B and C: the order performance nodes are chosen in: name (default) or density (Joulie's newer "
                  "controller: mean(cores/192, GPUs/8), densest first, ties by name), one per family first")
      ->check(CLI::IsMember({"name", "density"}))
      ->group(g);
  app->add_option("--hp-base-frac", v->hp_base_frac, "C: the base share of performance nodes (0.30; env SIM_SA_HP_BASE_FRAC)")
      ->check(RealIn(0, 1))
      ->group(g);
  app->add_option("--hp-min", v->hp_min, "C: at least this many performance nodes (1; env SIM_SA_HP_MIN)")
      ->check(RealIn(0, 1e9))
      ->group(g);
  app->add_option("--hp-max", v->hp_max, "C: at most this many, before the family floor (25; env SIM_SA_HP_MAX)")
      ->check(RealIn(0, 1e9))
      ->group(g);
  app->add_option("--perf-per-hp", v->perf_per_hp,
                  "C: performance pods (running or waiting) per performance node (10; env SIM_SA_PERF_PER_HP_NODE)")
      ->check(RealIn(0, 1e9, true))
      ->group(g);
  app->add_option("--reconcile-interval", v->reconcile_interval,
                  "C: seconds between reconciles, at multiples on the trace clock (300; env SIM_SA_RECONCILE_INTERVAL)")
      ->check(RealIn(1e-6, 1e9))
      ->group(g);
  app->add_option("--execution", v->execution,
                  "SWF/CSV on a cluster: fixed (default: run times as given) or work (run time as work at "
                  "nominal speed, slowed by caps and co-runners)")
      ->group(g);
  app->add_option("--cpu-cap", v->cpu_caps,
                  "[SELECTOR:]VALUE: RAPL cap in W (300W), a CPU percent (60% = DVFS target 0.6) or none; SELECTOR is "
                  "all, class=NAME, profile=eco, label=K=V or name=GLOB; repeatable")
      ->group(g);
  app->add_option("--gpu-cap", v->gpu_caps, "[SELECTOR:]VALUE: per-GPU cap in W, percent of Max, or none; repeatable")
      ->group(g);
  app->add_option("--freq-scale", v->freq_scales, "[SELECTOR:]F: DVFS frequency scale in (0, 1]; repeatable")
      ->group(g);
  app->add_option("--eco-cpu-pct", v->eco_cpu_pct, "CPU percent of an eco node without an operating point (60; env SIM_SA_CPU_ECO_PCT)")
      ->check(RealIn(1, 100))
      ->group(g);
  app->add_option("--eco-gpu-pct", v->eco_gpu_pct, "GPU cap percent of an eco node without an operating point (70)")
      ->check(RealIn(1, 100))
      ->group(g);
  app->add_option("--set", v->switches,
                  "FLAG=VALUE: one power/work model switch (power-model.md §k.2), e.g. cpu_share=capacity; "
                  "repeatable, one value per switch")
      ->group(g);
  app->add_option("--gpu-receiver-gate", v->receiver_gate, "on or off (default off; env SIM_GPU_RECEIVER_GATE)")
      ->group(g);
  app->add_option("--base-speed-per-core", v->base_speed_per_core,
                  "B_core, CPU work units per core-second (1; env SIM_BASE_SPEED_PER_CORE)")
      ->check(RealIn(1e-9, 1e12))
      ->group(g);
  app->add_option("--base-speed-per-gpu", v->base_speed_per_gpu,
                  "B_gpu, GPU work units per GPU-second (1; env SIM_BASE_SPEED_PER_GPU)")
      ->check(RealIn(1e-9, 1e12))
      ->group(g);
  app->add_option("--time-scale", v->time_scale, "JSONL: simulated seconds per trace second of submit offsets (1)")
      ->check(RealIn(1e-9, 1e9))
      ->group(g);
  app->add_option("--work-class", v->work_class, "SWF/CSV on a cluster: the jobs' CPU class (cpu.mixed)")->group(g);
  app->add_option("--work-sensitivity", v->work_sensitivity, "SWF/CSV on a cluster: the jobs' CPU cap sensitivity (1)")
      ->check(RealIn(0, 1))
      ->group(g);
  app->add_option("--queue-class", v->queue_classes, "Q=CLASS: the CPU class of SWF/CSV queue Q (a number, or a CSV's queue name); repeatable; --execution work")
      ->group(g);
  app->add_option("--caps", v->caps, "Cap schedule YAML: CPU/GPU caps and frequency scales that change over time")
      ->group(g);
  app->add_option("--power-step", v->power_step,
                  "Control step in seconds while a node's caps, frequency or temperature settle (1; 0.0001 to "
                  "3600: the cost grows as 1/step)")
      ->check(RealIn(kMinPowerStep, 3600))
      ->group(g);
  app->add_option("--ambient", v->ambient,
                  "Facility ambient: C, BASE,AMPLITUDE,PERIOD_H (default 20,5,24; env SIM_FACILITY_AMBIENT_*) or a "
                  "CSV of time_s,temp_c")
      ->group(g);
  app->add_option("--design-it-watts", v->design_it_watts,
                  "IT power the PUE's load fraction is measured against (default: the cluster's design capacity)")
      ->check(RealIn(1e-9, 1e15))
      ->group(g);
  app->add_option("--timeseries-interval", v->timeseries_interval,
                  "Seconds between rows of timeseries.csv (60; 0 = no periodic rows)")
      ->check(RealIn(0, 1e9))
      ->group(g);
  app->add_flag("--timeseries-every-event", v->timeseries_every_event,
                "Also write a timeseries row at every event time")
      ->group(g);
  app->add_option("--timeseries-nodes", v->timeseries_nodes,
                  "SELECTOR: nodes whose own series go to node_timeseries.csv (e.g. class=gpu-h100)")
      ->group(g);
  AddBaseModelOptions(app, &v->sim_base, g);
}

Status ResolveClusterOptions(const OptionValues& v, RunConfig* c) {
  ClusterConfig& k = c->cluster;
  k.cluster_file = v.cluster;
  c->load.swf.machine_from_cluster = !k.cluster_file.empty();
  k.catalog_file = FlagOrEnv(v.catalog, "SIM_HARDWARE_CATALOG_PATH");
  k.catalog_from_env = v.catalog.empty() && !k.catalog_file.empty();
  if (v.catalog.empty() && !k.catalog_file.empty() && !k.cluster_file.empty()) {
    std::error_code ec;
    if (!std::filesystem::exists(k.catalog_file, ec) && !ec) k.catalog_env_missing = std::exchange(k.catalog_file, {});
  }
  WorkOptions& wo = k.work;
  const bool joulie = c->engine.policy.compat == Compat::kJoulie;
  wo.switches = joulie ? power::PowerSwitches::Joulie() : power::PowerSwitches::Default();
  for (std::size_t i = 0; i < v.switches.size(); ++i) {
    RETURN_IF_ERROR(power::SetPowerSwitch(&wo.switches, v.switches[i]));
    // One switch set twice: which one holds would be the order of the flags.
    const std::string key = v.switches[i].substr(0, v.switches[i].find('='));
    for (std::size_t k = 0; k < i; ++k)
      if (v.switches[k].substr(0, v.switches[k].find('=')) == key && v.switches[k] != v.switches[i])
        return Status::Error(fmt::format("--set {} and --set {}: one switch, two values; give one", v.switches[k],
                                         v.switches[i]));
  }
  // A value from Joulie's environment is named by its variable in errors:
  // the user never gave the flag.
  const auto named = [](const std::string& flag_value, const char* flag, const char* env) -> std::string {
    return flag_value.empty() ? env : flag;
  };
  // Joulie's environment applies to cluster runs only (an SWF run with
  // SIM_STANDALONE_BASELINE set in the shell must not fail).
  const auto cluster_env = [&](const std::string& flag, const char* env) {
    return k.cluster_file.empty() ? flag : FlagOrEnv(flag, env);
  };
  const std::string engine = cluster_env(v.workload_model, "SIM_WORKLOAD_MODEL");
  RETURN_IF_ERROR(ParseEnum(named(v.workload_model, "--workload-model", "SIM_WORKLOAD_MODEL"), engine.empty() ? std::string(joulie ? "legacy" : "v1") : engine,
                            power::kWorkEngineNames, &wo.engine));
  if (const std::string tick = cluster_env(v.tick, "SIM_EMULATE_TICK"); !tick.empty()) {
    const std::string flag = named(v.tick, "--tick", "SIM_EMULATE_TICK");
    double t = 0;
    RETURN_IF_ERROR(ParseReal(flag, tick, 0, 1e9, &t));
    wo.tick = static_cast<SimTime>(std::llround(t * kTicksPerSecond));
    // The clock counts microseconds: a tick it cannot hold was rounded (to
    // 0, which means exact events) without a word.
    const double us = t * kTicksPerSecond;  // a thousandth of a microsecond, or the double's own rounding
    if (std::fabs(static_cast<double>(wo.tick) - us) > std::max(1e-3, 1e-15 * us))
      return Status::Error(fmt::format("{}: {} s is not a whole number of microseconds, the clock's resolution "
                                       "(0 = exact events)",
                                       flag, tick));
  }
  if (const std::string gate = cluster_env(v.receiver_gate, "SIM_GPU_RECEIVER_GATE"); !gate.empty())
    RETURN_IF_ERROR(ParseEnum(named(v.receiver_gate, "--gpu-receiver-gate", "SIM_GPU_RECEIVER_GATE"), gate, power::kOnOffNames, &wo.receiver_gate));
  if (const std::string b = cluster_env(v.base_speed_per_core, "SIM_BASE_SPEED_PER_CORE"); !b.empty())
    RETURN_IF_ERROR(ParseReal(named(v.base_speed_per_core, "--base-speed-per-core", "SIM_BASE_SPEED_PER_CORE"), b, 1e-9, 1e12, &wo.base.per_core));
  if (const std::string b = cluster_env(v.base_speed_per_gpu, "SIM_BASE_SPEED_PER_GPU"); !b.empty())
    RETURN_IF_ERROR(ParseReal(named(v.base_speed_per_gpu, "--base-speed-per-gpu", "SIM_BASE_SPEED_PER_GPU"), b, 1e-9, 1e12, &wo.base.per_gpu));
  if (!v.placement.empty()) RETURN_IF_ERROR(ParseEnum("--placement", v.placement, kPlacementNames, &k.placement));
  power::PowerPolicyOptions& pp = k.power_policy;
  if (const std::string p = cluster_env(v.power_policy, "SIM_STANDALONE_BASELINE"); !p.empty())
    RETURN_IF_ERROR(ParseEnum(named(v.power_policy, "--power-policy", "SIM_STANDALONE_BASELINE"), p, power::kPowerPolicyNames, &pp.policy));
  if (const std::string f = cluster_env(v.hp_frac, "SIM_SA_HP_FRAC"); !f.empty())
    RETURN_IF_ERROR(ParseReal(named(v.hp_frac, "--hp-frac", "SIM_SA_HP_FRAC"), f, 0, 1, &pp.hp_frac));
  if (const std::string f = cluster_env(v.hp_base_frac, "SIM_SA_HP_BASE_FRAC"); !f.empty())
    RETURN_IF_ERROR(ParseReal(named(v.hp_base_frac, "--hp-base-frac", "SIM_SA_HP_BASE_FRAC"), f, 0, 1, &pp.base_frac));
  // Counts are truncated, as Joulie's int(floatEnv(...)) does.
  for (auto [flag, text, env, out] : {std::tuple{"--hp-min", &v.hp_min, "SIM_SA_HP_MIN", &pp.hp_min},
                                      std::tuple{"--hp-max", &v.hp_max, "SIM_SA_HP_MAX", &pp.hp_max}}) {
    double x = 0;
    if (const std::string f = cluster_env(*text, env); !f.empty()) {
      RETURN_IF_ERROR(ParseReal(named(*text, flag, env), f, 0, 1e9, &x));
      *out = static_cast<std::int64_t>(x);
    }
  }
  // clamp(x, min, max) with min above max would give max whatever min says.
  if (pp.policy == power::PowerPolicy::kQueueAware && pp.hp_min > pp.hp_max)
    return Status::Error(fmt::format("{} {} is above {} {}: C keeps the performance nodes between them",
                                     named(v.hp_min, "--hp-min", "SIM_SA_HP_MIN"), pp.hp_min,
                                     named(v.hp_max, "--hp-max", "SIM_SA_HP_MAX"), pp.hp_max));
  if (const std::string f = cluster_env(v.perf_per_hp, "SIM_SA_PERF_PER_HP_NODE"); !f.empty()) {
    const std::string name = named(v.perf_per_hp, "--perf-per-hp", "SIM_SA_PERF_PER_HP_NODE");
    RETURN_IF_ERROR(ParseReal(name, f, 0, 1e9, &pp.perf_per_hp));
    if (pp.perf_per_hp <= 0) return Status::Error(name + ": must be above 0, got '" + f + "'");
  }
  if (const std::string f = cluster_env(v.reconcile_interval, "SIM_SA_RECONCILE_INTERVAL"); !f.empty()) {
    double s = 0;
    RETURN_IF_ERROR(ParseReal(named(v.reconcile_interval, "--reconcile-interval", "SIM_SA_RECONCILE_INTERVAL"), f, 1e-6, 1e9, &s));
    pp.reconcile = std::max<SimTime>(1, static_cast<SimTime>(std::llround(s * kTicksPerSecond)));
  }
  if (!v.hp_order.empty()) {
    RETURN_IF_ERROR(ParseEnum("--hp-order", v.hp_order, power::kSelectionOrderNames, &pp.order));
    if (pp.policy != power::PowerPolicy::kStatic && pp.policy != power::PowerPolicy::kQueueAware)
      return Status::Error("--hp-order applies to --power-policy B and C");
  }
  // A flag of another policy would be silently ignored (the environment's
  // values may be set for any).
  if (!v.hp_frac.empty() && pp.policy != power::PowerPolicy::kStatic)
    return Status::Error("--hp-frac applies to --power-policy B (C's base share is --hp-base-frac)");
  for (const std::string* f : {&v.hp_base_frac, &v.hp_min, &v.hp_max, &v.perf_per_hp, &v.reconcile_interval})
    if (!f->empty() && pp.policy != power::PowerPolicy::kQueueAware)
      return Status::Error("--hp-base-frac, --hp-min, --hp-max, --perf-per-hp and --reconcile-interval apply to "
                           "--power-policy C");
  // policy.csv records C's reconciles: asked for under another policy it
  // would not be written, without a word.
  if (!k.cluster_file.empty() && pp.policy != power::PowerPolicy::kQueueAware && v.outputs != OptionValues{}.outputs &&
      std::find(v.outputs.begin(), v.outputs.end(), "policy") != v.outputs.end())
    return Status::Error("--outputs policy: policy.csv records --power-policy C's reconciles; add --power-policy C or "
                         "leave policy out");
  if (!v.execution.empty()) {
    if (v.execution != "fixed" && v.execution != "work")
      return Status::Error("--execution: expected fixed or work, got '" + v.execution + "'");
    k.work_execution = v.execution == "work";
  }
  if (const std::string e = cluster_env(v.eco_cpu_pct, "SIM_SA_CPU_ECO_PCT"); !e.empty())
    RETURN_IF_ERROR(ParseReal(named(v.eco_cpu_pct, "--eco-cpu-pct", "SIM_SA_CPU_ECO_PCT"), e, 1, 100, &k.eco_cpu_pct));
  if (!k.cluster_file.empty()) RETURN_IF_ERROR(ResolveBaseModel(v.sim_base, true, &k.base, &k.base_model_given));
  if (!v.eco_gpu_pct.empty()) RETURN_IF_ERROR(ParseReal("--eco-gpu-pct", v.eco_gpu_pct, 1, 100, &k.eco_gpu_pct));
  if (!v.time_scale.empty()) RETURN_IF_ERROR(ParseReal("--time-scale", v.time_scale, 1e-9, 1e9, &c->load.jsonl.time_scale));
  c->load.jsonl.class_alias = wo.switches.class_alias;
  k.clip_to_limit = c->engine.overrun == Overrun::kClip;
  if (!v.work_class.empty())
    RETURN_IF_ERROR(ParseEnum("--work-class", v.work_class, kCpuClassNames, &k.swf_profile.cpu_class));
  if (!v.work_sensitivity.empty())
    RETURN_IF_ERROR(ParseReal("--work-sensitivity", v.work_sensitivity, 0, 1, &k.swf_profile.s_cpu));
  for (const std::string& qc : v.queue_classes) {
    const auto eq = qc.find('=');
    CpuClass cls{};
    if (eq == std::string::npos || eq == 0)
      return Status::Error("--queue-class: expected Q=CLASS, Q a queue number or name (2=cpu.memory_bound, "
                           "pdebug=cpu.io_bound), got '" + qc + "'");
    RETURN_IF_ERROR(ParseEnum("--queue-class", qc.substr(eq + 1), kCpuClassNames, &cls));
    k.queue_class.emplace_back(qc.substr(0, eq), cls);  // matched against the trace's queues in MapOntoCluster
  }
  // Named, so a run with no work for them to shape can say which (cluster_setup).
  k.profile_options = GivenFlags({{!v.work_class.empty(), "--work-class"},
                                  {!v.work_sensitivity.empty(), "--work-sensitivity"},
                                  {!v.queue_classes.empty(), "--queue-class"}});
  // The time series is the power model's (its interval and every-event
  // switch have defaults, so given is read from the command line), and so
  // is each SIM_* base model value.
  k.work_options = GivenFlags(
      {{joulie, "--compat joulie"}, {!v.cpu_caps.empty(), "--cpu-cap"}, {!v.gpu_caps.empty(), "--gpu-cap"},
       {!v.freq_scales.empty(), "--freq-scale"}, {!v.caps.empty(), "--caps"}, {!v.eco_cpu_pct.empty(), "--eco-cpu-pct"},
       {!v.eco_gpu_pct.empty(), "--eco-gpu-pct"}, {!v.ambient.empty(), "--ambient"},
       {!v.design_it_watts.empty(), "--design-it-watts"}, {!v.power_step.empty(), "--power-step"},
       {!v.switches.empty(), "--set"}, {!v.workload_model.empty(), "--workload-model"}, {!v.tick.empty(), "--tick"},
       {!v.receiver_gate.empty(), "--gpu-receiver-gate"}, {!v.base_speed_per_core.empty(), "--base-speed-per-core"},
       {!v.base_speed_per_gpu.empty(), "--base-speed-per-gpu"}, {!v.timeseries_nodes.empty(), "--timeseries-nodes"},
       {v.Given("--timeseries-interval"), "--timeseries-interval"},
       {v.Given("--timeseries-every-event"), "--timeseries-every-event"}});
  for (const auto& [name, value] : v.sim_base)
    if (!value.empty()) k.work_options.push_back("--" + name);
  // Files only work writes, listed by name (without a cluster, options.cc
  // says which runs write them).
  if (!k.cluster_file.empty() && v.outputs != OptionValues{}.outputs)
    for (const char* name : {"timeseries", "nodes"})
      if (std::find(v.outputs.begin(), v.outputs.end(), name) != v.outputs.end())
        k.work_options.push_back(std::string("--outputs ") + name);
  // Frequency scales first, then CPU caps, then GPU caps; within one option,
  // command-line order (a later setting wins where selectors overlap).
  auto add_rules = [&](const std::vector<std::string>& texts, OperatingRule::Kind kind, const char* flag) -> Status {
    for (const std::string& t : texts) {
      auto sv = ParseSelectedValue(t);
      if (!sv.ok()) return Status::Error(std::string(flag) + ": " + sv.status().message());
      OperatingRule r;
      r.kind = kind;
      r.selector = sv.value().selector;
      if (kind == OperatingRule::Kind::kFreqScale) {
        if (Status st = ParseReal(flag, sv.value().value, 1e-6, 1, &r.freq_scale); !st.ok()) return st;
      } else {
        auto cap = ParseCapValue(sv.value().value);
        if (!cap.ok()) return Status::Error(std::string(flag) + ": " + cap.status().message());
        r.cap = cap.value();
      }
      k.rules.push_back(r);
    }
    return Status::Ok();
  };
  RETURN_IF_ERROR(add_rules(v.freq_scales, OperatingRule::Kind::kFreqScale, "--freq-scale"));
  RETURN_IF_ERROR(add_rules(v.cpu_caps, OperatingRule::Kind::kCpuCap, "--cpu-cap"));
  RETURN_IF_ERROR(add_rules(v.gpu_caps, OperatingRule::Kind::kGpuCap, "--gpu-cap"));
  k.caps_file = v.caps;
  if (!v.power_step.empty()) {
    double step = 1;
    RETURN_IF_ERROR(ParseReal("--power-step", v.power_step, kMinPowerStep, 3600, &step));
    wo.power_step = static_cast<SimTime>(std::llround(step * kTicksPerSecond));
  }
  {
    // The facility ambient: --ambient, else Joulie's SIM_FACILITY_* variables.
    std::string ambient = v.ambient;
    if (ambient.empty() && !k.cluster_file.empty()) {  // the environment: cluster runs only, as above
      const std::string base = FlagOrEnv("", "SIM_FACILITY_AMBIENT_TEMP_C");
      const std::string amp = FlagOrEnv("", "SIM_FACILITY_TEMP_AMPLITUDE_C");
      const std::string period = FlagOrEnv("", "SIM_FACILITY_TEMP_PERIOD_H");
      if (!base.empty() || !amp.empty() || !period.empty())
        ambient = (base.empty() ? "20" : base) + "," + (amp.empty() ? "5" : amp) + "," + (period.empty() ? "24" : period);
    }
    if (!ambient.empty()) {
      auto a = ParseAmbient(ambient, v.ambient.empty() ? "SIM_FACILITY_AMBIENT_TEMP_C, _TEMP_AMPLITUDE_C and _TEMP_PERIOD_H"
                                                       : "--ambient");
      if (!a.ok()) return a.status();
      k.facility.ambient = a.take();
    }
  }
  if (!v.design_it_watts.empty())
    RETURN_IF_ERROR(ParseReal("--design-it-watts", v.design_it_watts, 1e-9, 1e15, &k.facility.design_it_w));
  if (!v.timeseries_interval.empty()) {
    double s = 60;
    RETURN_IF_ERROR(ParseReal("--timeseries-interval", v.timeseries_interval, 0, 1e9, &s));
    c->timeseries_interval = static_cast<SimTime>(std::llround(s * kTicksPerSecond));
  }
  c->timeseries_every_event = v.timeseries_every_event;
  if (!v.timeseries_nodes.empty()) {
    auto sel = ParseNodeSelector(v.timeseries_nodes);
    if (!sel.ok()) return Status::Error("--timeseries-nodes: " + sel.status().message());
    c->timeseries_nodes = sel.value();
    c->timeseries_nodes_given = true;
  }
  // Options of the cluster model that a node-count run would ignore: refused
  // by name, with a command line that takes them.
  if (k.cluster_file.empty()) {
    // Every option above, and those that place jobs on the nodes.
    std::vector<std::string> given = k.work_options;
    given.insert(given.end(), k.profile_options.begin(), k.profile_options.end());
    for (const std::string& flag : GivenFlags(
             {{!v.catalog.empty(), "--catalog"}, {!v.placement.empty(), "--placement"},
              {!v.execution.empty(), "--execution"}, {!v.power_policy.empty(), "--power-policy"},
              {!v.hp_frac.empty(), "--hp-frac"}, {!v.hp_base_frac.empty(), "--hp-base-frac"},
              {!v.hp_min.empty(), "--hp-min"}, {!v.hp_max.empty(), "--hp-max"}, {!v.perf_per_hp.empty(), "--perf-per-hp"},
              {!v.reconcile_interval.empty(), "--reconcile-interval"}, {!v.hp_order.empty(), "--hp-order"},
              {!v.time_scale.empty(), "--time-scale"}}))
      given.push_back(flag);
    if (!given.empty()) {
      // A command line that takes them: simulator and replay read SWF/CSV,
      // whose jobs have work to shape only under --execution work.
      const bool shape_work = !k.work_options.empty() || !k.profile_options.empty();
      const std::string run = std::string("clustersim simulate TRACE --cluster FILE") +
                              (c->replay_requested ? " --force-simulation" : "") +
                              (shape_work ? " --execution work" : "");
      const std::string where =
          c->frontend == Frontend::kSimulator ? fmt::format("; dr_evt's `simulator` has none: run `{}`", run)
          : c->replay_requested               ? fmt::format("; a replay has none: `{}` schedules the trace on one", run)
          : shape_work                        ? std::string(" (and, for an SWF/CSV trace, --execution work)")
                                              : std::string();
      return Status::Error(fmt::format("{} {} the cluster model, so {} --cluster FILE (a cluster of real nodes){}",
                                       fmt::join(given, ", "), given.size() == 1 ? "shapes" : "shape",
                                       given.size() == 1 ? "it needs" : "they need", where));
    }
  }
  if (!k.cluster_file.empty() && c->frontend == Frontend::kSimulator)
    return Status::Error("--cluster runs with `clustersim simulate`, not with dr_evt's `simulator`");
  if (!k.cluster_file.empty() && v.total_nodes > 0)
    return Status::Error("--total_nodes and --cluster both give the machine; the cluster file decides its size");
  return Status::Ok();
}

}  // namespace clustersim
