#pragma once
// The frame shared by report.html and compare.html: one self-contained page
// (inline CSS, inline SVG, a few lines of optional script; nothing fetched),
// and the summary metrics both pages tabulate, with their definitions taken
// from the run's own summary.json.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace clustersim {

std::string PageStart(const std::string& title);
// Closes the page; the footer names the generator's version.
std::string PageEnd(const std::string& version);

struct Metric {
  const char* label;
  const char* path;        // JSON pointer into summary.json
  const char* definition;  // key in summary.json "definitions", or a fixed text after "="
  const char* unit;
  // A statistic of the finished jobs (summary.json writes 0 when none
  // finished): no number then, never a 0 that reads as a result.
  bool of_finished = false;
};
const std::vector<Metric>& SummaryMetrics();
double MetricValue(const nlohmann::json& summary, const Metric& m);  // NaN when absent or of no job
// Present, and not the -1 J that says energy was not modelled.
bool MetricShown(const nlohmann::json& summary, const Metric& m);
// summary.json config.<key> as text ("" when absent).
std::string ConfigValue(const nlohmann::json& summary, const char* key);
// Whether the run was work-based (seed 002: durations from work and power).
bool WorkBased(const nlohmann::json& summary);
// A cluster run's power inputs in one line: "cluster cluster.yaml; caps
// caps.yaml; --cpu-cap all:300W; power policy B" ("" for other runs).
std::string PowerInputs(const nlohmann::json& summary);
std::string MetricDefinition(const nlohmann::json& summary, const Metric& m);
// A summary value as text: integers whole, others to 4 significant digits.
std::string FormatMetric(double v);

}  // namespace clustersim
