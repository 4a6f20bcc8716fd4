// File: core/loaded_curve.cpp
#include "core/loaded_curve.h"

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

std::vector<double> NonDecreasingFit(const std::vector<double>& values) {
  // Blocks of pooled values, each with its mean and size; a block below the
  // one before it is merged into it until the means never decrease.
  std::vector<double> means;
  std::vector<std::size_t> sizes;
  for (const double v : values) {
    means.push_back(v);
    sizes.push_back(1);
    while (means.size() >= 2 && means[means.size() - 2] > means.back()) {
      const std::size_t n = sizes[sizes.size() - 2] + sizes.back();
      const double mean = (means[means.size() - 2] * static_cast<double>(sizes[sizes.size() - 2]) +
                           means.back() * static_cast<double>(sizes.back())) /
                          static_cast<double>(n);
      means.pop_back();
      sizes.pop_back();
      means.back() = mean;
      sizes.back() = n;
    }
  }
  std::vector<double> fit;
  for (std::size_t b = 0; b < means.size(); ++b) fit.insert(fit.end(), sizes[b], means[b]);
  return fit;
}

Knee FindKnee(const std::vector<KneePoint>& points) {
  const std::size_t n = points.size();
  if (n < 3) return {std::nullopt, "fewer than 3 delays"};
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return points[a].bandwidth < points[b].bandwidth; });
  const KneePoint& lowest = points[order.front()];
  const KneePoint& highest = points[order.back()];
  if (!(highest.bandwidth > lowest.bandwidth)) return {std::nullopt, "the bandwidth did not change with the delay"};
  if (!(highest.latency_low > lowest.latency_high) || !(lowest.latency > 0) ||
      highest.latency < (1 + kKneeMinRise) * lowest.latency) {
    return {std::nullopt,
            fmt::format("the latency at the highest bandwidth is not above the latency at the lowest by more than "
                        "both 95% intervals and {:.0f}%",
                        100 * kKneeMinRise)};
  }
  std::vector<double> latency;
  for (const std::size_t i : order) latency.push_back(points[i].latency);
  const std::vector<double> fit = NonDecreasingFit(latency);
  const double x_min = lowest.bandwidth;
  const double x_max = highest.bandwidth;
  const double y_min = fit.front();
  const double y_max = fit.back();
  // The fit runs from (0, 0) to (1, 1) scaled; a convex rise lies below
  // that chord, farthest at the knee. Of equal distances the one at the
  // higher bandwidth wins: the last point before the climb.
  Knee knee{std::nullopt, "latency rose no faster at high bandwidth than at low: no point lies below the chord"};
  double farthest = kKneeMinBelowChord;
  for (std::size_t k = 1; k + 1 < n; ++k) {
    const double x = (points[order[k]].bandwidth - x_min) / (x_max - x_min);
    const double y = (fit[k] - y_min) / (y_max - y_min);
    const double below = x - y;
    if (below >= farthest) {
      farthest = below;
      knee.index = order[k];
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
    std::vector<KneePoint> knee_points;
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
      knee_points.push_back({p.requested_bytes_per_s.mean, p.latency_ns, p.latency_low_ns,
                             p.latency_high_ns ? *p.latency_high_ns : std::numeric_limits<double>::infinity()});
      curve.points.push_back(std::move(p));
    }
    if (curve.points.size() < 2) continue;  // one delay is a point, not a curve
    Knee knee = FindKnee(knee_points);
    curve.knee = knee.index;
    curve.no_knee_because = std::move(knee.none_because);
    curves.push_back(std::move(curve));
  }
  return curves;
}

}  // namespace membench
