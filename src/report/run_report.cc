#include "report/run_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "io/atomic_file.h"
#include "report/html_page.h"
#include "report/run_series.h"
#include "report/svg_plot.h"

namespace clustersim {
namespace {

std::string Header(const RunOutputs& r, const std::string& version) {
  const nlohmann::json& s = r.summary;
  std::string o = fmt::format("<h1>clustersim report: {}</h1>\n<table class=\"config\">\n",
                              HtmlEscape(std::filesystem::path(ConfigValue(s, "input")).filename().string()));
  auto row = [&](const std::string& k, const std::string& v) {
    if (!v.empty()) o += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", HtmlEscape(k), HtmlEscape(v));
  };
  row("trace", ConfigValue(s, "input"));
  row("machine", fmt::format("{} {}", FormatMetric(r.capacity), r.units));
  row("mode", ConfigValue(s, "mode"));
  row("policy", ConfigValue(s, "policy"));
  row("compat preset", ConfigValue(s, "compat"));
  // A work-based run's durations come from its work and power: the
  // run-time mode and seed of fixed durations do not apply.
  if (!WorkBased(s)) {
    row("run times", ConfigValue(s, "run_time_mode"));
    row("seed", ConfigValue(s, "seed"));
  }
  row("cluster, caps and power policy", PowerInputs(s));
  row("SWF policy", ConfigValue(s, "swf_policy"));
  row("clustersim version", version);
  row("output directory", r.dir);
  o += "</table>\n";
  if (r.rl_windows)
    return o + "<p class=\"missing\">An --compat rlscheduler evaluation: the summary below is over its windows, "
               "whose results are in windows.csv; it writes no schedule, so there are no per-job or over-time "
               "charts.</p>\n";
  for (const std::string& m : r.missing)
    o += fmt::format("<p class=\"missing\">Not in this directory: {}.</p>\n",
                     HtmlEscape(m));
  return o;
}

std::string SummaryTable(const RunOutputs& r) {
  std::string o = "<h2 id=\"summary\">Summary</h2>\n<table class=\"summary\"><tr><th>metric</th><th class=\"num\">value</th>"
                  "<th>unit</th></tr>\n";
  for (const Metric& m : SummaryMetrics()) {
    if (!MetricShown(r.summary, m)) continue;
    const double v = MetricValue(r.summary, m);
    o += fmt::format("<tr><td title=\"{}\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
                     HtmlEscape(MetricDefinition(r.summary, m)), HtmlEscape(m.label), FormatMetric(v), m.unit);
  }
  o += "</table>\n";
  const nlohmann::json& s = r.summary;
  if (s.contains("nb_jobs_finished") && s["nb_jobs_finished"].is_number() && s["nb_jobs_finished"].get<double>() == 0)
    o += "<p class=\"missing\">No job finished: the statistics of finished jobs are n/a.</p>\n";
  o += "<p class=\"note\">Hover over a metric for its definition (also listed at the end).</p>\n";
  return o;
}

std::string BoundedSlowdownDefinition(const nlohmann::json& s) {
  for (const Metric& m : SummaryMetrics())
    if (m.definition == std::string("bounded_slowdown")) return MetricDefinition(s, m);
  return "";
}

std::string Definitions(const RunOutputs& r) {
  std::string o = "<h2 id=\"definitions\">Definitions</h2>\n<dl class=\"defs\">\n";
  for (const Metric& m : SummaryMetrics()) {
    if (!MetricShown(r.summary, m)) continue;
    o += fmt::format("<dt>{}</dt><dd>{}</dd>\n", HtmlEscape(m.label), HtmlEscape(MetricDefinition(r.summary, m)));
  }
  return o + "</dl>\n";
}

std::string TimeCharts(const RunOutputs& r, const TimeUnit& u) {
  std::string o = "<h2 id=\"over-time\">Over time</h2>\n<div class=\"grid-charts\">\n";
  const Axis tl = Axis::Fixed(fmt::format("time from the first event ({})", u.name), 0, RunSpan(r) / u.seconds);
  if (r.has_resources) {
    const XY a = AllocatedOverTime(r, u);
    Plot p("Allocated " + r.units, tl, {fmt::format("allocated ({})", r.units)});
    p.Add({"allocated", SeriesKind::kStep, a.x, a.y});
    if (!a.x.empty()) {
      const XY size = MachineSizeOverTime(r, u);
      p.Add({"machine size", SeriesKind::kStep, size.x, size.y});
    }
    p.Note(fmt::format("From resources.csv. Reduced to the first, lowest, highest and last value of each of {} "
                       "equal time buckets (M4), so every peak and dip is kept.",
                       kTimeBuckets));
    o += p.Render();
    const XY m = UtilisationMeans(r, u, 200);
    Plot q("Utilisation", tl, Axis::Fixed("utilisation (%)", 0, 100));
    q.Add({"mean per bucket", SeriesKind::kStep, m.x, m.y});
    q.Note(fmt::format("Allocated {} / machine size in force (or the {} in use when more), each integrated over "
                       "each of 200 buckets of {}.",
                       r.units, r.units,
                       fmt::format("{:.3g} {}", RunSpan(r) / 200 / u.seconds, u.name)));
    o += q.Render();
  }
  if (r.has_jobs) {
    const XY a = QueueOverTime(r, u);
    Plot p("Queue length", tl, {"jobs waiting"});
    p.Add({"waiting jobs", SeriesKind::kStep, a.x, a.y});
    p.Note(fmt::format("Jobs submitted and not yet started, from jobs.csv; M4-reduced to {} buckets (peaks kept).",
                       kTimeBuckets));
    o += p.Render();
    const Occupancy occ = OccupancyBySize(r, u, 300);
    Plot g("Machine occupancy by job size", tl, {fmt::format("allocated ({})", r.units)});
    for (std::size_t k = 0; k < occ.names.size(); ++k) {
      Series s{occ.names[k] + " " + r.units, SeriesKind::kBand, occ.x, occ.high[k]};  // "<= 25 processors"
      s.low = occ.low[k];
      g.Add(std::move(s));
    }
    g.Note(fmt::format("Every job counted, none sampled: the {} held by jobs of each size class, averaged over 300 "
                       "buckets of {:.3g} {} and stacked (a Gantt chart aggregated by size).",
                       r.units, occ.bucket_s / u.seconds, u.name));
    o += g.Render();
  }
  return o + "</div>\n";
}

std::string JobCharts(const RunOutputs& r) {
  std::string o = "<h2 id=\"waits\">Waits and slowdowns</h2>\n<div class=\"grid-charts\">\n";
  double zero = 0;
  const XY w = WaitCdf(r, 1.0, &zero);
  Plot p("Wait time distribution", {"wait (s)", true}, {"fraction of started jobs"});
  p.Add({"CDF", SeriesKind::kStep, w.x, w.y});
  // The summary's wait figures are over finished jobs; this chart also
  // counts the jobs -t cut while they ran (they waited all the same), so the
  // caption says which population it is when the two differ.
  const auto started = static_cast<std::size_t>(
      std::count_if(r.jobs.wait.begin(), r.jobs.wait.end(), [](double x) { return !std::isnan(x); }));
  const std::size_t cut = r.cut_running;
  const std::string cut_note =
      cut == 0 ? std::string()
               : fmt::format(", {} of them cut by --max_time while running (the summary's waits are over finished "
                             "jobs only)",
                             cut);
  p.Note(fmt::format("Empirical CDF over {} points (each exact), of the {} started jobs{}. {:.1f} % of them waited "
                     "under 1 s; they are drawn at 1 s, as a log axis has no zero.",
                     w.x.size(), started, cut_note, 100 * zero));
  o += p.Render();
  const XY b = BoundedSlowdownCdf(r);
  Plot q("Bounded slowdown distribution", {"bounded slowdown", true}, {"fraction of finished jobs"});
  q.Add({"CDF", SeriesKind::kStep, b.x, b.y});
  q.Note("Bounded slowdown: " + BoundedSlowdownDefinition(r.summary) + ".");
  o += q.Render();
  for (const auto& [title, axis, m] :
       {std::tuple{"Mean bounded slowdown by job size", fmt::format("job size ({})", r.units), SlowdownBySize(r)},
        std::tuple{"Mean bounded slowdown by run time", std::string("run time"), SlowdownByLength(r)}}) {
    Plot c(title, {axis, false, m.names}, {"mean bounded slowdown"});
    Series s{"mean", SeriesKind::kBars};
    std::string counts;
    for (std::size_t k = 0; k < m.names.size(); ++k) {
      s.x.push_back(static_cast<double>(k));
      s.y.push_back(m.mean[k]);
      counts += fmt::format("{}{}: {}", k ? ", " : "", m.names[k], FormatMetric(m.count[k]));
    }
    c.Add(std::move(s));
    c.Note("Jobs per class: " + counts + ".");
    o += c.Render();
  }
  return o + "</div>\n";
}

// Cluster runs (seed 002): drawn only when timeseries.csv is there.
std::string PowerCharts(const RunOutputs& r, const TimeUnit& u) {
  std::string o = "<h2 id=\"power\">Power, caps and temperatures</h2>\n<div class=\"grid-charts\">\n";
  const Axis tl = Axis::Fixed(fmt::format("time from the first event ({})", u.name), 0, RunSpan(r) / u.seconds);
  auto chart = [&](const std::string& title, const std::string& ylabel,
                   std::initializer_list<std::pair<const char*, const char*>> cols, const std::string& note) {
    Plot p(title, tl, {ylabel});
    for (const auto& [col, name] : cols)
      if (const std::vector<double>* v = r.TimeseriesColumn(col)) {
        const XY x = ReduceM4(r.ts_time, *v, kTimeBuckets);
        std::vector<double> t = x.x;
        for (double& s : t) s /= u.seconds;
        p.Add({name, SeriesKind::kLine, t, x.y});
      }
    if (!p.empty()) o += p.Note(note).Render();
  };
  chart("Power", "power (W)",
        {{"it_power_w", "IT, instantaneous"}, {"it_power_avg_w", "IT, telemetry average"},
         {"facility_power_w", "facility (with cooling)"}},
        "From timeseries.csv, M4-reduced (peaks kept). The average is the telemetry-window mean the model reports.");
  chart("Caps", "mean cap (W)", {{"mean_cpu_cap_w", "CPU RAPL cap"}, {"mean_gpu_cap_w", "GPU cap, per device"}},
        "CPU: the mean applied RAPL cap over the nodes under one (no point while none is). GPU: the mean "
        "per-device cap over the GPU nodes, Max for an uncapped one. CPU percent caps and freq_scale are DVFS "
        "targets: they show in the frequency chart.");
  chart("CPU frequency", "mean frequency scale (1 = nominal)", {{"mean_freq", "effective f"}},
        "Mean over the nodes of the effective CPU frequency scale (1 = nominal): DVFS targets (CPU percent caps, "
        "freq_scale, eco), RAPL caps and thermal throttling all act here.");
  chart("Temperatures", "temperature (°C)",
        {{"cpu_temp_max_c", "CPU max"}, {"gpu_temp_max_c", "GPU max"}, {"cpu_temp_mean_c", "CPU mean"},
         {"ambient_c", "ambient"}},
        "First-order thermal model, sampled as in timeseries.csv.");
  // Energy and power slowdown per workload class, from summary.json.
  if (r.summary.contains("work") && r.summary["work"].contains("classes")) {
    std::vector<std::string> names;
    Series e{"energy", SeriesKind::kBars}, sd{"mean", SeriesKind::kBars}, p90{"p90", SeriesKind::kBars};
    for (const auto& [name, c] : r.summary["work"]["classes"].items()) {
      if (name == "all") continue;
      const double x = static_cast<double>(names.size());
      names.push_back(name);
      e.x.push_back(x);
      e.y.push_back(c.value("energy_j", std::nan("")) / 3.6e6);
      sd.x.push_back(x);
      p90.x.push_back(x);
      const nlohmann::json ps = c.value("power_slowdown", nlohmann::json::object());
      sd.y.push_back(ps.value("mean", std::nan("")));
      p90.y.push_back(ps.value("p90", std::nan("")));
    }
    if (!names.empty()) {
      o += Plot("Energy per workload class", {"class", false, names}, {"energy (kWh)"})
               .Add(std::move(e))
               .Note("Energy of the jobs of each class (summary.json work.classes).")
               .Render();
      o += Plot("Slowdown due to power", {"class", false, names}, {"actual / nominal run time"})
               .Add(std::move(sd))
               .Add(std::move(p90))
               .Note("Run time under the node's frequency, caps and co-runners divided by the run time at nominal "
                     "speed: mean and 90th percentile per class.")
               .Render();
    }
  }
  return o + "</div>\n";
}

}  // namespace

std::string RenderRunReport(const RunOutputs& r, const std::string& version) {
  const TimeUnit u = TimeUnitFor(RunSpan(r));
  std::string o = PageStart("clustersim report: " + r.name);
  o += Header(r, version);
  o += SummaryTable(r);
  if (r.has_resources || r.has_jobs) o += TimeCharts(r, u);  // none for an rlscheduler evaluation
  if (r.has_jobs) o += JobCharts(r);
  if (r.has_timeseries) o += PowerCharts(r, u);
  o += Definitions(r);
  o += PageEnd(version);
  return o;
}

Result<std::string> RenderRunReportFrom(const std::string& files_dir, const std::string& shown_dir,
                                        const std::string& version) {
  auto r = LoadRunOutputs(files_dir);
  if (!r.ok()) return r.status();
  r.value().dir = shown_dir;
  r.value().name = std::filesystem::path(shown_dir).lexically_normal().filename().string();
  return RenderRunReport(r.value(), version);
}

Result<std::string> WriteRunReport(const std::string& dir, const std::string& path, const std::string& version) {
  auto page = RenderRunReportFrom(dir, dir, version);
  if (!page.ok()) return page.status();
  const std::string out = path.empty() ? (std::filesystem::path(dir) / "report.html").string() : path;
  if (Status st = WriteFileAtomically(out, page.value()); !st.ok()) return st;
  return out;
}

}  // namespace clustersim
