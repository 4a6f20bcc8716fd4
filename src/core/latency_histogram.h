// File: core/latency_histogram.h
// Single latencies as a distribution, not a mean: chase's dependent loads
// timed a short chain at a time, fault's single page faults. The timed code
// counts TSC ticks into log-linear buckets (TickHistogram: exact below 16
// ticks, then 16 buckets per power of two, so a bucket is at most 1/16 of
// its value wide, as HdrHistogram's with one significant digit and a half);
// the result keeps the buckets in nanoseconds, and the reports print p50,
// p90, p99 and p99.9 and draw the CDF.
#pragma once

#include <array>
#include <cstdint>
#include <string>
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
  std::vector<LatencyBucket> buckets;  // ascending; only buckets with counts
  std::uint64_t Count() const;
};

// The latency below which `fraction` (0..1] of the timings fall,
// interpolated linearly within its bucket; 0 for an empty distribution.
double LatencyPercentile(const LatencyDistribution& d, double fraction);

// The percentiles the reports print, with their labels.
inline constexpr std::array<std::pair<const char*, double>, 4> kLatencyPercentiles = {
    {{"p50", 0.50}, {"p90", 0.90}, {"p99", 0.99}, {"p99.9", 0.999}}};

// Adds `more`'s counts to `into` (the same point measured by another
// invocation); `into` takes `more` whole where it has none.
void MergeLatencies(LatencyDistribution& into, const LatencyDistribution& more);

// What the timed code counts into: fixed storage, no allocation, an add is
// a count leading zeros and an increment.
class TickHistogram {
 public:
  void Add(std::uint64_t ticks) { ++counts_[IndexOf(ticks)]; }
  std::uint64_t Count() const;
  // Each timing of `per_timing` units (a chain of loads) in nanoseconds a
  // unit: ticks / ticks_per_ns / per_timing.
  LatencyDistribution ToDistribution(std::string what, double ticks_per_ns, double per_timing,
                                     double overhead_ticks) const;
  static std::size_t IndexOf(std::uint64_t ticks);
  // [low, high) in ticks of bucket `index`.
  static std::pair<std::uint64_t, std::uint64_t> BoundsOf(std::size_t index);

  static constexpr std::size_t kSubBuckets = 16;
  static constexpr std::size_t kBuckets = kSubBuckets + 60 * kSubBuckets;

 private:
  std::array<std::uint64_t, kBuckets> counts_{};
};

}  // namespace membench
