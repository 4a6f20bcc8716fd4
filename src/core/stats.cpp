// File: core/stats.cpp
#include "core/stats.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/distributions.h"

namespace membench {

Summary Summarize(std::span<const double> values) {
  Summary s;
  s.n = values.size();
  if (s.n == 0) return s;
  // Welford's update, as perf's update_stats(), for stability with large means.
  double mean = 0, m2 = 0;
  std::size_t k = 0;
  for (double v : values) {
    ++k;
    const double delta = v - mean;
    mean += delta / static_cast<double>(k);
    m2 += delta * (v - mean);
  }
  s.mean = mean;
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  s.min = sorted.front();
  s.max = sorted.back();
  const std::size_t mid = s.n / 2;
  s.median = s.n % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  s.ci95_low = s.ci95_high = mean;
  if (s.n < 2) return s;
  s.stddev = std::sqrt(m2 / static_cast<double>(s.n - 1));
  s.sem = s.stddev / std::sqrt(static_cast<double>(s.n));
  if (mean != 0) {
    s.rel_sem_pct = 100.0 * s.sem / std::fabs(mean);
    s.cv_pct = 100.0 * s.stddev / std::fabs(mean);
  }
  const StudentsT t(static_cast<double>(s.n - 1));
  const double half = boost::math::quantile(boost::math::complement(t, 0.025)) * s.sem;
  s.ci95_low = mean - half;
  s.ci95_high = mean + half;
  return s;
}

std::optional<double> HarmonicMean(std::span<const double> rates) {
  if (rates.empty()) return std::nullopt;
  double time_per_unit = 0;
  for (const double rate : rates) {
    if (!(rate > 0)) return std::nullopt;
    time_per_unit += 1 / rate;
  }
  return static_cast<double>(rates.size()) / time_per_unit;
}

}  // namespace membench
