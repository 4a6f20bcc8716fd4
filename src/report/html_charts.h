// File: report/html_charts.h
// The HTML report's charts, each an inline SVG drawn from plain numbers:
// curves against size (log x) with a band per curve and vertical markers
// (cache sizes, latency steps); intervals per row (a forest plot of B/A, or
// rates with their CI where no size varies); every sample of every point as
// a strip. Each chart is a <figure> with a caption, readable without
// JavaScript: exact figures are in <title> tooltips and in the tables
// beside the charts. Pure: tested with synthetic data.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace membench {

struct CurvePoint {
  double x = 0;
  double y = 0;
  double y_low = 0;  // the band: the 95% CI of y
  double y_high = 0;
  std::string tooltip;  // the exact figures, shown on hover
};

struct Curve {
  std::string name;  // the legend's entry: "impl=movsb"
  std::vector<CurvePoint> points;
};

// A vertical line at x with a label: a cache size, a latency step.
struct ChartMarker {
  double x = 0;
  std::string label;
  std::string kind;  // CSS class: "cache-size", "latency-step"
};

struct CurveChart {
  std::string id;  // the figure's id, unique in the document
  std::string caption;
  std::string x_label;  // "size (log scale)"
  std::string y_label;  // "rate (GB/s)"
  bool x_log = true;    // sizes, with power-of-two ticks; else linear from 0
  bool y_log = false;   // else from 0
  std::vector<Curve> curves;
  std::vector<ChartMarker> markers;
};

std::string RenderCurveChart(const CurveChart& chart);

enum class IntervalKind { kBetter, kWorse, kNoChange, kInconclusive, kNeutral };

// "better", "worse", "no-change", "inconclusive", "estimate": the CSS class
// of a row, and of a verdict in the page's tables.
std::string IntervalKindClass(IntervalKind kind);

struct IntervalRow {
  std::string label;
  double value = 0;
  std::optional<double> low;  // none: no interval
  std::optional<double> high;
  IntervalKind kind = IntervalKind::kNeutral;
  std::string note;  // right of the row: the verdict, the figures
};

struct IntervalChart {
  std::string id;
  std::string caption;
  std::string x_label;              // "B/A (rate)"
  std::optional<double> reference;  // 1 for ratios: the line of no change
  double threshold_pct = 0;         // dashed lines at reference × (1 ± t): the smallest change that counts
  std::vector<IntervalRow> rows;
};

std::string RenderIntervalChart(const IntervalChart& chart);

struct StripRow {
  std::string label;
  std::vector<double> values;  // in the order they were taken
  std::string note;            // "n=10, cv 2.1%, drift up"
  std::string detail;          // the note's tooltip: the findings in full
};

struct StripChart {
  std::string id;
  std::string caption;
  std::vector<StripRow> rows;
};

// Each value as its deviation from its row's median, in percent: rows of
// any scale share one axis. Within a row the samples go top to bottom in
// the order taken, so a drift is a slant and two modes are two clusters.
// The axis spans 95% of the deviations; the rest sit at its edges in
// orange (class "clipped"), their value on hover.
std::string RenderStripChart(const StripChart& chart);

}  // namespace membench
