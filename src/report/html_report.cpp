// File: report/html_report.cpp
#include "report/html_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <utility>

#include "core/loaded_curve.h"
#include "core/measurement_stats.h"
#include "core/name_lists.h"
#include "core/paired.h"
#include "core/parallelism.h"
#include "core/units.h"
#include "report/html_charts.h"
#include "report/latency_report.h"
#include "report/latency_steps.h"
#include "report/lmsummary_report.h"
#include "report/metadata_diff.h"
#include "report/svg_plot.h"
#include "report/text_report.h"

namespace membench {
namespace {

// Print-friendly and readable without any external resource: system fonts.
constexpr const char* kStyle = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 1.5em auto;
       max-width: 1320px; color: #222; padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
h3 { font-size: 1.05em; margin-top: 1.5em; }
code, .command { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.92em; }
.command { background: #f4f4f4; padding: 0.4em 0.6em; border-radius: 4px; overflow-wrap: anywhere; }
.panel { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.panel figure { margin: 0; flex: 0 1 auto; }
.panel aside { flex: 1 1 300px; font-size: 0.9em; background: #fafafa; border-left: 3px solid #ccc;
               padding: 0.4em 0.9em; }
figure { margin: 1em 0; }
figcaption { font-size: 0.88em; color: #444; max-width: 980px; }
svg.chart { max-width: 100%; height: auto; font-size: 12px; background: #fff; }
svg .tick, svg .marker-label, svg .row-note, svg .row-label, svg .legend-entry { font-size: 11px; }
svg .axis-title { font-size: 12px; fill: #333; }
table { border-collapse: collapse; font-size: 0.88em; margin: 0.6em 0; }
th, td { border: 1px solid #ddd; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #f0f0f0; }
.better { color: #007a5a; } .worse { color: #b34400; } .warning { color: #b34400; }
ul.notes li { margin: 0.15em 0; }
details.figures summary { cursor: pointer; font-weight: 600; margin: 0.8em 0 0.3em; }
)";

// Tables of figures up to this many rows are shown open.
constexpr std::size_t kOpenTableRows = 16;

struct Cell {
  Cell(std::string cell_text, bool is_number = false, std::string classes = "")  // NOLINT: implicit from a text
      : text(std::move(cell_text)), number(is_number), css_class(std::move(classes)) {}
  std::string text;
  bool number = false;
  std::string css_class;
};

std::string Table(const std::vector<std::string>& headers, const std::vector<std::vector<Cell>>& rows,
                  const std::string& css_class) {
  std::string html = fmt::format("<table class=\"{}\">\n<thead><tr>", css_class);
  for (const std::string& h : headers) html += "<th>" + XmlEscape(h) + "</th>";
  html += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rows) {
    html += "<tr>";
    for (const Cell& c : row) {
      std::string classes = c.number ? "number" : "";
      if (!c.css_class.empty()) classes += (classes.empty() ? "" : " ") + c.css_class;
      html += classes.empty() ? "<td>" : "<td class=\"" + classes + "\">";
      html += XmlEscape(c.text) + "</td>";
    }
    html += "</tr>\n";
  }
  return html + "</tbody>\n</table>\n";
}

std::string List(const std::vector<std::string>& items, const std::string& css_class) {
  if (items.empty()) return "";
  std::string html = "<ul class=\"" + css_class + "\">\n";
  for (const std::string& item : items) html += "<li>" + XmlEscape(item) + "</li>\n";
  return html + "</ul>\n";
}

// "impl=movsb pages=thp": the parameters that vary among `varying`, less `leave_out`.
std::string VaryingLabel(const Point& point, const std::vector<std::string>& varying, const std::string& leave_out) {
  std::string label;
  for (const auto& [name, value] : point.values) {
    if (name == leave_out || !Contains(varying, name)) continue;
    label += (label.empty() ? "" : " ") + name + "=" + value.text;
  }
  return label;
}

// One workload's measurements of one work unit, in the order measured: a
// panel with its own axis. zeropage's memcmp (bytes) and stride (touches)
// are two groups, so no touches/s is drawn on a GB/s axis.
struct WorkloadGroup {
  std::string workload;
  WorkUnit unit = WorkUnit::kBytes;
  std::string title;  // the workload, and its unit where the workload has several
  std::vector<std::size_t> indices;
  ByteRateUnit byte_rate_unit = ByteRateUnit::kGBps;  // what its byte rates are drawn in (--unit)
};

std::vector<WorkloadGroup> GroupByWorkloadAndUnit(const RunResult& r, ByteRateUnit bytes) {
  std::vector<WorkloadGroup> groups;
  for (std::size_t i = 0; i < r.measurements.size(); ++i) {
    const Measurement& m = r.measurements[i];
    auto g = std::find_if(groups.begin(), groups.end(),
                          [&](const WorkloadGroup& w) { return w.workload == m.workload && w.unit == m.unit; });
    if (g == groups.end()) {
      groups.push_back({m.workload, m.unit, m.workload, {}, bytes});
      g = groups.end() - 1;
    }
    g->indices.push_back(i);
  }
  for (WorkloadGroup& g : groups) {
    const auto same_workload =
        std::count_if(groups.begin(), groups.end(), [&](const WorkloadGroup& w) { return w.workload == g.workload; });
    if (same_workload > 1) g.title = fmt::format("{}: {}", g.workload, UnitName(g.unit));
  }
  return groups;
}

bool IsLatency(const Measurement& m) { return m.unit == WorkUnit::kLoads; }

// The unit a chart of rates of `m` is drawn in: GB/s or GiB/s for bytes, else per second.
struct RateAxis {
  double divisor = 1;
  std::string label;
};

RateAxis RateAxisFor(const Measurement& m, ByteRateUnit bytes) {
  if (m.unit == WorkUnit::kBytes) {
    return {ByteRateDivisor(bytes), bytes == ByteRateUnit::kGiBps ? "rate (GiB/s, 2^30 bytes per second)"
                                                                  : "rate (GB/s, 10^9 bytes per second)"};
  }
  return {1, fmt::format("rate ({}/s)", UnitName(m.unit))};
}

std::string CacheCaption(const SystemInfo& s) {
  if (s.caches.empty()) return "No cache sizes known";
  return fmt::format(
      "Dashed lines: cache sizes from {} (in a VM they can be wrong: the measured steps are the "
      "better evidence)",
      s.caches_source);
}

std::vector<ChartMarker> CacheMarkers(const SystemInfo& s) {
  std::vector<ChartMarker> markers;
  for (const CacheLevel& c : s.caches) {
    markers.push_back({static_cast<double>(c.size_bytes), c.name + " " + FormatSize(c.size_bytes), "cache-size"});
  }
  return markers;
}

std::string EstimateTooltip(const std::string& label, const Measurement& m, const MeasurementStats& st,
                            ByteRateUnit bytes) {
  return fmt::format("{}: {} (95% CI {} .. {}), {} samples", label, RateText(m, st.rate.mean, bytes),
                     RateText(m, st.rate.ci95_low, bytes), RateText(m, st.rate.ci95_high, bytes), st.rate.n);
}

// Rate (or, for chase, ns per load) against size: one curve per value of
// the other parameters that vary.
std::string SizeChart(const RunResult& r, const WorkloadGroup& g, const std::vector<MeasurementStats>& stats,
                      const std::vector<std::string>& varying, const std::string& id) {
  const Measurement& first = r.measurements[g.indices.front()];
  const bool latency = IsLatency(first);
  const RateAxis axis = RateAxisFor(first, g.byte_rate_unit);
  CurveChart chart;
  chart.id = id;
  chart.x_label = "size (log scale)";
  chart.y_label = latency ? "ns per load (log scale)" : axis.label;
  chart.y_log = latency;
  for (const std::size_t i : g.indices) {
    const Measurement& m = r.measurements[i];
    const MeasurementStats& st = stats[i];
    if (st.rate.n == 0 || st.rate.mean <= 0) continue;
    std::string series = VaryingLabel(m.point, varying, "size");
    if (series.empty()) series = m.workload;
    auto curve =
        std::find_if(chart.curves.begin(), chart.curves.end(), [&](const Curve& c) { return c.name == series; });
    if (curve == chart.curves.end()) {
      chart.curves.push_back({series, {}});
      curve = chart.curves.end() - 1;
    }
    CurvePoint p;
    p.x = static_cast<double>(m.point.at("size").number);
    const std::string label = series + " size=" + m.point.at("size").text;
    if (latency) {
      p.y = 1e9 / st.rate.mean;
      // A rate interval reaching 0 leaves the latency unbounded above.
      p.y_low = 1e9 / st.rate.ci95_high;
      p.y_high = st.rate.ci95_low > 0 ? 1e9 / st.rate.ci95_low : std::numeric_limits<double>::infinity();
      p.tooltip = fmt::format("{}: {:.3g} ns per load (95% CI {:.3g} .. {}), {} samples", label, p.y, p.y_low,
                              std::isfinite(p.y_high) ? fmt::format("{:.3g}", p.y_high) : "unbounded", st.rate.n);
    } else {
      p.y = st.rate.mean / axis.divisor;
      p.y_low = st.rate.ci95_low / axis.divisor;
      p.y_high = st.rate.ci95_high / axis.divisor;
      p.tooltip = EstimateTooltip(label, m, st, g.byte_rate_unit);
    }
    curve->points.push_back(p);
  }
  for (Curve& c : chart.curves) {
    std::sort(c.points.begin(), c.points.end(), [](const CurvePoint& a, const CurvePoint& b) { return a.x < b.x; });
  }
  chart.markers = CacheMarkers(r.system);
  std::string steps;
  // Every curve's steps in the caption; the first curve's marked, as more
  // sets of lines would hide each other.
  for (std::size_t c = 0; latency && c < chart.curves.size(); ++c) {
    std::vector<LatencyPoint> curve;
    for (const CurvePoint& p : chart.curves[c].points) curve.push_back({static_cast<std::uint64_t>(p.x), p.y});
    std::string curve_steps;
    for (const LatencyStep& s : FindLatencySteps(curve)) {
      if (c == 0) {
        chart.markers.push_back(
            {static_cast<double>(s.to_bytes), fmt::format("step x{:.1f}", s.ratio), "latency-step"});
      }
      curve_steps += fmt::format("{}{} to {} x{:.2f}", curve_steps.empty() ? "" : ", ", FormatSize(s.from_bytes),
                                 FormatSize(s.to_bytes), s.ratio);
    }
    steps += fmt::format("{}{}: {}", steps.empty() ? "" : "; ", chart.curves[c].name,
                         curve_steps.empty() ? "none" : curve_steps);
  }
  chart.caption =
      latency ? fmt::format(
                    "Latency of dependent loads against working-set size: 1e9 / rate, the band "
                    "its 95% CI. {}. Red dotted lines: where the latency of {} rises at least "
                    "x{:.1f} between neighbouring sizes. Steps: {}.",
                    CacheCaption(r.system), chart.curves.empty() ? "the first series" : chart.curves.front().name,
                    kLatencyStepRatio, steps.empty() ? "none" : steps)
              : fmt::format(
                    "{} of {} against size, one line per series; the band is the 95% "
                    "confidence interval of the mean (Student t over the samples). {}.",
                    first.rate_label.empty() ? "Rate" : "Rate " + first.rate_label, g.title, CacheCaption(r.system));
  return RenderCurveChart(chart);
}

// Each point's rate with its CI, where no size varies.
std::string EstimateChart(const RunResult& r, const WorkloadGroup& g, const std::vector<MeasurementStats>& stats,
                          const std::vector<std::string>& varying, const std::string& id) {
  const RateAxis axis = RateAxisFor(r.measurements[g.indices.front()], g.byte_rate_unit);
  IntervalChart chart;
  chart.id = id;
  chart.x_label = axis.label;
  for (const std::size_t i : g.indices) {
    const Measurement& m = r.measurements[i];
    const MeasurementStats& st = stats[i];
    if (st.rate.n == 0) continue;  // no sample had a rate: nothing to draw (the table says so)
    IntervalRow row;
    row.label = VaryingLabel(m.point, varying, "");
    if (row.label.empty()) row.label = m.workload;
    row.value = st.rate.mean / axis.divisor;
    if (st.rate.n >= 2) {
      row.low = st.rate.ci95_low / axis.divisor;
      row.high = st.rate.ci95_high / axis.divisor;
    }
    row.note = fmt::format("{} ({} samples)", RateText(m, st.rate.mean, g.byte_rate_unit), st.rate.n);
    chart.rows.push_back(row);
  }
  chart.caption = fmt::format(
      "Rate of each point of {}, with the 95% confidence interval of its mean (a hollow dot: "
      "fewer than 2 samples, no interval).",
      g.title);
  return RenderIntervalChart(chart);
}

// loaded: latency against the load's bandwidth, one curve per traffic (or
// other condition), the knee marked; and the curve's figures in a table.
// chase's chains: the memory-level parallelism table of the text report.
std::string ParallelismTable(const RunResult& r, const WorkloadGroup& g, const std::vector<MeasurementStats>& stats) {
  std::vector<Measurement> measurements;
  std::vector<double> rates;
  for (const std::size_t i : g.indices) {
    measurements.push_back(r.measurements[i]);
    rates.push_back(stats[i].rate.mean);
  }
  std::vector<std::vector<Cell>> rows;
  for (const ParallelismRow& row : MemoryParallelism(measurements, rates)) {
    rows.push_back({row.conditions.empty() ? "-" : row.conditions, Cell(fmt::format("{}", row.chains), true),
                    Cell(fmt::format("{:.3f}", row.ns_per_load), true),
                    Cell(fmt::format("{:.2f}", row.latency_ns), true),
                    Cell(fmt::format("{:.2f}", row.implied_mlp), true)});
  }
  if (rows.empty()) return "";
  return "<h3>Memory-level parallelism</h3>\n<p>K chains in flight; latency = K &#215; ns/load (each chain waits for "
         "its own loads); implied MLP = one chain's latency / ns per load (Little's law at the unloaded latency: above "
         "K when a load got faster with K in flight, below when loads queued).</p>\n" +
         Table({"conditions", "chains", "ns/load", "latency ns", "implied MLP"}, rows, "figures parallelism");
}

struct LoadedFigures {
  std::string chart;  // "" where there is no curve
  std::string table;
};

LoadedFigures LoadedCurveFigures(const RunResult& r, const WorkloadGroup& g, const std::vector<MeasurementStats>& stats,
                                 const std::string& id) {
  std::vector<Measurement> measurements;
  std::vector<MeasurementStats> group_stats;
  for (const std::size_t i : g.indices) {
    measurements.push_back(r.measurements[i]);
    group_stats.push_back(stats[i]);
  }
  const std::vector<LoadedCurve> curves = LoadedCurves(measurements, group_stats);
  if (curves.empty()) return {};
  const double divisor = ByteRateDivisor(g.byte_rate_unit);
  const std::string unit(ByteRateName(g.byte_rate_unit));
  CurveChart chart;
  chart.id = id;
  chart.x_label = "load traffic requested (" + unit + ")";
  chart.y_label = "latency (ns per load)";
  chart.x_log = false;
  std::vector<std::vector<Cell>> rows;
  std::string knees;
  for (const LoadedCurve& curve : curves) {
    const std::string name = curve.conditions.empty() ? g.workload : curve.conditions;
    Curve line{name, {}};
    for (std::size_t i = 0; i < curve.points.size(); ++i) {
      const LoadedCurvePoint& p = curve.points[i];
      CurvePoint point;
      point.x = p.requested_bytes_per_s.mean / divisor;
      point.y = p.latency_ns;
      point.y_low = p.latency_low_ns;
      point.y_high = p.latency_high_ns ? *p.latency_high_ns : std::numeric_limits<double>::infinity();
      const std::string high = p.latency_high_ns ? fmt::format("{:.1f}", *p.latency_high_ns) : "unbounded";
      point.tooltip = fmt::format("{} delay={}: {:.3f} {}, {:.1f} ns per load (95% CI {:.1f} .. {})", name, p.delay,
                                  point.x, unit, p.latency_ns, p.latency_low_ns, high);
      line.points.push_back(point);
      rows.push_back(
          {name, Cell(p.delay + (curve.knee == i ? " (knee)" : ""), true), Cell(fmt::format("{:.3f}", point.x), true),
           Cell(fmt::format("{:.3f}", p.memory_bytes_per_s.mean / divisor), true),
           Cell(fmt::format("{:.1f}", p.latency_ns), true),
           Cell(fmt::format("{:.1f} .. {}", p.latency_low_ns, high), true),
           Cell(curve.idle_latency_ns ? fmt::format("{:.2f}x", p.latency_ns / *curve.idle_latency_ns) : "-", true)});
    }
    std::sort(line.points.begin(), line.points.end(),
              [](const CurvePoint& a, const CurvePoint& b) { return a.x < b.x; });
    if (curve.knee) {
      const LoadedCurvePoint& k = curve.points[*curve.knee];
      if (chart.markers.empty()) {
        chart.markers.push_back({k.requested_bytes_per_s.mean / divisor, "knee", "latency-step"});
      }
      knees += fmt::format("{}{}: delay {}, {:.3f} {} at {:.1f} ns", knees.empty() ? "" : "; ", name, k.delay,
                           k.requested_bytes_per_s.mean / divisor, unit, k.latency_ns);
    } else {
      knees += fmt::format("{}{}: none ({})", knees.empty() ? "" : "; ", name, curve.no_knee_because);
    }
    chart.curves.push_back(std::move(line));
  }
  chart.caption = fmt::format(
      "Loaded latency: each point one injection delay, its latency (1e9 / rate, the band its 95% CI) against the "
      "bandwidth the load workers' loads and stores asked for over the same samples. Knee, where latency starts to "
      "climb (Kneedle on a fit that never falls, only where the rise is beyond both 95% intervals; the first "
      "series' marked): {}.",
      knees);
  return {RenderCurveChart(chart),
          "<h3>Loaded latency</h3>\n" + Table({"series", "delay ns", "load " + unit, "at memory " + unit + " (est.)",
                                               "latency ns", "95% CI", "vs idle"},
                                              rows, "figures loaded")};
}

// The noise checks' findings in a few words; their full text is the row's tooltip.
std::string NoiseFlags(const NoiseDiagnostics& noise) {
  std::string flags;
  if (noise.outliers > 0) flags += fmt::format(", {} outlier{}", noise.outliers, noise.outliers == 1 ? "" : "s");
  if (noise.trend_p && *noise.trend_p < kTrendAlpha) flags += noise.trend_direction > 0 ? ", drift up" : ", drift down";
  if (noise.bimodality && *noise.bimodality > kBimodalThreshold) flags += ", two modes?";
  return flags;
}

std::string StripsFor(const RunResult& r, const WorkloadGroup& g, const std::vector<MeasurementStats>& stats,
                      const std::vector<std::string>& varying, const std::string& id) {
  StripChart chart;
  chart.id = id;
  for (const std::size_t i : g.indices) {
    const Measurement& m = r.measurements[i];
    StripRow row;
    row.label = VaryingLabel(m.point, varying, "");
    if (row.label.empty()) row.label = m.workload;
    for (const Sample& s : m.samples) {
      if (const auto rate = RatePerSecond(s)) row.values.push_back(*rate);
    }
    row.note = fmt::format("n={}, cv {:.1f}%{}", stats[i].rate.n, stats[i].rate.cv_pct, NoiseFlags(stats[i].noise));
    for (const std::string& w : stats[i].noise.Warnings()) row.detail += (row.detail.empty() ? "" : "; ") + w;
    chart.rows.push_back(std::move(row));
  }
  chart.caption = "Every sample of every point of " + g.title +
                  ", as its rate's deviation from the point's median: drift shows as a slant, outliers as lone "
                  "dots, two modes as two clusters. The axis spans 95% of the deviations; orange dots at its edges lie "
                  "beyond it (their value on hover). Right: samples, coefficient of variation and the noise checks' "
                  "findings.";
  return RenderStripChart(chart);
}

// The page proofs and notes of a group, each distinct text once, with the
// points it applies to when it is not all of them.
std::string ProofsAndNotes(const RunResult& r, const WorkloadGroup& g, const std::vector<std::string>& varying) {
  std::vector<std::pair<std::string, std::vector<std::string>>> lines;  // text -> points
  for (const std::size_t i : g.indices) {
    const Measurement& m = r.measurements[i];
    std::vector<std::string> texts;
    for (const PageProof& p : m.page_proofs) {
      texts.push_back(fmt::format("{} pages: {} requested, {} ({}){}{}", p.region, p.requested, p.split, p.method,
                                  p.verified ? "" : ", unverified", p.honoured ? "" : ": NOT as requested"));
    }
    for (const std::string& n : m.notes) texts.push_back(n);
    for (const std::string& t : texts) {
      auto line = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.first == t; });
      if (line == lines.end()) {
        lines.push_back({t, {}});
        line = lines.end() - 1;
      }
      line->second.push_back(VaryingLabel(m.point, varying, ""));
    }
  }
  std::vector<std::string> items;
  for (const auto& [text, points] : lines) {
    std::string where;
    if (points.size() < g.indices.size()) {
      for (const std::string& p : points) where += (where.empty() ? "" : ", ") + (p.empty() ? g.workload : p);
      where = " [" + where + "]";
    }
    items.push_back(text + where);
  }
  if (items.empty()) return "<aside><h4>Page proofs and notes</h4><p>none recorded</p></aside>\n";
  return "<aside><h4>Page proofs and notes</h4>\n" + List(items, "notes proofs") + "</aside>\n";
}

std::string FiguresTable(const RunResult& r, const WorkloadGroup& g, const std::vector<MeasurementStats>& stats,
                         const std::vector<std::string>& varying) {
  std::vector<std::vector<Cell>> rows;
  for (const std::size_t i : g.indices) {
    const Measurement& m = r.measurements[i];
    const MeasurementStats& st = stats[i];
    std::string label = VaryingLabel(m.point, varying, "");
    std::string counters;
    for (const CounterStats& c : st.counters) {
      if (c.hidden) continue;
      if (!c.counted) {
        // Not counted in every sample: one the machine lacks, or one never
        // scheduled or whose read failed; no figure is shown for it, and it is said.
        counters += fmt::format("{}{} {}", counters.empty() ? "" : "; ", c.name,
                                c.supported ? "<not counted>" : "<not supported>");
        continue;
      }
      counters += fmt::format("{}{} {}{}", counters.empty() ? "" : "; ", c.name, CountText(c.summary.mean),
                              c.running_pct < 99.995 ? fmt::format(" ({:.0f}% running, scaled)", c.running_pct) : "");
    }
    rows.push_back({{label.empty() ? m.workload : label},
                    {RateText(m, st.rate.mean, g.byte_rate_unit), true},
                    {st.rate.n >= 2 ? RateText(m, st.rate.ci95_low, g.byte_rate_unit) + " .. " +
                                          RateText(m, st.rate.ci95_high, g.byte_rate_unit)
                                    : "-",
                     true},
                    {fmt::format("{:.2f}%", st.rate.cv_pct), true},
                    {fmt::format("{}", st.rate.n), true},
                    {st.cycles_per_unit > 0
                         ? fmt::format("{:.4g} ({})", st.cycles_per_unit, st.cycles_from_pmu ? "PMU" : CycleTimerName(r.system) + " estimate")
                         : "-",
                     true},
                    {counters.empty() ? "-" : counters}});
  }
  return Table(
      {"point", "rate (mean)", "95% CI of the mean (this run's samples)", "cv", "samples",
       "cycles per " + std::string(UnitSingular(r.measurements[g.indices.front()].unit)), "counters (mean per sample)"},
      rows, "figures");
}

IntervalKind KindOf(Finding finding) {
  switch (finding) {
    case Finding::kBetter:
      return IntervalKind::kBetter;
    case Finding::kWorse:
      return IntervalKind::kWorse;
    case Finding::kNoChange:
      return IntervalKind::kNoChange;
    case Finding::kChanged:
      return IntervalKind::kNeutral;  // the kernel's accounting: no side is better
    case Finding::kInconclusive:
    case Finding::kInvocationsDiffer:
      break;
  }
  return IntervalKind::kInconclusive;
}

std::string PairedForest(const RunResult& r, const std::string& id) {
  if (!r.interleaved) return "";
  const std::vector<PairedRatio> pairs = PairedRatios(r.measurements, r.paired_by);
  const std::string cross_unit = CrossUnitReason(r.measurements, r.paired_by);
  if (pairs.empty()) {
    return cross_unit.empty() ? "" : "<h3>Paired ratios</h3>\n<p>None: " + XmlEscape(cross_unit) + ".</p>\n";
  }
  std::vector<Point> points;
  for (const Measurement& m : r.measurements) points.push_back(m.point);
  const std::vector<std::string> varying = VaryingParams(points);
  IntervalChart chart;
  chart.id = id;
  chart.x_label = "B/A: median of the per-round rate ratios";
  chart.reference = 1;
  chart.threshold_pct = kPairedThresholdPct;
  for (const PairedRatio& p : pairs) {
    if (p.rounds == 0) continue;  // no round had both rates
    const Measurement& a = r.measurements[p.a];
    const Measurement& b = r.measurements[p.b];
    IntervalRow row;
    const std::string conditions = VaryingLabel(a.point, varying, p.param);
    row.label = fmt::format("{}={} / {}{}", p.param, b.point.at(p.param).text, a.point.at(p.param).text,
                            conditions.empty() ? "" : ", " + conditions);
    row.value = p.median_ratio;
    if (p.ci) {
      row.low = p.ci->low;
      row.high = p.ci->high;
    }
    row.kind = KindOf(p.finding);
    row.note = fmt::format("{:.3f} {}", p.median_ratio, p.too_few_rounds ? "inconclusive" : p.verdict);
    chart.rows.push_back(row);
  }
  chart.caption = fmt::format(
      "Paired ratios of the interleaved rounds: each dot the median of the per-round ratios B/A of the rates, the bar "
      "its distribution-free {:.1f}% interval (sign test{}); {} rounds. Green: faster, orange: slower, grey: no "
      "significant change (within the dashed lines at +-{:.0f}%, or an interval reaching 1), hollow: "
      "inconclusive{}.",
      pairs.front().confidence_pct,
      pairs.size() > 1 ? fmt::format(", Bonferroni-corrected for {} comparisons", pairs.size()) : "",
      pairs.front().rounds, kPairedThresholdPct,
      pairs.front().too_few_rounds ? fmt::format(" ({} rounds give an interval)", RoundsNeeded(pairs.size())) : "");
  return "<h3>Paired ratios</h3>\n" + RenderIntervalChart(chart);
}

std::string EventsTable(const RunResult& r) {
  if (r.events.empty()) return "";
  std::vector<std::vector<Cell>> rows;
  for (const EventStatus& e : r.events) {
    rows.push_back(
        {{e.name},
         {e.supported ? "supported (" + e.counted_modes + "); whether it ran: the figures" : "<not supported>", false,
          e.supported ? "" : "warning"},
         {e.reason.empty() ? "-" : e.reason}});
  }
  return "<h3>Events</h3>\n" + Table({"event", "status", "why"}, rows, "events");
}

std::string MetadataTable(const RunResult& r) {
  std::vector<std::vector<Cell>> rows;
  rows.push_back({{"cpu_vendor"}, {r.system.cpu_vendor}});
  for (const auto& [field, value] : MetadataFields(r)) rows.push_back({{field}, {value.empty() ? "-" : value}});
  for (const CacheLevel& c : r.system.caches) {
    rows.push_back({{"cache." + c.name}, {FormatSize(c.size_bytes) + " (" + r.system.caches_source + ")"}});
  }
  std::string features;
  for (const std::string& f : r.system.cpu_features) features += (features.empty() ? "" : " ") + f;
  rows.push_back({{"cpu_features"}, {features.empty() ? "-" : features}});
  rows.push_back({{"tsc_ghz"}, {fmt::format("{:.3f}", r.tsc_ghz)}});
  return "<h3>Machine</h3>\n" + Table({"field", "value"}, rows, "metadata");
}

std::string CyclesStatement(const RunResult& r) {
  if (r.system.hardware_pmu) return "Cycles are counted by the PMU where the events table says so.";
  return fmt::format(
      "No hardware PMU: cycles are {} estimates ({:.3f} GHz {} ticks), not core cycles, and "
      "hardware events are &lt;not supported&gt;.",
      CycleTimerName(r.system), r.tsc_ghz, CycleTimerName(r.system));
}

std::string RunArticle(const RunResult& r, const std::string& prefix, ByteRateUnit bytes) {
  std::string html = "<article class=\"run\">\n";
  std::string workloads;
  const std::vector<WorkloadGroup> groups = GroupByWorkloadAndUnit(r, bytes);
  for (std::size_t k = 0; k < groups.size(); ++k) {
    const bool seen = std::any_of(groups.begin(), groups.begin() + static_cast<std::ptrdiff_t>(k),
                                  [&](const WorkloadGroup& w) { return w.workload == groups[k].workload; });
    if (!seen) workloads += (workloads.empty() ? "" : ", ") + groups[k].workload;
  }
  html += "<h1>membench: " + XmlEscape(workloads.empty() ? "no measurements" : workloads) + "</h1>\n";
  html += "<p class=\"command\">" + XmlEscape(r.command_line) + "</p>\n";
  html += fmt::format(
      "<p>membench {}, started {}{}{} on {} ({} CPUs, {}), Linux {}. {}</p>\n", XmlEscape(r.tool_version),
      XmlEscape(r.started_at), r.tag.empty() ? "" : ", tag " + XmlEscape(r.tag),
      r.interleaved ? ", points interleaved in rounds" : "", XmlEscape(r.system.cpu_model), r.system.online_cpus,
      XmlEscape(FormatSizeApprox(r.system.mem_total_bytes)), XmlEscape(r.system.kernel_release), CyclesStatement(r));
  if (r.interrupted) html += "<p class=\"warning\">Interrupted: what was measured before the stop.</p>\n";
  if (!r.failure.empty()) {
    html += "<p class=\"warning\">Stopped early: " + XmlEscape(r.failure) + ": what was measured before it.</p>\n";
  }
  if (r.kind == ResultKind::kLmSummary) {
    // lmbench's own rows and sections, as the run printed them, above the charts.
    std::ostringstream summary;
    WriteLmSummary(r, summary);
    html += "<h2>lmbench summary</h2>\n<pre class=\"lmsummary\">" + XmlEscape(summary.str()) + "</pre>\n";
  }
  std::vector<MeasurementStats> stats;
  for (const Measurement& m : r.measurements) stats.push_back(ComputeMeasurementStats(m, r.events));
  for (std::size_t k = 0; k < groups.size(); ++k) {
    const WorkloadGroup& g = groups[k];
    std::vector<Point> points;
    for (const std::size_t i : g.indices) points.push_back(r.measurements[i].point);
    const std::vector<std::string> varying = VaryingParams(points);
    const std::string id = fmt::format("{}w{}", prefix, k + 1);
    html += "<section class=\"workload\">\n<h2>" + XmlEscape(g.title) + "</h2>\n<div class=\"panel\">\n";
    const LoadedFigures loaded = LoadedCurveFigures(r, g, stats, id + "-loaded");
    if (!loaded.chart.empty()) {
      html += loaded.chart;
    } else {
      html += Contains(varying, "size") ? SizeChart(r, g, stats, varying, id + "-size")
                                        : EstimateChart(r, g, stats, varying, id + "-rates");
    }
    html += ProofsAndNotes(r, g, varying) + "</div>\n" + loaded.table + ParallelismTable(r, g, stats);
    html += "<h3>Samples</h3>\n" + StripsFor(r, g, stats, varying, id + "-samples");
    // A long table would push the charts below it out of sight: folded
    // (open in a click, without a script) past a screenful of points.
    html += fmt::format("<details class=\"figures\"{}><summary>The figures of {} point{}</summary>\n",
                        g.indices.size() <= kOpenTableRows ? " open" : "", g.indices.size(),
                        g.indices.size() == 1 ? "" : "s");
    html += FiguresTable(r, g, stats, varying) + "</details>\n";
    html += "</section>\n";
  }
  if (const auto cdf = LatencyCdfChart(r, prefix + "latency-cdf")) {
    html += "<section class=\"latency\">\n<h2>Single latencies</h2>\n" + RenderCurveChart(*cdf) + "</section>\n";
  }
  html += PairedForest(r, prefix + "paired");
  html += "<section class=\"about\">\n<h2>How it was measured</h2>\n";
  if (!r.notes.empty()) html += "<h3>Notes</h3>\n" + List(r.notes, "notes");
  html += EventsTable(r) + MetadataTable(r) + "</section>\n</article>\n";
  return html;
}

std::string DocumentOpen(const std::string& title) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"membench\">\n<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n",
      XmlEscape(title), kStyle);
}

constexpr const char* kDocumentClose = "</body>\n</html>\n";

}  // namespace

void WriteHtmlRuns(const std::vector<RunResult>& results, std::ostream& out, ByteRateUnit bytes) {
  out << DocumentOpen(results.size() == 1 ? "membench: " + results.front().command_line
                                          : fmt::format("membench: {} results", results.size()));
  for (std::size_t i = 0; i < results.size(); ++i) out << RunArticle(results[i], fmt::format("r{}-", i + 1), bytes);
  out << kDocumentClose;
}

void WriteHtmlCompare(const CompareResult& compared, const LoadedResult& a, const LoadedResult& b,
                      const std::vector<MetadataDifference>& differences, const CompareOptions& options,
                      std::ostream& out) {
  out << DocumentOpen("membench compare: " + a.name + " vs " + b.name);
  out << "<h1>membench compare: " << XmlEscape(a.name) << " (A) against " << XmlEscape(b.name) << " (B)</h1>\n";
  for (const auto& [side, loaded] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
    out << "<p>" << side << ": " << XmlEscape(loaded->name) << ", " << loaded->runs << " run"
        << (loaded->runs == 1 ? "" : "s") << "</p>\n";
    for (const std::string& c : loaded->command_lines) out << "<p class=\"command\">" << XmlEscape(c) << "</p>\n";
  }
  IntervalChart chart;
  chart.id = "compare-forest";
  chart.x_label = "B/A of the mean rate";
  chart.reference = 1;
  // With this machine's noise floors, each kind of point has its own
  // threshold: no one pair of lines would be true of every row.
  const bool floored = FloorsApply(options, a, b);
  chart.threshold_pct = floored ? 0 : options.threshold_pct;
  std::vector<std::vector<Cell>> rows;
  for (const FigureRow& row : compared.rows) {
    // The kernel's accounting as the text shows it: dozens of background
    // values only with -v.
    if ((row.kernel_value || row.profile_share) && !options.style.verbose && !RowShownBriefly(row)) continue;
    const Comparison& c = row.comparison;
    const IntervalKind kind = KindOf(c.finding);
    rows.push_back({{row.point},
                    {row.figure},
                    {fmt::format("{:.6g}", c.a.mean), true},
                    {fmt::format("{:.2f}%", c.a.cv_pct), true},
                    {fmt::format("{:+.2f}%", c.change_pct), true},
                    {fmt::format("{:.6g}", c.b.mean), true},
                    {fmt::format("{:.2f}%", c.b.cv_pct), true},
                    {c.ratio_ci95 ? fmt::format("{:.4f} .. {:.4f}", c.ratio_ci95->low, c.ratio_ci95->high) : "-", true},
                    {DetectableText(row), true},
                    {c.verdict + (PlanText(row).empty() ? "" : "; " + PlanText(row)), false,
                     IntervalKindClass(kind)}});
    if (!row.is_rate || c.a.mean <= 0) continue;
    IntervalRow forest;
    forest.label = row.point;
    forest.value = c.b.mean / c.a.mean;
    if (c.ratio_ci95) {
      forest.low = c.ratio_ci95->low;
      forest.high = c.ratio_ci95->high;
    }
    forest.kind = kind;
    forest.note = fmt::format("{:+.2f}% {}", c.change_pct, c.verdict);
    chart.rows.push_back(forest);
  }
  chart.caption = fmt::format(
      "B/A of each rate with the 95% confidence interval of the ratio. Green: better, orange: worse, grey: no "
      "significant change, hollow: inconclusive. {} {}",
      floored ? "The smallest change that counts is this machine's noise floor for each kind of point (" +
                    options.floor_note + ")."
              : fmt::format("Dashed: the smallest change that counts ({:.1f}%).", options.threshold_pct),
      a.boot_is_the_unit ? "Boots are the unit: each boot's runs pooled, the boots decide."
      : RunsDecide(a, b) ? "Runs (invocations) are the unit: their rates decide."
                         : "Samples decide.");
  if (!chart.rows.empty()) out << "<h2>Rates, B against A</h2>\n" << RenderIntervalChart(chart);
  out << "<h2>Every figure</h2>\n"
      << Table({"point", "figure", "A mean", "A cv", "change", "B mean", "B cv", "95% CI of B/A", "finds (80% power)",
                "verdict"},
               rows, "comparison");
  std::vector<std::string> unmatched;
  for (const std::string& p : compared.only_in_a) unmatched.push_back("only in A: " + p);
  for (const std::string& p : compared.only_in_b) unmatched.push_back("only in B: " + p);
  out << List(unmatched, "notes unmatched");
  out << "<h2>What differs between the sides</h2>\n";
  std::vector<std::vector<Cell>> diff_rows;
  for (const MetadataDifference& d : differences) {
    diff_rows.push_back(
        {{d.field}, {d.a}, {d.b}, {d.expected ? "expected" : "also differs", false, d.expected ? "" : "warning"}});
  }
  out << (diff_rows.empty() ? "<p>Nothing: the same machine, kernel and settings.</p>\n"
                            : Table({"field", "A", "B", ""}, diff_rows, "metadata-differences"));
  out << kDocumentClose;
}

}  // namespace membench
