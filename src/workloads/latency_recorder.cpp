// File: workloads/latency_recorder.cpp
#include "workloads/latency_recorder.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace membench {

ParamSpec LatenciesParam(const std::string& what) {
  return ChoiceParam("latencies", "off",
                     "on: also time " + what +
                         " one at a time (the cycle timer around each, its overhead subtracted) and report p50, p90, p99, "
                         "p99.9 and the distribution",
                     {"off", "on"});
}

void LatencyRecorder::Calibrate(double per_timing) {
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
  grid_units_per_tick_ = LatencyGrid::kUnitsPerNs / ticks_per_ns_ / per_timing;
}

std::string LatencyRecorder::TimerNote() const {
  return fmt::format("latencies timed with the {} at {:.4g} MHz (one tick {:.3g} ns), {} tick{} of overhead subtracted",
                     sys::kCycleTimerName, ticks_per_ns_ * 1000, 1 / ticks_per_ns_, overhead_ticks_,
                     overhead_ticks_ == 1 ? "" : "s");
}

std::optional<LatencyDistribution> LatencyRecorder::Distribution(const std::string& what) const {
  if (!active() || histogram_.Count() == 0) return std::nullopt;
  return histogram_.ToDistribution(what, static_cast<double>(overhead_ticks_) / ticks_per_ns_);
}

std::string TimedChainWhat() {
  return fmt::format("a load: {} dependent loads timed together, one run of them in {}", kTimedChain, kTimeEvery);
}

char* WalkChainTimed(char* p, std::uint64_t loads, LatencyRecorder& recorder) {
  std::uint64_t run = 0;
  for (; loads >= kTimedChain; loads -= kTimedChain) {
    if (++run % kTimeEvery == 0) {
      const std::uint64_t start = recorder.Start();
#pragma GCC unroll 8
      for (std::uint64_t u = 0; u < kTimedChain; ++u) p = *reinterpret_cast<char* volatile*>(p);
      recorder.Stop(start);
      continue;
    }
#pragma GCC unroll 8
    for (std::uint64_t u = 0; u < kTimedChain; ++u) p = *reinterpret_cast<char* volatile*>(p);
  }
  for (; loads > 0; --loads) p = *reinterpret_cast<char* volatile*>(p);
  return p;
}

}  // namespace membench
