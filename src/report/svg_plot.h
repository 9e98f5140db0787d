#pragma once
// Plot: one chart of a report as inline SVG, readable without JavaScript.
// A chart has a title, two labelled axes (units in the label: "wait (s)"),
// linear or log scales with round ticks, and named series drawn as lines,
// steps, stacked bands or grouped bars, with a legend. The markup names
// what a test (or a curious reader) needs: every chart is
// <svg class="chart" data-series="N">, every series carries class "series",
// data-name and data-points, axis labels carry class "axis-label".
//
// The caller reduces the data first (report/downsample.h): a Plot draws every
// point it is given.

#include <string>
#include <vector>

namespace clustersim {

struct Axis {
  Axis(std::string label_, bool log_ = false, std::vector<std::string> categories_ = {})
      : label(std::move(label_)), log(log_), categories(std::move(categories_)) {}
  static Axis Fixed(std::string label, double min, double max) {
    Axis a(std::move(label));
    a.min = min;
    a.max = max;
    a.fixed = true;
    return a;
  }
  std::string label;  // with its unit
  bool log = false;   // decades; values <= 0 are not drawn
  // Non-empty: a categorical axis; series x values are category indices.
  std::vector<std::string> categories;
  // Optional fixed range (both set), else the data's.
  double min = 0, max = 0;
  bool fixed = false;
};

enum class SeriesKind {
  kLine,  // points joined by straight segments
  kStep,  // a step function: each value holds until the next x
  kBand,  // filled between `low` and `y` (stacked areas, min-max envelopes), steps
  kBars,  // one bar per category, grouped side by side with the other bar series
};

struct Series {
  Series(std::string name_, SeriesKind kind_, std::vector<double> x_ = {}, std::vector<double> y_ = {})
      : name(std::move(name_)), kind(kind_), x(std::move(x_)), y(std::move(y_)) {}
  std::string name;
  SeriesKind kind = SeriesKind::kLine;
  std::vector<double> x, y;
  std::vector<double> low;  // kBand only: the lower edge, same length as y
  int color = -1;           // palette index; -1: the series' position
};

class Plot {
 public:
  Plot(std::string title, Axis x, Axis y) : title_(std::move(title)), x_(std::move(x)), y_(std::move(y)) {}
  Plot& Add(Series s) {
    series_.push_back(std::move(s));
    return *this;
  }
  // A sentence under the chart: what is drawn and how it was reduced.
  Plot& Note(std::string text) {
    note_ = std::move(text);
    return *this;
  }
  bool empty() const { return series_.empty(); }
  // The chart as a <figure> holding the SVG and its caption.
  std::string Render(int width = 760, int height = 300) const;

 private:
  std::string title_, note_;
  Axis x_, y_;
  std::vector<Series> series_;
};

// Text for HTML element content and attribute values.
std::string HtmlEscape(const std::string& s);

// Numbers as a reader wants them on an axis or in a table: 4 significant
// digits, thousands as k/M/G above 10,000 (12.5k), no float noise.
std::string ShortNumber(double v);

}  // namespace clustersim
