#include "report/html_page.h"

#include <cmath>
#include <filesystem>
#include <vector>

#include <fmt/format.h>

#include "report/svg_plot.h"

namespace clustersim {

std::string PageStart(const std::string& title) {
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{}</title>
<style>
body {{ font: 14px/1.45 system-ui, sans-serif; color: #222; margin: 24px auto; max-width: 1600px; padding: 0 16px; }}
h1 {{ font-size: 22px; margin: 0 0 4px; }} h2 {{ font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; }}
table {{ border-collapse: collapse; margin: 8px 0; }} td, th {{ padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; }}
td.num, th.num {{ text-align: right; font-variant-numeric: tabular-nums; }}
td[title] {{ text-decoration: underline dotted #999; cursor: help; }}
.grid-charts {{ display: flex; flex-wrap: wrap; gap: 8px 24px; }}
figure.chart-box {{ margin: 0; }} figcaption {{ max-width: 760px; color: #555; font-size: 12.5px; }}
svg.chart {{ font: 11px system-ui, sans-serif; background: #fff; }}
svg .grid {{ stroke: #e6e6e6; }} svg .frame {{ stroke: #444; }} svg .tick {{ fill: #444; }}
svg .chart-title {{ font-size: 13px; font-weight: 600; }} svg .axis-label {{ font-size: 12px; fill: #222; }}
svg .legend text {{ cursor: pointer; }}
.note {{ color: #555; }} .missing {{ color: #a33; }} .gain {{ color: #1a7f37; }} .loss {{ color: #b42318; }}
dl.defs dt {{ font-weight: 600; }} dl.defs dd {{ margin: 0 0 6px 16px; color: #444; }}
</style></head><body>
)",
                     HtmlEscape(title));
}

std::string PageEnd(const std::string& version) {
  // The only script: clicking a legend entry hides or shows its series. The
  // page reads the same without it.
  return fmt::format(R"(<p class="note">Written by clustersim {}. Every chart is inline SVG; the page needs no network.</p>
<script>
document.querySelectorAll('svg.chart').forEach(function (svg) {{
  var series = svg.querySelectorAll('.series');
  svg.querySelectorAll('.legend text').forEach(function (label, i) {{
    label.addEventListener('click', function () {{
      var s = series[i];
      if (s) s.style.display = s.style.display === 'none' ? '' : 'none';
    }});
  }});
}});
</script>
</body></html>
)",
                     HtmlEscape(version));
}

const std::vector<Metric>& SummaryMetrics() {
  static const std::vector<Metric> m = {
      {"jobs loaded", "/counts/loaded", "=jobs read from the trace after the input rules", ""},
      {"completed", "/counts/completed", "=jobs that ran to their end", ""},
      {"killed at limit", "/counts/killed_at_limit", "=jobs killed at their time limit (--overrun clip)", ""},
      {"run time cut by the kills", "/killed_at_limit/run_time_cut_s", "killed_at_limit.run_time_cut_s", "s"},
      {"rejected", "/counts/rejected", "=jobs larger than the machine, never started", ""},
      {"unfinished", "/counts/unfinished", "=jobs waiting or running when the run stopped (--max_time)", ""},
      {"not submitted", "/counts/not_submitted", "=jobs submitted after the run stopped (--max_time), never seen", ""},
      {"backfilled", "/counts/backfilled", "=jobs started ahead of an earlier-queued job", ""},
      {"makespan", "/makespan", "makespan", "s", true},
      {"mean wait", "/mean_waiting_time", "wait", "s", true},
      {"max wait", "/max_waiting_time", "wait", "s", true},
      {"mean turnaround", "/mean_turnaround_time", "turnaround", "s", true},
      {"RMS turnaround", "/rms_turnaround_time", "rms", "s", true},
      {"mean bounded slowdown", "/mean_bounded_slowdown", "bounded_slowdown", "", true},
      {"max bounded slowdown", "/max_bounded_slowdown", "bounded_slowdown", "", true},
      {"mean slowdown", "/mean_slowdown", "slowdown", "", true},
      {"utilisation", "/utilisation/makespan", "utilisation.makespan", "", true},
      {"mean utilisation over the windows", "/mean_utilisation",
       "=--compat rlscheduler: the mean over the evaluation windows of each window's utilisation", ""},
      {"queue length, time-weighted mean", "/queue_length/mean_time_weighted", "queue_length.mean_time_weighted",
       ""},
      {"queue length, peak", "/queue_length/peak", "queue_length.peak", ""},
      {"energy", "/consumed_joules", "=IT energy of the run (cluster runs; -1 when not modelled)", "J"},
      {"facility energy", "/work/energy/facility_energy_j", "=IT energy with cooling: the integral of IT power x PUE",
       "J"},
      {"mean IT power", "/work/energy/mean_it_power_w", "=IT energy / the span of the run", "W"},
      {"peak IT power", "/work/energy/peak_it_power_w", "=the highest instantaneous IT power (a cap's target)", "W"},
      {"peak facility power", "/work/energy/peak_facility_power_w", "=the highest IT power x PUE", "W"},
  };
  return m;
}

namespace {

// The number at the metric's path; NaN when absent, not a number, or the
// -1 J that says energy was not modelled (a run off a cluster).
double StoredValue(const nlohmann::json& summary, const Metric& m) {
  const nlohmann::json::json_pointer p(m.path);
  if (!summary.contains(p)) return std::nan("");
  const nlohmann::json& v = summary.at(p);
  if (!v.is_number()) return std::nan("");
  if (m.unit == std::string("J") && v.get<double>() < 0) return std::nan("");
  return v.get<double>();
}

}  // namespace

double MetricValue(const nlohmann::json& summary, const Metric& m) {
  if (m.of_finished && summary.contains("nb_jobs_finished") && summary["nb_jobs_finished"].is_number() &&
      summary["nb_jobs_finished"].get<double>() == 0)
    return std::nan("");
  return StoredValue(summary, m);
}

// A statistic of no finished job is shown, as n/a.
bool MetricShown(const nlohmann::json& summary, const Metric& m) { return !std::isnan(StoredValue(summary, m)); }

std::string ConfigValue(const nlohmann::json& summary, const char* key) {
  if (!summary.contains("config") || !summary["config"].contains(key)) return "";
  const nlohmann::json& v = summary["config"][key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

bool WorkBased(const nlohmann::json& summary) {
  return summary.contains("work") && summary["work"].value("execution", "") == "work";
}

std::string PowerInputs(const nlohmann::json& summary) {
  if (!summary.contains("work")) return "";
  const nlohmann::json& w = summary["work"];
  std::vector<std::string> parts;
  if (w.contains("inputs") && w["inputs"].is_object())
    for (const auto& [role, f] : w["inputs"].items())
      if (f.is_object() && f.contains("path") && f["path"].is_string())
        parts.push_back(role + " " + std::filesystem::path(f["path"].get<std::string>()).filename().string());
  if (w.contains("operating_rules") && w["operating_rules"].is_array())
    for (const nlohmann::json& rule : w["operating_rules"])
      if (rule.is_string()) parts.push_back(rule.get<std::string>());
  if (w.contains("power_policy") && w["power_policy"].contains("policy") && w["power_policy"]["policy"].is_string())
    parts.push_back("power policy " + w["power_policy"]["policy"].get<std::string>());
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::string MetricDefinition(const nlohmann::json& summary, const Metric& m) {
  if (m.definition[0] == '=') return m.definition + 1;
  if (summary.contains("definitions") && summary["definitions"].contains(m.definition) &&
      summary["definitions"][m.definition].is_string())
    return summary["definitions"][m.definition].get<std::string>();
  return "";
}

std::string FormatMetric(double v) {
  if (std::isnan(v)) return "n/a";
  if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15) return fmt::format("{}", static_cast<long long>(v));
  // Seconds, joules and watts read as whole numbers ("163299 s", not
  // "1.633e+05 s" beside a count of 29363626); small values keep 4 digits.
  if (std::isfinite(v) && std::abs(v) >= 1e4 && std::abs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{:.4g}", v);
}

}  // namespace clustersim
