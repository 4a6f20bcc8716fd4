// File: core/change_points.cpp
#include "core/change_points.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "core/error.h"

namespace membench {
namespace {

// |x_i - x_j|^alpha for every pair of the series, computed once: a
// permutation only changes which pairs fall within a half and which across.
class DistanceTable {
 public:
  DistanceTable(std::span<const double> series, double alpha) : n_(series.size()), d_(n_ * n_) {
    for (std::size_t i = 0; i < n_; ++i) {
      for (std::size_t j = 0; j < n_; ++j) d_[i * n_ + j] = std::pow(std::fabs(series[i] - series[j]), alpha);
    }
  }
  double operator()(std::size_t i, std::size_t j) const { return d_[i * n_ + j]; }

 private:
  std::size_t n_;
  std::vector<double> d_;
};

// Sums of the distances between two blocks of one segment's values, each
// in O(1) from a table of prefix sums built in O(n^2): what lets every
// (tau, kappa) of a segment be tried in O(n^2) rather than O(n^3).
class BlockSums {
 public:
  // The segment's values are the series' values at `order`, in that order.
  void Reset(const DistanceTable& d, std::span<const std::size_t> order) {
    stride_ = order.size() + 1;
    prefix_.assign(stride_ * stride_, 0.0);
    for (std::size_t a = 0; a < order.size(); ++a) {
      double row = 0;
      for (std::size_t b = 0; b < order.size(); ++b) {
        row += d(order[a], order[b]);
        prefix_[(a + 1) * stride_ + b + 1] = prefix_[a * stride_ + b + 1] + row;
      }
    }
  }
  // The sum over positions a in [a0, a1) and b in [b0, b1).
  double Across(std::size_t a0, std::size_t a1, std::size_t b0, std::size_t b1) const {
    return At(a1, b1) - At(a0, b1) - At(a1, b0) + At(a0, b0);
  }
  // The sum over the pairs within positions [a0, a1), each pair once.
  double Within(std::size_t a0, std::size_t a1) const { return Across(a0, a1, a0, a1) / 2; }

 private:
  double At(std::size_t a, std::size_t b) const { return prefix_[a * stride_ + b]; }
  std::size_t stride_ = 0;
  std::vector<double> prefix_;
};

// A place to split, as an index into the series, and its statistic.
struct Split {
  std::size_t index = 0;
  double q = -std::numeric_limits<double>::infinity();  // none: no segment can be split
};

// The best split of one segment, whose values are the series' values at
// `order` (in that order): X its first tau values, Y the next k up to
// kappa, maximising over both Matteson & James's
//   Q = mk/(m+k) * (2/(mk) sum|X-Y|^a - sum_pairs|X-X'|^a / C(m,2) - sum_pairs|Y-Y'|^a / C(k,2)),
// the energy distance of X and Y scaled by their sizes (m = tau). Letting
// Y end before the segment does finds a level that holds for a while and
// returns (a regression, then its fix): measured against the rest of the
// segment, which holds the old level again, it would look smaller.
Split BestSplit(const DistanceTable& d, std::span<const std::size_t> order, std::size_t start, std::size_t min_segment,
                BlockSums& sums) {
  const std::size_t n = order.size();
  Split best;
  if (n < 2 * min_segment) return best;
  sums.Reset(d, order);
  for (std::size_t tau = min_segment; tau + min_segment <= n; ++tau) {
    const double m = static_cast<double>(tau);
    const double within_x = sums.Within(0, tau) / (m * (m - 1) / 2);
    for (std::size_t kappa = tau + min_segment; kappa <= n; ++kappa) {
      const double k = static_cast<double>(kappa - tau);
      const double across = 2 * sums.Across(0, tau, tau, kappa) / (m * k);
      const double within_y = sums.Within(tau, kappa) / (k * (k - 1) / 2);
      const double q = m * k / (m + k) * (across - within_x - within_y);
      if (q > best.q) best = {start + tau, q};
    }
  }
  return best;
}

// The best split over every segment [cuts[s], cuts[s + 1]) of `order`.
Split BestSplitOfAll(const DistanceTable& d, const std::vector<std::size_t>& order,
                     const std::vector<std::size_t>& cuts, std::size_t min_segment, BlockSums& sums) {
  Split best;
  for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
    const std::span<const std::size_t> segment(order.data() + cuts[s], cuts[s + 1] - cuts[s]);
    const Split split = BestSplit(d, segment, cuts[s], min_segment, sums);
    if (split.q > best.q) best = split;
  }
  return best;
}

// Uniform in [0, bound), by rejection: the same numbers from the same seed
// with every standard library.
std::uint64_t Below(std::mt19937_64& rng, std::uint64_t bound) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = kMax - kMax % bound;
  for (;;) {
    const std::uint64_t x = rng();
    if (x < limit) return x % bound;
  }
}

// Fisher-Yates over [first, last) of `order`.
void Shuffle(std::vector<std::size_t>& order, std::size_t first, std::size_t last, std::mt19937_64& rng) {
  for (std::size_t i = last - first; i > 1; --i) std::swap(order[first + i - 1], order[first + Below(rng, i)]);
}

// The permutation test of the paper: under no further change the values
// within each segment are exchangeable, so the best split of the segments
// shuffled is as large as the one observed (b of R times) by chance alone.
// It stops once the p-value is certain to exceed the level: that decides
// as the full test would, and a flat series costs a fraction of R.
double PermutationPValue(const DistanceTable& d, std::size_t n, const std::vector<std::size_t>& cuts, double observed_q,
                         const ChangePointOptions& options, std::mt19937_64& rng, BlockSums& sums) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  const double tries = options.permutations + 1.0;
  int as_large = 0;
  for (int r = 0; r < options.permutations; ++r) {
    for (std::size_t s = 0; s + 1 < cuts.size(); ++s) Shuffle(order, cuts[s], cuts[s + 1], rng);
    if (BestSplitOfAll(d, order, cuts, options.min_segment, sums).q >= observed_q) ++as_large;
    if ((as_large + 1) / tries > options.significance) break;
  }
  return (as_large + 1) / tries;
}

double MeanOf(std::span<const double> series, std::size_t first, std::size_t last) {
  return std::accumulate(series.begin() + first, series.begin() + last, 0.0) / static_cast<double>(last - first);
}

void CheckInput(std::span<const double> series, const ChangePointOptions& options) {
  if (!(options.significance > 0 && options.significance <= 1) || options.permutations < 1 || options.min_segment < 2 ||
      !(options.alpha > 0 && options.alpha <= 2)) {
    throw Error(
        fmt::format("change points: significance {} (0 < s <= 1), permutations {} (>= 1), minimum segment {} (>= 2) or "
                    "alpha {} (0 < a <= 2) out of range",
                    options.significance, options.permutations, options.min_segment, options.alpha));
  }
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (!std::isfinite(series[i])) {
      throw Error(fmt::format("change points: value {} of the series is {}; every value must be finite", i, series[i]));
    }
  }
}

}  // namespace

std::vector<ChangePoint> FindChangePoints(std::span<const double> series, const ChangePointOptions& options) {
  CheckInput(series, options);
  const std::size_t n = series.size();
  if (n < 2 * options.min_segment) return {};
  const DistanceTable d(series, options.alpha);
  std::vector<std::size_t> identity(n);
  std::iota(identity.begin(), identity.end(), 0);
  std::vector<std::size_t> cuts = {0, n};             // segment boundaries, sorted
  std::vector<std::pair<std::size_t, double>> found;  // index, p-value
  std::mt19937_64 rng(options.seed);
  BlockSums sums;  // one table, reused by every segment and permutation
  for (;;) {
    const Split best = BestSplitOfAll(d, identity, cuts, options.min_segment, sums);
    if (!std::isfinite(best.q)) break;
    const double p = PermutationPValue(d, n, cuts, best.q, options, rng, sums);
    if (p > options.significance) break;
    found.emplace_back(best.index, p);
    cuts.insert(std::upper_bound(cuts.begin(), cuts.end(), best.index), best.index);
  }
  std::sort(found.begin(), found.end());
  std::vector<ChangePoint> out;
  for (std::size_t c = 0; c < found.size(); ++c) {
    ChangePoint point;
    point.index = found[c].first;
    point.p_value = found[c].second;
    point.mean_before = MeanOf(series, c == 0 ? 0 : found[c - 1].first, point.index);
    point.mean_after = MeanOf(series, point.index, c + 1 == found.size() ? n : found[c + 1].first);
    if (point.mean_before != 0) point.change_pct = 100 * (point.mean_after - point.mean_before) / point.mean_before;
    out.push_back(point);
  }
  return out;
}

}  // namespace membench
