// File: core/noise.cpp
#include "core/noise.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/distributions.h"

namespace membench {
namespace {

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int CountOutliers(std::span<const double> values, double outlier_mads) {
  const double median = Median({values.begin(), values.end()});
  std::vector<double> deviations;
  for (const double v : values) deviations.push_back(std::fabs(v - median));
  // 1.4826 makes the MAD estimate the standard deviation of normal data.
  const double scaled_mad = 1.4826 * Median(deviations);
  if (scaled_mad == 0) return 0;
  int count = 0;
  for (const double v : values) count += std::fabs(v - median) > outlier_mads * scaled_mad ? 1 : 0;
  return count;
}

}  // namespace

double OutlierMads(std::size_t n) {
  const double nd = static_cast<double>(std::max<std::size_t>(n, 1));
  const double bonferroni = boost::math::quantile(boost::math::complement(Normal(), kOutlierAlpha / (2 * nd)));
  return bonferroni * (1 + kOutlierSmallSampleWidening / nd);
}

NoiseDiagnostics DiagnoseNoise(std::span<const double> values) {
  NoiseDiagnostics out;
  const std::size_t n = values.size();
  if (n >= kMinOutlierSamples) {
    out.outlier_mads = OutlierMads(n);
    out.outliers = CountOutliers(values, out.outlier_mads);
  }
  if (n >= kMinTrendSamples) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) s += (values[j] > values[i]) - (values[j] < values[i]);
    }
    const double nd = static_cast<double>(n);
    const double variance = nd * (nd - 1) * (2 * nd + 5) / 18;
    const double z = s == 0 ? 0 : (s - (s > 0 ? 1 : -1)) / std::sqrt(variance);
    out.trend_p = 2 * boost::math::cdf(boost::math::complement(Normal(), std::fabs(z)));
    out.trend_direction = s > 0 ? 1 : s < 0 ? -1 : 0;
  }
  if (n >= kMinBimodalSamples) {
    double mean = 0;
    for (const double v : values) mean += v;
    const double nd = static_cast<double>(n);
    mean /= nd;
    double m2 = 0, m3 = 0, m4 = 0;
    for (const double v : values) {
      const double d = v - mean;
      m2 += d * d;
      m3 += d * d * d;
      m4 += d * d * d * d;
    }
    m2 /= nd;
    m3 /= nd;
    m4 /= nd;
    if (m2 > 0) {
      // Sample skewness and excess kurtosis, bias-corrected.
      const double g = std::sqrt(nd * (nd - 1)) / (nd - 2) * m3 / std::pow(m2, 1.5);
      const double k = (nd - 1) / ((nd - 2) * (nd - 3)) * ((nd + 1) * (m4 / (m2 * m2) - 3) + 6);
      out.bimodality = (g * g + 1) / (k + 3 * (nd - 1) * (nd - 1) / ((nd - 2) * (nd - 3)));
    }
  }
  return out;
}

std::vector<NoiseDiagnostics::Warning> NoiseDiagnostics::Found() const {
  std::vector<Warning> found;
  if (outliers > 0) {
    found.push_back({"outliers", fmt::format("{} outlier{} beyond {:.1f} MADs of the median, further than normal "
                                             "noise reaches in this many samples (kept; they widen the +-)",
                                             outliers, outliers == 1 ? "" : "s", outlier_mads)});
  }
  if (trend_p && *trend_p < kTrendAlpha) {
    found.push_back({"drift", fmt::format("the samples {} in the order taken (Mann-Kendall p = {:.2g}): the machine "
                                          "drifted; compare interleaved runs",
                                          trend_direction > 0 ? "rise" : "fall", *trend_p)});
  }
  if (bimodality && *bimodality > kBimodalThreshold) {
    found.push_back({"bimodal", fmt::format("the samples may have two modes (bimodality coefficient {:.2f} > 0.555): "
                                            "a mean between them describes neither",
                                            *bimodality)});
  }
  return found;
}

std::vector<std::string> NoiseDiagnostics::Warnings() const {
  std::vector<std::string> warnings;
  for (const Warning& w : Found()) warnings.push_back(w.text);
  return warnings;
}

}  // namespace membench
