// File: core/change_points.h
// Level shifts in a series of values in time order (one per stored run):
// e-divisive with means (Matteson & James, "A Nonparametric Approach for
// Multiple Change Point Analysis of Multivariate Data", JASA 109(505),
// 2014), the method Hunter/Apache Otava (Fleming et al., ICPE 2023) and
// MongoDB's CI (Daly et al., ICPE 2020) run over their benchmark history.
//
// Divisive bisection: in every segment between the change points found so
// far, the split is where the energy-distance statistic Q between the
// values before it (X) and a stretch after it (Y) is largest, over where
// the split is and where Y ends (the paper's tau and kappa; Y ending early
// finds a level that returns, a regression and its fix). The largest
// split over all segments is tested by permuting the values within each
// segment, and kept when its p-value is at most the significance level;
// else the search stops.
//
// Deterministic: the permutations come from a fixed seed, drawn without
// std::uniform_int_distribution, whose algorithm differs between standard
// libraries, so the same series gives the same p-values everywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace membench {

struct ChangePointOptions {
  // The largest p-value a change point may have; ecp's e.divisive default.
  double significance = 0.05;
  // Permutations per test, ecp's default R: p-values are (b + 1) / (R + 1)
  // (Phipson & Smyth 2010), so 0.005 is the smallest there is.
  int permutations = 199;
  // Values on each side of every change point: a level must hold for this
  // many runs to be one, and one odd run cannot make a segment of its own.
  // At least 2 (the statistic needs two values within each half).
  std::size_t min_segment = 3;
  // The power of the distances |x - y|^alpha, in (0, 2); 1 as in the paper's
  // and Hunter's default, which compares whole distributions, not only means.
  double alpha = 1.0;
  std::uint64_t seed = 20140101;
};

struct ChangePoint {
  std::size_t index = 0;  // the first value of the new level
  // Of the segments on either side, between the neighbouring change points.
  double mean_before = 0;
  double mean_after = 0;
  // 100 (after - before) / before; unknown where the mean before is 0.
  std::optional<double> change_pct;
  double p_value = 1;  // of the permutation test that accepted it
};

// The change points of `series`, in index order. A series too short for
// two segments of options.min_segment has none. Throws Error for a value
// that is not finite, or options out of range.
std::vector<ChangePoint> FindChangePoints(std::span<const double> series, const ChangePointOptions& options = {});

}  // namespace membench
