// File: tests/noise_test.cpp
#include "core/noise.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace membench {
namespace {

std::vector<double> Normal(std::size_t n, unsigned seed) {
  std::mt19937_64 random(seed);
  std::normal_distribution<double> noise(100, 1);
  std::vector<double> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(noise(random));
  return v;
}

TEST(Noise, QuietSamplesGiveNoWarning) { EXPECT_TRUE(DiagnoseNoise(Normal(30, 1)).Warnings().empty()); }

TEST(Noise, OutliersAreCountedNotDropped) {
  std::vector<double> v = Normal(20, 2);
  v[5] = 150;
  v[11] = 40;
  const NoiseDiagnostics d = DiagnoseNoise(v);
  EXPECT_EQ(d.outliers, 2);
  EXPECT_NE(d.Warnings().front().find("2 outliers"), std::string::npos);
}

// The cut-off grows where a clean sample's largest deviation does: fewer
// samples (a noisier MAD) and, slowly, more samples (more chances).
TEST(Noise, TheOutlierCutOffDependsOnTheNumberOfSamples) {
  EXPECT_NEAR(OutlierMads(20), 5.22, 0.01);
  EXPECT_GT(OutlierMads(10), OutlierMads(20));
  EXPECT_GT(OutlierMads(500), OutlierMads(100));
  std::vector<double> three = {100, 101, 1000};
  EXPECT_EQ(DiagnoseNoise(three).outliers, 0);  // below kMinOutlierSamples nothing is named
}

TEST(Noise, ADriftingMachineIsNamed) {
  std::vector<double> v = Normal(20, 3);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] -= static_cast<double>(i);  // falls 1 per sample
  const NoiseDiagnostics d = DiagnoseNoise(v);
  ASSERT_TRUE(d.trend_p.has_value());
  EXPECT_LT(*d.trend_p, 0.001);
  EXPECT_EQ(d.trend_direction, -1);
}

TEST(Noise, TwoModesAreFlagged) {
  std::vector<double> v = Normal(20, 4);
  for (std::size_t i = 0; i < v.size(); i += 2) v[i] += 20;  // interleaved, so no trend
  const NoiseDiagnostics d = DiagnoseNoise(v);
  ASSERT_TRUE(d.bimodality.has_value());
  EXPECT_GT(*d.bimodality, kBimodalThreshold);
  EXPECT_LT(*DiagnoseNoise(Normal(20, 5)).bimodality, kBimodalThreshold);
}

}  // namespace
}  // namespace membench
