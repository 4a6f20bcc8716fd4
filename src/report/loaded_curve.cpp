// File: report/loaded_curve.cpp
#include "report/loaded_curve.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

namespace membench {
namespace {

constexpr const char* kDelay = "delay";
constexpr const char* kRequested = "load traffic requested";
constexpr const char* kAtMemory = "load traffic at memory (est.)";

std::optional<std::size_t> SideIndex(const MeasurementStats& st, const std::string& name) {
  for (std::size_t i = 0; i < st.side_rates.size(); ++i) {
    if (st.side_rates[i].name == name) return i;
  }
  return std::nullopt;
}

bool HasDelay(const Point& point) {
  return std::any_of(point.values.begin(), point.values.end(), [](const auto& v) { return v.first == kDelay; });
}

// Delays ascending, a word (idle) after every number.
bool DelayBefore(const ParamValue& a, const ParamValue& b) {
  if (a.numeric != b.numeric) return a.numeric;
  return a.numeric ? a.number < b.number : a.text < b.text;
}

}  // namespace

Knee FindKnee(const std::vector<double>& bandwidth, const std::vector<double>& latency) {
  const std::size_t n = std::min(bandwidth.size(), latency.size());
  if (n < 3) return {std::nullopt, "fewer than 3 delays"};
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return bandwidth[a] < bandwidth[b]; });
  const double x_min = bandwidth[order.front()];
  const double x_max = bandwidth[order.back()];
  const auto [y_min_it, y_max_it] = std::minmax_element(latency.begin(), latency.begin() + static_cast<long>(n));
  const double y_min = *y_min_it;
  const double y_max = *y_max_it;
  if (!(x_max > x_min)) return {std::nullopt, "the bandwidth did not change with the delay"};
  if (!(y_min > 0) || y_max < (1 + kKneeMinRise) * y_min) {
    return {std::nullopt, fmt::format("latency rose less than {:.0f}% over the curve", 100 * kKneeMinRise)};
  }
  // The chord runs from the first to the last point scaled; a convex rise
  // lies below it, farthest at the knee.
  const double y_first = (latency[order.front()] - y_min) / (y_max - y_min);
  const double y_last = (latency[order.back()] - y_min) / (y_max - y_min);
  Knee knee{std::nullopt, "latency rose no faster at high bandwidth than at low: no point lies below the chord"};
  double farthest = kKneeMinBelowChord;
  for (std::size_t k = 1; k + 1 < n; ++k) {
    const std::size_t i = order[k];
    const double x = (bandwidth[i] - x_min) / (x_max - x_min);
    const double y = (latency[i] - y_min) / (y_max - y_min);
    const double below = y_first + x * (y_last - y_first) - y;
    if (below > farthest) {
      farthest = below;
      knee.index = i;
    }
  }
  return knee;
}

std::vector<LoadedCurve> LoadedCurves(const std::vector<Measurement>& measurements,
                                      const std::vector<MeasurementStats>& stats) {
  std::vector<Point> points;
  std::vector<std::size_t> members;
  for (std::size_t i = 0; i < measurements.size() && i < stats.size(); ++i) {
    if (!HasDelay(measurements[i].point) || !SideIndex(stats[i], kRequested)) continue;
    points.push_back(measurements[i].point);
    members.push_back(i);
  }
  const std::vector<std::string> varying = VaryingParams(points);
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t k = 0; k < members.size(); ++k) {
    std::string conditions;
    for (const std::string& name : varying) {
      if (name != kDelay) conditions += (conditions.empty() ? "" : " ") + name + "=" + points[k].at(name).text;
    }
    if (!groups.count(conditions)) order.push_back(conditions);
    groups[conditions].push_back(members[k]);
  }
  std::vector<LoadedCurve> curves;
  for (const std::string& conditions : order) {
    std::vector<std::size_t>& group = groups[conditions];
    std::stable_sort(group.begin(), group.end(), [&](std::size_t a, std::size_t b) {
      return DelayBefore(measurements[a].point.at(kDelay), measurements[b].point.at(kDelay));
    });
    LoadedCurve curve;
    curve.conditions = conditions;
    std::vector<double> bandwidth;
    std::vector<double> latency;
    for (const std::size_t i : group) {
      const MeasurementStats& st = stats[i];
      if (!(st.rate.mean > 0)) continue;
      LoadedCurvePoint p;
      p.delay = measurements[i].point.at(kDelay).text;
      p.requested_bytes_per_s = st.side_rates[*SideIndex(st, kRequested)].per_second;
      if (const auto memory = SideIndex(st, kAtMemory)) p.memory_bytes_per_s = st.side_rates[*memory].per_second;
      p.latency_ns = 1e9 / st.rate.mean;
      p.latency_low_ns = st.rate.ci95_high > 0 ? 1e9 / st.rate.ci95_high : p.latency_ns;
      if (st.rate.n < 2) {
        p.latency_high_ns = p.latency_ns;
      } else if (st.rate.ci95_low > 0) {
        p.latency_high_ns = 1e9 / st.rate.ci95_low;
      }
      p.latency_rel_sem_pct = st.rate.rel_sem_pct;
      if (!measurements[i].point.at(kDelay).numeric) curve.idle_latency_ns = p.latency_ns;
      bandwidth.push_back(p.requested_bytes_per_s.mean);
      latency.push_back(p.latency_ns);
      curve.points.push_back(std::move(p));
    }
    if (curve.points.size() < 2) continue;  // one delay is a point, not a curve
    Knee knee = FindKnee(bandwidth, latency);
    curve.knee = knee.index;
    curve.no_knee_because = std::move(knee.none_because);
    curves.push_back(std::move(curve));
  }
  return curves;
}

}  // namespace membench
