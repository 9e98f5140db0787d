#include "report/compare_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "io/atomic_file.h"
#include "model/diagnostics.h"
#include "power/switches.h"
#include "report/downsample.h"
#include "report/html_page.h"
#include "report/run_series.h"
#include "report/svg_plot.h"

namespace clustersim {
namespace {

std::string RunsTable(const std::vector<RunOutputs>& runs) {
  // Cluster runs also differ by their cluster, caps and power policy: a
  // column for them when any run has one.
  bool power = false;
  for (const RunOutputs& r : runs) power = power || !PowerInputs(r.summary).empty();
  std::string o = fmt::format("<table class=\"runs\"><tr><th>run</th><th>directory</th><th>trace</th><th>policy</th>{}"
                              "</tr>\n",
                              power ? "<th>cluster, caps and power policy</th>" : "");
  for (std::size_t k = 0; k < runs.size(); ++k) {
    o += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>", HtmlEscape(runs[k].name),
                     HtmlEscape(runs[k].dir), HtmlEscape(ConfigValue(runs[k].summary, "input")),
                     HtmlEscape(ConfigValue(runs[k].summary, "policy")));
    if (power) o += fmt::format("<td>{}</td>", HtmlEscape(PowerInputs(runs[k].summary)));
    o += "</tr>\n";
  }
  return o + "</table>\n";
}

std::string MetricsTable(const std::vector<RunOutputs>& runs) {
  std::string o = "<h2>Summary metrics</h2>\n<table class=\"summary\"><tr><th>metric</th>";
  for (std::size_t k = 0; k < runs.size(); ++k) {
    o += fmt::format("<th class=\"num\">{}</th>", HtmlEscape(runs[k].name));
    if (k > 0) o += fmt::format("<th class=\"num\">{0} − {1}</th><th class=\"num\">{0} / {1}</th>",
                                HtmlEscape(runs[k].name), HtmlEscape(runs[0].name));
  }
  o += "</tr>\n";
  for (const Metric& m : SummaryMetrics()) {
    const double a = MetricValue(runs[0].summary, m);
    bool any = false;
    for (const RunOutputs& r : runs) any = any || MetricShown(r.summary, m);
    if (!any) continue;
    o += fmt::format("<tr><td title=\"{}\">{}{}</td>", HtmlEscape(MetricDefinition(runs[0].summary, m)),
                     HtmlEscape(m.label), m.unit[0] ? fmt::format(" ({})", m.unit) : "");
    for (std::size_t k = 0; k < runs.size(); ++k) {
      const double v = MetricValue(runs[k].summary, m);
      o += fmt::format("<td class=\"num\">{}</td>", FormatMetric(v));
      if (k > 0)
        o += fmt::format("<td class=\"num\">{}</td><td class=\"num\">{}</td>", FormatMetric(v - a),
                         a != 0 && !std::isnan(a) && !std::isnan(v) ? fmt::format("{:.4g}", v / a) : "n/a");
    }
    o += "</tr>\n";
  }
  return o + "</table>\n";
}

std::string OverlaidCurves(const std::vector<RunOutputs>& runs) {
  double span = 0;
  for (const RunOutputs& r : runs) span = std::max(span, RunSpan(r));
  const TimeUnit u = TimeUnitFor(span);
  const Axis tl = Axis::Fixed(fmt::format("time from the first event ({})", u.name), 0, span / u.seconds);
  std::string o = "<h2>Curves and distributions</h2>\n<div class=\"grid-charts\">\n";
  Plot alloc("Allocated " + runs[0].units, tl, {fmt::format("allocated ({})", runs[0].units)});
  Plot power("IT power", tl, {"power (W)"});
  Plot queue("Queue length", tl, {"jobs waiting"});
  Plot wait("Wait time distribution", {"wait (s)", true}, {"fraction of started jobs"});
  Plot bsld("Bounded slowdown distribution", {"bounded slowdown", true}, {"fraction of finished jobs"});
  std::string zeros;
  // Units on one axis only: a run counting millicores beside one counting
  // nodes would be drawn on the nodes' scale.
  std::string other_units;
  for (const RunOutputs& r : runs)
    if (r.units != runs[0].units)
      other_units += fmt::format("{}{} counts {}", other_units.empty() ? "" : ", ", r.name, r.units);
  const std::string left_out =
      other_units.empty() ? "" : fmt::format(" Left out (not counted in {}): {}.", runs[0].units, other_units);
  for (const RunOutputs& r : runs) {
    if (r.has_resources && r.units == runs[0].units) {
      const XY a = AllocatedOverTime(r, u);
      alloc.Add({r.name, SeriesKind::kStep, a.x, a.y});
    }
    // Cluster runs: "what does the cap cost" is read off these curves.
    if (const std::vector<double>* it = r.has_timeseries ? r.TimeseriesColumn("it_power_w") : nullptr) {
      XY p = ReduceM4(r.ts_time, *it, kTimeBuckets);
      for (double& t : p.x) t /= u.seconds;
      power.Add({r.name, SeriesKind::kLine, p.x, p.y});
    }
    if (!r.has_jobs) continue;
    const XY q = QueueOverTime(r, u);
    queue.Add({r.name, SeriesKind::kStep, q.x, q.y});
    double zero = 0;
    const XY w = WaitCdf(r, 1.0, &zero);
    wait.Add({r.name, SeriesKind::kStep, w.x, w.y});
    zeros += fmt::format("{}{}: {:.1f} %", zeros.empty() ? "" : ", ", r.name, 100 * zero);
    const XY b = BoundedSlowdownCdf(r);
    bsld.Add({r.name, SeriesKind::kStep, b.x, b.y});
  }
  const std::string m4 = fmt::format("M4-reduced to {} time buckets (peaks kept).", kTimeBuckets);
  if (!alloc.empty()) o += alloc.Note("From each run's resources.csv; " + m4 + left_out).Render();
  if (!power.empty()) o += power.Note("Instantaneous IT power from each run's timeseries.csv; " + m4).Render();
  if (!queue.empty()) o += queue.Note("Jobs submitted and not yet started; " + m4).Render();
  if (!wait.empty()) o += wait.Note("Over each run's started jobs; waits under 1 s are drawn at 1 s: " + zeros + ".").Render();
  if (!bsld.empty()) o += bsld.Note("Empirical CDFs, each point exact.").Render();
  // Mean slowdown by size, grouped bars over one set of classes: the
  // largest job of any run decides it (each run's own grouping put one
  // run's bars under another's labels).
  double largest = 1;
  for (const RunOutputs& r : runs)
    if (r.has_jobs && r.units == runs[0].units) largest = std::max(largest, LargestJob(r));
  std::vector<std::string> names;
  std::vector<ClassMeans> means;
  for (const RunOutputs& r : runs) {
    if (!r.has_jobs || r.units != runs[0].units) continue;
    means.push_back(SlowdownBySize(r, largest));
    names = means.back().names;
  }
  if (!means.empty()) {
    Plot c("Mean bounded slowdown by job size", {fmt::format("job size ({})", runs[0].units), false, names},
           {"mean bounded slowdown"});
    std::size_t k = 0;
    for (const RunOutputs& r : runs) {
      if (!r.has_jobs || r.units != runs[0].units) continue;
      Series s{r.name, SeriesKind::kBars};
      for (std::size_t i = 0; i < means[k].mean.size(); ++i) {
        s.x.push_back(static_cast<double>(i));
        s.y.push_back(means[k].mean[i]);
      }
      c.Add(std::move(s));
      ++k;
    }
    o += c.Note("Size classes by powers of two." + left_out).Render();
  }
  return o + "</div>\n";
}

// Per-job wait differences of run k against run 0, joined on job id.
std::string WaitDifferences(const RunOutputs& a, const RunOutputs& b) {
  // Rows join on job_id; a log that repeats a job number (the reader warns,
  // duplicate_job_id) pairs its k-th row in one run with its k-th in the
  // other, both in file order, never every repeat with the first.
  std::unordered_map<double, std::vector<std::size_t>> rows_of;
  for (std::size_t i = 0; i < a.jobs.size(); ++i) rows_of[a.jobs.id[i]].push_back(i);
  std::unordered_map<double, std::size_t> seen_in_b;
  struct Diff {
    double id, units, wa, wb;
  };
  std::vector<Diff> d;
  std::size_t unmatched = 0;
  for (std::size_t i = 0; i < b.jobs.size(); ++i) {
    const std::size_t k = seen_in_b[b.jobs.id[i]]++;
    if (std::isnan(b.jobs.wait[i])) continue;
    const auto it = rows_of.find(b.jobs.id[i]);
    if (it == rows_of.end() || k >= it->second.size() || std::isnan(a.jobs.wait[it->second[k]])) {
      ++unmatched;
      continue;
    }
    d.push_back({b.jobs.id[i], b.jobs.units[i], a.jobs.wait[it->second[k]], b.jobs.wait[i]});
  }
  std::string o = fmt::format("<h2>Per-job wait: {} against {}</h2>\n", HtmlEscape(b.name), HtmlEscape(a.name));
  if (d.empty()) return o + "<p class=\"missing\">No job started in both runs (are they runs of one trace?).</p>\n";
  std::size_t gained = 0, lost = 0;
  for (const Diff& x : d) {
    gained += x.wb < x.wa ? 1 : 0;
    lost += x.wb > x.wa ? 1 : 0;
  }
  o += fmt::format(
      "<p>{} started in both runs: <span class=\"gain\">{} waited less</span> in {}, <span "
      "class=\"loss\">{} waited longer</span>, {} waited the same.{}</p>\n",
      CountOf(static_cast<std::int64_t>(d.size()), "job"), gained, HtmlEscape(b.name), lost,
      d.size() - gained - lost,
      unmatched ? fmt::format(" {} of {} {} no started counterpart in {} and {} left out.",
                              CountOf(static_cast<std::int64_t>(unmatched), "job"), HtmlEscape(b.name),
                              unmatched == 1 ? "has" : "have", HtmlEscape(a.name), unmatched == 1 ? "is" : "are")
                : "");
  // Histogram of the difference in signed decades: who gained or lost how much.
  static const double kEdges[] = {60, 3600, 86400};
  const std::vector<std::string> bins = {"≤ −1 d", "−1 d to −1 h", "−1 h to −1 min", "−1 min to 0", "0",
                                         "0 to 1 min",  "1 min to 1 h", "1 h to 1 d",     "≥ 1 d"};
  std::vector<double> counts(bins.size(), 0);
  for (const Diff& x : d) {
    const double delta = x.wb - x.wa;
    std::size_t k = 0;
    while (k < 3 && std::abs(delta) >= kEdges[k]) ++k;
    counts[delta == 0 ? 4 : delta < 0 ? 3 - k : 5 + k] += 1;
  }
  Series s{"jobs", SeriesKind::kBars};
  for (std::size_t k = 0; k < bins.size(); ++k) {
    s.x.push_back(static_cast<double>(k));
    s.y.push_back(counts[k]);
  }
  o += "<div class=\"grid-charts\">\n";
  o += Plot(fmt::format("Wait in {} minus wait in {}", b.name, a.name), {"difference in wait", false, bins},
            {"jobs"})
           .Add(std::move(s))
           .Note("Negative: the job started sooner in " + b.name + " than in " + a.name + ".")
           .Render(900, 300);
  o += "</div>\n";
  auto table = [&](const char* title, bool gains) {
    std::vector<Diff> sel = d;
    std::sort(sel.begin(), sel.end(), [&](const Diff& p, const Diff& q) {
      const double dp = p.wb - p.wa, dq = q.wb - q.wa;
      return gains ? (dp < dq || (dp == dq && p.id < q.id)) : (dp > dq || (dp == dq && p.id < q.id));
    });
    std::string t = fmt::format("<h3>{}</h3><table><tr><th class=\"num\">job id</th><th class=\"num\">size</th>"
                                "<th class=\"num\">wait in {} (s)</th><th class=\"num\">wait in {} (s)</th>"
                                "<th class=\"num\">difference (s)</th></tr>\n",
                                title, HtmlEscape(a.name), HtmlEscape(b.name));
    for (std::size_t i = 0; i < std::min<std::size_t>(10, sel.size()); ++i) {
      const Diff& x = sel[i];
      if ((gains && x.wb >= x.wa) || (!gains && x.wb <= x.wa)) break;
      t += fmt::format("<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td "
                       "class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
                       FormatMetric(x.id), FormatMetric(x.units), FormatMetric(x.wa), FormatMetric(x.wb),
                       FormatMetric(x.wb - x.wa));
    }
    return t + "</table>\n";
  };
  o += table("The 10 jobs that gained most", true);
  o += table("The 10 jobs that lost most", false);
  return o;
}

// The tau a run bounded its slowdowns with (summary.json's definitions), or
// NaN for runs written before it was recorded.
double BsldTau(const RunOutputs& r) {
  const nlohmann::json& s = r.summary;
  if (s.contains("definitions") && s["definitions"].contains("bsld_tau") && s["definitions"]["bsld_tau"].is_number())
    return s["definitions"]["bsld_tau"].get<double>();
  return std::nan("");
}

// What a comparison of policies holds fixed: the input's reading, the
// machine, the job set and how run times were drawn. A run that differs
// from the baseline in one of them is named with the values, so a ratio
// is never read as the policy's alone.
struct HeldFixed {
  const char* path;
  const char* label;
};
constexpr HeldFixed kHeldFixed[] = {
    {"/config/mode", "mode"},
    {"/config/capacity", "machine size"},
    {"/config/jobs_slice", "--jobs slice"},
    {"/config/max_time", "--max_time"},
    {"/config/sim_start_time", "--sim_start_time"},
    {"/config/swf_policy", "SWF policy"},
    {"/config/swf_size_source", "SWF size source"},
    {"/config/swf_estimate_fill", "SWF estimate fill"},
    {"/config/run_time_mode", "run-time mode"},
    {"/config/overrun", "overrun"},
    {"/counts/loaded", "jobs loaded"},
    {"/counts/not_submitted", "jobs not submitted (--max_time)"},
    {"/counts/rejected", "jobs rejected"},
    {"/work/inputs/cluster/sha256", "cluster file"},
    {"/work/inputs/catalog/sha256", "hardware catalog"},
};

// A summary value as text, or "" when absent.
std::string ValueAt(const nlohmann::json& s, const char* path) {
  const nlohmann::json::json_pointer p(path);
  if (!s.contains(p)) return "";
  const nlohmann::json& v = s.at(p);
  if (v.is_null()) return "none";  // an option not given
  if (v.is_string()) {
    const std::string text = v.get<std::string>();
    return std::string(path).ends_with("sha256") ? text.substr(0, 12) : text.empty() ? "none" : text;
  }
  return v.dump();
}

}  // namespace

// The trace's SHA-256 a run recorded, or "" (older runs, rlscheduler).
std::string InputHash(const RunOutputs& r) {
  const nlohmann::json& s = r.summary;
  if (s.contains("definitions") && s["definitions"].contains("input_sha256") &&
      s["definitions"]["input_sha256"].is_string())
    return s["definitions"]["input_sha256"].get<std::string>();
  return "";
}

std::vector<std::string> ComparabilityNotes(const std::vector<RunOutputs>& runs) {
  std::vector<std::string> notes;
  const RunOutputs& base = runs[0];
  for (std::size_t k = 1; k < runs.size(); ++k) {
    const RunOutputs& r = runs[k];
    const std::string a = InputHash(base), b = InputHash(r);
    if (!a.empty() && !b.empty() && a != b)
      notes.push_back(fmt::format("{} read another input than {} (their input_sha256 differ): the summary metrics "
                                  "compare two workloads, and jobs are not matched by id.",
                                  r.name, base.name));
    const double ta = BsldTau(base), tb = BsldTau(r);
    if (!std::isnan(ta) && !std::isnan(tb) && ta != tb)
      notes.push_back(fmt::format("{} bounds slowdowns at tau = {} s, {} at tau = {} s (--bsld-tau): their bounded "
                                  "slowdowns are not comparable.",
                                  r.name, tb, base.name, ta));
    std::string diffs;
    auto differ = [&](const char* path, const char* label) {
      std::string va = ValueAt(base.summary, path), vb = ValueAt(r.summary, path);
      // A cluster run given no --catalog used the shipped one.
      if (std::string_view(path) == "/work/inputs/catalog/sha256") {
        if (va.empty() && base.summary.contains("work")) va = "shipped";
        if (vb.empty() && r.summary.contains("work")) vb = "shipped";
      }
      if (va.empty() || vb.empty() || va == vb) return;
      diffs += fmt::format("{}{} {} against {}", diffs.empty() ? "" : "; ", label, vb, va);
    };
    for (const HeldFixed& h : kHeldFixed) differ(h.path, h.label);
    // The distribution, its scale and the seed matter only to sampled
    // run times.
    if (ValueAt(base.summary, "/config/run_time_mode") == "distribution" ||
        ValueAt(r.summary, "/config/run_time_mode") == "distribution") {
      differ("/config/run_time_distribution", "run-time distribution");
      differ("/config/run_time_compat", "run-time formulas");
      differ("/config/run_time_scale", "run-time scale");
      differ("/config/run_time_stddev", "run-time stddev");
      differ("/config/seed", "seed");
    }
    // The work and power model (switches, base speeds, SIM_* values), of
    // runs that both record one.
    if (base.summary.contains("work") && base.summary["work"].contains("model") && r.summary.contains("work") &&
        r.summary["work"].contains("model")) {
      std::set<std::string> names;
      for (const nlohmann::json* s : {&base.summary, &r.summary})
        for (const auto& [name, value] : (*s)["work"]["model"].items()) names.insert(name);
      // A setting each run holds at its --compat preset's value is named
      // once, by the preset (about twenty differ between none and joulie):
      // the switches, and the workload engine joulie also sets (legacy).
      const std::string ca = ValueAt(base.summary, "/config/compat"), cb = ValueAt(r.summary, "/config/compat");
      std::vector<power::PowerSwitchRow> rows(power::PowerSwitchTable().begin(), power::PowerSwitchTable().end());
      rows.push_back({"workload_model", "v1", "legacy", ""});
      const auto preset = [](const power::PowerSwitchRow& row, const std::string& compat) {
        return compat == "joulie" ? row.joulie_value : row.default_value;
      };
      std::size_t by_preset = 0;
      if (ca != cb && !ca.empty() && !cb.empty())  // a file without config.compat names no preset
        for (const power::PowerSwitchRow& row : rows) {
          const std::string path = "/work/model/" + std::string(row.flag);
          const std::string va = ValueAt(base.summary, path.c_str()), vb = ValueAt(r.summary, path.c_str());
          if (va != vb && va == preset(row, ca) && vb == preset(row, cb) && names.erase(std::string(row.flag)) > 0)
            ++by_preset;
        }
      if (by_preset > 0)
        diffs += fmt::format("{}--compat {} against {} ({} work-model settings at its preset's values)",
                             diffs.empty() ? "" : "; ", cb, ca, by_preset);
      for (const std::string& name : names) {
        const std::string path = "/work/model/" + name, label = "work model " + name;
        const std::string va = ValueAt(base.summary, path.c_str()), vb = ValueAt(r.summary, path.c_str());
        if (va != vb)
          diffs += fmt::format("{}{} {} against {}", diffs.empty() ? "" : "; ", label, vb.empty() ? "unset" : vb,
                               va.empty() ? "unset" : va);
      }
    }
    if (!diffs.empty())
      notes.push_back(fmt::format("{} differs from {} in more than the policy ({}): the differences in its "
                                  "metrics are not the policy's alone.",
                                  r.name, base.name, diffs));
  }
  return notes;
}


std::string RenderComparison(const std::vector<RunOutputs>& runs, const std::string& version) {
  std::string title = "clustersim comparison:";
  for (const RunOutputs& r : runs) title += " " + r.name;
  std::string o = PageStart(title);
  o += "<h1>" + HtmlEscape(title) + "</h1>\n";
  o += RunsTable(runs);
  // Job ids join jobs only within one trace: runs of different inputs get
  // no per-job comparison, and the page says why.
  std::vector<bool> same_input(runs.size(), true);
  for (std::size_t k = 1; k < runs.size(); ++k) {
    const std::string a = InputHash(runs[0]), b = InputHash(runs[k]);
    same_input[k] = a.empty() || b.empty() || a == b;
  }
  for (const std::string& note : ComparabilityNotes(runs))
    o += "<p class=\"missing\">" + HtmlEscape(note) + "</p>\n";
  // A run without its per-job files has no curves to overlay: say so, or
  // the charts read as if it had none to show.
  for (const RunOutputs& r : runs)
    for (const std::string& m : r.missing)
      o += fmt::format("<p class=\"missing\">Not in {}'s directory: {}.</p>\n",
                       HtmlEscape(r.name), HtmlEscape(m));
  o += MetricsTable(runs);
  o += OverlaidCurves(runs);
  for (std::size_t k = 1; k < runs.size(); ++k)
    if (runs[0].has_jobs && runs[k].has_jobs && same_input[k]) o += WaitDifferences(runs[0], runs[k]);
  o += PageEnd(version);
  return o;
}

Status WriteComparison(const std::vector<std::string>& dirs, const std::string& path, const std::string& version,
                       std::vector<std::string>* notes) {
  std::vector<RunOutputs> runs;
  for (const std::string& d : dirs) {
    auto r = LoadRunOutputs(d);
    if (!r.ok()) return r.status();
    runs.push_back(r.take());
  }
  // Legends need distinct names: of two directories both called "easy", the
  // later one is named by its path as given.
  for (std::size_t i = 0; i < runs.size(); ++i)
    for (std::size_t k = i + 1; k < runs.size(); ++k)
      if (runs[k].name == runs[i].name) runs[k].name = runs[k].dir;
  if (notes != nullptr) *notes = ComparabilityNotes(runs);
  return WriteFileAtomically(path, RenderComparison(runs, version));
}

}  // namespace clustersim
