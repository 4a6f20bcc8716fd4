// File: workloads/latency_recorder.h
// --latencies on: what chase and fault time single latencies with. A timing
// is the TSC read after every earlier instruction has completed (lfence,
// sys::ReadTscOrdered) on both sides of the timed code; the cost of such a
// pair with nothing between, calibrated when the point is prepared (the
// median of a thousand), is subtracted from each timing, and what is left
// counted into a TickHistogram (core/latency_histogram.h).
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
  // Measures the timer's overhead and the TSC's rate; a recorder that was
  // never calibrated records nothing (Distribution returns none).
  void Calibrate();
  bool active() const { return ticks_per_ns_ > 0; }

  std::uint64_t Start() const { return sys::ReadTscOrdered(); }
  void Stop(std::uint64_t start) {
    const std::uint64_t ticks = sys::ReadTscOrdered() - start;
    histogram_.Add(ticks > overhead_ticks_ ? ticks - overhead_ticks_ : 0);
  }

  // Each timing of `per_timing` units, as the latency of one.
  std::optional<LatencyDistribution> Distribution(const std::string& what, double per_timing) const;

  // The timer, its rate and its overhead, for the notes: "latencies timed
  // with the CNTVCT at 25 MHz (one tick 40 ns), 1 tick of overhead
  // subtracted". A coarse arm64 counter bounds what a latency can resolve.
  std::string TimerNote() const;

 private:
  TickHistogram histogram_;
  std::uint64_t overhead_ticks_ = 0;
  double ticks_per_ns_ = 0;
};

// Follows the chain from p for `loads` loads, timing one run of
// kTimedChain in kTimeEvery into `recorder`; returns where it ended.
char* WalkChainTimed(char* p, std::uint64_t loads, LatencyRecorder& recorder);

}  // namespace membench
