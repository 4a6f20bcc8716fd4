// File: core/latency_histogram.cpp
#include "core/latency_histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <initializer_list>
#include <map>

namespace membench {

std::uint64_t LatencyDistribution::Count() const {
  std::uint64_t n = 0;
  for (const LatencyBucket& b : buckets) n += b.count;
  return n;
}

std::size_t LatencyGrid::IndexOf(std::uint64_t units) {
  if (units < kSubBuckets) return static_cast<std::size_t>(units);
  const int exponent = 63 - std::countl_zero(units);  // at least 4
  const int shift = exponent - 4;
  const std::size_t sub = static_cast<std::size_t>(units >> shift) & (kSubBuckets - 1);
  return kSubBuckets + static_cast<std::size_t>(shift) * kSubBuckets + sub;
}

std::size_t LatencyGrid::IndexOfNs(double ns) {
  const double units = std::floor(ns * kUnitsPerNs);
  // 2^64 units are 36 years: anything past them is the last bucket's.
  if (!(units < 18446744073709551616.0)) return kBuckets - 1;
  return IndexOf(units <= 0 ? 0 : static_cast<std::uint64_t>(units));
}

std::pair<std::uint64_t, std::uint64_t> LatencyGrid::BoundsOf(std::size_t index) {
  if (index < kSubBuckets) return {index, index + 1};
  const std::size_t shift = (index - kSubBuckets) / kSubBuckets;
  const std::uint64_t sub = (index - kSubBuckets) % kSubBuckets;
  return {(kSubBuckets + sub) << shift, (kSubBuckets + sub + 1) << shift};
}

std::pair<double, double> LatencyGrid::BoundsNs(std::size_t index) {
  const auto [low, high] = BoundsOf(index);
  // The last bucket's end overflows to 0 in units; in nanoseconds it is 2^64 units.
  const double high_units = high == 0 ? 18446744073709551616.0 : static_cast<double>(high);
  return {static_cast<double>(low) / kUnitsPerNs, high_units / kUnitsPerNs};
}

double LatencyPercentile(const LatencyDistribution& d, double fraction) {
  const std::uint64_t total = d.Count();
  if (total == 0) return 0;
  const double rank = std::clamp(fraction, 0.0, 1.0) * static_cast<double>(total);
  double below = 0;
  for (const LatencyBucket& b : d.buckets) {
    const double count = static_cast<double>(b.count);
    if (below + count >= rank) {
      const double within = count == 0 ? 0 : (rank - below) / count;
      return b.low_ns + within * (b.high_ns - b.low_ns);
    }
    below += count;
  }
  return d.buckets.back().high_ns;
}

namespace {

std::vector<LatencyBucket> BucketsOf(const std::map<std::size_t, std::uint64_t>& counts) {
  std::vector<LatencyBucket> buckets;
  for (const auto& [index, count] : counts) {
    const auto [low, high] = LatencyGrid::BoundsNs(index);
    buckets.push_back({low, high, count});
  }
  return buckets;
}

// The grid bucket of `b`, and whether `b` is exactly that bucket.
std::pair<std::size_t, bool> GridBucketOf(const LatencyBucket& b) {
  const std::size_t index = LatencyGrid::IndexOfNs((b.low_ns + b.high_ns) / 2);
  const auto [low, high] = LatencyGrid::BoundsNs(index);
  return {index, low == b.low_ns && high == b.high_ns};
}

}  // namespace

bool PutOnGrid(std::vector<LatencyBucket>& buckets) {
  std::map<std::size_t, std::uint64_t> counts;
  bool moved = false;
  for (const LatencyBucket& b : buckets) {
    const auto [index, exact] = GridBucketOf(b);
    moved = moved || !exact;
    counts[index] += b.count;
  }
  buckets = BucketsOf(counts);
  return moved;
}

void MergeLatencies(LatencyDistribution& into, const LatencyDistribution& more) {
  if (into.what.empty()) into.what = more.what;
  if (into.buckets.empty()) into.overhead_ns = more.overhead_ns;
  std::map<std::size_t, std::uint64_t> counts;
  for (const LatencyDistribution* d : std::initializer_list<const LatencyDistribution*>{&into, &more}) {
    for (const LatencyBucket& b : d->buckets) counts[GridBucketOf(b).first] += b.count;
  }
  into.buckets = BucketsOf(counts);
}

std::uint64_t GridHistogram::Count() const {
  std::uint64_t n = 0;
  for (const std::uint64_t c : counts_) n += c;
  return n;
}

LatencyDistribution GridHistogram::ToDistribution(std::string what, double overhead_ns) const {
  LatencyDistribution d;
  d.what = std::move(what);
  d.overhead_ns = overhead_ns;
  for (std::size_t i = 0; i < LatencyGrid::kBuckets; ++i) {
    if (counts_[i] == 0) continue;
    const auto [low, high] = LatencyGrid::BoundsNs(i);
    d.buckets.push_back({low, high, counts_[i]});
  }
  return d;
}

}  // namespace membench
