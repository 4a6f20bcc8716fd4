// File: core/noise.h
// Warnings about a point's samples that its mean and +- hide: outliers
// (further from the median, in scaled MADs, than any sample of a normal
// point of that size should be), a trend across the samples in the
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
  int outliers = 0;                  // beyond outlier_mads scaled MADs of the median
  double outlier_mads = 0;           // OutlierMads(n)
  std::optional<double> trend_p;     // Mann-Kendall p-value, when n >= kMinTrendSamples
  double trend_direction = 0;        // sign of Kendall's S: +1 rising, -1 falling
  std::optional<double> bimodality;  // coefficient, when n >= kMinBimodalSamples

  // Each warning found: a word for a table's cell ("outliers", "drift",
  // "bimodal") and the sentence that explains it, decided in one place.
  struct Warning {
    std::string flag;
    std::string text;
  };
  std::vector<Warning> Found() const;
  // The sentences alone.
  std::vector<std::string> Warnings() const;
};

// A fixed 3 MADs (hyperfine's modified Z-score) flags a point in 20-45% of
// clean normal samples of 10 to 200 (simulated, 10^5 samples per size): with
// n samples, one beyond 3 sigma is likely, and a MAD of few samples is itself
// noisy. So the cut-off grows with n: the largest of n normal deviations
// exceeds z(1 - kOutlierAlpha / 2n) with probability about kOutlierAlpha
// (Bonferroni), widened by (1 + kOutlierSmallSampleWidening / n) for the
// MAD's own error. That factor is fit to the same simulation: it holds the
// false alarms at 1.0-1.4% for n = 8..500, and a single 10-sigma outlier
// among 20 samples is still flagged 99% of the time (about 5.2 MADs there).
inline constexpr double kOutlierAlpha = 0.01;
inline constexpr double kOutlierSmallSampleWidening = 10;
// Below 4 samples the MAD is one deviation of two: no outliers are named.
inline constexpr std::size_t kMinOutlierSamples = 4;
double OutlierMads(std::size_t n);
inline constexpr std::size_t kMinTrendSamples = 8;
inline constexpr double kTrendAlpha = 0.01;
inline constexpr std::size_t kMinBimodalSamples = 10;
// A uniform distribution has 5/9; above it, two modes are likely.
inline constexpr double kBimodalThreshold = 5.0 / 9.0;

// values in the order they were taken.
NoiseDiagnostics DiagnoseNoise(std::span<const double> values);

}  // namespace membench
