// File: core/noise.h
// Warnings about a point's samples that its mean and +- hide: outliers
// (beyond 3 scaled MADs of the median), a trend across the samples in the
// order taken (Mann-Kendall test: the machine drifted), and a distribution
// with two modes (Sarle's bimodality coefficient). Nothing is dropped:
// membench warns and keeps every sample.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace membench {

struct NoiseDiagnostics {
  int outliers = 0;                  // beyond kOutlierMads scaled MADs of the median
  std::optional<double> trend_p;     // Mann-Kendall p-value, when n >= kMinTrendSamples
  double trend_direction = 0;        // sign of Kendall's S: +1 rising, -1 falling
  std::optional<double> bimodality;  // coefficient, when n >= kMinBimodalSamples
  std::vector<std::string> Warnings() const;
};

inline constexpr double kOutlierMads = 3.0;
inline constexpr std::size_t kMinTrendSamples = 8;
inline constexpr double kTrendAlpha = 0.01;
inline constexpr std::size_t kMinBimodalSamples = 10;
// A uniform distribution has 5/9; above it, two modes are likely.
inline constexpr double kBimodalThreshold = 5.0 / 9.0;

// values in the order they were taken.
NoiseDiagnostics DiagnoseNoise(std::span<const double> values);

}  // namespace membench
