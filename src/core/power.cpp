// File: core/power.cpp
#include "core/power.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/hypothesis.h"

namespace membench {
namespace {

// A normal sample of mean 1, drawn again at or below zero: rates are
// positive (a redraw happens only beyond about 25% CV, at 4 sigma).
double PositiveNormal(std::mt19937_64& random, std::normal_distribution<double>& noise) {
  for (;;) {
    const double v = 1 + noise(random);
    if (v > 0) return v;
  }
}

// Pairs (a_i, y_j) with a_i < scale * y_j; both sorted ascending, so the
// a's below scale * y_j only grow with j.
std::size_t PairsBelow(const std::vector<double>& a, const std::vector<double>& y, double scale) {
  std::size_t count = 0, i = 0;
  for (const double v : y) {
    while (i < a.size() && a[i] < scale * v) ++i;
    count += i;
  }
  return count;
}

// The smallest scale at which `needed` pairs have a_i < scale * y_j, by
// bisection (all values positive: at a.front() / y.back() no pair does, at
// twice a.back() / y.front() all do), to a relative 1e-10.
double ScaleWherePairsReach(const std::vector<double>& a, const std::vector<double>& y, std::size_t needed) {
  double low = a.front() / y.back();
  double high = 2 * a.back() / y.front();
  while (high - low > 1e-10 * high) {
    const double mid = (low + high) / 2;
    (PairsBelow(a, y, mid) >= needed ? high : low) = mid;
  }
  return high;
}

}  // namespace

// Every trial draws A (mean 1) and B's shape y (mean 1); B is (1 + d) y.
// Compare calls the rise "faster" when its rank test rejects and the
// change of the means is at least the threshold. Both only grow with d:
// B's values rise, so the pairs B wins (its U) are those with
// a_i < (1 + d) y_j, and the test rejects once n^2 - U_crit of them do;
// the means' change reaches the threshold at d = (1 + t) mean(a) / mean(y)
// - 1. So each trial has its own smallest d that is found, the larger of
// the two, and the power at d is the share of trials whose smallest d is
// below it: the detectable change is their 80% quantile, with no error
// beyond that of the trials themselves.
std::optional<double> MinimumDetectableChangePct(double cv_pct, int samples_per_side, double threshold_pct) {
  if (samples_per_side < 1) return std::nullopt;
  const auto n = static_cast<std::size_t>(samples_per_side);
  if (WhyCompareCannotDecide(n, n)) return std::nullopt;
  const std::optional<std::size_t> critical_u = MannWhitneyCriticalU(n, n);
  if (!critical_u) return std::nullopt;
  const std::size_t needed = n * n - *critical_u;  // pairs B must win
  std::mt19937_64 random(kDetectionSeed);
  std::normal_distribution<double> noise(0.0, cv_pct / 100);
  std::vector<double> a(n), y(n), smallest(kDetectionTrials);
  for (double& trial_d : smallest) {
    double sum_a = 0, sum_y = 0;
    for (double& v : a) sum_a += v = PositiveNormal(random, noise);
    for (double& v : y) sum_y += v = PositiveNormal(random, noise);
    std::sort(a.begin(), a.end());
    std::sort(y.begin(), y.end());
    const double by_ranks = ScaleWherePairsReach(a, y, needed) - 1;
    const double by_threshold = (1 + threshold_pct / 100) * sum_a / sum_y - 1;
    trial_d = std::max(by_ranks, by_threshold);
  }
  const auto at_power = static_cast<std::size_t>(std::ceil(kDetectionPower * kDetectionTrials)) - 1;
  std::nth_element(smallest.begin(), smallest.begin() + static_cast<std::ptrdiff_t>(at_power), smallest.end());
  return 100 * std::max(0.0, smallest[at_power]);
}

}  // namespace membench
