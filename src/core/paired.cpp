// File: core/paired.cpp
#include "core/paired.h"

#include <fmt/format.h>

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>

#include "core/error.h"
#include "core/name_lists.h"

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

bool SameUnit(const PointUnits& units, std::size_t a, std::size_t b) { return units.empty() || units[a] == units[b]; }

// "memcmp: bytes, stride: touches": the unit of each value of `param`.
std::string UnitsByValue(const std::vector<Point>& points, const PointUnits& units, const std::string& param) {
  std::vector<std::string> seen;
  std::string out;
  for (std::size_t i = 0; i < points.size() && i < units.size(); ++i) {
    const std::string& value = points[i].at(param).text;
    if (Contains(seen, value)) continue;
    seen.push_back(value);
    out += (out.empty() ? "" : ", ") + value + ": " + std::string(UnitName(units[i]));
  }
  return out;
}

// The per-comparison level that holds the run's family-wise error at kAlpha.
double PairedAlpha(std::size_t comparisons) {
  return kAlpha / static_cast<double>(std::max<std::size_t>(comparisons, 1));
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

std::vector<std::string> VaryingChoiceParams(const std::vector<Point>& points) {
  std::vector<std::string> out;
  for (const std::string& name : VaryingParams(points)) {
    if (!points.front().at(name).numeric) out.push_back(name);
  }
  return out;
}

std::vector<std::string> UnitChangingParams(const std::vector<Point>& points, const PointUnits& units) {
  std::vector<std::string> out;
  if (units.size() != points.size()) return out;
  for (std::size_t a = 0; a < points.size(); ++a) {
    for (std::size_t b = a + 1; b < points.size(); ++b) {
      if (units[a] == units[b]) continue;
      const std::string param = OnlyDifference(points[a], points[b]);
      if (!param.empty() && !Contains(out, param)) out.push_back(param);
    }
  }
  // In the points' parameter order, as VaryingChoiceParams.
  std::vector<std::string> ordered;
  for (const std::string& name : VaryingChoiceParams(points)) {
    if (Contains(out, name)) ordered.push_back(name);
  }
  return ordered;
}

std::string TreatmentParam(const std::vector<Point>& points, const std::string& paired_by, const PointUnits& units) {
  if (!paired_by.empty()) return paired_by;
  if (points.empty()) return "";
  const std::vector<std::string> changing = UnitChangingParams(points, units);
  for (const std::string& name : VaryingChoiceParams(points)) {
    if (!Contains(changing, name)) return name;
  }
  return "";
}

std::string TreatmentParam(const std::vector<Measurement>& ms, const std::string& paired_by) {
  return TreatmentParam(PointsOf(ms), paired_by, UnitsOf(ms));
}

std::vector<std::pair<std::size_t, std::size_t>> PairedPoints(const std::vector<Point>& points,
                                                              const std::string& paired_by, const PointUnits& units) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  const std::string treatment = TreatmentParam(points, paired_by, units);
  if (treatment.empty()) return out;
  const Point& baseline = points.front();
  for (std::size_t b = 0; b < points.size(); ++b) {
    for (std::size_t a = 0; a < points.size(); ++a) {
      if (a == b || !SameUnit(units, a, b)) continue;
      const std::string param = OnlyDifference(points[a], points[b]);
      if (param != treatment) continue;
      const ParamValue* base = baseline.Find(param);
      if (base == nullptr || points[a].at(param).text != base->text) continue;
      out.emplace_back(a, b);
    }
  }
  return out;
}

std::size_t RoundsNeeded(std::size_t comparisons) {
  // The sign test's widest interval, [min, max], has confidence 1 - 2^(1-n).
  std::size_t needed = 1;
  while (2 * std::pow(0.5, static_cast<double>(needed)) > PairedAlpha(comparisons)) ++needed;
  return needed;
}

std::string CrossUnitReason(const std::vector<Measurement>& ms, const std::string& paired_by) {
  const std::vector<Point> points = PointsOf(ms);
  const PointUnits units = UnitsOf(ms);
  const std::vector<std::string> changing = UnitChangingParams(points, units);
  if (!paired_by.empty() ? !Contains(changing, paired_by)
                         : changing.empty() || !PairedPoints(points, paired_by, units).empty()) {
    return "";
  }
  const std::string& param = paired_by.empty() ? changing.front() : paired_by;
  return fmt::format("{} changes the work unit ({}){}", param, UnitsByValue(points, units, param),
                     paired_by.empty() ? " and nothing else varies" : "");
}

void CheckPairedBy(const std::vector<Point>& points, const std::string& param, const PointUnits& units) {
  if (points.empty()) return;
  std::vector<std::string> names;
  for (const auto& [name, value] : points.front().values) names.push_back(name);
  if (std::find(names.begin(), names.end(), param) == names.end()) {
    std::string known;
    for (const std::string& name : names) known += (known.empty() ? "" : ", ") + name;
    throw Error("--paired-by " + param + ": not a parameter of this run (its parameters: " + known + ")");
  }
  const std::vector<std::string> changing = UnitChangingParams(points, units);
  if (Contains(changing, param)) {
    const std::vector<std::string> choices = VaryingChoiceParams(points);
    const auto other = std::find_if(choices.begin(), choices.end(),
                                    [&](const std::string& name) { return !Contains(changing, name); });
    throw Error(
        fmt::format("--paired-by {}: its values measure different work units ({}), and a ratio of their "
                    "rates means nothing; {}",
                    param, UnitsByValue(points, units, param),
                    other != choices.end() ? "pair along " + *other + " instead (--paired-by " + *other + ")"
                                           : "leave --paired-by out, or run each " + param + " separately"));
  }
  const std::string& first = points.front().at(param).text;
  for (const Point& p : points) {
    if (p.at(param).text != first) return;
  }
  throw Error("--paired-by " + param + ": " + param + " takes one value in this run (" + first +
              "); give it two or more, e.g. --" + param + " " + first + ",OTHER");
}

std::vector<PairedRatio> PairedRatios(const std::vector<Measurement>& ms, const std::string& paired_by,
                                      double threshold_pct) {
  std::vector<PairedRatio> out;
  const std::vector<Point> points = PointsOf(ms);
  const PointUnits units = UnitsOf(ms);
  const std::string treatment = TreatmentParam(points, paired_by, units);
  for (const auto& [a, b] : PairedPoints(points, paired_by, units)) {
    PairedRatio p;
    p.a = a;
    p.b = b;
    p.param = treatment;
    p.rounds = std::min(ms[a].samples.size(), ms[b].samples.size());
    out.push_back(p);
  }
  const double alpha = PairedAlpha(out.size());
  for (PairedRatio& p : out) {
    std::vector<double> ratios;
    for (std::size_t k = 0; k < p.rounds; ++k) {
      const auto rate_a = RatePerSecond(ms[p.a].samples[k]);
      const auto rate_b = RatePerSecond(ms[p.b].samples[k]);
      if (rate_a && rate_b && *rate_a > 0) ratios.push_back(*rate_b / *rate_a);
    }
    p.rounds = ratios.size();  // the rounds the interval rests on: both rates known
    std::vector<double> sorted = ratios;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    p.median_ratio = n == 0 ? 0 : (n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
    p.confidence_pct = 100 * (1 - alpha);
    p.ci = MedianInterval(ratios, alpha);
    if (!p.ci) {
      p.too_few_rounds = true;
      p.verdict = fmt::format("inconclusive: {} rounds are too few for a {:.1f}% interval (need {})", n,
                              p.confidence_pct, RoundsNeeded(out.size()));
    } else if (p.ci->low > 1 && (p.median_ratio - 1) * 100 >= threshold_pct) {
      p.verdict = "faster";
      p.finding = Finding::kBetter;
    } else if (p.ci->high < 1 && (1 - p.median_ratio) * 100 >= threshold_pct) {
      p.verdict = "slower";
      p.finding = Finding::kWorse;
    } else {
      p.verdict = "no significant change";
      p.finding = Finding::kNoChange;
    }
  }
  return out;
}

std::vector<Point> PointsOf(const std::vector<Measurement>& measurements) {
  std::vector<Point> points;
  for (const Measurement& m : measurements) points.push_back(m.point);
  return points;
}

PointUnits UnitsOf(const std::vector<Measurement>& measurements) {
  PointUnits units;
  for (const Measurement& m : measurements) units.push_back(m.unit);
  return units;
}

}  // namespace membench
