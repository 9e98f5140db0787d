#include "report/svg_plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace clustersim {
namespace {

// Okabe-Ito: distinguishable with the common colour-vision deficiencies.
constexpr const char* kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                    "#E69F00", "#56B4E9", "#F0E442", "#000000"};
constexpr int kColors = sizeof(kPalette) / sizeof(kPalette[0]);
constexpr int kLeft = 72, kRight = 16, kTop = 44, kBottom = 46;

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void Take(double v, bool log) {
    if (!std::isfinite(v) || (log && v <= 0)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  bool valid() const { return lo <= hi; }
};

// A round step near range / target: 1, 2 or 5 times a power of ten.
double NiceStep(double range, int target) {
  const double raw = range / target;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * mag) return m * mag;
  return 10 * mag;
}

struct Scale {
  bool log = false;
  double lo = 0, hi = 1;  // in data units (log: positive)
  double p0 = 0, p1 = 1;  // pixels
  double operator()(double v) const {
    const double a = log ? std::log10(lo) : lo, b = log ? std::log10(hi) : hi;
    const double x = log ? std::log10(v) : v;
    return p0 + (x - a) / (b - a) * (p1 - p0);
  }
  std::vector<double> Ticks() const {
    std::vector<double> t;
    if (log) {
      const int d0 = static_cast<int>(std::ceil(std::log10(lo) - 1e-9));
      const int d1 = static_cast<int>(std::floor(std::log10(hi) + 1e-9));
      const int every = std::max(1, (d1 - d0 + 1) / 8);  // at most ~8 labels
      for (int d = d0; d <= d1; d += every) t.push_back(std::pow(10.0, d));
      if (d1 - d0 < 2)  // less than two decades: 2 and 5 too
        for (int d = d0 - 1; d <= d1; ++d)
          for (const double m : {2.0, 5.0})
            if (const double v = m * std::pow(10.0, d); v >= lo && v <= hi) t.push_back(v);
      std::sort(t.begin(), t.end());
      return t;
    }
    const double step = NiceStep(hi - lo, 6);
    for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
      t.push_back(std::abs(v) < step * 1e-9 ? 0 : v);
    return t;
  }
};

Scale MakeScale(const Axis& a, Range r, double p0, double p1, bool from_zero) {
  Scale s;
  s.log = a.log;
  s.p0 = p0;
  s.p1 = p1;
  if (a.fixed) {
    r.lo = a.min;
    r.hi = a.max;
  }
  if (!r.valid()) r = a.log ? Range{1, 10} : Range{0, 1};
  if (a.log) {
    s.lo = std::pow(10.0, std::floor(std::log10(r.lo)));
    s.hi = std::pow(10.0, std::ceil(std::log10(r.hi)));
    if (s.hi <= s.lo) s.hi = s.lo * 10;
    return s;
  }
  if (from_zero && !a.fixed) r.lo = std::min(r.lo, 0.0);
  if (r.hi <= r.lo) r.hi = r.lo + 1;
  if (!a.fixed) {
    const double step = NiceStep(r.hi - r.lo, 6);
    r.lo = std::floor(r.lo / step) * step;
    r.hi = std::ceil(r.hi / step) * step;
  }
  s.lo = r.lo;
  s.hi = r.hi;
  return s;
}

std::string Px(double v) { return fmt::format("{:.1f}", v); }

}  // namespace

std::string HtmlEscape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string ShortNumber(double v) {
  if (std::isnan(v)) return "n/a";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  const double a = std::abs(v);
  if (a >= 1e10) return fmt::format("{:.4g}G", v / 1e9);
  if (a >= 1e7) return fmt::format("{:.4g}M", v / 1e6);
  if (a >= 1e4) return fmt::format("{:.4g}k", v / 1e3);
  return fmt::format("{:.4g}", v);
}

std::string Plot::Render(int width, int height) const {
  const double x0 = kLeft, x1 = width - kRight, y0 = height - kBottom, y1 = kTop;
  const bool categorical = !x_.categories.empty();
  Range rx, ry;
  bool bars = false;
  for (const Series& s : series_) {
    bars = bars || s.kind == SeriesKind::kBars;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      rx.Take(s.x[i], x_.log);
      ry.Take(s.y[i], y_.log);
      if (s.kind == SeriesKind::kBand) ry.Take(s.low[i], y_.log);
    }
  }
  const double ncat = static_cast<double>(x_.categories.size());
  const Scale sx = categorical ? Scale{false, -0.5, ncat - 0.5, x0, x1} : MakeScale(x_, rx, x0, x1, false);
  const Scale sy = MakeScale(y_, ry, y0, y1, !y_.log);

  std::string o = fmt::format(
      "<figure class=\"chart-box\"><svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" "
      "width=\"{}\" height=\"{}\" data-series=\"{}\" role=\"img\" aria-label=\"{}\">\n",
      width, height, width, height, series_.size(), HtmlEscape(title_));
  o += fmt::format("<text class=\"chart-title\" x=\"{}\" y=\"15\">{}</text>\n", kLeft, HtmlEscape(title_));
  // Grid and ticks.
  o += "<g class=\"axis y\">";
  for (const double t : sy.Ticks()) {
    const double py = sy(t);
    o += fmt::format("<line class=\"grid\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>", Px(x0), Px(x1), Px(py), Px(py));
    o += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>", Px(x0 - 6), Px(py + 4),
                     ShortNumber(t));
  }
  o += "</g>\n<g class=\"axis x\">";
  if (categorical) {
    for (std::size_t c = 0; c < x_.categories.size(); ++c)
      o += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                       Px(sx(static_cast<double>(c))), Px(y0 + 16), HtmlEscape(x_.categories[c]));
  } else {
    for (const double t : sx.Ticks()) {
      const double px = sx(t);
      o += fmt::format("<line class=\"grid\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>", Px(px), Px(px), Px(y0),
                       Px(y1));
      o += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>", Px(px),
                       Px(y0 + 16), ShortNumber(t));
    }
  }
  o += "</g>\n";
  o += fmt::format("<line class=\"frame\" x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\"/>", Px(x0), Px(x1), Px(y0));
  o += fmt::format("<line class=\"frame\" x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\"/>\n", Px(x0), Px(y0), Px(y1));
  o += fmt::format("<text class=\"axis-label x\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                   Px((x0 + x1) / 2), height - 8, HtmlEscape(x_.label));
  o += fmt::format(
      "<text class=\"axis-label y\" transform=\"translate(14,{}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n",
      Px((y0 + y1) / 2), HtmlEscape(y_.label));

  // A fixed range may be narrower than the data: nothing is drawn outside the frame.
  auto clamp_y = [&](double v) { return std::clamp(sy(v), y1, y0); };
  auto clamp_x = [&](double v) { return std::clamp(sx(v), x0, x1); };
  auto drawable = [&](double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (!x_.log || x > 0) && (!y_.log || y > 0);
  };
  int bar_series = 0, bar_index = 0;
  for (const Series& s : series_) bar_series += s.kind == SeriesKind::kBars ? 1 : 0;
  for (std::size_t k = 0; k < series_.size(); ++k) {
    const Series& s = series_[k];
    const char* color = kPalette[(s.color >= 0 ? s.color : static_cast<int>(k)) % kColors];
    std::string d;
    std::size_t points = 0;
    if (s.kind == SeriesKind::kBars) {
      const double slot = (x1 - x0) / std::max(1.0, ncat) * 0.8;
      const double w = slot / std::max(1, bar_series);
      o += fmt::format("<g class=\"series\" data-name=\"{}\" data-points=\"{}\" fill=\"{}\"><title>{}</title>",
                       HtmlEscape(s.name), s.x.size(), color, HtmlEscape(s.name));
      for (std::size_t i = 0; i < s.x.size(); ++i) {
        if (!std::isfinite(s.y[i])) continue;
        const double left = sx(s.x[i]) - slot / 2 + w * bar_index;
        const double top = clamp_y(s.y[i]), base = clamp_y(y_.log ? sy.lo : 0);
        o += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}: {}</title></rect>", Px(left),
                         Px(std::min(top, base)), Px(w * 0.92), Px(std::abs(base - top)),
                         HtmlEscape(categorical ? x_.categories[static_cast<std::size_t>(s.x[i])] : ""),
                         ShortNumber(s.y[i]));
      }
      o += "</g>\n";
      ++bar_index;
      continue;
    }
    if (s.kind == SeriesKind::kBand) {
      // Upper edge left to right, lower edge back, both as steps.
      std::string up;
      std::vector<std::string> down;
      for (std::size_t i = 0; i < s.x.size(); ++i) {
        if (!drawable(s.x[i], s.y[i]) || !drawable(s.x[i], s.low[i])) continue;
        const double px = clamp_x(s.x[i]);
        const double nx = i + 1 < s.x.size() ? clamp_x(s.x[i + 1]) : px;
        up += fmt::format("{}{} {}L{} {}", up.empty() ? "M" : "L", Px(px), Px(clamp_y(s.y[i])), Px(nx),
                          Px(clamp_y(s.y[i])));
        down.push_back(fmt::format("L{} {}L{} {}", Px(nx), Px(clamp_y(s.low[i])), Px(px), Px(clamp_y(s.low[i]))));
        ++points;
      }
      if (!up.empty()) {
        d = up;
        for (auto it = down.rbegin(); it != down.rend(); ++it) d += *it;
        d += "Z";
      }
      o += fmt::format(
          "<path class=\"series band\" data-name=\"{}\" data-points=\"{}\" fill=\"{}\" fill-opacity=\"0.75\" "
          "stroke=\"none\" d=\"{}\"><title>{}</title></path>\n",
          HtmlEscape(s.name), points, color, d, HtmlEscape(s.name));
      continue;
    }
    bool pen_up = true;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (!drawable(s.x[i], s.y[i])) {
        // No value from here (a NaN, or no place on a log axis): a step
        // holds its value up to the gap, then the line breaks.
        if (!pen_up && s.kind == SeriesKind::kStep && std::isfinite(s.x[i]) && (!x_.log || s.x[i] > 0))
          d += fmt::format("H{}", Px(clamp_x(s.x[i])));
        pen_up = true;
        continue;
      }
      const double px = clamp_x(s.x[i]), py = clamp_y(s.y[i]);
      if (pen_up) {
        d += fmt::format("M{} {}", Px(px), Px(py));
        pen_up = false;
      } else if (s.kind == SeriesKind::kStep) {
        d += fmt::format("H{}V{}", Px(px), Px(py));
      } else {
        d += fmt::format("L{} {}", Px(px), Px(py));
      }
      ++points;
    }
    o += fmt::format(
        "<path class=\"series\" data-name=\"{}\" data-points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" "
        "d=\"{}\"><title>{}</title></path>\n",
        HtmlEscape(s.name), points, color, d, HtmlEscape(s.name));
  }
  // Legend: one line above the plot area, so it never hides data.
  if (!series_.empty()) {
    o += "<g class=\"legend\">";
    double lx = x0;
    for (std::size_t k = 0; k < series_.size(); ++k) {
      const char* color = kPalette[(series_[k].color >= 0 ? series_[k].color : static_cast<int>(k)) % kColors];
      o += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{}\"/>", Px(lx), kTop - 16, color);
      o += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>", Px(lx + 14), kTop - 7, HtmlEscape(series_[k].name));
      lx += 30 + 6.2 * static_cast<double>(series_[k].name.size());
    }
    o += "</g>\n";
  }
  o += "</svg>";
  if (!note_.empty()) o += "<figcaption>" + HtmlEscape(note_) + "</figcaption>";
  o += "</figure>\n";
  return o;
}

}  // namespace clustersim
