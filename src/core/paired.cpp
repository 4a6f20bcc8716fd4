// File: core/paired.cpp
#include "core/paired.h"

#include <fmt/format.h>

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>

namespace membench {
namespace {

// The one parameter two points differ in, or "" when it is not exactly one.
std::string OnlyDifference(const Point& a, const Point& b) {
  if (a.values.size() != b.values.size()) return "";
  std::string differing;
  for (std::size_t i = 0; i < a.values.size(); ++i) {
    if (a.values[i].first != b.values[i].first) return "";
    if (a.values[i].second.text == b.values[i].second.text) continue;
    if (!differing.empty()) return "";
    differing = a.values[i].first;
  }
  return differing;
}

}  // namespace

std::optional<Interval> MedianInterval(std::span<const double> values, double alpha) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  if (n == 0) return std::nullopt;
  const boost::math::binomial binomial(static_cast<double>(n), 0.5);
  std::size_t best = 0;
  for (std::size_t k = 1; 2 * k <= n; ++k) {
    if (2 * boost::math::cdf(binomial, static_cast<double>(k - 1)) <= alpha) best = k;
  }
  if (best == 0) return std::nullopt;
  return Interval{sorted[best - 1], sorted[n - best]};
}

std::string TreatmentParam(const std::vector<Measurement>& ms) {
  if (ms.empty()) return "";
  for (const auto& [name, value] : ms.front().point.values) {
    if (value.numeric) continue;
    for (const auto& m : ms) {
      if (m.point.at(name).text != value.text) return name;
    }
  }
  return "";
}

std::vector<PairedRatio> PairedRatios(const std::vector<Measurement>& ms, double threshold_pct) {
  std::vector<PairedRatio> out;
  const std::string treatment = TreatmentParam(ms);
  if (treatment.empty()) return out;
  const Point& baseline = ms.front().point;
  for (std::size_t b = 0; b < ms.size(); ++b) {
    for (std::size_t a = 0; a < ms.size(); ++a) {
      if (a == b) continue;
      const std::string param = OnlyDifference(ms[a].point, ms[b].point);
      if (param != treatment || ms[a].point.at(param).text != baseline.at(param).text) continue;
      PairedRatio p;
      p.a = a;
      p.b = b;
      p.param = param;
      p.rounds = std::min(ms[a].samples.size(), ms[b].samples.size());
      out.push_back(p);
    }
  }
  const double alpha = kAlpha / static_cast<double>(std::max<std::size_t>(out.size(), 1));
  for (PairedRatio& p : out) {
    std::vector<double> ratios;
    for (std::size_t k = 0; k < p.rounds; ++k) {
      const auto rate_a = RatePerSecond(ms[p.a].samples[k]);
      const auto rate_b = RatePerSecond(ms[p.b].samples[k]);
      if (rate_a && rate_b && *rate_a > 0) ratios.push_back(*rate_b / *rate_a);
    }
    std::vector<double> sorted = ratios;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    p.median_ratio = n == 0 ? 0 : (n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
    p.confidence_pct = 100 * (1 - alpha);
    p.ci = MedianInterval(ratios, alpha);
    if (!p.ci) {
      std::size_t needed = 1;
      while (2 * std::pow(0.5, static_cast<double>(needed)) > alpha) ++needed;
      p.verdict = fmt::format("inconclusive: {} rounds are too few for a {:.1f}% interval (need {})", n,
                              p.confidence_pct, needed);
    } else if (p.ci->low > 1 && (p.median_ratio - 1) * 100 >= threshold_pct) {
      p.verdict = "faster";
    } else if (p.ci->high < 1 && (1 - p.median_ratio) * 100 >= threshold_pct) {
      p.verdict = "slower";
    } else {
      p.verdict = "no significant change";
    }
  }
  return out;
}

}  // namespace membench
