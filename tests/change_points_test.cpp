// File: tests/change_points_test.cpp
// E-divisive change points (core/change_points.h) on synthetic series: the
// false-positive rate of a flat series against the significance level, a
// step found where it starts, two steps, an outlier that is no step, and
// series too short to split.
#include "core/change_points.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "core/error.h"

namespace membench {
namespace {

// Standard normal noise by Box-Muller over mt19937_64's bits, which the
// standard fixes (std::normal_distribution's algorithm is the library's):
// the same series on every platform.
class Noise {
 public:
  explicit Noise(std::uint64_t seed) : rng_(seed) {}
  double operator()() {
    const double u = (static_cast<double>(rng_() >> 11) + 1) * 0x1.0p-53;  // (0, 1]
    const double v = static_cast<double>(rng_() >> 11) * 0x1.0p-53;
    return std::sqrt(-2 * std::log(u)) * std::cos(2 * M_PI * v);
  }

 private:
  std::mt19937_64 rng_;
};

// Levels of `length` values each, with normal noise of `noise_pct` of the
// first level's value.
std::vector<double> Steps(const std::vector<double>& levels, std::size_t length, double noise_pct, std::uint64_t seed) {
  Noise noise(seed);
  const double sigma = levels.front() * noise_pct / 100;
  std::vector<double> series;
  for (const double level : levels) {
    for (std::size_t i = 0; i < length; ++i) series.push_back(level + sigma * noise());
  }
  return series;
}

bool FoundNear(const std::vector<ChangePoint>& points, std::size_t index, std::size_t within) {
  for (const ChangePoint& p : points) {
    if (std::llabs(static_cast<long long>(p.index) - static_cast<long long>(index)) <= static_cast<long long>(within)) {
      return true;
    }
  }
  return false;
}

TEST(ChangePoints, AFlatNoisySeriesHasOneAboutAsOftenAsTheSignificanceLevelAllows) {
  constexpr int kSeries = 400;
  int with_change = 0;
  for (int seed = 0; seed < kSeries; ++seed) {
    if (!FindChangePoints(Steps({100}, 30, 2, seed)).empty()) ++with_change;
  }
  // The first test is exact at 5% (permutations of exchangeable values);
  // allowed: 5% plus four binomial standard errors of 400 trials.
  const double rate = static_cast<double>(with_change) / kSeries;
  EXPECT_LE(rate, 0.05 + 4 * std::sqrt(0.05 * 0.95 / kSeries)) << with_change << " of " << kSeries;
}

TEST(ChangePoints, AFivePercentStepInTwoPercentNoiseIsFoundWhereItStarts) {
  // A step of 2.5 noise standard deviations, 20 runs on either side. Over
  // 1,000 series it was found in every one, where it starts give or take
  // one run in 92%: the noise sometimes makes a run next to the step look
  // like the other level, and the statistic places the step there.
  constexpr int kSeries = 100;
  int near = 0, more = 0;
  for (int seed = 0; seed < kSeries; ++seed) {
    const auto points = FindChangePoints(Steps({100, 105}, 20, 2, seed));
    ASSERT_FALSE(points.empty()) << "seed " << seed;
    if (FoundNear(points, 20, 1)) ++near;
    if (points.size() > 1) {
      ++more;
      continue;
    }
    EXPECT_LE(points[0].p_value, 0.05);
    ASSERT_TRUE(points[0].change_pct.has_value());
    EXPECT_NEAR(*points[0].change_pct, 5.0, 2.0) << "seed " << seed;
  }
  // 92% less three binomial standard errors of 100 series.
  EXPECT_GE(near, 84);
  // Each part left is tested again, at 5%: a second change point in 6.7%
  // of the 1,000 series; here at most that plus two standard errors.
  EXPECT_LE(more, 12);
}

TEST(ChangePoints, TwoStepsAreBothFound) {
  // Up 6%, down 7%: both within two runs in 98% of 1,000 series.
  constexpr int kSeries = 50;
  int both = 0;
  for (int seed = 0; seed < kSeries; ++seed) {
    const auto points = FindChangePoints(Steps({100, 106, 99}, 20, 2, seed));
    if (FoundNear(points, 20, 2) && FoundNear(points, 40, 2)) ++both;
  }
  EXPECT_GE(both, 45);
}

TEST(ChangePoints, ALevelThatReturnsIsFoundAtBothEnds) {
  // A regression for 8 runs, then its fix, in 0.5% noise: against the rest
  // of the series, which holds the old level again, the 6% drop looks
  // small, so the statistic must be free to compare it with its own
  // stretch only (kappa); without that, p was 0.09 and nothing was found.
  std::vector<double> series = Steps({100}, 10, 0.5, 1);
  for (const double x : Steps({94}, 8, 0.5, 2)) series.push_back(x);
  for (const double x : Steps({100}, 6, 0.5, 3)) series.push_back(x);
  const auto points = FindChangePoints(series);
  EXPECT_TRUE(FoundNear(points, 10, 0));
  EXPECT_TRUE(FoundNear(points, 18, 0));
  for (const ChangePoint& p : points) {
    if (p.index == 10) {
      EXPECT_LT(*p.change_pct, -5);
    } else if (p.index == 18) {
      EXPECT_GT(*p.change_pct, 5);
    }
  }
}

TEST(ChangePoints, AnExactStepReportsItsLevelsChangeAndSmallestPValue) {
  std::vector<double> series(10, 100.0);
  series.insert(series.end(), 10, 110.0);
  const auto points = FindChangePoints(series);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].index, 10u);
  EXPECT_DOUBLE_EQ(points[0].mean_before, 100.0);
  EXPECT_DOUBLE_EQ(points[0].mean_after, 110.0);
  ASSERT_TRUE(points[0].change_pct.has_value());
  EXPECT_NEAR(*points[0].change_pct, 10.0, 1e-9);
  // No permutation of the 199 puts the two levels apart again.
  EXPECT_DOUBLE_EQ(points[0].p_value, 1.0 / 200);
}

TEST(ChangePoints, AStepFromZeroHasNoPercentage) {
  std::vector<double> series(8, 0.0);
  series.insert(series.end(), 8, 5.0);
  const auto points = FindChangePoints(series);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_FALSE(points[0].change_pct.has_value());
}

TEST(ChangePoints, ASingleOutlierIsNotALevelShift) {
  // One run fifteen standard deviations off, at the start, the middle or
  // the end: a change point about as often as in a flat series (7% of
  // 4,000 such series, 5% in the middle).
  constexpr int kSeries = 300;
  int with_change = 0;
  for (int i = 0; i < kSeries; ++i) {
    std::vector<double> series = Steps({100}, 30, 2, 1000 + i);
    series[std::vector<std::size_t>{1, 15, 28}[i % 3]] = 130;
    if (!FindChangePoints(series).empty()) ++with_change;
  }
  EXPECT_LE(with_change, kSeries / 10) << with_change << " of " << kSeries;
}

TEST(ChangePoints, SeriesTooShortToSplitFindNothing) {
  for (std::size_t n = 0; n < 6; ++n) {
    std::vector<double> series(n, 100.0);
    for (std::size_t i = n / 2; i < n; ++i) series[i] = 200.0;
    EXPECT_TRUE(FindChangePoints(series).empty()) << n << " values";
  }
  ChangePointOptions two;
  two.min_segment = 2;
  EXPECT_TRUE(FindChangePoints(std::vector<double>{100, 100, 200}, two).empty());
}

TEST(ChangePoints, AConstantSeriesHasNone) { EXPECT_TRUE(FindChangePoints(std::vector<double>(50, 7.0)).empty()); }

TEST(ChangePoints, TheSameSeriesGivesTheSamePValues) {
  const std::vector<double> series = Steps({100, 103}, 15, 2, 7);
  const auto first = FindChangePoints(series);
  const auto again = FindChangePoints(series);
  ASSERT_EQ(first.size(), again.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].index, again[i].index);
    EXPECT_EQ(first[i].p_value, again[i].p_value);
  }
}

TEST(ChangePoints, NonFiniteValuesAndBadOptionsAreRefused) {
  EXPECT_THROW(FindChangePoints(std::vector<double>{1, 2, NAN, 4, 5, 6}), Error);
  EXPECT_THROW(FindChangePoints(std::vector<double>{1, 2, INFINITY, 4, 5, 6}), Error);
  ChangePointOptions one;
  one.min_segment = 1;
  EXPECT_THROW(FindChangePoints(std::vector<double>{1, 2}, one), Error);
  ChangePointOptions none;
  none.permutations = 0;
  EXPECT_THROW(FindChangePoints(std::vector<double>{1, 2}, none), Error);
}

}  // namespace
}  // namespace membench
