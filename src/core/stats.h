// File: core/stats.h
// Summary statistics of one measurement's samples. `rel_sem_pct` is what
// perf stat prints as ( +- x.xx% ): 100 * stddev / sqrt(n) / mean, the
// relative standard error of the mean (tools/perf/util/stat.c
// stddev_stats + rel_stddev_stats), not the spread of the samples.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace membench {

struct Summary {
  std::size_t n = 0;
  double mean = 0;
  double stddev = 0;       // sample standard deviation (n - 1)
  double sem = 0;          // stddev / sqrt(n)
  double rel_sem_pct = 0;  // perf's "+-"; 0 when the mean is 0
  double cv_pct = 0;       // 100 * stddev / mean
  double median = 0;
  double min = 0;
  double max = 0;
  double ci95_low = 0;  // Student-t 95% confidence interval of the mean
  double ci95_high = 0;
};

// NaN-free input expected; an empty span gives a zero Summary.
Summary Summarize(std::span<const double> values);

// The harmonic mean of rates each over the same work (a run's samples,
// which share a loop count): total work / total time, the rate of the run
// as a whole. None for no values, or one that is not above 0.
std::optional<double> HarmonicMean(std::span<const double> rates);

}  // namespace membench
