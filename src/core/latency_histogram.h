// File: core/latency_histogram.h
// Single latencies as a distribution, not a mean: chase's dependent loads
// timed a short chain at a time, fault's single page faults. Every
// distribution counts into one fixed grid of nanosecond buckets
// (LatencyGrid: a sixteenth of a nanosecond wide below 1 ns, then 16
// buckets per power of two, so a bucket is at most 1/16 of its value wide,
// as HdrHistogram's with one significant digit and a half). Because the
// grid does not depend on the timer's rate, the distributions of a point's
// preparations, of a run's invocations and of files from different runs
// merge by adding counts. The reports print p50, p90, p99 and p99.9 and draw
// the CDF.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace membench {

struct LatencyBucket {
  double low_ns = 0;  // [low_ns, high_ns)
  double high_ns = 0;
  std::uint64_t count = 0;
};

struct LatencyDistribution {
  std::string what;        // "a load, timed 8 dependent loads at a time, one chain in 32"
  double overhead_ns = 0;  // the timer's own cost, calibrated and subtracted from every timing
  std::vector<LatencyBucket> buckets;  // ascending grid buckets; only those with counts
  std::uint64_t Count() const;
};

// The grid, in units of 1/16 ns: a value in units counts in bucket
// IndexOf(units), whose bounds in nanoseconds are BoundsNs(index). The
// bounds are binary fractions, exact in a double and in the JSON.
struct LatencyGrid {
  static constexpr double kUnitsPerNs = 16;
  static constexpr std::size_t kSubBuckets = 16;
  static constexpr std::size_t kBuckets = kSubBuckets + 60 * kSubBuckets;
  static std::size_t IndexOf(std::uint64_t units);
  // The bucket that holds `ns` (>= 0, finite).
  static std::size_t IndexOfNs(double ns);
  // [low, high) in units, and in nanoseconds.
  static std::pair<std::uint64_t, std::uint64_t> BoundsOf(std::size_t index);
  static std::pair<double, double> BoundsNs(std::size_t index);
};

// The latency below which `fraction` (0..1] of the timings fall,
// interpolated linearly within its bucket; 0 for an empty distribution.
double LatencyPercentile(const LatencyDistribution& d, double fraction);

// The percentiles the reports print, with their labels.
inline constexpr std::array<std::pair<const char*, double>, 4> kLatencyPercentiles = {
    {{"p50", 0.50}, {"p90", 0.90}, {"p99", 0.99}, {"p99.9", 0.999}}};

// Adds `more`'s counts to `into` (the same point measured by another
// preparation or invocation): bucket by bucket, both on the grid. `into`
// takes `more`'s description where it has none.
void MergeLatencies(LatencyDistribution& into, const LatencyDistribution& more);

// Buckets as a file gives them, in any order, overlapping or off the grid
// (files written before the grid, whose buckets followed each preparation's
// timer rate), moved onto the grid: each bucket's count goes to the grid
// bucket that holds its middle. Returns whether any bucket had to move.
bool PutOnGrid(std::vector<LatencyBucket>& buckets);

// What the timed code counts into: fixed storage, no allocation, an add is
// a count leading zeros and an increment.
class GridHistogram {
 public:
  void Add(std::uint64_t units) { ++counts_[LatencyGrid::IndexOf(units)]; }
  std::uint64_t Count() const;
  LatencyDistribution ToDistribution(std::string what, double overhead_ns) const;

 private:
  std::array<std::uint64_t, LatencyGrid::kBuckets> counts_{};
};

}  // namespace membench
