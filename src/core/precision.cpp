// File: core/precision.cpp
#include "core/precision.h"

#include <algorithm>
#include <cmath>

#include "core/distributions.h"

namespace membench {

PrecisionRule::PrecisionRule(double target_pct, std::size_t pilot_runs)
    : target_pct_(target_pct), pilot_runs_(std::max<std::size_t>(pilot_runs, 2)) {
  const StudentsT t(static_cast<double>(pilot_runs_ - 1));
  t_ = boost::math::quantile(boost::math::complement(t, kAlpha / 2));
}

std::optional<Interval> PrecisionRule::Interval95(std::span<const double> rates) const {
  if (rates.size() < pilot_runs_) return std::nullopt;
  double pilot_sum = 0;
  for (const double v : rates.first(pilot_runs_)) pilot_sum += v;
  const double pilot_mean = pilot_sum / static_cast<double>(pilot_runs_);
  double squares = 0;
  for (const double v : rates.first(pilot_runs_)) squares += (v - pilot_mean) * (v - pilot_mean);
  const double pilot_stddev = std::sqrt(squares / static_cast<double>(pilot_runs_ - 1));
  double sum = pilot_sum;
  for (const double v : rates.subspan(pilot_runs_)) sum += v;
  const auto n = static_cast<double>(rates.size());
  const double mean = sum / n;
  const double half = t_ * pilot_stddev / std::sqrt(n);
  return Interval{mean - half, mean + half};
}

bool PrecisionRule::Reached(std::span<const double> rates) const {
  const std::optional<Interval> ci = Interval95(rates);
  if (!ci) return false;
  const double mean = (ci->low + ci->high) / 2;
  return mean > 0 && 100 * (ci->high - mean) / mean <= target_pct_;
}

}  // namespace membench
