#include "io/node_selector.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "io/number_parse.h"
#include "model/text_escape.h"

namespace clustersim {
namespace {

bool ParseDecimal(std::string_view s, double* out) {
  s = Trim(s);
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && p == s.data() + s.size() && std::isfinite(*out);
}

}  // namespace

Result<NodeSelector> ParseNodeSelector(std::string_view text) {
  NodeSelector s;
  if (text == "all") return s;
  const auto eq = text.find('=');
  const std::string_view kind = text.substr(0, eq);
  const std::string_view rest = eq == std::string_view::npos ? std::string_view() : text.substr(eq + 1);
  if (eq == std::string_view::npos || rest.empty())
    return Status::Error(fmt::format("node selector '{}': expected all, class=NAME, profile=NAME, label=KEY=VALUE "
                                     "or name=GLOB",
                                     EscapeControl(text)));
  s.value = std::string(rest);
  if (kind == "class") {
    s.kind = NodeSelector::Kind::kClass;
  } else if (kind == "name") {
    s.kind = NodeSelector::Kind::kName;
  } else if (kind == "profile") {
    s.kind = NodeSelector::Kind::kProfile;
    if (!ParseEnumName(kPowerProfileNames, rest, &s.profile))
      return Status::Error(fmt::format("node selector '{}': profile is performance, eco or draining",
                                       EscapeControl(text)));
  } else if (kind == "label") {
    s.kind = NodeSelector::Kind::kLabel;
    const auto eq2 = rest.find('=');
    if (eq2 == std::string_view::npos || eq2 == 0)
      return Status::Error(fmt::format("node selector '{}': expected label=KEY=VALUE", EscapeControl(text)));
    s.key = std::string(rest.substr(0, eq2));
    s.value = std::string(rest.substr(eq2 + 1));
  } else {
    return Status::Error(fmt::format("node selector '{}': unknown kind '{}' (class, profile, label, name or all)",
                                     EscapeControl(text), EscapeControl(kind)));
  }
  return s;
}

Result<SelectedValue> ParseSelectedValue(std::string_view text) {
  SelectedValue out;
  const auto colon = text.rfind(':');
  if (colon == std::string_view::npos) {
    out.value = std::string(text);
    return out;
  }
  auto sel = ParseNodeSelector(text.substr(0, colon));
  if (!sel.ok()) return sel.status();
  out.selector = sel.take();
  out.value = std::string(text.substr(colon + 1));
  return out;
}

Result<CapSetting> ParseCapValue(std::string_view text) {
  std::string_view t = Trim(text);
  CapSetting c;
  if (t == "none") return c;
  double v = 0;
  if (!t.empty() && t.back() == '%') {
    if (!ParseDecimal(t.substr(0, t.size() - 1), &v) || v <= 0 || v > 100)
      return Status::Error(fmt::format("'{}': a percent must be in (0, 100]", EscapeControl(text)));
    c.kind = CapSetting::Kind::kPercent;
  } else {
    if (!t.empty() && (t.back() == 'W' || t.back() == 'w')) t.remove_suffix(1);
    if (!ParseDecimal(t, &v) || v <= 0)
      return Status::Error(fmt::format("'{}': expected watts (300 or 300W), a percent (60%) or none", EscapeControl(text)));
    c.kind = CapSetting::Kind::kWatts;
  }
  c.value = v;
  return c;
}

}  // namespace clustersim
