// File: tests/calibration_test.cpp
// The statistics against what they claim, by simulation with fixed seeds,
// each checked against a value computed exactly, not against a loose bound:
// - the A/A false-positive rate of compare's deciding test: the exact
//   Mann-Whitney test's attained size (from its null distribution,
//   enumerated here independently of core/hypothesis), the normal
//   approximation's where ties put compare on it (from the model, every
//   tie pattern enumerated), and Welch's t-test on run means (an integral
//   over the model's distribution of the variance ratio);
// - power where it is neither 0 nor 1 (about 50% and 80%), against its
//   exact value;
// - the coverage of --precision's interval (core/precision.h);
// - the false alarms of the noise warnings on clean normal samples.
// Tolerances are 4 binomial standard errors of the trials: small enough
// that dropping the continuity correction, or a variance 10% off in either
// test, fails here (each was tried).
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/non_central_t.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "core/distributions.h"
#include "core/hypothesis.h"
#include "core/noise.h"
#include "core/precision.h"
#include "engine/runner.h"

namespace membench {
namespace {

// Sanitized and emulated (qemu-user) builds run every simulation with a
// tenth of the trials; the tolerances, in standard errors, widen with them.
#if defined(MEMBENCH_SANITIZED) || defined(MEMBENCH_EMULATED)
constexpr int kTrialDivisor = 10;
#else
constexpr int kTrialDivisor = 1;
#endif

int Trials(int full) { return full / kTrialDivisor; }

double Tolerance(double p, int trials) { return 4 * std::sqrt(p * (1 - p) / trials); }

// P(U <= k) for every k, U the Mann-Whitney statistic of m against n
// samples without ties: rank sums of m of the ranks 1..m+n, counted.
std::vector<double> ExactUDistribution(int m, int n) {
  const int max_sum = m * (m + n);
  // ways[c][s]: subsets of c of the ranks so far with sum s.
  std::vector<std::vector<double>> ways(m + 1, std::vector<double>(max_sum + 1, 0));
  ways[0][0] = 1;
  for (int rank = 1; rank <= m + n; ++rank) {
    for (int c = std::min(rank, m); c >= 1; --c) {
      for (int s = max_sum; s >= rank; --s) ways[c][s] += ways[c - 1][s - rank];
    }
  }
  const int offset = m * (m + 1) / 2;  // U = rank sum - m (m + 1) / 2
  std::vector<double> cdf(m * n + 1, 0);
  double total = 0;
  for (int u = 0; u <= m * n; ++u) total += ways[m][u + offset];
  double below = 0;
  for (int u = 0; u <= m * n; ++u) cdf[u] = (below += ways[m][u + offset]) / total;
  return cdf;
}

// The exact test's attained size: it rejects when 2 P(U <= min(U, mn - U)) < alpha.
double ExactMannWhitneySize(int n) {
  const std::vector<double> cdf = ExactUDistribution(n, n);
  double size = 0;
  for (std::size_t k = 0; k < cdf.size() && 2 * cdf[k] < kAlpha; ++k) size = 2 * cdf[k];
  return size;
}

template <typename Draw>
double AaSignificantRate(Draw draw, int n, int trials, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  int significant = 0;
  std::vector<double> a(n), b(n);
  for (int t = 0; t < trials; ++t) {
    for (double& v : a) v = draw(random);
    for (double& v : b) v = draw(random);
    significant += Compare(a, b, Better::kHigher, 0).significant;
  }
  return static_cast<double>(significant) / trials;
}

// One run a side, continuous noise (no ties): the exact Mann-Whitney test
// decides, and its size is that of its null distribution whatever the
// noise's shape (3.2%, 4.3% and 4.9% at 5, 10 and 20 a side: the test is
// discrete).
TEST(Calibration, AaFalsePositivesOfOneRunASideAreTheExactTestsSize) {
  const int trials = Trials(10000);
  std::normal_distribution<double> normal(100.0, 2.0);
  std::lognormal_distribution<double> skewed(0.0, 0.5);
  for (const int n : {5, 10, 20}) {
    const double exact = ExactMannWhitneySize(n);
    EXPECT_NEAR(AaSignificantRate([&](std::mt19937_64& r) { return normal(r); }, n, trials, 11), exact,
                Tolerance(exact, trials))
        << n << " a side, normal";
  }
  // Distribution-free: skewed noise gives the same size.
  const double exact = ExactMannWhitneySize(10);
  EXPECT_NEAR(AaSignificantRate([&](std::mt19937_64& r) { return 100 * (1 + 0.1 * skewed(r)); }, 10, trials, 12), exact,
              Tolerance(exact, trials));
  EXPECT_NEAR(ExactMannWhitneySize(5), 8.0 / 252, 1e-12);  // U <= 2: 1 + 1 + 2 of C(10, 5) orderings, each side
}

// Counts from a few levels (events per loop often are): ties put compare
// on the normal approximation even for 5 samples a side. Its size follows
// from the model: every pair of count vectors over the levels, weighted by
// its multinomial probability, decided by the documented rule (U's
// variance corrected for ties, a continuity correction of 1/2).
double TiedNormalApproximationSize(int n, int levels) {
  std::vector<std::vector<int>> vectors;
  std::vector<int> current;
  auto compose = [&](auto& self, int left, int slots) -> void {
    if (slots == 1) {
      current.push_back(left);
      vectors.push_back(current);
      current.pop_back();
      return;
    }
    for (int i = 0; i <= left; ++i) {
      current.push_back(i);
      self(self, left - i, slots - 1);
      current.pop_back();
    }
  };
  compose(compose, n, levels);
  std::vector<double> probability;
  for (const auto& counts : vectors) {
    double log_p = std::lgamma(n + 1.0) - n * std::log(static_cast<double>(levels));
    for (const int c : counts) log_p -= std::lgamma(c + 1.0);
    probability.push_back(std::exp(log_p));
  }
  const double nd = n;
  const double total = 2 * nd;
  const double z = boost::math::quantile(boost::math::complement(Normal(), kAlpha / 2));
  double size = 0;
  for (std::size_t x = 0; x < vectors.size(); ++x) {
    for (std::size_t y = 0; y < vectors.size(); ++y) {
      double rank = 0, rank_sum_a = 0, tie_term = 0;
      for (int level = 0; level < levels; ++level) {
        const double t = vectors[x][level] + vectors[y][level];
        rank_sum_a += vectors[x][level] * (rank + (t + 1) / 2);
        rank += t;
        tie_term += t * t * t - t;
      }
      const double u = rank_sum_a - nd * (nd + 1) / 2;
      const double variance = nd * nd / 12 * ((total + 1) - tie_term / (total * (total - 1)));
      if (variance > 0 && std::fabs(u - nd * nd / 2) - 0.5 > z * std::sqrt(variance)) {
        size += probability[x] * probability[y];
      }
    }
  }
  return size;
}

TEST(Calibration, AaFalsePositivesWithTiesAreTheNormalApproximationsSize) {
  const int trials = Trials(40000);
  for (const int n : {5, 10}) {
    const double exact = TiedNormalApproximationSize(n, 4);
    std::uniform_int_distribution<int> level(1, 4);
    EXPECT_NEAR(AaSignificantRate([&](std::mt19937_64& r) { return 100.0 + level(r); }, n, trials, 13), exact,
                Tolerance(exact, trials))
        << n << " a side over 4 levels";
  }
  // The figures docs/statistics.md quotes.
  EXPECT_NEAR(TiedNormalApproximationSize(5, 4), 0.0331, 0.0005);
  EXPECT_NEAR(TiedNormalApproximationSize(10, 4), 0.0441, 0.0005);
}

// Welch's test on the means of n runs a side with equal variances. With
// equal n its statistic is the pooled t, t(2n - 2) under H0, and
// independent of R = s_a^2 / (s_a^2 + s_b^2) ~ Beta((n-1)/2, (n-1)/2)
// (Lukacs: a gamma variable's share of a sum is independent of the sum),
// which alone sets Welch's degrees of freedom, (n - 1) / (R^2 + (1-R)^2).
// So its rejection rate at a shift of `lambda` standard errors is an
// average over R of a non-central t tail; midpoints of 1000 quantiles of R
// (2000 change it by less than 1e-5).
double WelchRejectionRate(int runs, double lambda) {
  const double df = 2.0 * runs - 2;
  const boost::math::beta_distribution<double, DoublePrecision> share((runs - 1) / 2.0, (runs - 1) / 2.0);
  constexpr int kPoints = 1000;
  double sum = 0;
  for (int i = 0; i < kPoints; ++i) {
    const double r = boost::math::quantile(share, (i + 0.5) / kPoints);
    const double welch_df = (runs - 1) / (r * r + (1 - r) * (1 - r));
    const double q = boost::math::quantile(boost::math::complement(StudentsT(welch_df), kAlpha / 2));
    if (lambda == 0) {
      sum += 2 * boost::math::cdf(boost::math::complement(StudentsT(df), q));
    } else {
      const boost::math::non_central_t_distribution<double, DoublePrecision> t(df, lambda);
      sum += boost::math::cdf(boost::math::complement(t, q)) + boost::math::cdf(t, -q);
    }
  }
  return sum / kPoints;
}

// Runs of a side: each its own offset (sd 2 = 2% of 100) and 3 samples (sd
// 1) around 100 (1 + shift); their means are normal with equal variance.
double RunsSignificantRate(int runs, double shift, int trials, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::normal_distribution<double> offset(0.0, 0.02);
  std::normal_distribution<double> noise(0.0, 0.01);
  auto side = [&](double level) {
    std::vector<std::vector<double>> out(runs);
    for (auto& run : out) {
      const double run_level = level + 100 * offset(random);
      for (int s = 0; s < 3; ++s) run.push_back(run_level + 100 * noise(random));
    }
    return out;
  };
  int significant = 0;
  for (int t = 0; t < trials; ++t) {
    const auto a = side(100);
    const auto b = side(100 * (1 + shift));
    const Comparison c = CompareRuns(a, b, Better::kHigher, 0);
    significant += c.significant && (shift == 0 || c.change_pct > 0);
  }
  return static_cast<double>(significant) / trials;
}

// The standard deviation of one run's mean in the model: sqrt(2^2 + 1^2 / 3).
const double kRunMeanSd = std::sqrt(4.0 + 1.0 / 3);

TEST(Calibration, AaFalsePositivesOfSeveralRunsASideAreWelchsSize) {
  const int trials = Trials(20000);
  for (const int runs : {3, 5, 10}) {
    const double exact = WelchRejectionRate(runs, 0);
    EXPECT_NEAR(RunsSignificantRate(runs, 0, trials, 14), exact, Tolerance(exact, trials)) << runs << " runs a side";
  }
  EXPECT_NEAR(WelchRejectionRate(3, 0), 0.0354, 0.0005);  // Welch is conservative with few runs
  EXPECT_NEAR(WelchRejectionRate(10, 0), 0.0486, 0.0005);
}

// Shifts of 3.0 and 2.3 standard errors of the difference: power about
// 80% with 10 runs a side and 50% with 5, each against the exact figure.
TEST(Calibration, WelchPowerNearTheBoundaryIsItsExactValue) {
  const int trials = Trials(10000);
  for (const int runs : {5, 10}) {
    const double lambda = runs == 10 ? 3.0 : 2.3;
    const double shift = lambda * kRunMeanSd * std::sqrt(2.0 / runs) / 100;
    const double exact = WelchRejectionRate(runs, lambda);
    EXPECT_NEAR(RunsSignificantRate(runs, shift, trials, 15), exact, Tolerance(exact, trials)) << runs << " runs";
  }
  EXPECT_NEAR(WelchRejectionRate(10, 3.0), 0.80, 0.03);
  EXPECT_NEAR(WelchRejectionRate(5, 2.3), 0.50, 0.03);
}

// With 4 samples a side the exact test rejects only a complete separation
// (2/70 < 0.05 < 4/70), so its power at a shift of d standard deviations
// is P(max A < min B) + P(max B < min A): the integral over A's maximum x
// of 4 phi(x) Phi(x)^3 (1 - Phi(x - d))^4, and the reverse.
double SeparationPower(double d) {
  const Normal normal;
  auto one_way = [&](double shift) {
    constexpr double kStep = 0.001;
    double sum = 0;
    for (double x = -9; x < 9 + shift; x += kStep) {
      const double cdf = boost::math::cdf(normal, x);
      sum += 4 * boost::math::pdf(normal, x) * cdf * cdf * cdf *
             std::pow(boost::math::cdf(boost::math::complement(normal, x - shift)), 4) * kStep;
    }
    return sum;
  };
  return one_way(d) + one_way(-d);
}

TEST(Calibration, MannWhitneyPowerNearTheBoundaryIsItsExactValue) {
  const int trials = Trials(10000);
  for (const double d : {2.0, 2.8}) {  // about 50% and 80%
    std::mt19937_64 random(16);
    std::normal_distribution<double> normal(0.0, 1.0);
    int found = 0;
    std::vector<double> a(4), b(4);
    for (int t = 0; t < trials; ++t) {
      for (double& v : a) v = 100 + normal(random);
      for (double& v : b) v = 100 + d + normal(random);
      const Comparison c = Compare(a, b, Better::kHigher, 0);
      found += c.significant && c.change_pct > 0;
    }
    const double exact = SeparationPower(d);
    EXPECT_NEAR(static_cast<double>(found) / trials, exact, Tolerance(exact, trials)) << d << " sd";
  }
  EXPECT_NEAR(SeparationPower(2.0), 0.50, 0.03);
  EXPECT_NEAR(SeparationPower(2.8), 0.80, 0.03);
}

// --precision as the runner runs it: samples until the rule is reached or
// --max-runs; then, does the interval hold the true mean? 10,000 runs per
// case give a standard error of 0.22 points: the old rule (stop once the
// t interval is narrow enough, min-runs 3) covered 92.1% at 1% CV for a 1%
// target and 91.0% at 5% CV for 2%, and fails here.
template <typename Draw>
double PrecisionCoverage(Draw draw, double target_pct, int trials, std::uint64_t seed) {
  const PrecisionGoal goal;
  const PrecisionRule rule(target_pct, static_cast<std::size_t>(goal.min_runs));
  std::mt19937_64 random(seed);
  int covered = 0;
  std::vector<double> rates;
  for (int t = 0; t < trials; ++t) {
    rates.clear();
    do {
      rates.push_back(draw(random));
    } while (static_cast<int>(rates.size()) < goal.max_runs &&
             (static_cast<int>(rates.size()) < goal.min_runs || !rule.Reached(rates)));
    const auto ci = rule.Interval95(rates);
    covered += ci && ci->low <= 1 && 1 <= ci->high;
  }
  return static_cast<double>(covered) / trials;
}

TEST(Calibration, PrecisionIntervalCoversTheMean95PercentOfTheTime) {
  const int trials = Trials(10000);
  const double floor = std::min(0.94, 0.95 - Tolerance(0.95, trials));
  std::uint64_t seed = 100;
  for (const double cv_pct : {1.0, 5.0, 20.0}) {
    for (const double target_pct : {1.0, 2.0}) {
      const double cv = cv_pct / 100;
      std::normal_distribution<double> normal(1.0, cv);
      // Mean 1: the log's mean is -sigma^2 / 2.
      const double sigma = std::sqrt(std::log(1 + cv * cv));
      std::lognormal_distribution<double> skewed(-sigma * sigma / 2, sigma);
      EXPECT_GE(PrecisionCoverage([&](std::mt19937_64& r) { return normal(r); }, target_pct, trials, ++seed), floor)
          << "normal, CV " << cv_pct << "%, target " << target_pct << "%";
      EXPECT_GE(PrecisionCoverage([&](std::mt19937_64& r) { return skewed(r); }, target_pct, trials, ++seed), floor)
          << "log-normal, CV " << cv_pct << "%, target " << target_pct << "%";
    }
  }
}

// The rule still ends, and early where the noise allows: at the pilot for
// quiet samples, and at --max-runs (the cap) for noise the target cannot
// meet.
TEST(Calibration, PrecisionStopsAtThePilotWhenQuiet) {
  const PrecisionRule rule(1.0, 10);
  std::vector<double> quiet;
  for (int i = 0; i < 10; ++i) quiet.push_back(100 + 0.1 * (i % 3));
  EXPECT_TRUE(rule.Reached(quiet));
  EXPECT_FALSE(rule.Reached(std::span<const double>(quiet).first(9)));  // the pilot is not complete
  std::vector<double> noisy;
  for (int i = 0; i < 10; ++i) noisy.push_back(i % 2 ? 50 : 150);
  EXPECT_FALSE(rule.Reached(noisy));
  // The width is the pilot's: t(0.975, 9) s0 / sqrt(n), with n all the samples.
  for (int i = 0; i < 90; ++i) noisy.push_back(100);
  const auto ci = rule.Interval95(noisy);
  ASSERT_TRUE(ci.has_value());
  const double s0 = std::sqrt(10 * 50.0 * 50 / 9);
  EXPECT_NEAR(ci->high - 100, 2.2621571627982053 * s0 / 10, 1e-9);
}

struct FalseAlarms {
  double outliers = 0;
  double drift = 0;
  double two_modes = 0;
  double any = 0;
};

FalseAlarms FalseAlarmRates(int n, int trials, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::normal_distribution<double> normal(100.0, 1.0);
  std::vector<double> v(n);
  FalseAlarms alarms;
  for (int t = 0; t < trials; ++t) {
    for (double& x : v) x = normal(random);
    const NoiseDiagnostics d = DiagnoseNoise(v);
    alarms.outliers += d.outliers > 0;
    alarms.drift += d.trend_p && *d.trend_p < kTrendAlpha;
    alarms.two_modes += d.bimodality && *d.bimodality > kBimodalThreshold;
    alarms.any += !d.Warnings().empty();
  }
  for (double* rate : {&alarms.outliers, &alarms.drift, &alarms.two_modes, &alarms.any}) *rate /= trials;
  return alarms;
}

// Each warning fires on at most 5% of clean normal samples. The outlier
// warning fired on about 20% with a fixed 3 MADs; now about 1%. Drift
// (Mann-Kendall at 0.01) about 1%, two modes 1% at 10 and less beyond.
TEST(Calibration, NoiseWarningsRarelyFireOnCleanNormalSamples) {
  const int trials = Trials(20000);
  for (const int n : {10, 20, 50}) {
    const FalseAlarms rates = FalseAlarmRates(n, trials, 21);
    EXPECT_LE(rates.outliers, 0.02) << n;
    EXPECT_LE(rates.drift, 0.02) << n;
    EXPECT_LE(rates.two_modes, 0.02) << n;
    EXPECT_LE(rates.any, 0.05) << n;
  }
}

// ...without losing a real one: a single sample 10 sigma out among 20.
TEST(Calibration, ASingleTenSigmaOutlierAmongTwentyStillWarns) {
  const int trials = Trials(4000);
  std::mt19937_64 random(25);
  std::normal_distribution<double> normal(100.0, 1.0);
  int flagged = 0;
  std::vector<double> v(20);
  for (int t = 0; t < trials; ++t) {
    for (double& x : v) x = normal(random);
    v[7] += 10;
    const NoiseDiagnostics d = DiagnoseNoise(v);
    flagged += d.outliers == 1 && !d.Warnings().empty();
  }
  EXPECT_GE(static_cast<double>(flagged) / trials, 0.97);
}

}  // namespace
}  // namespace membench
