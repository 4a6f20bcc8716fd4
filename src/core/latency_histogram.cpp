// File: core/latency_histogram.cpp
#include "core/latency_histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace membench {

std::uint64_t LatencyDistribution::Count() const {
  std::uint64_t n = 0;
  for (const LatencyBucket& b : buckets) n += b.count;
  return n;
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

void MergeLatencies(LatencyDistribution& into, const LatencyDistribution& more) {
  if (into.buckets.empty()) {
    const std::string what = into.what.empty() ? more.what : into.what;
    into = more;
    into.what = what;
    return;
  }
  for (const LatencyBucket& b : more.buckets) {
    const auto at = std::lower_bound(into.buckets.begin(), into.buckets.end(), b.low_ns,
                                     [](const LatencyBucket& x, double low) { return x.low_ns < low; });
    if (at != into.buckets.end() && at->low_ns == b.low_ns && at->high_ns == b.high_ns) {
      at->count += b.count;
    } else {
      into.buckets.insert(at, b);
    }
  }
}

std::size_t TickHistogram::IndexOf(std::uint64_t ticks) {
  if (ticks < kSubBuckets) return static_cast<std::size_t>(ticks);
  const int exponent = 63 - std::countl_zero(ticks);  // at least 4
  const int shift = exponent - 4;
  const std::size_t sub = static_cast<std::size_t>(ticks >> shift) & (kSubBuckets - 1);
  return kSubBuckets + static_cast<std::size_t>(shift) * kSubBuckets + sub;
}

std::pair<std::uint64_t, std::uint64_t> TickHistogram::BoundsOf(std::size_t index) {
  if (index < kSubBuckets) return {index, index + 1};
  const std::size_t shift = (index - kSubBuckets) / kSubBuckets;
  const std::uint64_t sub = (index - kSubBuckets) % kSubBuckets;
  return {(kSubBuckets + sub) << shift, (kSubBuckets + sub + 1) << shift};
}

std::uint64_t TickHistogram::Count() const {
  std::uint64_t n = 0;
  for (const std::uint64_t c : counts_) n += c;
  return n;
}

LatencyDistribution TickHistogram::ToDistribution(std::string what, double ticks_per_ns, double per_timing,
                                                  double overhead_ticks) const {
  LatencyDistribution d;
  d.what = std::move(what);
  const double scale = 1.0 / (ticks_per_ns * per_timing);
  d.overhead_ns = overhead_ticks / ticks_per_ns;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    if (counts_[i] == 0) continue;
    const auto [low, high] = BoundsOf(i);
    d.buckets.push_back({static_cast<double>(low) * scale, static_cast<double>(high) * scale, counts_[i]});
  }
  return d;
}

}  // namespace membench
