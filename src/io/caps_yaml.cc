#include "io/caps_yaml.h"

#include <charconv>
#include <cmath>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "io/file_reader.h"
#include "io/node_selector.h"
#include "io/number_parse.h"
#include "io/yaml_fields.h"
#include "model/text_escape.h"

namespace clustersim {

namespace {

// An empty value ("cpu_cap:" and nothing) fails at its key's line
// (YamlFields::LineOf).
bool Scalar(YamlFields* f, const YAML::Node& n, std::string_view path, std::string* out) {
  if (n.IsNull()) return f->Fail(n, path, "has no value");
  if (!n.IsScalar()) return f->Fail(n, path, "must be a single value");
  *out = n.Scalar();
  return true;
}

// A cap value: watts, a percent, or none.
bool Cap(YamlFields* f, const YAML::Node& n, std::string_view path, CapSetting* out) {
  std::string text;
  if (!Scalar(f, n, path, &text)) return false;
  auto c = ParseCapValue(text);
  if (!c.ok()) return f->Fail(n, path, c.status().message());
  *out = c.value();
  return true;
}

}  // namespace

Result<std::vector<CapChange>> LoadCapScheduleText(std::string_view text, const std::string& name,
                                                   std::size_t max_changes) {
  YamlFields f(name);
  YAML::Node root;
  if (!f.Parse(text, &root)) return f.status();
  if (!root.IsDefined() || root.IsNull())
    return Status::Error(EscapeControl(name) + ": (top): the cap schedule is empty");
  if (!f.RequireMap(root, "(top)") || !f.CheckKeys(root, "(top)", {"changes"}) || !f.Require(root, "(top)", "changes"))
    return f.status();
  const YAML::Node list = root["changes"];
  if (!f.RequireSequence(list, "changes")) return f.status();
  std::vector<CapChange> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const YAML::Node c = list[i];
    const std::string path = IndexPath("changes", i);
    if (!f.RequireMap(c, path) ||
        !f.CheckKeys(c, path, {"at", "nodes", "cpu_cap", "gpu_cap", "freq_scale"}) || !f.Require(c, path, "at"))
      return f.status();
    CapChange ch;
    ch.line = f.LineOf(c);
    ch.index = i;
    std::string text_at;
    double at = 0;
    if (!Scalar(&f, c["at"], FieldPath(path, "at"), &text_at)) return f.status();
    if (!ParseDurationText(text_at, &at)) {
      f.Fail(c["at"], FieldPath(path, "at"),
             fmt::format("expected seconds or a duration such as 90s, 30m, 2h, 1d (at least 0), got '{}'",
                         EscapeControl(text_at)));
      return f.status();
    }
    ch.at = static_cast<SimTime>(std::llround(at * kTicksPerSecond));
    // Changes at one time apply in file order, so the file is the order:
    // a change listed after a later one is a mistake, not something to sort.
    if (!out.empty() && ch.at < out.back().at) {
      f.Fail(c["at"], FieldPath(path, "at"),
             fmt::format("{} is before the previous change's time ({} s); list changes in time order",
                         EscapeControl(text_at), ToSeconds(out.back().at)));
      return f.status();
    }
    // One selector, or a list of node names (globs, or selectors with '='):
    // the change applies to each, in list order.
    std::vector<NodeSelector> selectors(1);
    std::vector<std::pair<std::string, std::int64_t>> written(1, {FieldPath(path, "nodes"), ch.line});
    if (const YAML::Node n = c["nodes"]; n && n.IsSequence()) {
      if (n.size() == 0) {
        f.Fail(n, FieldPath(path, "nodes"), "an empty list selects no node");
        return f.status();
      }
      selectors.clear();
      written.clear();
      for (std::size_t k = 0; k < n.size(); ++k) {
        if (out.size() + selectors.size() >= max_changes) {
          f.Fail(n, FieldPath(path, "nodes"),
                 fmt::format("the schedule has more than {} changes (one per listed node)", max_changes));
          return f.status();
        }
        const std::string item_path = IndexPath(FieldPath(path, "nodes"), k);
        std::string item;
        if (!Scalar(&f, n[k], item_path, &item)) return f.status();
        auto s = ParseNodeSelector(item.find('=') == std::string::npos ? "name=" + item : item);
        if (!s.ok()) {
          f.Fail(n[k], item_path, s.status().message());
          return f.status();
        }
        selectors.push_back(s.value());
        written.emplace_back(item_path, f.LineOf(n[k]));
      }
    } else if (n) {
      std::string sel;
      if (!Scalar(&f, n, FieldPath(path, "nodes"), &sel)) return f.status();
      auto s = ParseNodeSelector(sel);
      if (!s.ok()) {
        f.Fail(n, FieldPath(path, "nodes"), s.status().message());
        return f.status();
      }
      selectors[0] = s.value();
      written[0].second = f.LineOf(n);
    }
    if (c["cpu_cap"]) {
      ch.set_cpu_cap = true;
      if (!Cap(&f, c["cpu_cap"], FieldPath(path, "cpu_cap"), &ch.cpu_cap)) return f.status();
    }
    if (c["gpu_cap"]) {
      ch.set_gpu_cap = true;
      if (!Cap(&f, c["gpu_cap"], FieldPath(path, "gpu_cap"), &ch.gpu_cap)) return f.status();
    }
    if (c["freq_scale"]) {
      ch.set_freq = true;
      if (c["freq_scale"].IsNull()) {
        f.Fail(c["freq_scale"], FieldPath(path, "freq_scale"), "has no value");
        return f.status();
      }
      if (!f.Number(c["freq_scale"], FieldPath(path, "freq_scale"), &ch.freq_scale)) return f.status();
      if (!(ch.freq_scale > 0 && ch.freq_scale <= 1)) {
        f.Fail(c["freq_scale"], FieldPath(path, "freq_scale"), fmt::format("must be in (0, 1], got {}", ch.freq_scale));
        return f.status();
      }
    }
    if (!ch.set_cpu_cap && !ch.set_gpu_cap && !ch.set_freq) {
      f.Fail(c, path, "changes nothing: give cpu_cap, gpu_cap or freq_scale");
      return f.status();
    }
    if (ch.set_freq && ch.set_cpu_cap && ch.cpu_cap.kind == CapSetting::Kind::kPercent) {
      f.Fail(c, path, "give freq_scale or a CPU percent (both set the DVFS target), not both");
      return f.status();
    }
    if (out.size() + selectors.size() > max_changes) {
      f.Fail(c, path, fmt::format("the schedule has more than {} changes (one per listed node)", max_changes));
      return f.status();
    }
    for (std::size_t k = 0; k < selectors.size(); ++k) {
      ch.nodes = selectors[k];
      std::tie(ch.nodes_path, ch.nodes_line) = written[k];
      out.push_back(ch);
    }
  }
  return out;
}

Result<std::vector<CapChange>> LoadCapSchedule(const std::string& path) {
  auto text = ReadFile(path);
  if (!text.ok()) return text.status();
  return LoadCapScheduleText(text.value().view(), path);
}

}  // namespace clustersim
