// File: tests/hypothesis_test.cpp
// The comparison statistics against hand-computed values; the detectable
// change of core/power against Compare itself; runs as the unit. The
// false-positive rates and power against exact figures are in
// calibration_test.cpp.
#include "core/hypothesis.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/power.h"

namespace membench {
namespace {

TEST(Hypothesis, WelchMatchesAHandComputedExample) {
  const std::vector<double> a = {1, 2, 3, 4, 5};
  const std::vector<double> b = {2, 3, 4, 5, 6};
  const TestResult t = WelchTTest(a, b);
  EXPECT_NEAR(t.statistic, 1.0, 1e-12);  // difference 1, standard error sqrt(2.5/5 + 2.5/5)
  EXPECT_NEAR(t.p_value, 0.3466, 1e-3);  // t = 1 with 8 degrees of freedom
}

TEST(Hypothesis, MannWhitneySeparatedSamplesAreSignificant) {
  const std::vector<double> a = {1, 2, 3, 4, 5, 6, 7, 8};
  const std::vector<double> b = {11, 12, 13, 14, 15, 16, 17, 18};
  const TestResult u = MannWhitneyU(a, b);
  EXPECT_DOUBLE_EQ(u.statistic, 0.0);
  EXPECT_LT(u.p_value, 0.001);
  EXPECT_DOUBLE_EQ(MannWhitneyU(a, a).p_value, 1.0);
}

// Small samples without ties use the exact distribution: a complete
// separation of m and n samples has p = 2 / C(m + n, m).
TEST(Hypothesis, MannWhitneyIsExactForSmallSamples) {
  const std::vector<double> two = {1, 2};
  const std::vector<double> eight = {3, 4, 5, 6, 7, 8, 9, 10};
  EXPECT_NEAR(MannWhitneyU(two, eight).p_value, 2.0 / 45, 1e-12);
  EXPECT_NEAR(MannWhitneyU(eight, two).p_value, 2.0 / 45, 1e-12);
  const std::vector<double> five_a = {1, 2, 3, 4, 5};
  const std::vector<double> five_b = {6, 7, 8, 9, 10};
  EXPECT_NEAR(MannWhitneyU(five_a, five_b).p_value, 2.0 / 252, 1e-12);
  // One swap at the boundary: U = 1, P(U <= 1) = 2 / 252.
  const std::vector<double> swapped_a = {1, 2, 3, 4, 6};
  const std::vector<double> swapped_b = {5, 7, 8, 9, 10};
  EXPECT_NEAR(MannWhitneyU(swapped_a, swapped_b).p_value, 4.0 / 252, 1e-12);
  // Interleaved perfectly: U at its mean, p = 1.
  const std::vector<double> odd = {1, 3, 5, 7};
  const std::vector<double> even = {2, 4, 6, 8};
  EXPECT_GT(MannWhitneyU(odd, even).p_value, 0.6);
  // 2 against 8 can now be decided, as the inconclusive guard promised.
  const Comparison c = Compare(eight, std::vector<double>{20, 21}, Better::kHigher, 1);
  EXPECT_TRUE(c.significant) << c.verdict;
}

TEST(Hypothesis, HolmKeepsTheFamilyErrorAtAlpha) {
  // Sorted: 0.01 < 0.05/4, 0.015 < 0.05/3, 0.03 >= 0.05/2: stop there.
  EXPECT_EQ(HolmSignificant({0.03, 0.01, 0.04, 0.015}), (std::vector<bool>{false, true, false, true}));
  EXPECT_EQ(HolmSignificant({0.04}), (std::vector<bool>{true}));
  EXPECT_EQ(HolmSignificant({0.02, 0.03}), (std::vector<bool>{true, true}));  // 0.02 < 0.025, 0.03 < 0.05
  EXPECT_EQ(HolmSignificant({0.03, 0.04}), (std::vector<bool>{false, false}));
  EXPECT_TRUE(HolmSignificant({}).empty());
}

// B is A scaled by 10: on the log scale both sides vary alike, so the
// degrees of freedom are those of two equal samples, 2 (n - 1) = 8 (the raw
// variances, 100 times apart, would give about 4 and a wider interval).
TEST(Hypothesis, RatioIntervalTakesItsDegreesOfFreedomOnTheLogScale) {
  const std::vector<double> a = {9, 10, 11, 10, 10};
  std::vector<double> b;
  for (const double v : a) b.push_back(10 * v);
  const auto ci = RatioInterval95(a, b);
  ASSERT_TRUE(ci.has_value());
  const double se_log = std::sqrt(2 * 0.5 / (5 * 100.0));  // variance 0.5, mean 10, n 5, on each side
  const double t8 = boost::math::quantile(boost::math::complement(boost::math::students_t(8), 0.025));
  EXPECT_NEAR(ci->low, 10 * std::exp(-t8 * se_log), 1e-9);
  EXPECT_NEAR(ci->high, 10 * std::exp(t8 * se_log), 1e-9);
}

TEST(Hypothesis, RatioIntervalCoversTheRatio) {
  const std::vector<double> a = {100, 101, 99, 100.5, 99.5};
  const std::vector<double> b = {110, 111, 109, 110.5, 109.5};
  const auto ci = RatioInterval95(a, b);
  ASSERT_TRUE(ci.has_value());
  EXPECT_LT(ci->low, 1.1);
  EXPECT_GT(ci->high, 1.1);
  EXPECT_GT(ci->low, 1.08);
}

// The words and the finding (what colours them) are set together.
std::pair<std::string, Finding> VerdictOf(const Comparison& c) { return {c.verdict, c.finding}; }

TEST(Hypothesis, VerdictsSayTheDirectionAndRespectTheThreshold) {
  using V = std::pair<std::string, Finding>;
  const std::vector<double> a = {100, 101, 99, 100.5, 99.5};
  const std::vector<double> b = {110, 111, 109, 110.5, 109.5};
  EXPECT_EQ(VerdictOf(Compare(a, b, Better::kHigher, 1)), V("faster (better)", Finding::kBetter));
  EXPECT_EQ(VerdictOf(Compare(a, b, Better::kLower, 1)), V("slower (worse)", Finding::kWorse));
  EXPECT_EQ(VerdictOf(Compare(a, b, Better::kFewer, 1)), V("higher (worse)", Finding::kWorse));
  EXPECT_EQ(VerdictOf(Compare(b, a, Better::kHigher, 1)), V("slower (worse)", Finding::kWorse));
  EXPECT_EQ(VerdictOf(Compare(b, a, Better::kLower, 1)), V("faster (better)", Finding::kBetter));
  EXPECT_EQ(VerdictOf(Compare(b, a, Better::kFewer, 1)), V("lower (better)", Finding::kBetter));
  EXPECT_EQ(VerdictOf(Compare(a, b, Better::kHigher, 20)), V("no significant change", Finding::kNoChange));
  const std::vector<double> three = {100, 101, 99};
  EXPECT_EQ(VerdictOf(Compare(three, three, Better::kHigher, 1)),
            V("inconclusive: 3 and 3 samples are too few for a verdict", Finding::kInconclusive));
  const std::vector<double> one = {100};
  const Comparison single = Compare(one, b, Better::kHigher, 1);
  EXPECT_FALSE(single.welch.has_value());
  EXPECT_EQ(VerdictOf(single), V("inconclusive: one sample has no variance", Finding::kInconclusive));
}

// The kernel's accounting has no better side; a count from none is +inf%;
// a level's negative change a loop keeps the direction of b - a.
TEST(Hypothesis, KernelValuesSayOnlyHigherOrLower) {
  using V = std::pair<std::string, Finding>;
  const std::vector<double> none = {0, 0, 0, 0, 0};
  const std::vector<double> some = {32, 32, 33, 32, 31};
  const Comparison appears = Compare(none, some, Better::kNeither, 1);
  EXPECT_EQ(VerdictOf(appears), V("higher", Finding::kChanged));
  EXPECT_TRUE(std::isinf(appears.change_pct) && appears.change_pct > 0) << appears.change_pct;
  const std::vector<double> freed_more = {-100, -101, -99, -100.5, -99.5};
  const std::vector<double> freed_less = {-50, -51, -49, -50.5, -49.5};
  const Comparison rises = Compare(freed_more, freed_less, Better::kNeither, 1);
  EXPECT_EQ(VerdictOf(rises), V("higher", Finding::kChanged));
  EXPECT_NEAR(rises.change_pct, 50, 1e-9);
  EXPECT_EQ(VerdictOf(Compare(freed_less, freed_more, Better::kNeither, 1)), V("lower", Finding::kChanged));
  EXPECT_EQ(VerdictOf(Compare(some, some, Better::kNeither, 1)), V("no significant change", Finding::kNoChange));
}

// The rule the power simulation applies is MannWhitneyU's own: it rejects
// exactly when the smaller U is at most the critical U, in the exact region
// (n^2 <= 900) and in the normal approximation beyond it.
TEST(Power, CriticalUIsWhereTheTestRejects) {
  std::mt19937_64 random(31);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (const std::size_t n : {4u, 5u, 8u, 13u, 30u, 31u, 45u}) {
    const auto critical = MannWhitneyCriticalU(n, n);
    ASSERT_TRUE(critical.has_value()) << n;
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<double> a, b;
      for (std::size_t i = 0; i < n; ++i) a.push_back(normal(random));
      for (std::size_t i = 0; i < n; ++i) b.push_back(normal(random) + 0.8);
      const TestResult u = MannWhitneyU(a, b);
      const double smaller = std::min(u.statistic, static_cast<double>(n * n) - u.statistic);
      EXPECT_EQ(smaller <= static_cast<double>(*critical), u.p_value < kAlpha) << n << " " << u.statistic;
    }
  }
  EXPECT_FALSE(MannWhitneyCriticalU(3, 3).has_value());  // its smallest p is 0.1
  EXPECT_EQ(MannWhitneyCriticalU(4, 4), 0u);             // 2/70 at U = 0, 4/70 at U = 1
}

// Compare itself, on fresh samples (another seed than the simulation's),
// finds the change the table promises about 80% of the time: 2000 trials
// give a standard error of 0.9 points, the simulation's 4000 another 0.6.
TEST(Power, TheDetectableChangeIsFoundEightyPercentOfTheTime) {
  struct Case {
    double cv_pct;
    int n;
    double threshold_pct;
  };
  for (const Case c : {Case{2, 10, 0}, Case{2, 20, 1}, Case{5, 5, 0}, Case{1, 30, 1}}) {
    const std::optional<double> change = MinimumDetectableChangePct(c.cv_pct, c.n, c.threshold_pct);
    ASSERT_TRUE(change.has_value());
    std::mt19937_64 random(4242);
    std::normal_distribution<double> noise(0.0, c.cv_pct / 100);
    constexpr int kTrials = 2000;
    int found = 0;
    for (int t = 0; t < kTrials; ++t) {
      std::vector<double> a, b;
      for (int i = 0; i < c.n; ++i) a.push_back(1 + noise(random));
      for (int i = 0; i < c.n; ++i) b.push_back((1 + *change / 100) * (1 + noise(random)));
      const Comparison result = Compare(a, b, Better::kHigher, c.threshold_pct);
      found += result.significant && result.change_pct > 0;
    }
    EXPECT_NEAR(static_cast<double>(found) / kTrials, kDetectionPower, 0.04)
        << c.cv_pct << "% CV, " << c.n << " a side, threshold " << c.threshold_pct << "%: " << *change << "%";
  }
}

TEST(Power, TooFewSamplesCannotDecide) {
  for (int n = 1; n <= 8; ++n) {
    const auto per_side = static_cast<std::size_t>(n);
    EXPECT_EQ(MinimumDetectableChangePct(2, n, 0).has_value(), !WhyCompareCannotDecide(per_side, per_side)) << n;
  }
  EXPECT_FALSE(MinimumDetectableChangePct(2, 3, 0).has_value());
  EXPECT_TRUE(MinimumDetectableChangePct(2, 4, 0).has_value());
  EXPECT_EQ(*WhyCompareCannotDecide(3, 3), "3 and 3 samples are too few for a verdict");
}

TEST(Power, DetectableChangeFallsWithSamplesAndRisesWithNoiseAndThreshold) {
  double previous = 1e9;
  for (const int n : {4, 5, 10, 20, 30, 50}) {
    const double change = *MinimumDetectableChangePct(2, n, 0);
    EXPECT_LT(change, previous) << n;
    previous = change;
  }
  previous = 0;
  for (const double cv : {0.5, 1.0, 2.0, 5.0, 10.0, 20.0}) {
    const double change = *MinimumDetectableChangePct(cv, 10, 0);
    EXPECT_GT(change, previous) << cv;
    previous = change;
  }
  // A threshold is a floor: nothing smaller is called, so nothing smaller is found.
  EXPECT_GT(*MinimumDetectableChangePct(0.5, 50, 3), 3.0);
  EXPECT_GT(*MinimumDetectableChangePct(0.5, 50, 3), *MinimumDetectableChangePct(0.5, 50, 0));
  // Deterministic: the seed is fixed.
  EXPECT_EQ(*MinimumDetectableChangePct(3, 10, 1), *MinimumDetectableChangePct(3, 10, 1));
}

// One quantity, one verdict: a skewed set of runs (one invocation a side
// far off, as a host burst makes it) where the arithmetic means of the
// rates and of the times point opposite ways. The rate of each sample is
// work over its time; the rate row and the time row must get one p-value,
// mirrored changes and one finding, run by run and sample by sample.
TEST(OneQuantity, ARateAndItsTimeNeverPointOppositeWays) {
  constexpr double kWork = 1e6;  // per loop
  const auto rates_of = [](const std::vector<std::vector<double>>& times) {
    std::vector<std::vector<double>> rates = times;
    for (auto& run : rates) {
      for (double& t : run) t = kWork / t;
    }
    return rates;
  };
  // A: one run ten times as fast as the others; B: even runs in between.
  const std::vector<std::vector<double>> time_a = {{100, 101, 99}, {10, 10.2, 9.9}, {100, 99, 102}};
  const std::vector<std::vector<double>> time_b = {{60, 61, 59}, {62, 61, 63}, {60, 59, 61}};
  const auto arithmetic = [](const std::vector<std::vector<double>>& runs) {
    double sum = 0;
    std::size_t n = 0;
    for (const auto& run : runs) {
      for (const double v : run) sum += v, ++n;
    }
    return sum / static_cast<double>(n);
  };
  // The trap: by arithmetic means B is both faster (less time) and slower (lower rate).
  ASSERT_LT(arithmetic(time_b), arithmetic(time_a));
  ASSERT_LT(arithmetic(rates_of(time_b)), arithmetic(rates_of(time_a)));
  for (const double threshold : {0.0, 1.0, 5.0}) {
    const Comparison rate = CompareRuns(rates_of(time_a), rates_of(time_b), Better::kHigher, threshold);
    const Comparison time_row = CompareRuns(time_a, time_b, Better::kLower, threshold);
    ASSERT_TRUE(rate.welch && time_row.welch);
    EXPECT_NEAR(rate.welch->p_value, time_row.welch->p_value, 1e-9);
    EXPECT_NEAR((1 + rate.change_pct / 100) * (1 + time_row.change_pct / 100), 1, 1e-9);
    EXPECT_EQ(rate.finding, time_row.finding) << rate.verdict << " / " << time_row.verdict;
    EXPECT_EQ(rate.significant, time_row.significant);
    ASSERT_TRUE(rate.ratio_ci95 && time_row.ratio_ci95);
    EXPECT_NEAR(rate.ratio_ci95->low * time_row.ratio_ci95->high, 1, 1e-9);
    // The samples of one run a side, likewise.
    const std::vector<double> flat_a = {100, 101, 10, 10.2, 99, 102, 9.9, 100};
    const std::vector<double> flat_b = {60, 61, 59, 62, 61, 63, 60, 59};
    std::vector<double> rate_a, rate_b;
    for (const double t : flat_a) rate_a.push_back(kWork / t);
    for (const double t : flat_b) rate_b.push_back(kWork / t);
    const Comparison sample_rate = Compare(rate_a, rate_b, Better::kHigher, threshold);
    const Comparison sample_time = Compare(flat_a, flat_b, Better::kLower, threshold);
    EXPECT_NEAR(sample_rate.mann_whitney->p_value, sample_time.mann_whitney->p_value, 1e-12);
    EXPECT_NEAR((1 + sample_rate.change_pct / 100) * (1 + sample_time.change_pct / 100), 1, 1e-9);
    EXPECT_EQ(sample_rate.finding, sample_time.finding) << sample_rate.verdict << " / " << sample_time.verdict;
  }
}

}  // namespace
// Invocations of one command differ by more than their samples do: each
// run gets its own offset (sd `between`), each sample its own noise (sd
// `within`), both relative to 100.
std::vector<std::vector<double>> Runs(std::mt19937_64& random, int runs, int samples, double shift, double between,
                                      double within) {
  std::normal_distribution<double> run_offset(0.0, between);
  std::normal_distribution<double> noise(0.0, within);
  std::vector<std::vector<double>> out(static_cast<std::size_t>(runs));
  for (auto& run : out) {
    const double level = 100.0 * (1 + shift) * (1 + run_offset(random));
    for (int s = 0; s < samples; ++s) run.push_back(level * (1 + noise(random)));
  }
  return out;
}

std::vector<double> Pooled(const std::vector<std::vector<double>>& runs) {
  std::vector<double> out;
  for (const auto& run : runs) out.insert(out.end(), run.begin(), run.end());
  return out;
}

// The reason runs are the unit: with run-to-run variation 4x the
// sample-to-sample one, pooled samples call most A/A pairs changed; the
// run means keep the false alarms near the test's 5%.
TEST(RunsAsTheUnit, AaPairsAcrossInvocationsAreRarelyCalledChanged) {
  std::mt19937_64 random(2026);
  constexpr int kTrials = 2000;
  int pooled_alarms = 0;
  int run_alarms = 0;
  for (int t = 0; t < kTrials; ++t) {
    const auto a = Runs(random, 3, 10, 0, 0.02, 0.005);
    const auto b = Runs(random, 3, 10, 0, 0.02, 0.005);
    pooled_alarms += Compare(Pooled(a), Pooled(b), Better::kHigher, 0).significant;
    run_alarms += CompareRuns(a, b, Better::kHigher, 0).significant;
  }
  EXPECT_GT(pooled_alarms, kTrials / 2);
  // Welch on 3 + 3 normal means: 5% nominal, a little less with unequal
  // estimated variances; 2000 trials put 1.4 points of noise on it.
  EXPECT_LE(run_alarms, kTrials * 65 / 1000);
  EXPECT_GE(run_alarms, kTrials * 25 / 1000);
}

TEST(RunsAsTheUnit, ARealChangeBeyondTheRunToRunNoiseIsFound) {
  std::mt19937_64 random(99);
  int found = 0;
  for (int t = 0; t < 200; ++t) {
    const auto a = Runs(random, 5, 10, 0, 0.005, 0.005);
    const auto b = Runs(random, 5, 10, 0.03, 0.005, 0.005);
    const Comparison c = CompareRuns(a, b, Better::kHigher, 1);
    found += c.significant && c.verdict == "faster (better)" && c.finding == Finding::kBetter;
  }
  EXPECT_GE(found, 190);
}

TEST(RunsAsTheUnit, SplitsTheVariationIntoWithinAndBetweenRuns) {
  std::mt19937_64 random(7);
  const auto a = Runs(random, 40, 20, 0, 0.03, 0.01);
  const auto b = Runs(random, 40, 20, 0, 0.03, 0.01);
  const Comparison c = CompareRuns(a, b, Better::kHigher, 1);
  ASSERT_TRUE(c.a_runs.has_value());
  EXPECT_EQ(c.a_runs->runs, 40u);
  EXPECT_EQ(c.a.n, 40u);  // the runs' means are the sample
  EXPECT_NEAR(c.a_runs->within_cv_pct, 1.0, 0.1);
  EXPECT_NEAR(c.a_runs->between_cv_pct, 3.0, 1.0);
}

TEST(RunsAsTheUnit, OneRunASideCannotDecide) {
  std::mt19937_64 random(1);
  const Comparison c =
      CompareRuns(Runs(random, 1, 10, 0, 0.01, 0.01), Runs(random, 3, 10, 0.5, 0.01, 0.01), Better::kHigher, 1);
  EXPECT_FALSE(c.significant);
  EXPECT_EQ(c.verdict, "inconclusive: 1 and 3 runs; the runs decide, and need two a side");
  EXPECT_EQ(c.finding, Finding::kInconclusive);
}

}  // namespace membench
