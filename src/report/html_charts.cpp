// File: report/html_charts.cpp
#include "report/html_charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/stats.h"
#include "report/svg_plot.h"

namespace membench {
namespace {

// Okabe and Ito's palette: told apart also by people with a colour-vision
// deficiency.
constexpr const char* kSeriesColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                          "#E69F00", "#56B4E9", "#000000", "#F0E442"};
constexpr std::size_t kSeriesColourCount = sizeof(kSeriesColours) / sizeof(kSeriesColours[0]);

const char* SeriesColour(std::size_t i) { return kSeriesColours[i % kSeriesColourCount]; }

// Series beyond the palette are told apart by their dashes.
std::string SeriesDash(std::size_t i) { return i < kSeriesColourCount ? "" : R"( stroke-dasharray="6 3")"; }

struct Frame {
  double width = 0;
  double height = 0;
  double left = 0;
  double right = 0;
  double top = 0;
  double bottom = 0;
  double PlotRight() const { return width - right; }
  double PlotBottom() const { return height - bottom; }
};

std::string SvgOpen(const std::string& id, const Frame& f, const std::string& css_class) {
  return fmt::format(R"(<svg class="chart {}" id="{}-svg" viewBox="0 0 {} {}" width="{}" height="{}" role="img" )"
                     R"(aria-labelledby="{}-caption" xmlns="http://www.w3.org/2000/svg">)"
                     "\n",
                     css_class, XmlEscape(id), SvgNumber(f.width), SvgNumber(f.height), SvgNumber(f.width),
                     SvgNumber(f.height), XmlEscape(id));
}

std::string FigureOpen(const std::string& id) { return fmt::format("<figure id=\"{}\">\n", XmlEscape(id)); }

std::string FigureClose(const std::string& id, const std::string& caption) {
  return fmt::format("</svg>\n<figcaption id=\"{}-caption\">{}</figcaption>\n</figure>\n", XmlEscape(id),
                     XmlEscape(caption));
}

std::string Text(double x, double y, const std::string& text, const std::string& attributes = "") {
  return fmt::format(R"(<text x="{}" y="{}"{}>{}</text>)", SvgNumber(x), SvgNumber(y),
                     attributes.empty() ? "" : " " + attributes, XmlEscape(text)) +
         "\n";
}

// Text cut to `max_chars` with an ellipsis, the whole of it on hover: a
// label must not run off the chart.
std::string ShortText(double x, double y, const std::string& text, std::size_t max_chars,
                      const std::string& attributes) {
  if (text.size() <= max_chars) return Text(x, y, text, attributes);
  return fmt::format(R"(<text x="{}" y="{}" {}>{}...<title>{}</title></text>)", SvgNumber(x), SvgNumber(y), attributes,
                     XmlEscape(text.substr(0, max_chars - 3)), XmlEscape(text)) +
         "\n";
}

// What fits in the legend column and left of a row, at 11 px.
constexpr std::size_t kLegendChars = 30;
constexpr std::size_t kRowLabelChars = 56;

std::string Line(double x1, double y1, double x2, double y2, const std::string& attributes) {
  return fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" {}/>)", SvgNumber(x1), SvgNumber(y1), SvgNumber(x2),
                     SvgNumber(y2), attributes) +
         "\n";
}

// The x axis at the plot's bottom with its ticks, labels and title.
std::string XAxis(const Frame& f, const AxisScale& x, const std::vector<double>& ticks, std::string (*label)(double),
                  const std::string& title) {
  std::string svg = "<g class=\"axis x\">\n";
  svg += Line(f.left, f.PlotBottom(), f.PlotRight(), f.PlotBottom(), R"(stroke="#333")");
  for (const double t : ticks) {
    const double px = x.Map(t);
    svg += Line(px, f.top, px, f.PlotBottom(), R"(class="grid" stroke="#e4e4e4")");
    svg += Line(px, f.PlotBottom(), px, f.PlotBottom() + 5, R"(stroke="#333")");
    svg += Text(px, f.PlotBottom() + 18, label(t), R"(text-anchor="middle" class="tick")");
  }
  svg += Text((f.left + f.PlotRight()) / 2, f.PlotBottom() + 38, title, R"(text-anchor="middle" class="axis-title")");
  return svg + "</g>\n";
}

std::string YAxis(const Frame& f, const AxisScale& y, const std::vector<double>& ticks, const std::string& title) {
  std::string svg = "<g class=\"axis y\">\n";
  svg += Line(f.left, f.top, f.left, f.PlotBottom(), R"(stroke="#333")");
  for (const double t : ticks) {
    const double py = y.Map(t);
    svg += Line(f.left, py, f.PlotRight(), py, R"(class="grid" stroke="#e4e4e4")");
    svg += Line(f.left - 5, py, f.left, py, R"(stroke="#333")");
    svg += Text(f.left - 8, py + 4, ValueTickLabel(t), R"(text-anchor="end" class="tick")");
  }
  svg += Text(16, (f.top + f.PlotBottom()) / 2, title,
              fmt::format(R"svg(text-anchor="middle" class="axis-title" transform="rotate(-90 16 {})")svg",
                          SvgNumber((f.top + f.PlotBottom()) / 2)));
  return svg + "</g>\n";
}

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void Add(double v) {
    if (!std::isfinite(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  bool Empty() const { return lo > hi; }
};

std::string CurveBandAndLine(const Curve& curve, std::size_t index, const AxisScale& x, const AxisScale& y) {
  std::string svg = fmt::format("<g class=\"series\" data-name=\"{}\">\n", XmlEscape(curve.name));
  // A bound beyond the axis (an unbounded one is +infinity) stops at its edge.
  const auto clamped = [&](double v) { return y.Map(std::clamp(v, y.lo, y.hi)); };
  std::string band;
  for (const CurvePoint& p : curve.points) band += SvgNumber(x.Map(p.x)) + "," + SvgNumber(clamped(p.y_high)) + " ";
  for (auto p = curve.points.rbegin(); p != curve.points.rend(); ++p) {
    band += SvgNumber(x.Map(p->x)) + "," + SvgNumber(clamped(p->y_low)) + " ";
  }
  svg += fmt::format(R"(<polygon class="ci-band" points="{}" fill="{}" fill-opacity="0.18" stroke="none"/>)", band,
                     SeriesColour(index)) +
         "\n";
  std::string line;
  for (const CurvePoint& p : curve.points) line += SvgNumber(x.Map(p.x)) + "," + SvgNumber(y.Map(p.y)) + " ";
  svg += fmt::format(R"(<polyline class="curve" points="{}" fill="none" stroke="{}" stroke-width="2"{}/>)", line,
                     SeriesColour(index), SeriesDash(index)) +
         "\n";
  for (const CurvePoint& p : curve.points) {
    svg += fmt::format(R"(<circle cx="{}" cy="{}" r="3" fill="{}"><title>{}</title></circle>)", SvgNumber(x.Map(p.x)),
                       SvgNumber(y.Map(p.y)), SeriesColour(index), XmlEscape(p.tooltip)) +
           "\n";
  }
  return svg + "</g>\n";
}

std::string Legend(const std::vector<Curve>& curves, double x, double y) {
  std::string svg = "<g class=\"legend\">\n";
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const double row = y + static_cast<double>(i) * 18;
    svg += Line(x, row - 4, x + 22, row - 4,
                fmt::format(R"(stroke="{}" stroke-width="3"{})", SeriesColour(i), SeriesDash(i)));
    svg += ShortText(x + 28, row, curves[i].name, kLegendChars, R"(class="legend-entry")");
  }
  return svg + "</g>\n";
}

std::string Markers(const std::vector<ChartMarker>& markers, const Frame& f, const AxisScale& x) {
  std::string svg;
  int stagger = 0;
  for (const ChartMarker& m : markers) {
    if (m.x < x.lo || m.x > x.hi) continue;
    const double px = x.Map(m.x);
    const bool step = m.kind == "latency-step";
    svg += fmt::format("<g class=\"marker {}\">\n", XmlEscape(m.kind));
    svg += Line(px, f.top, px, f.PlotBottom(),
                fmt::format(R"(stroke="{}" stroke-dasharray="{}")", step ? "#b00" : "#777", step ? "2 3" : "5 4"));
    const double label_y = f.top + 12 + 13 * (stagger++ % 3) + (step ? 40 : 0);
    svg += Text(px + 3, label_y, m.label, R"(class="marker-label")");
    svg += "</g>\n";
  }
  return svg;
}

std::string KindColour(IntervalKind kind) {
  switch (kind) {
    case IntervalKind::kBetter:
      return "#009E73";
    case IntervalKind::kWorse:
      return "#D55E00";
    case IntervalKind::kNoChange:
      return "#666666";
    case IntervalKind::kInconclusive:
      return "#999999";
    case IntervalKind::kNeutral:
      return "#0072B2";
  }
  return "#000";
}

}  // namespace

std::string IntervalKindClass(IntervalKind kind) {
  switch (kind) {
    case IntervalKind::kBetter:
      return "better";
    case IntervalKind::kWorse:
      return "worse";
    case IntervalKind::kNoChange:
      return "no-change";
    case IntervalKind::kInconclusive:
      return "inconclusive";
    case IntervalKind::kNeutral:
      return "estimate";
  }
  return "";
}

namespace {

double Median(std::vector<double> values) { return Summarize(values).median; }

// The strips' axis, in percent either side of the medians: wide enough for
// 95% of the deviations, so that one wild sample does not flatten every
// quiet row; at least 2% so that a quiet run still gets a readable axis.
double StripAxisHalfWidth(std::vector<double> magnitudes) {
  if (magnitudes.empty()) return 2;
  std::sort(magnitudes.begin(), magnitudes.end());
  const auto at = static_cast<std::size_t>(0.95 * static_cast<double>(magnitudes.size() - 1));
  return std::max(2.0, magnitudes[at] * 1.2);
}

}  // namespace

std::string RenderCurveChart(const CurveChart& chart) {
  const Frame f{800, 400, 78, 190, 20, 56};
  Range xs;
  Range ys;
  for (const Curve& c : chart.curves) {
    for (const CurvePoint& p : c.points) {
      xs.Add(p.x);
      ys.Add(p.y_low);
      ys.Add(p.y_high);
      ys.Add(p.y);
    }
  }
  if (xs.Empty()) xs = {1, 2};
  if (ys.Empty()) ys = {0, 1};
  const AxisScale x = chart.x_log ? AxisScale{xs.lo, xs.hi, f.left + 10, f.PlotRight() - 10, true}
                                  : AxisScale{std::min(0.0, xs.lo), xs.hi > 0 ? xs.hi * 1.05 : 1.0, f.left + 10,
                                              f.PlotRight() - 10, false};
  double y_lo = 0;
  double y_hi = ys.hi * 1.08;
  if (chart.y_log) {
    y_lo = std::max(ys.lo, ys.hi * 1e-9) / 1.25;
    y_hi = ys.hi * 1.25;
  }
  if (!(y_hi > y_lo)) y_hi = y_lo + 1;
  const AxisScale y{y_lo, y_hi, f.PlotBottom(), f.top, chart.y_log};
  std::string svg = FigureOpen(chart.id) + SvgOpen(chart.id, f, "curves");
  svg += chart.x_log ? XAxis(f, x, PowerOfTwoTicks(xs.lo, xs.hi, 10), SizeTickLabel, chart.x_label)
                     : XAxis(f, x, LinearTicks(x.lo, x.hi, 6), ValueTickLabel, chart.x_label);
  svg += YAxis(f, y, chart.y_log ? LogTicks(y_lo, y_hi) : LinearTicks(y_lo, y_hi, 6), chart.y_label);
  svg += Markers(chart.markers, f, x);
  for (std::size_t i = 0; i < chart.curves.size(); ++i) svg += CurveBandAndLine(chart.curves[i], i, x, y);
  svg += Legend(chart.curves, f.PlotRight() + 14, f.top + 14);
  return svg + FigureClose(chart.id, chart.caption);
}

std::string RenderIntervalChart(const IntervalChart& chart) {
  constexpr double kRowHeight = 22;
  const double height = 64 + kRowHeight * static_cast<double>(std::max<std::size_t>(chart.rows.size(), 1));
  const Frame f{1100, height, 330, 330, 12, 52};
  Range xs;
  for (const IntervalRow& r : chart.rows) {
    xs.Add(r.value);
    if (r.low) xs.Add(*r.low);
    if (r.high) xs.Add(*r.high);
  }
  if (chart.reference) {
    xs.Add(*chart.reference * (1 - chart.threshold_pct / 100));
    xs.Add(*chart.reference * (1 + chart.threshold_pct / 100));
  }
  if (xs.Empty()) xs = {0, 1};
  const double pad = std::max((xs.hi - xs.lo) * 0.06, std::fabs(xs.hi) * 1e-3 + 1e-12);
  const double x_lo = chart.reference ? xs.lo - pad : std::min(0.0, xs.lo);
  const AxisScale x{x_lo, xs.hi + pad, f.left, f.PlotRight(), false};
  std::string svg = FigureOpen(chart.id) + SvgOpen(chart.id, f, chart.reference ? "forest" : "intervals");
  svg += XAxis(f, x, LinearTicks(x.lo, x.hi, 6), ValueTickLabel, chart.x_label);
  if (chart.reference) {
    const double ref = x.Map(*chart.reference);
    svg += Line(ref, f.top, ref, f.PlotBottom(), R"(class="reference" stroke="#333" stroke-width="1.5")");
    if (chart.threshold_pct > 0) {
      for (const double sign : {-1.0, 1.0}) {
        const double t = x.Map(*chart.reference * (1 + sign * chart.threshold_pct / 100));
        svg += Line(t, f.top, t, f.PlotBottom(), R"(class="threshold" stroke="#999" stroke-dasharray="4 4")");
      }
    }
  }
  for (std::size_t i = 0; i < chart.rows.size(); ++i) {
    const IntervalRow& r = chart.rows[i];
    const double cy = f.top + kRowHeight * (static_cast<double>(i) + 0.5);
    const std::string colour = KindColour(r.kind);
    svg += fmt::format("<g class=\"row {}\">\n", IntervalKindClass(r.kind));
    svg += ShortText(f.left - 8, cy + 4, r.label, kRowLabelChars, R"(text-anchor="end" class="row-label")");
    if (r.low && r.high) {
      svg += Line(x.Map(*r.low), cy, x.Map(*r.high), cy,
                  fmt::format(R"(class="ci" stroke="{}" stroke-width="2.5")", colour));
    }
    const bool hollow = r.kind == IntervalKind::kInconclusive || !r.low;
    svg += fmt::format(
               R"(<circle cx="{}" cy="{}" r="4.5" fill="{}" stroke="{}" stroke-width="1.5"><title>{}</title></circle>)",
               SvgNumber(x.Map(r.value)), SvgNumber(cy), hollow ? "white" : colour, colour,
               XmlEscape(r.label + ": " + r.note)) +
           "\n";
    svg += Text(f.PlotRight() + 8, cy + 4, r.note, fmt::format(R"(class="row-note" fill="{}")", colour));
    svg += "</g>\n";
  }
  return svg + FigureClose(chart.id, chart.caption);
}

std::string RenderStripChart(const StripChart& chart) {
  constexpr double kRowHeight = 18;
  const double height = 64 + kRowHeight * static_cast<double>(std::max<std::size_t>(chart.rows.size(), 1));
  const Frame f{1100, height, 330, 330, 12, 52};
  std::vector<std::vector<double>> deviations;
  std::vector<double> magnitudes;
  for (const StripRow& r : chart.rows) {
    const double median = Median(r.values);
    std::vector<double> row;
    for (const double v : r.values) {
      row.push_back(median != 0 ? 100 * (v - median) / median : 0);
      magnitudes.push_back(std::fabs(row.back()));
    }
    deviations.push_back(std::move(row));
  }
  const double widest = StripAxisHalfWidth(magnitudes);
  const AxisScale x{-widest, widest, f.left, f.PlotRight(), false};
  std::string svg = FigureOpen(chart.id) + SvgOpen(chart.id, f, "strips");
  svg += XAxis(
      f, x, LinearTicks(-widest, widest, 8), [](double t) { return (t > 0 ? "+" : "") + SvgNumber(t) + "%"; },
      "sample against its point's median (%); within a row, top to bottom in the order taken");
  const double zero = x.Map(0);
  svg += Line(zero, f.top, zero, f.PlotBottom(), R"(class="reference" stroke="#333")");
  for (std::size_t i = 0; i < chart.rows.size(); ++i) {
    const StripRow& r = chart.rows[i];
    const double top = f.top + kRowHeight * static_cast<double>(i);
    svg += "<g class=\"strip\">\n";
    if (i % 2 == 1) {
      svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="#f4f4f4"/>)", SvgNumber(f.left),
                         SvgNumber(top), SvgNumber(f.PlotRight() - f.left), SvgNumber(kRowHeight)) +
             "\n";
    }
    svg += ShortText(f.left - 8, top + kRowHeight / 2 + 4, r.label, kRowLabelChars,
                     R"(text-anchor="end" class="row-label")");
    const std::size_t n = deviations[i].size();
    for (std::size_t k = 0; k < n; ++k) {
      const double order = n > 1 ? static_cast<double>(k) / static_cast<double>(n - 1) : 0.5;
      const double deviation = deviations[i][k];
      const bool clipped = std::fabs(deviation) > widest;
      svg +=
          fmt::format(
              R"(<circle class="sample{}" cx="{}" cy="{}" r="2.2" fill="{}" fill-opacity="0.75"><title>sample {}: {:+.2f}%</title></circle>)",
              clipped ? " clipped" : "", SvgNumber(x.Map(std::clamp(deviation, -widest, widest))),
              SvgNumber(top + 3 + order * (kRowHeight - 6)), clipped ? "#D55E00" : "#0072B2", k + 1, deviation) +
          "\n";
    }
    svg += fmt::format(R"(<text x="{}" y="{}" class="row-note">{}{}</text>)", SvgNumber(f.PlotRight() + 8),
                       SvgNumber(top + kRowHeight / 2 + 4), XmlEscape(r.note),
                       r.detail.empty() ? "" : "<title>" + XmlEscape(r.detail) + "</title>") +
           "\n";
    svg += "</g>\n";
  }
  return svg + FigureClose(chart.id, chart.caption);
}

}  // namespace membench
