// File: engine/runner.h
// Runs a workload over its matrix: per point Prepare, loop calibration (one
// sample lasts at least min_sample_ns unless --loops is given), warm-up
// samples, then the timed samples with counters around exactly the timed
// region. Ctrl-C stops between samples and keeps what was measured.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/result.h"
#include "engine/workload.h"
#include "sys/events.h"

namespace membench {

// --precision: take samples until the 95% confidence interval of the mean
// rate is within ±target_pct of it, between min_runs and max_runs samples
// and within max_seconds of sampling per point.
struct PrecisionGoal {
  double target_pct = 1;
  int min_runs = 3;
  int max_runs = 100;
  double max_seconds = 60;
};

// Half the width of the rate's 95% CI, relative to its mean, in percent.
double CiHalfWidthPct(const std::vector<Sample>& samples);

// Interleaved: every point prepared at once and sampled in rounds (A B C
// A B C ...); sequential: each point's samples in a row.
enum class SampleOrder { kInterleaved, kSequential };

struct RunOptions {
  int repetitions = 5;  // without a precision goal
  SampleOrder order = SampleOrder::kInterleaved;
  std::optional<PrecisionGoal> precision;
  int warmup = 1;                      // at least this many; more while the machine is still speeding up
  std::optional<std::uint64_t> loops;  // fixed loops per sample
  // nanobench and Google Benchmark pick 1..500 ms; 50 ms keeps a 5-sample
  // point under a second while the clock's resolution stays far below 0.1%.
  std::chrono::nanoseconds min_sample = std::chrono::milliseconds(50);
  std::vector<int> cpus;
  bool force = false;  // run points that do not fit in MemAvailable
  // Background processes streaming through pressure_bytes each, for the
  // whole run.
  int pressure = 0;
  std::uint64_t pressure_bytes = 0;
  std::vector<EventEncoding> events;
};

// Loops for the next calibration try, as Google Benchmark grows them: aim
// 40% past the target, at most x10 per step, always at least one more.
std::uint64_t NextCalibrationLoops(std::uint64_t loops, std::int64_t elapsed_ns, std::int64_t target_ns);

// Warm-up goes on past --warmup while a sample ran more than this much
// faster per loop than the one before: memory a VM's host has not backed yet
// speeds up pass after pass (seen here on a 64 MiB memset: 11.6, 12.4, 13.7,
// 15.6, 17.8, 20.5, 20.2 GB/s), and perf bench's -l 1 figures suffer from it.
inline constexpr double kWarmupSpeedupThreshold = 0.05;
inline constexpr int kMaxExtraWarmup = 10;

bool StillWarmingUp(double previous_ns_per_loop, double current_ns_per_loop);

// Throws Error before anything runs when a point's workers exceed the
// process limit.
void CheckWorkerLimits(const std::vector<Point>& points);

// Memory all points need at once (interleaved), all workers counted.
std::uint64_t MemoryNeededTogether(const WorkloadInfo& info, const std::vector<Point>& points);

// Throws Error before anything runs when a point (all its workers, and the
// pressure processes' buffers) does not fit in memory.
void CheckMemoryFits(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options);

// The buffer each --pressure process streams through: twice the largest
// cache the machine reports, at least 64 MiB.
std::uint64_t PressureBufferBytes(const std::vector<CacheLevel>& caches);

// Fills result.measurements (and events, notes); result's metadata is the
// caller's. Progress goes to stderr when it is a terminal.
void RunWorkload(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options,
                 RunResult& result);

}  // namespace membench
