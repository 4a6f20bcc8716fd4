// File: core/boot_design.cpp
#include "core/boot_design.h"

#include <cmath>

#include "core/power.h"

namespace membench {
namespace {

double LogVariance(double cv_pct) { return std::log1p((cv_pct / 100) * (cv_pct / 100)); }
double CvOfLogVariance(double variance) { return 100 * std::sqrt(std::expm1(variance)); }

}  // namespace

double BootCvPct(const NestedNoise& noise, int runs_a_boot) {
  return CvOfLogVariance(LogVariance(noise.between_cv_pct) + LogVariance(noise.within_cv_pct) / runs_a_boot);
}

std::optional<BootDesign> DesignForRuns(const NestedNoise& noise, int runs_a_boot, double effect_pct,
                                        double threshold_pct, const DesignCost& cost) {
  if (runs_a_boot < 1) return std::nullopt;
  const double boot_cv = BootCvPct(noise, runs_a_boot);
  const std::optional<int> boots = InvocationsNeeded(boot_cv, effect_pct, threshold_pct, kMaxBootsAKernel);
  if (!boots) return std::nullopt;
  return BootDesign{runs_a_boot, *boots, boot_cv, 2.0 * *boots * (cost.boot_seconds + runs_a_boot * cost.run_seconds)};
}

std::optional<BootDesign> CheapestDesign(const NestedNoise& noise, double effect_pct, double threshold_pct,
                                         const DesignCost& cost) {
  std::optional<BootDesign> best;
  for (const int runs : kRunsABootTried) {
    const std::optional<BootDesign> design = DesignForRuns(noise, runs, effect_pct, threshold_pct, cost);
    if (design && (!best || design->wall_seconds < best->wall_seconds)) best = design;
  }
  return best;
}

std::optional<double> RunToRunCvPct(const std::vector<double>& estimates) {
  if (estimates.size() < 2) return std::nullopt;
  double mean = 0;
  for (const double x : estimates) mean += std::log(x) / static_cast<double>(estimates.size());
  double squares = 0;
  for (const double x : estimates) squares += (std::log(x) - mean) * (std::log(x) - mean);
  return CvOfLogVariance(squares / static_cast<double>(estimates.size() - 1));
}

std::optional<NestedNoise> NoiseOfBoots(const std::vector<std::vector<double>>& runs_by_boot) {
  std::size_t boots = 0;
  std::size_t runs = 0;
  double sum_of_squares_of_runs = 0;
  double sum = 0;
  double sum_of_boot_sizes_squared = 0;
  bool a_boot_of_two = false;
  std::vector<std::pair<double, std::size_t>> boot_means;  // mean log, runs
  for (const auto& boot : runs_by_boot) {
    if (boot.empty()) continue;
    double boot_sum = 0;
    for (const double x : boot) boot_sum += std::log(x);
    const double mean = boot_sum / static_cast<double>(boot.size());
    for (const double x : boot) sum_of_squares_of_runs += (std::log(x) - mean) * (std::log(x) - mean);
    boot_means.emplace_back(mean, boot.size());
    ++boots;
    runs += boot.size();
    sum += boot_sum;
    sum_of_boot_sizes_squared += static_cast<double>(boot.size() * boot.size());
    a_boot_of_two = a_boot_of_two || boot.size() >= 2;
  }
  if (boots < 2 || !a_boot_of_two) return std::nullopt;
  const double grand = sum / static_cast<double>(runs);
  double between_squares = 0;
  for (const auto& [mean, size] : boot_means)
    between_squares += static_cast<double>(size) * (mean - grand) * (mean - grand);
  const double within_mean_square = sum_of_squares_of_runs / static_cast<double>(runs - boots);
  const double between_mean_square = between_squares / static_cast<double>(boots - 1);
  // The runs a boot, averaged as unequal boots need (n0).
  const double n0 = (static_cast<double>(runs) - sum_of_boot_sizes_squared / static_cast<double>(runs)) /
                    static_cast<double>(boots - 1);
  const double between_variance = std::max(0.0, (between_mean_square - within_mean_square) / n0);
  return NestedNoise{CvOfLogVariance(within_mean_square), CvOfLogVariance(between_variance)};
}

}  // namespace membench
