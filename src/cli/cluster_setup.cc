#include "cli/cluster_setup.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join

#include "io/cluster_mapping.h"
#include "io/caps_yaml.h"
#include "io/cluster_yaml.h"
#include "io/time_format.h"
#include "power/cpu_power.h"
#include "power/gpu_power.h"
#include "power/power_policy.h"
#include "power/switches.h"

namespace clustersim {
namespace {

// §a.6 (clustersim's rule): v1 takes the trace's intentClass, and the
// affinity when the record declares none; legacy takes the affinity first,
// as the page says (performance when it avoids eco nodes), and the
// intentClass when the affinity does not decide. They differ only for a
// record that avoids eco nodes while declaring standard: performance in
// legacy, standard in v1. Joulie's code takes v1's rule in both engines
// (intent_source=intent_first, set by --compat joulie).
bool IsPerformance(const WorkJob& j, power::WorkEngine engine, power::IntentSource source) {
  const bool declared = j.has_intent && j.intent == IntentClass::kPerformance;
  if (engine == power::WorkEngine::kV1 || source == power::IntentSource::kIntentFirst)
    return j.has_intent ? declared : j.avoids_eco;
  return j.avoids_eco || declared;
}

}  // namespace

std::string DescribeRule(const OperatingRule& rule) {
  const std::string sel = rule.selector.ToString();
  if (rule.kind == OperatingRule::Kind::kFreqScale) return fmt::format("--freq-scale {}:{}", sel, rule.freq_scale);
  const char* flag = rule.kind == OperatingRule::Kind::kCpuCap ? "--cpu-cap" : "--gpu-cap";
  if (rule.cap.kind == CapSetting::Kind::kNone) return fmt::format("{} {}:none", flag, sel);
  return fmt::format("{} {}:{}{}", flag, sel, rule.cap.value, rule.cap.kind == CapSetting::Kind::kPercent ? "%" : "W");
}

std::vector<std::pair<std::string, std::string>> DescribeWorkModel(const ClusterConfig& config) {
  std::vector<std::pair<std::string, std::string>> m;
  const WorkOptions& w = config.work;
  m.emplace_back("workload_model", EnumNameOf(power::kWorkEngineNames, w.engine));
  m.emplace_back("tick_seconds", fmt::format("{}", ToSeconds(w.tick)));
  const Ambient& a = config.facility.ambient;
  m.emplace_back("ambient", a.kind == Ambient::Kind::kSteps
                                ? fmt::format("steps {}", fmt::join(a.steps, " "))
                                : fmt::format("{} C, {} C amplitude, {} s period", a.sinusoid.base_c,
                                              a.sinusoid.amplitude_c, a.sinusoid.period_s));
  m.emplace_back("design_it_watts", fmt::format("{}", config.facility.design_it_w));
  for (const power::PowerSwitchRow& row : power::PowerSwitchTable())
    m.emplace_back(row.flag, power::PowerSwitchValue(w.switches, row.flag));
  m.emplace_back("gpu_receiver_gate", w.receiver_gate ? "on" : "off");
  m.emplace_back("base_speed_per_core", fmt::format("{}", w.base.per_core));
  m.emplace_back("base_speed_per_gpu", fmt::format("{}", w.base.per_gpu));
  m.emplace_back("eco_cpu_pct", fmt::format("{}", config.eco_cpu_pct));
  m.emplace_back("eco_gpu_pct", fmt::format("{}", config.eco_gpu_pct));
  m.emplace_back("power_step_seconds", fmt::format("{}", ToSeconds(w.power_step)));
  for (const auto& [name, text] : config.base_model_given) m.emplace_back(name, text);
  return m;
}

OperatingPoint OperatingPointOf(const Node& node, const ClusterConfig& config) {
  OperatingPoint op = node.op;
  if (!op.set && node.profile == PowerProfile::kEco) {
    op.throttle_pct = power::ThrottlePctFromPercent(config.eco_cpu_pct);
    op.gpu_cap = {CapSetting::Kind::kPercent, config.eco_gpu_pct};
  }
  // A rule is a cap schedule change in force from the start (§d.6: a CPU
  // percent is a DVFS intent, watts a RAPL cap, none removes both). The
  // frequency rules come first (ResolveClusterOptions): a CPU `none` keeps
  // the node's --freq-scale, as `none` with freq_scale in one change does.
  const OperatingRule* freq = nullptr;
  for (const OperatingRule& r : config.rules) {
    if (!r.selector.Matches(node)) continue;
    CapChange c;
    c.set_cpu_cap = r.kind == OperatingRule::Kind::kCpuCap;
    c.set_gpu_cap = r.kind == OperatingRule::Kind::kGpuCap;
    c.set_freq = r.kind == OperatingRule::Kind::kFreqScale;
    (c.set_cpu_cap ? c.cpu_cap : c.gpu_cap) = r.cap;
    c.freq_scale = r.freq_scale;
    if (c.set_freq) freq = &r;
    if (c.set_cpu_cap && !r.cap.set() && freq != nullptr) c.set_freq = true, c.freq_scale = freq->freq_scale;
    power::ApplyCapChange(c, &op);
  }
  return op;
}

Result<std::vector<OperatingPoint>> ResolveOperatingPoints(const Cluster& cluster, const ClusterConfig& config,
                                                           const std::vector<CapChange>& schedule) {
  // A rule for no node is a typo (a class or name that does not exist), as
  // in caps.yaml: refused rather than silently doing nothing.
  for (const OperatingRule& r : config.rules) {
    const bool any = std::any_of(cluster.nodes.begin(), cluster.nodes.end(),
                                 [&](const Node& n) { return r.selector.Matches(n); });
    if (!any)
      return Status::Error(fmt::format("{}: '{}' matches no node of the cluster",
                                       r.kind == OperatingRule::Kind::kCpuCap   ? "--cpu-cap"
                                       : r.kind == OperatingRule::Kind::kGpuCap ? "--gpu-cap"
                                                                                : "--freq-scale",
                                       r.selector.ToString()));
  }
  std::vector<OperatingPoint> out;
  out.reserve(cluster.nodes.size());
  for (const Node& node : cluster.nodes) {
    const OperatingPoint op = OperatingPointOf(node, config);
    auto s = power::ResolveNodeSettings(cluster.types[node.type], op);
    if (!s.ok()) return Status::Error(fmt::format("{}: node {}: {}", cluster.name, node.name, s.status().message()));
    out.push_back(op);
  }
  // The schedule's changes, in time order, must each give valid settings.
  std::vector<OperatingPoint> ops = out;
  std::vector<const CapChange*> order;
  for (const CapChange& c : schedule) order.push_back(&c);
  std::stable_sort(order.begin(), order.end(), [](const CapChange* a, const CapChange* b) { return a->at < b->at; });
  for (const CapChange* c : order) {
    bool matched = false;
    for (NodeId n = 0; n < cluster.nodes.size(); ++n) {
      if (!c->nodes.Matches(cluster.nodes[n])) continue;
      matched = true;
      OperatingPoint& op = ops[n];
      power::ApplyCapChange(*c, &op);
      auto s = power::ResolveNodeSettings(cluster.types[cluster.nodes[n].type], op);
      if (!s.ok())
        return Status::Error(fmt::format("{}:{}: changes[{}]: node {}: {}", config.caps_file, c->line, c->index,
                                         cluster.nodes[n].name, s.status().message()));
    }
    if (!matched)
      return Status::Error(fmt::format("{}:{}: {}: '{}' matches no node of the cluster", config.caps_file,
                                       c->nodes_line, c->nodes_path, c->nodes.ToString()));
  }
  return out;
}

namespace {

constexpr double kMaxPeriodicEvents = 1e8;

// Seconds the run lasts at the least: some job's submit (after the first)
// plus its nominal duration (work-based runs) or its run time.
double MinimumRunSeconds(const Workload& w, const std::vector<double>& nominal_s) {
  double span = 0;
  for (JobId id = 0; id < w.jobs.size(); ++id) {
    const Job& j = w.jobs[id];
    const double d = nominal_s.empty() ? ToSeconds(std::min(j.run_time, j.time_limit)) : nominal_s[id];
    if (!(d <= static_cast<double>(kMaxInputSeconds))) continue;  // refused: it never runs
    span = std::max(span, ToSeconds(j.submit - w.jobs.front().submit) + d);
  }
  return span;
}

}  // namespace

Status CheckTimeseriesSize(const Workload& w, const ClusterSetup& cs, SimTime interval) {
  if (interval <= 0 || w.jobs.empty() || cs.nominal_s.empty()) return Status::Ok();
  const double span = MinimumRunSeconds(w, cs.nominal_s);
  const double samples = span / ToSeconds(interval);
  if (samples <= kMaxPeriodicEvents) return Status::Ok();
  return Status::Error(fmt::format(
      "{}: timeseries.csv would hold at least {:.3g} rows (one every {} s over at least {:.6g} s of run); give "
      "--timeseries-interval {:.0f} or more, or leave timeseries out of --outputs",
      w.name, samples, ToSeconds(interval), span, std::ceil(span / kMaxPeriodicEvents)));
}

namespace {

// The node types selected by any of `sels` on which `cap` (a RAPL cap when
// `cpu`, else a per-GPU cap) falls outside the hardware's range and is
// clamped: "TYPE [lo, hi] W -> W; ..." ("" if none). `below`: some asked
// under the floor, the mark of a percent written without its %.
std::string ClampedOn(const Cluster& cl, const std::vector<const NodeSelector*>& sels, const CapSetting& cap,
                      bool cpu, bool* below) {
  std::vector<std::uint8_t> seen(cl.types.size(), 0);
  std::string clamped;
  const bool pct = cap.kind == CapSetting::Kind::kPercent;
  for (const Node& n : cl.nodes) {
    if (seen[n.type] || std::none_of(sels.begin(), sels.end(), [&](const NodeSelector* s) { return s->Matches(n); }))
      continue;
    seen[n.type] = 1;
    const NodeType& t = cl.types[n.type];
    if (!cpu && t.gpus == 0) continue;
    const double asked = pct ? cap.value * t.gpu.max_w / 100 : cap.value;
    const double lo = cpu ? t.cpu.rapl_min_w : t.gpu.min_cap_w, hi = cpu ? t.cpu.rapl_max_w : t.gpu.max_w;
    if (asked >= lo && asked <= hi) continue;
    *below = *below || asked < lo;
    clamped += fmt::format("{}{} [{}, {}] W -> {} W", clamped.empty() ? "" : "; ", t.name, lo, hi,
                           std::clamp(asked, lo, hi));
  }
  return clamped;
}

std::string ClampMessage(std::string_view what, const CapSetting& cap, bool cpu, const std::string& clamped,
                         bool below) {
  const bool pct = cap.kind == CapSetting::Kind::kPercent;
  return fmt::format("'{}{}{}' is outside the {} cap range, clamped on node types: {}{}", what, cap.value,
                     pct ? "%" : "W", cpu ? "RAPL" : "per-GPU", clamped,
                     cpu && below ? " (a CPU percent is written with %, e.g. 50%)" : "");
}

bool SelectsAGpuNode(const Cluster& cl, const std::vector<const NodeSelector*>& sels) {
  return std::any_of(cl.nodes.begin(), cl.nodes.end(), [&](const Node& n) {
    return cl.types[n.type].gpus > 0 &&
           std::any_of(sels.begin(), sels.end(), [&](const NodeSelector* s) { return s->Matches(n); });
  });
}

constexpr const char* kGpuCapBlocked =
    "selects only nodes without GPUs: a GPU cap is blocked there (power-model.md §d.6) and changes nothing";

// A cap schedule's changes as written: the loader splits a change with a
// list of nodes into one CapChange per item (same index), and a warning is
// about what was written, once.
std::vector<std::vector<const CapChange*>> ChangesAsWritten(const std::vector<CapChange>& schedule) {
  std::map<std::size_t, std::vector<const CapChange*>> by_index;
  for (const CapChange& c : schedule) by_index[c.index].push_back(&c);
  std::vector<std::vector<const CapChange*>> out;
  for (auto& [index, items] : by_index) out.push_back(std::move(items));
  return out;
}

// Where a cap was written, for its messages: the file (or flag) and line,
// the message's prefix, what a blocked cap names (the rule, or the change's
// nodes), and what precedes the value in a clamped one ("all:" or "").
struct CapSource {
  std::string_view file;
  std::int64_t line = 0;
  std::string prefix, blocked, clamped_what;
};

// One cap (a command-line rule, or a cap schedule change's field over its
// selectors) against the hardware: a GPU cap on GPU-less nodes is blocked;
// a cap outside a node type's range is clamped.
void ReportCap(const Cluster& cl, const CapSource& at, const std::vector<const NodeSelector*>& sels,
               const CapSetting& cap, bool cpu, Diagnostics* diag) {
  if (cap.kind == CapSetting::Kind::kNone) return;
  if (!cpu && !SelectsAGpuNode(cl, sels)) {
    diag->Report(at.file, at.line, "gpu_cap_blocked", fmt::format("{}'{}' {}", at.prefix, at.blocked, kGpuCapBlocked),
                 Severity::kWarning, true);
    return;
  }
  if (cpu && cap.kind == CapSetting::Kind::kPercent) return;  // a DVFS target, not a RAPL cap
  bool below = false;
  const std::string clamped = ClampedOn(cl, sels, cap, cpu, &below);
  if (clamped.empty()) return;
  diag->Report(at.file, at.line, "cap_clamped", at.prefix + ClampMessage(at.clamped_what, cap, cpu, clamped, below),
               Severity::kWarning, true);
}

// Caps the hardware cannot take are clamped (§d.6), which is easy to miss
// when a value was a slip (`50` meaning 50 %, not 50 W), and a GPU cap on
// GPU-less nodes is blocked: one warning per rule or cap schedule change,
// naming the node types and what they got.
void ReportClampedCaps(const Cluster& cl, const ClusterConfig& config, const std::vector<CapChange>& schedule,
                       Diagnostics* diag) {
  for (const OperatingRule& r : config.rules) {
    if (r.kind == OperatingRule::Kind::kFreqScale) continue;
    const bool cpu = r.kind == OperatingRule::Kind::kCpuCap;
    ReportCap(cl, {cpu ? "--cpu-cap" : "--gpu-cap", 0, "", DescribeRule(r), r.selector.ToString() + ":"},
              {&r.selector}, r.cap, cpu, diag);
  }
  for (const std::vector<const CapChange*>& items : ChangesAsWritten(schedule)) {
    const CapChange& c = *items.front();
    std::vector<const NodeSelector*> sels;
    std::string nodes;
    for (const CapChange* item : items) {
      sels.push_back(&item->nodes);
      nodes += (nodes.empty() ? "" : ", ") + item->nodes.ToString();
    }
    if (c.set_cpu_cap)
      ReportCap(cl, {config.caps_file, c.line, fmt::format("changes[{}].cpu_cap: ", c.index), nodes, ""}, sels,
                c.cpu_cap, true, diag);
    if (c.set_gpu_cap)
      ReportCap(cl, {config.caps_file, c.line, fmt::format("changes[{}].gpu_cap: ", c.index), nodes, ""}, sels,
                c.gpu_cap, false, diag);
  }
}

// A change timed between 0 and the first submit holds from the start, as if
// at 0; on a trace whose clock is epoch seconds, `at: 2h` is 1970 and
// silently caps the whole run. `at: 0` is the plain way to say "from the
// start" and gets no warning.
void ReportEarlyChanges(const std::string& caps_file, const std::vector<CapChange>& schedule, SimTime first_submit,
                        Diagnostics* diag) {
  for (const std::vector<const CapChange*>& items : ChangesAsWritten(schedule)) {
    const CapChange& c = *items.front();
    if (c.at <= 0 || c.at >= first_submit) continue;
    diag->Report(caps_file, c.line, "change_before_start",
                 fmt::format("changes[{}].at: {} s is before the first submit ({} s), so the change holds, "
                             "settled, from the start; `at` is on the trace's clock (write 0 to mean the start)",
                             c.index, FormatTime(c.at, TimeFormat::kExact), FormatTime(first_submit, TimeFormat::kExact)),
                 Severity::kWarning, true);
  }
}

}  // namespace

Result<std::unique_ptr<ClusterSetup>> SetUpCluster(const ClusterConfig& config, const Policy& policy,
                                                   bool swf_whole_nodes, Workload* w, Diagnostics* diag) {
  const HardwareCatalog* catalog = &ShippedCatalog();
  HardwareCatalog replaced;
  if (!config.catalog_file.empty()) {
    auto c = LoadCatalog(config.catalog_file);
    if (!c.ok())  // a file the user did not type is named by where it came from
      return config.catalog_from_env
                 ? Status::Error(c.status().message() + " (the catalog SIM_HARDWARE_CATALOG_PATH names)")
                 : c.status();
    replaced = c.take();
    catalog = &replaced;
  }
  if (!config.catalog_env_missing.empty() && diag != nullptr)
    diag->Report(config.catalog_env_missing, 0, "catalog_not_found",
                 "SIM_HARDWARE_CATALOG_PATH names no file; the shipped catalog is used, as Joulie falls back to its "
                 "embedded one (--catalog FILE stops on a missing file instead)",
                 Severity::kWarning, true);
  std::vector<Diagnostic> fallbacks;
  auto cluster = LoadCluster(config.cluster_file, *catalog, &fallbacks, config.base);
  if (!cluster.ok()) return cluster.status();
  if (diag != nullptr)  // one per node group at most: echoed, as a likely typo
    for (Diagnostic& d : fallbacks) diag->Report(d.file, d.line, d.rule, std::move(d.message), d.severity, true);
  auto setup = SetUpLoadedCluster(cluster.take(), config, policy, swf_whole_nodes, w);
  if (setup.ok() && diag != nullptr) {
    const ClusterSetup& cs = *setup.value();
    for (const std::string& key : cs.unused_queue_classes)
      diag->Report("--queue-class", 0, "queue_class_unused",
                   fmt::format("no job is in queue {}; the setting is unused", key),
                   Severity::kWarning, true);
    ReportClampedCaps(cs.cluster, config, cs.power ? cs.power->schedule() : std::vector<CapChange>{}, diag);
    if (cs.power && !w->jobs.empty()) ReportEarlyChanges(config.caps_file, cs.power->schedule(), w->jobs.front().submit, diag);
  }
  return setup;
}

Result<std::unique_ptr<ClusterSetup>> SetUpLoadedCluster(Cluster cluster, const ClusterConfig& config,
                                                         const Policy& policy, bool swf_whole_nodes, Workload* w) {
  if (policy.compat == Compat::kDrEvt || policy.compat == Compat::kPyss || policy.compat == Compat::kRlScheduler)
    return Status::Error(fmt::format("--compat {} reproduces a tool that counts nodes; it does not run on --cluster",
                                     CompatName(policy.compat)));
  auto setup = std::make_unique<ClusterSetup>();
  setup->cluster = std::move(cluster);
  Cluster& cl = setup->cluster;
  if (cl.nodes.empty()) return Status::Error(cl.name + ": the cluster has no nodes");
  // Joulie's code gives every GPU its 30/300/80 W base model (§k.1 item 5),
  // but for the fields a node group's gpu_model sets, its class override.
  for (NodeType& t : cl.types) {
    t.gpu = power::ApplyGpuCatalogSwitch(t.gpu, config.work.switches.gpu_catalog, config.work.switches.gpu_min_cap,
                                         config.base.gpu, t.gpu_given);
    if (t.gpus > 0 && config.work.switches.gpu_catalog == power::GpuCatalog::kBase300 &&
        (t.gpu.min_cap_w > t.gpu.max_w || t.gpu.idle_w > t.gpu.max_w))
      return Status::Error(fmt::format(
          "{}: node group {}: under gpu_catalog=base300 (--compat joulie) the GPU fields that neither gpu_model nor "
          "gpu_min_cap_watts / gpu_max_cap_watts set take the base model's {}/{}/{} W (idle/max/min cap): "
          "{} {} W exceeds max {} W; set the others too",
          cl.name, t.name, config.base.gpu.idle_w, config.base.gpu.max_w, config.base.gpu.min_cap_w,
          t.gpu.min_cap_w > t.gpu.max_w ? "min cap" : "idle",
          t.gpu.min_cap_w > t.gpu.max_w ? t.gpu.min_cap_w : t.gpu.idle_w, t.gpu.max_w));
  }

  // A power policy decides the profiles before anything reads them.
  setup->policy = power::ApplyPowerPolicy(config.power_policy, &cl);
  const bool work_based = w->work_based();
  // Options that shape work must have work to shape, or the run would look
  // as if they had been applied.
  if (work_based && !config.profile_options.empty())
    return Status::Error(fmt::format("{}: {} SWF/CSV jobs a profile; a JSONL trace's pods carry their own "
                                     "(workloadClass, workloadProfile)",
                                     fmt::join(config.profile_options, ", "),
                                     config.profile_options.size() == 1 ? "gives" : "give"));
  if (!work_based && !config.work_execution && (!config.profile_options.empty() || !config.work_options.empty())) {
    std::vector<std::string> given = config.work_options;
    given.insert(given.end(), config.profile_options.begin(), config.profile_options.end());
    return Status::Error(fmt::format("{}: an SWF/CSV run keeps its run times, and has no power model, unless given "
                                     "--execution work, so {} would have no effect",
                                     fmt::join(given, ", "), given.size() == 1 ? "it" : "they"));
  }
  PoolUnits units = PoolUnits::kMillicores;
  if (!work_based) {
    ClusterMappingOptions m;
    m.whole_nodes = swf_whole_nodes;
    m.base_speed_per_core = config.work.base.per_core;
    m.profile = config.swf_profile;
    m.queue_class = config.queue_class;
    m.clip_to_limit = config.clip_to_limit;
    if (Status st = MapOntoCluster(m, w, &setup->unused_queue_classes); !st.ok()) return st;
    units = swf_whole_nodes ? PoolUnits::kNodes : PoolUnits::kCores;
  }
  const bool run_work = work_based || config.work_execution;

  setup->performance.resize(w->jobs.size());
  for (JobId id = 0; id < w->jobs.size(); ++id)
    setup->performance[id] = IsPerformance(w->work[id], config.work.engine, config.work.switches.intent_source) ? 1 : 0;
  std::vector<CapChange> schedule;
  if (!config.caps_file.empty()) {
    auto caps = LoadCapSchedule(config.caps_file);
    if (!caps.ok()) return caps.status();
    schedule = caps.take();
  }
  auto ops = ResolveOperatingPoints(cl, config, schedule);
  if (!ops.ok()) return ops.status();
  setup->ops = ops.take();

  setup->pool = std::make_unique<ClusterPool>(cl, *w, setup->performance, units, config.placement);
  w->capacity = setup->pool->capacity();
  if (policy.backfill == Backfill::kConservative && (run_work || !setup->pool->scalar_is_exact()))
    return Status::Error(
        run_work ? "conservative backfilling needs jobs that end by their estimates; work-based jobs can run longer "
                   "under caps and co-runners: use --backfill easy or none"
                 : "conservative backfilling needs interchangeable units (whole nodes or spread cores without "
                   "class, vendor or GPU limits); use --backfill easy or none");
  if (!run_work && !schedule.empty())
    return Status::Error("--caps changes power over time: it needs work-based jobs (--execution work for SWF/CSV)");
  const bool queue_aware = config.power_policy.policy == power::PowerPolicy::kQueueAware;
  if (queue_aware && !schedule.empty())
    return Status::Error("--power-policy C sets each node's operating point at every reconcile; a --caps schedule "
                         "would contend with it: give one or the other");
  if (run_work) {
    setup->power = std::make_unique<ClusterPower>(cl, setup->ops, std::move(schedule), config.work.switches,
                                                  config.work.power_step, config.facility);
    setup->work = std::make_unique<WorkExecution>(cl, *w, *setup->pool, config.work, setup->power.get());
    setup->nominal_s.resize(w->jobs.size());
    for (JobId id = 0; id < w->jobs.size(); ++id) {
      setup->nominal_s[id] = setup->work->NominalSeconds(id);
      if (!work_based) continue;
      Job& j = w->jobs[id];
      // Such a job could never end on the clock: rejected at arrival (it is
      // in rejected.csv and the counts), and the run goes on.
      if (!(setup->nominal_s[id] <= static_cast<double>(kMaxInputSeconds))) {
        setup->pool->Refuse(id, fmt::format("its work takes {:.6g} s at nominal speed, more than the {:.0f} s (about "
                                            "31,700 years) any time may span; check its work units and requests",
                                            setup->nominal_s[id], static_cast<double>(kMaxInputSeconds)));
        j.time_limit = j.run_time = 0;
        continue;
      }
      // Schedulers plan with the nominal duration (JSONL has no limit),
      // rounded as the work's finish is; the check above keeps it within
      // kMaxInputTime.
      j.time_limit = j.run_time = static_cast<SimTime>(CeilMicros(setup->nominal_s[id]));
    }
    // Tick mode (§a.4): a job is submitted at the first tick at or after its
    // creation.
    if (const SimTime tick = config.work.tick; tick > 0)
      for (Job& j : w->jobs) {
        const SimTime q = j.submit >= 0 ? (j.submit + tick - 1) / tick : -((-j.submit) / tick);
        j.submit = q * tick;
      }
  }
  if (queue_aware) {
    // Each node's operating point as a performance (or draining) node and as
    // an eco node, each checked now: a reconcile only switches between them.
    std::vector<OperatingPoint> as_performance, as_eco;
    for (const Node& node : cl.nodes) {
      for (auto [profile, out] : {std::pair{PowerProfile::kPerformance, &as_performance},
                                  std::pair{PowerProfile::kEco, &as_eco}}) {
        Node as = node;
        as.profile = profile;
        out->push_back(OperatingPointOf(as, config));
        if (auto st = power::ResolveNodeSettings(cl.types[node.type], out->back()); !st.ok())
          return Status::Error(fmt::format("{}: node {} (profile {}): {}", cl.name, node.name,
                                           EnumNameOf(kPowerProfileNames, profile), st.status().message()));
      }
    }
    setup->controller = std::make_unique<PowerController>(
        &cl, *w, setup->performance, config.power_policy, std::move(as_performance), std::move(as_eco),
        setup->pool.get(), setup->work.get(), run_work ? config.work.tick : 0);
    // A reconcile costs a loop step even when it changes nothing: billions
    // of them are a mistake in the interval, not a wish.
    const double interval = ToSeconds(config.power_policy.reconcile);
    if (const double span = w->jobs.empty() ? 0 : MinimumRunSeconds(*w, setup->nominal_s);
        span / interval > kMaxPeriodicEvents)
      return Status::Error(fmt::format("--reconcile-interval {} s: the run would reconcile at least {:.3g} times "
                                       "(over at least {:.6g} s); give {:.0f} s or more",
                                       interval, span / interval, span, std::ceil(span / kMaxPeriodicEvents)));
  }
  return setup;
}

}  // namespace clustersim
