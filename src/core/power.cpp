// File: core/power.cpp
#include "core/power.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/distributions.h"
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

// The figure at the 80% quantile of per-trial figures (one a trial):
// kDetectionPower of them are at most the one returned.
double AtDetectionPower(std::vector<double>& figures) {
  const auto at_power = static_cast<std::size_t>(std::ceil(kDetectionPower * static_cast<double>(figures.size()))) - 1;
  std::nth_element(figures.begin(), figures.begin() + static_cast<std::ptrdiff_t>(at_power), figures.end());
  return figures[at_power];
}

// One simulated comparison of runs_a against runs_b runs, drawn with no
// change and a noise of 1 on the log scale: the difference of the sides'
// mean logs (B - A), its standard error, and Welch's critical t (two-sided,
// kAlpha) at the trial's Welch-Satterthwaite degrees of freedom.
struct RunsTrial {
  double difference = 0;
  double standard_error = 0;
  double critical_t = 0;
};

// Welch's test sees a side only through its mean and variance, and for
// normal values (the logs of log-normal run estimates) these are drawn
// directly: the mean is normal with variance 1/n, (n - 1) times the
// variance chi-squared with n - 1 degrees of freedom, the two independent.
// So a trial costs the same at 100 runs as at 2, and the trials are those
// of n values each, in distribution (tests/power_test.cpp checks the
// figures against DecideOnRunLogs on drawn values).
std::vector<RunsTrial> RunsTrials(int runs_a, int runs_b) {
  const double n_a = runs_a, n_b = runs_b;
  std::mt19937_64 random(kDetectionSeed);
  std::normal_distribution<double> standard_normal;
  std::chi_squared_distribution<double> chi_squared_a(n_a - 1), chi_squared_b(n_b - 1);
  std::vector<RunsTrial> trials(kDetectionTrials);
  for (RunsTrial& trial : trials) {
    const double mean_a = standard_normal(random) / std::sqrt(n_a);
    const double mean_b = standard_normal(random) / std::sqrt(n_b);
    const double v_a = chi_squared_a(random) / (n_a - 1) / n_a;  // the variance of side A's mean
    const double v_b = chi_squared_b(random) / (n_b - 1) / n_b;
    const double denominator = v_a * v_a / (n_a - 1) + v_b * v_b / (n_b - 1);
    const double df = denominator > 0 ? (v_a + v_b) * (v_a + v_b) / denominator : n_a + n_b - 2;
    trial.difference = mean_b - mean_a;
    trial.standard_error = std::sqrt(v_a + v_b);
    trial.critical_t = boost::math::quantile(boost::math::complement(StudentsT(df), kAlpha / 2));
  }
  return trials;
}

// The smallest shift of B's mean log that DecideOnRunLogs calls a rise in
// kDetectionPower of the trials, at log-scale noise `sigma` and a change
// that must reach exp(log_threshold) - 1. A shift s moves the trial's
// difference to sigma * difference + s and leaves its standard error
// sigma * standard_error alone, so the t-test rejects upwards once s
// exceeds sigma * (critical_t * standard_error - difference), and the
// change reaches the threshold once s is log_threshold - sigma *
// difference: each trial has its own smallest shift, the larger of the
// two, and the power at s is the share of trials whose smallest shift is
// at most s (monotone in s, and exact for the trials: no search).
double ShiftFoundWithPower(const std::vector<RunsTrial>& trials, double sigma, double log_threshold) {
  std::vector<double> smallest;
  smallest.reserve(trials.size());
  for (const RunsTrial& t : trials) {
    smallest.push_back(
        std::max(sigma * (t.critical_t * t.standard_error - t.difference), log_threshold - sigma * t.difference));
  }
  return AtDetectionPower(smallest);
}

// The runs a side the normal approximation asks for: each side's mean log
// is normal with variance sigma^2 / n, and 80% power needs the shift to be
// z_0.975 + z_0.8 standard errors of the difference away from 0 (the
// test) and z_0.8 of them beyond the log threshold; Guenther's z_0.975^2 / 4
// more runs make up for the t-test's heavier tails (W. C. Guenther, "Sample
// size formulas for normal theory t tests", The American Statistician 35,
// 1981). Only where the search starts: the simulation decides.
double ApproximateRunsNeeded(double sigma, double shift, double log_threshold) {
  const Normal normal;
  const double z_power = boost::math::quantile(normal, kDetectionPower);
  const double z_alpha = boost::math::quantile(normal, 1 - kAlpha / 2);
  const double by_test = (z_alpha + z_power) * sigma / shift;
  const double by_threshold = z_power * sigma / (shift - log_threshold);
  return 2 * std::max(by_test * by_test, by_threshold * by_threshold) + z_alpha * z_alpha / 4;
}

// The standard deviation of the log of a log-normal value of this CV:
// CV^2 = exp(sigma^2) - 1. nullopt when the CV is negative or not finite.
std::optional<double> LogSigma(double cv_pct) {
  if (!std::isfinite(cv_pct) || cv_pct < 0) return std::nullopt;
  const double sigma = std::sqrt(std::log1p((cv_pct / 100) * (cv_pct / 100)));
  if (!std::isfinite(sigma)) return std::nullopt;
  return sigma;
}

bool IsPercentage(double pct) { return std::isfinite(pct) && pct >= 0; }

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
  return 100 * std::max(0.0, AtDetectionPower(smallest));
}

std::optional<double> MinimumDetectableChangeOfRunsPct(double run_cv_pct, int runs_a, int runs_b,
                                                       double threshold_pct) {
  const std::optional<double> sigma = LogSigma(run_cv_pct);
  if (!sigma || runs_a < 2 || runs_b < 2 || !IsPercentage(threshold_pct)) return std::nullopt;
  const double shift = ShiftFoundWithPower(RunsTrials(runs_a, runs_b), *sigma, std::log1p(threshold_pct / 100));
  const double change_pct = 100 * std::expm1(std::max(0.0, shift));
  if (!std::isfinite(change_pct)) return std::nullopt;
  return change_pct;
}

// A drop is a rise seen from B: the log-normal noise is symmetric on the
// log scale, so calling a drop of B to (1 + c) A is calling a rise of
// -log(1 + c), and the measured change reaches -threshold once the log
// ratio falls to log(1 - threshold).
std::optional<int> InvocationsNeeded(double run_cv_pct, double change_pct, double threshold_pct, int max_invocations) {
  const std::optional<double> sigma = LogSigma(run_cv_pct);
  if (!sigma || !std::isfinite(change_pct) || change_pct <= -100 || !IsPercentage(threshold_pct) ||
      std::fabs(change_pct) <= threshold_pct || max_invocations < 2) {
    return std::nullopt;
  }
  const double shift = std::fabs(std::log1p(change_pct / 100));
  const double log_threshold = change_pct > 0 ? std::log1p(threshold_pct / 100) : -std::log1p(-threshold_pct / 100);
  auto found = [&](int runs) { return ShiftFoundWithPower(RunsTrials(runs, runs), *sigma, log_threshold) <= shift; };
  // From the approximation, in steps that double, to a pair of runs, one
  // found and one not (or below 2), then bisection between them: two or
  // three simulations where the approximation is close, as it mostly is.
  const double approximate = std::ceil(ApproximateRunsNeeded(*sigma, shift, log_threshold));
  const int guess = static_cast<int>(std::clamp(approximate, 2.0, static_cast<double>(max_invocations)));
  int low = 0, high = 0;  // found(high); not found(low), or low below 2
  if (found(guess)) {
    high = guess;
    for (int step = 1;; step *= 2) {
      low = std::max(1, high - step);
      if (low < 2 || !found(low)) break;
      high = low;
    }
  } else {
    low = guess;
    for (int step = 1;; step *= 2) {
      if (low == max_invocations) return std::nullopt;
      high = std::min(low + step, max_invocations);
      if (found(high)) break;
      low = high;
    }
  }
  while (high - low > 1) {
    const int middle = low + (high - low) / 2;
    (found(middle) ? high : low) = middle;
  }
  return high;
}

}  // namespace membench
