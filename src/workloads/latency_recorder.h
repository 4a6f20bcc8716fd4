// File: workloads/latency_recorder.h
// --latencies on: what chase and fault time single latencies with. A timing
// is the TSC read after every earlier instruction has completed (lfence,
// sys::ReadTscOrdered) on both sides of the timed code; the cost of such a
// pair with nothing between, calibrated when the point is prepared (the
// median of a thousand), is subtracted from each timing, and what is left,
// in nanoseconds a unit, counted into the fixed grid of a GridHistogram
// (core/latency_histogram.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/latency_histogram.h"
#include "core/params.h"
#include "sys/clock.h"

namespace membench {

// The `latencies` parameter: off (default) or on.
ParamSpec LatenciesParam(const std::string& what);

// A dependent chain's loads timed (chase, loaded): kTimedChain loads a
// timing, one such run of loads in kTimeEvery timed. Eight dependent loads
// keep the timer's overhead (tens of cycles, itself subtracted) small
// beside even L2 latencies; timing one run in 32 keeps the rate what it is
// without timing.
inline constexpr std::uint64_t kTimedChain = 8;
inline constexpr std::uint64_t kTimeEvery = 32;
// What one timing of WalkChainTimed is, for the distribution and the notes.
std::string TimedChainWhat();

class LatencyRecorder {
 public:
  // Measures the timer's overhead and the TSC's rate, for timings of
  // `per_timing` units each (a chain of loads), each recorded as the
  // latency of one. A recorder that was never calibrated records nothing
  // (Distribution returns none).
  void Calibrate(double per_timing);
  bool active() const { return ticks_per_ns_ > 0; }

  std::uint64_t Start() const { return sys::ReadTscOrdered(); }
  // A multiply and a conversion beside the timed code: the grid is in
  // nanoseconds, whatever the timer's rate.
  void Stop(std::uint64_t start) {
    const std::uint64_t ticks = sys::ReadTscOrdered() - start;
    const std::uint64_t net = ticks > overhead_ticks_ ? ticks - overhead_ticks_ : 0;
    histogram_.Add(static_cast<std::uint64_t>(static_cast<double>(net) * grid_units_per_tick_));
  }

  std::optional<LatencyDistribution> Distribution(const std::string& what) const;

  // The timer, its rate and its overhead, for the notes: "latencies timed
  // with the CNTVCT at 25 MHz (one tick 40 ns), 1 tick of overhead
  // subtracted". A coarse arm64 counter bounds what a latency can resolve.
  std::string TimerNote() const;

 private:
  GridHistogram histogram_;
  std::uint64_t overhead_ticks_ = 0;
  double ticks_per_ns_ = 0;
  double grid_units_per_tick_ = 0;  // of one unit of a timing
};

// Follows the chain from p for `loads` loads, timing one run of
// kTimedChain in kTimeEvery into `recorder`; returns where it ended.
char* WalkChainTimed(char* p, std::uint64_t loads, LatencyRecorder& recorder);

}  // namespace membench
