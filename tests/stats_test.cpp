// File: tests/stats_test.cpp
#include "core/stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/measurement_stats.h"
#include "engine/runner.h"

namespace membench {
namespace {

TEST(HarmonicMean, IsTotalWorkOverTotalTimeOfEqualWork) {
  // One unit of work at 1, 2 and 4 units/s: 3 units in 1.75 s.
  const std::vector<double> rates = {1, 2, 4};
  ASSERT_TRUE(HarmonicMean(rates).has_value());
  EXPECT_DOUBLE_EQ(*HarmonicMean(rates), 3 / 1.75);
  EXPECT_FALSE(HarmonicMean(std::vector<double>{}).has_value());
  EXPECT_FALSE(HarmonicMean(std::vector<double>{2, 0}).has_value());
  EXPECT_FALSE(HarmonicMean(std::vector<double>{2, NAN}).has_value());
}

TEST(Summarize, MatchesHandComputedValues) {
  const std::vector<double> v = {10, 12, 11, 13, 9};
  const Summary s = Summarize(v);
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.mean, 11.0);
  EXPECT_DOUBLE_EQ(s.median, 11.0);
  EXPECT_DOUBLE_EQ(s.min, 9.0);
  EXPECT_DOUBLE_EQ(s.max, 13.0);
  EXPECT_NEAR(s.stddev, std::sqrt(2.5), 1e-12);
  EXPECT_NEAR(s.sem, std::sqrt(2.5) / std::sqrt(5.0), 1e-12);
  // perf stat's "+-": relative standard error of the mean.
  EXPECT_NEAR(s.rel_sem_pct, 100.0 * std::sqrt(2.5 / 5.0) / 11.0, 1e-12);
  // t(0.975, 4) = 2.7764451...
  EXPECT_NEAR(s.ci95_high - s.mean, 2.7764451051977934 * s.sem, 1e-9);
  EXPECT_NEAR(s.mean - s.ci95_low, 2.7764451051977934 * s.sem, 1e-9);
}

TEST(Summarize, EvenCountMedianAndSingleSample) {
  const std::vector<double> even = {4, 1, 3, 2};
  EXPECT_DOUBLE_EQ(Summarize(even).median, 2.5);
  const std::vector<double> one = {7};
  const Summary s = Summarize(one);
  EXPECT_EQ(s.n, 1u);
  EXPECT_DOUBLE_EQ(s.mean, 7);
  EXPECT_DOUBLE_EQ(s.stddev, 0);
  EXPECT_DOUBLE_EQ(s.rel_sem_pct, 0);
}

TEST(Summarize, ZeroMeanAndEmptyInputStayFinite) {
  const std::vector<double> zeros = {0, 0, 0};
  const Summary z = Summarize(zeros);
  EXPECT_DOUBLE_EQ(z.rel_sem_pct, 0);
  EXPECT_FALSE(std::isnan(z.ci95_low));
  EXPECT_EQ(Summarize({}).n, 0u);
}

TEST(Summarize, LargeMeansKeepTheirPrecision) {
  const std::vector<double> v = {1e12 + 1, 1e12 + 2, 1e12 + 3};
  EXPECT_NEAR(Summarize(v).stddev, 1.0, 1e-3);
}

}  // namespace
}  // namespace membench

namespace membench {
namespace {

// Two workers, 1 GB each: one takes 1 s, the other 2 s. The aggregate is
// 2 GB over the 2 s span; vm-scalability's sum of rates is 1 + 0.5 GB/s.
TEST(WorkerStats, AggregateAndSumOfRatesDiffer) {
  Measurement m;
  Sample s;
  s.wall_ns = 2'000'000'000;
  s.work = 2'000'000'000;
  s.worker_wall_ns = {1'000'000'000, 2'000'000'000};
  m.samples = {s, s};
  const MeasurementStats st = ComputeMeasurementStats(m, {});
  EXPECT_DOUBLE_EQ(st.rate.mean, 1e9);
  ASSERT_TRUE(st.workers.has_value());
  EXPECT_EQ(st.workers->workers, 2);
  EXPECT_DOUBLE_EQ(st.workers->sum_of_worker_rates.mean, 1.5e9);
  EXPECT_DOUBLE_EQ(st.workers->slowest_worker_rate, 0.5e9);
  EXPECT_DOUBLE_EQ(st.workers->fastest_worker_rate, 1e9);
  m.samples[0].worker_wall_ns.clear();
  m.samples[1].worker_wall_ns.clear();
  EXPECT_FALSE(ComputeMeasurementStats(m, {}).workers.has_value());
}

TEST(Calibration, GrowsLoopsTowardsTheTargetAtMostTenfold) {
  EXPECT_EQ(NextCalibrationLoops(1, 1'000, 50'000'000), 10u);        // far too short: x10
  EXPECT_EQ(NextCalibrationLoops(10, 25'000'000, 50'000'000), 28u);  // 1.4 x 2
  EXPECT_EQ(NextCalibrationLoops(10, 60'000'000, 50'000'000), 11u);  // never fewer than one more
  EXPECT_EQ(NextCalibrationLoops(7, 0, 50'000'000), 70u);
}

TEST(Calibration, WarmUpGoesOnWhileSamplesGetFaster) {
  EXPECT_FALSE(StillWarmingUp(0, 100));    // first sample: nothing to compare
  EXPECT_TRUE(StillWarmingUp(100, 90));    // 10% faster
  EXPECT_FALSE(StillWarmingUp(100, 97));   // within 5%
  EXPECT_FALSE(StillWarmingUp(100, 120));  // slower: noise, not warm-up
}

}  // namespace
}  // namespace membench
