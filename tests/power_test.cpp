// File: tests/power_test.cpp
// The power figures of core/power for several runs a side, checked against
// the decision they promise: DecideOnRunLogs on log-normal run estimates
// drawn here, one value a run, with a seed of this file's own (core/power
// draws each side's mean and variance directly, from another seed).
// 4000 comparisons give a standard error of 0.6 points at 80% power, the
// figure's own simulation another 0.6: the tolerances are 3 points.
#include "core/power.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "core/runs_decision.h"

namespace membench {
namespace {

#if defined(MEMBENCH_SANITIZED) || defined(MEMBENCH_EMULATED)
constexpr int kTrials = 400;
constexpr double kTolerance = 0.09;  // 3 points at 4000 trials, scaled by sqrt(10)
#else
constexpr int kTrials = 4000;
constexpr double kTolerance = 0.03;
#endif
constexpr std::uint64_t kTestSeed = 777;

// The log of `runs` log-normal run estimates of median `median` whose CV
// from run to run is cv_pct.
std::vector<double> LogsOfRuns(std::mt19937_64& random, int runs, double median, double cv_pct) {
  std::normal_distribution<double> log_noise(0.0, std::sqrt(std::log1p((cv_pct / 100) * (cv_pct / 100))));
  std::vector<double> logs;
  for (int i = 0; i < runs; ++i) logs.push_back(std::log(median * std::exp(log_noise(random))));
  return logs;
}

// The share of comparisons of runs_a against runs_b runs, B's estimates
// (1 + change) times A's, that DecideOnRunLogs calls a change in change's
// direction.
double PowerOfTheDecision(double run_cv_pct, int runs_a, int runs_b, double change_pct, double threshold_pct) {
  std::mt19937_64 random(kTestSeed);
  int called = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const std::vector<double> a = LogsOfRuns(random, runs_a, 1000, run_cv_pct);
    const std::vector<double> b = LogsOfRuns(random, runs_b, 1000 * (1 + change_pct / 100), run_cv_pct);
    const RunsDecision d = DecideOnRunLogs(a, b, threshold_pct);
    called += d.significant && (d.change_pct > 0) == (change_pct > 0);
  }
  return static_cast<double>(called) / kTrials;
}

TEST(RunsDecision, WelchOnTheLogsAndTheRatioOfGeometricMeans) {
  const std::vector<double> a = {std::log(100.0), std::log(102.0), std::log(98.0)};
  const std::vector<double> b = {std::log(110.0), std::log(112.0), std::log(108.0)};
  const RunsDecision d = DecideOnRunLogs(a, b, 1);
  EXPECT_NEAR(d.change_pct, 100 * (std::cbrt(110.0 * 112 * 108 / (100.0 * 102 * 98)) - 1), 1e-9);
  EXPECT_EQ(d.welch.p_value, WelchTTest(a, b).p_value);
  EXPECT_LT(d.welch.p_value, kAlpha);
  EXPECT_TRUE(d.significant);
  // A 10% change is below a 20% threshold, however clear.
  EXPECT_FALSE(DecideOnRunLogs(a, b, 20).significant);
  // One run a side has no variance: nothing is decided.
  const RunsDecision lone = DecideOnRunLogs(std::vector<double>{0.0}, b, 1);
  EXPECT_FALSE(lone.significant);
  EXPECT_EQ(lone.welch.p_value, 1.0);
}

// At the runs InvocationsNeeded asks for, the decision finds the change at
// least 80% of the time; with one run fewer, less often.
TEST(PowerOfRuns, TheInvocationsNeededFindTheChangeAndOneFewerDoNot) {
  struct Case {
    double run_cv_pct;
    double change_pct;
    double threshold_pct;
  };
  for (const Case c : {Case{1, 2, 1}, Case{2, 3, 1}, Case{4, 5, 1}, Case{2, 1.5, 0}, Case{1, -3, 1}, Case{4, -5, 1},
                       Case{0.5, 1.2, 1}}) {
    const std::optional<int> n = InvocationsNeeded(c.run_cv_pct, c.change_pct, c.threshold_pct);
    ASSERT_TRUE(n.has_value()) << c.run_cv_pct << "% CV, change " << c.change_pct << "%";
    EXPECT_GE(PowerOfTheDecision(c.run_cv_pct, *n, *n, c.change_pct, c.threshold_pct), kDetectionPower - kTolerance)
        << c.run_cv_pct << "% CV, change " << c.change_pct << "%, " << *n << " runs";
    if (*n > 2) {
      EXPECT_LT(PowerOfTheDecision(c.run_cv_pct, *n - 1, *n - 1, c.change_pct, c.threshold_pct),
                kDetectionPower + kTolerance)
          << c.run_cv_pct << "% CV, change " << c.change_pct << "%, " << *n - 1 << " runs";
    }
  }
}

TEST(PowerOfRuns, TheMinimumDetectableChangeIsFoundEightyPercentOfTheTime) {
  struct Case {
    double run_cv_pct;
    int runs_a;
    int runs_b;
    double threshold_pct;
  };
  for (const Case c : {Case{1, 3, 3, 1}, Case{2, 5, 5, 1}, Case{4, 10, 10, 0}, Case{2, 3, 6, 1}, Case{3, 2, 2, 0}}) {
    const std::optional<double> change =
        MinimumDetectableChangeOfRunsPct(c.run_cv_pct, c.runs_a, c.runs_b, c.threshold_pct);
    ASSERT_TRUE(change.has_value());
    EXPECT_NEAR(PowerOfTheDecision(c.run_cv_pct, c.runs_a, c.runs_b, *change, c.threshold_pct), kDetectionPower,
                kTolerance)
        << c.run_cv_pct << "% CV, " << c.runs_a << " and " << c.runs_b << " runs: " << *change << "%";
  }
}

TEST(PowerOfRuns, MoreRunsFindLessAndMoreNoiseNeedsMore) {
  double previous = std::numeric_limits<double>::infinity();
  for (const int n : {2, 3, 4, 6, 10, 20, 50}) {
    const double change = *MinimumDetectableChangeOfRunsPct(2, n, n, 1);
    EXPECT_LT(change, previous) << n;
    previous = change;
  }
  previous = 0;
  for (const double cv : {0.5, 1.0, 2.0, 4.0, 8.0}) {
    const double change = *MinimumDetectableChangeOfRunsPct(cv, 5, 5, 1);
    EXPECT_GT(change, previous) << cv;
    previous = change;
  }
  // The threshold is a floor under the detectable change.
  EXPECT_GT(*MinimumDetectableChangeOfRunsPct(0.5, 50, 50, 3), 3.0);
  int fewest = 0;
  for (const double cv : {0.5, 1.0, 2.0, 4.0}) {
    const int n = *InvocationsNeeded(cv, 5, 1);
    EXPECT_GE(n, fewest) << cv;
    fewest = n;
  }
  int most = 101;
  for (const double change : {1.5, 2.0, 3.0, 5.0, 10.0}) {
    const int n = *InvocationsNeeded(2, change, 1);
    EXPECT_LE(n, most) << change;
    most = n;
  }
  EXPECT_GT(*InvocationsNeeded(2, 1.5, 1), *InvocationsNeeded(2, 10, 1));
}

TEST(PowerOfRuns, EdgesGiveNoFigureOrTheObviousOne) {
  // Fewer than two runs a side decide nothing.
  EXPECT_FALSE(MinimumDetectableChangeOfRunsPct(2, 1, 5, 1).has_value());
  EXPECT_FALSE(MinimumDetectableChangeOfRunsPct(2, 5, 1, 1).has_value());
  EXPECT_FALSE(MinimumDetectableChangeOfRunsPct(2, 0, 0, 1).has_value());
  EXPECT_FALSE(InvocationsNeeded(2, 5, 1, 1).has_value());
  // No noise: the threshold alone, and two runs do.
  EXPECT_NEAR(*MinimumDetectableChangeOfRunsPct(0, 2, 2, 1), 1.0, 1e-9);
  EXPECT_EQ(*MinimumDetectableChangeOfRunsPct(0, 2, 2, 0), 0.0);
  EXPECT_EQ(InvocationsNeeded(0, 2, 1), 2);
  EXPECT_EQ(InvocationsNeeded(0, -2, 1), 2);
  // A change at or below the threshold is found at most half the time.
  EXPECT_FALSE(InvocationsNeeded(1, 1, 1).has_value());
  EXPECT_FALSE(InvocationsNeeded(1, -0.5, 1).has_value());
  EXPECT_FALSE(InvocationsNeeded(1, 0, 0).has_value());
  // More noise than any number of runs overcomes, and a cap too low.
  EXPECT_FALSE(InvocationsNeeded(1e6, 5, 1).has_value());
  EXPECT_FALSE(InvocationsNeeded(10, 2, 1, 5).has_value());
  EXPECT_EQ(InvocationsNeeded(10, 2, 1, 1000), InvocationsNeeded(10, 2, 1, 1000));
  // Nonsense in, no figure out, and no crash.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (const double bad : {nan, inf, -1.0}) {
    EXPECT_FALSE(MinimumDetectableChangeOfRunsPct(bad, 5, 5, 1).has_value()) << bad;
    EXPECT_FALSE(MinimumDetectableChangeOfRunsPct(2, 5, 5, bad).has_value()) << bad;
    EXPECT_FALSE(InvocationsNeeded(bad, 5, 1).has_value()) << bad;
    EXPECT_FALSE(InvocationsNeeded(2, 5, bad).has_value()) << bad;
  }
  EXPECT_FALSE(InvocationsNeeded(2, nan, 1).has_value());
  EXPECT_FALSE(InvocationsNeeded(2, -100, 1).has_value());
  EXPECT_FALSE(InvocationsNeeded(2, -150, 1).has_value());
  EXPECT_FALSE(MinimumDetectableChangeOfRunsPct(1e200, 2, 2, 1).has_value());
  const std::optional<double> huge = MinimumDetectableChangeOfRunsPct(1e6, 2, 2, 1);
  EXPECT_TRUE(!huge || *huge > 1000);
}

TEST(PowerOfRuns, TheSameArgumentsGiveTheSameFigures) {
  EXPECT_EQ(*MinimumDetectableChangeOfRunsPct(3, 4, 6, 1), *MinimumDetectableChangeOfRunsPct(3, 4, 6, 1));
  EXPECT_EQ(*InvocationsNeeded(3, 2, 1), *InvocationsNeeded(3, 2, 1));
}

}  // namespace
}  // namespace membench
