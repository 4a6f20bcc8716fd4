// File: core/hypothesis.h
// Is B different from A? Two samples of one figure (a rate, a time, a
// count) from separate runs, compared as unpaired samples: the
// Mann-Whitney U test decides (distribution-free: benchmark noise is
// skewed), Welch's t-test (unequal variances) is reported beside it, with
// the 95% confidence interval of the ratio of means B/A; the verdict says
// "faster" or "slower" only when the difference is both significant and at
// least the threshold that matters, and "inconclusive" when a side has too
// few samples for the rank test to ever reach significance. Distributions
// come from Boost.Math.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "core/stats.h"

namespace membench {

// Which direction is better for the figure: rates higher, times lower;
// counters have no better direction ("higher" / "lower").
enum class Better { kHigher, kLower, kNeither };

struct TestResult {
  double statistic = 0;
  double p_value = 1;
};

// Two-sided; both samples need n >= 2.
TestResult WelchTTest(std::span<const double> a, std::span<const double> b);
// Two-sided, normal approximation with tie and continuity corrections.
TestResult MannWhitneyU(std::span<const double> a, std::span<const double> b);

struct Interval {
  double low = 0;
  double high = 0;
};

// 95% CI of mean(b) / mean(a): delta method on the log of the ratio, with
// Welch's degrees of freedom. Needs n >= 2 on both sides and positive means.
std::optional<Interval> RatioInterval95(std::span<const double> a, std::span<const double> b);

struct Comparison {
  Summary a;
  Summary b;
  double change_pct = 0;  // 100 * (mean b - mean a) / mean a
  std::optional<TestResult> welch;
  std::optional<TestResult> mann_whitney;
  std::optional<Interval> ratio_ci95;
  bool significant = false;  // Mann-Whitney p < alpha and |change| >= threshold
  std::string verdict;       // "faster", "slower", "higher", "lower", "no significant change", "inconclusive: ..."
};

inline constexpr double kAlpha = 0.05;

Comparison Compare(std::span<const double> a, std::span<const double> b, Better better, double threshold_pct);

}  // namespace membench
