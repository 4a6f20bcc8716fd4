// File: workloads/latency_recorder.cpp
#include "workloads/latency_recorder.h"

#include <algorithm>
#include <vector>

namespace membench {

ParamSpec LatenciesParam(const std::string& what) {
  return ChoiceParam("latencies", "off",
                     "on: also time " + what +
                         " one at a time (TSC around each, its overhead subtracted) and report p50, p90, p99, "
                         "p99.9 and the distribution",
                     {"off", "on"});
}

void LatencyRecorder::Calibrate() {
  constexpr int kPairs = 1001;
  std::vector<std::uint64_t> pairs(kPairs);
  for (std::uint64_t& ticks : pairs) {
    const std::uint64_t start = sys::ReadTscOrdered();
    ticks = sys::ReadTscOrdered() - start;
  }
  std::nth_element(pairs.begin(), pairs.begin() + kPairs / 2, pairs.end());
  overhead_ticks_ = pairs[kPairs / 2];
  // 20 ms: the TSC's rate to a part in ten thousand, against the
  // microseconds to milliseconds a distribution's buckets span.
  ticks_per_ns_ = sys::MeasureTscTicksPerNs(20'000'000);
}

std::optional<LatencyDistribution> LatencyRecorder::Distribution(const std::string& what, double per_timing) const {
  if (!active() || histogram_.Count() == 0) return std::nullopt;
  return histogram_.ToDistribution(what, ticks_per_ns_, per_timing, static_cast<double>(overhead_ticks_));
}

}  // namespace membench
