// File: report/latency_report.cpp
#include "report/latency_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <vector>

#include "report/brief_report.h"
#include "report/rate_text.h"
#include "report/text_columns.h"

namespace membench {
namespace {

// The points that timed single latencies, and the parameters that vary
// among them, to name each.
std::vector<std::size_t> Timed(const RunResult& r) {
  std::vector<std::size_t> timed;
  for (std::size_t i = 0; i < r.measurements.size(); ++i) {
    if (r.measurements[i].latency && r.measurements[i].latency->Count() != 0) timed.push_back(i);
  }
  return timed;
}

std::vector<std::string> VaryingAmong(const RunResult& r, const std::vector<std::size_t>& timed) {
  std::vector<Point> points;
  for (const std::size_t i : timed) points.push_back(r.measurements[i].point);
  return VaryingParams(points);
}

}  // namespace

void WriteLatencyDistributions(std::ostream& out, const RunResult& r) {
  const std::vector<std::size_t> timed = Timed(r);
  if (timed.empty()) return;
  const LatencyDistribution& first = *r.measurements[timed.front()].latency;
  fmt::print(out, "\n# single latencies: {}; the timer's own {} subtracted from each; all samples, warm-ups "
                  "included\n",
             first.what, TimeText(first.overhead_ns));
  const std::vector<std::string> varying = VaryingAmong(r, timed);
  std::vector<std::string> headers = {"point"};
  std::vector<bool> right = {false};
  for (const auto& [label, fraction] : kLatencyPercentiles) {
    headers.emplace_back(label);
    right.push_back(true);
  }
  headers.emplace_back("timings");
  right.push_back(true);
  std::vector<std::vector<std::string>> rows;
  for (const std::size_t i : timed) {
    const Measurement& m = r.measurements[i];
    std::vector<std::string> row = {BriefPointLabel(m, varying)};
    for (const auto& [name, fraction] : kLatencyPercentiles) {
      row.push_back(TimeText(LatencyPercentile(*m.latency, fraction)));
    }
    row.push_back(fmt::format("{}", m.latency->Count()));
    rows.push_back(std::move(row));
  }
  WriteColumns(out, headers, rows, right, 2);
}

std::optional<CurveChart> LatencyCdfChart(const RunResult& r, const std::string& id) {
  const std::vector<std::size_t> timed = Timed(r);
  if (timed.empty()) return std::nullopt;
  const std::vector<std::string> varying = VaryingAmong(r, timed);
  CurveChart chart;
  chart.id = id;
  chart.caption = "Single latencies, cumulative: the share of timings at or below each latency, up to each point's "
                  "p99.9 (" + r.measurements[timed.front()].latency->what + ")";
  chart.x_label = "latency (ns)";
  chart.y_label = "share of timings";
  chart.x_log = false;
  for (const std::size_t i : timed) {
    const Measurement& m = r.measurements[i];
    Curve curve{BriefPointLabel(m, varying), {}};
    const double total = static_cast<double>(m.latency->Count());
    // The rarest thousandth left out: one outlier a hundred times the
    // median would squeeze the rest of a linear axis into its first pixels.
    const double last = LatencyPercentile(*m.latency, 0.999);
    double below = 0;
    for (const LatencyBucket& b : m.latency->buckets) {
      if (b.low_ns > last) break;
      below += static_cast<double>(b.count);
      const double share = below / total;
      curve.points.push_back(
          {b.high_ns, share, share, share, fmt::format("{:.1f}% at or below {}", 100 * share, TimeText(b.high_ns))});
    }
    chart.curves.push_back(std::move(curve));
  }
  return chart;
}

}  // namespace membench
