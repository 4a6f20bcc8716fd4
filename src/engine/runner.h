// File: engine/runner.h
// The runner's policies over the points of one workload, knowing nothing of
// any workload, counter or OS: per point, calibration (one sample lasts at
// least min_sample unless the loops are fixed), the cold first pass, warm-up
// (extended while samples keep getting faster), then the timed samples, in
// rounds over all points (interleaved) or point after point (sequential),
// until the repetitions are taken or the precision goal is met within the
// point's own budget; a stop request ends it between samples and keeps what
// was measured. Samples come from a SampleSource and time from a Clock
// (engine/sample_source.h), so all of this is tested with fakes.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/sample_source.h"

namespace membench {

// --precision: take samples until the 95% confidence interval of the mean
// rate is within ±target_pct of it, between min_runs and max_runs samples
// and within max_seconds of the point's own sampling time. The first
// min_runs samples are the pilot of Stein's procedure (core/precision.h):
// their spread sets the interval's width. 10 is a compromise: a pilot of n0
// costs about (t(0.975, n0 - 1) / 1.96)^2 times the samples a known spread
// would need (1.33 at 10, 2.0 at 5), and n0 samples at least.
struct PrecisionGoal {
  double target_pct = 1;
  int min_runs = 10;
  int max_runs = 100;
  double max_seconds = 60;
};

// Interleaved: every point prepared at once and sampled in rounds (A B C
// A B C ...); sequential: each point's samples in a row.
enum class SampleOrder { kInterleaved, kSequential };

struct SamplingPlan {
  int repetitions = 5;  // without a precision goal
  std::optional<PrecisionGoal> precision;
  int warmup = 1;  // at least this many warm-up samples
  // More warm-up while the machine is still speeding up (not for a command
  // under exec, which is sampled as perf stat -r does: exactly --warmup).
  bool extend_warmup = true;
  std::optional<std::uint64_t> loops;  // fixed loops per sample
  // Loops an earlier invocation of the same run calibrated, by point label:
  // such a point skips calibration (and its cold pass, which the warm-up
  // absorbs), so the later invocations of a run cost little more than
  // their samples, with the same loops unless their warm-up finds samples
  // shorter than the target and grows them.
  std::map<std::string, std::uint64_t> calibrated_loops;
  // nanobench and Google Benchmark pick 1..500 ms; 50 ms keeps a 5-sample
  // point under a second while the clock's resolution stays far below 0.1%.
  std::chrono::nanoseconds min_sample = std::chrono::milliseconds(50);
  SampleOrder order = SampleOrder::kInterleaved;
};

struct SamplingOutcome {
  std::vector<Measurement> measurements;  // points with at least one sample
  bool interleaved = false;
  bool stopped = false;            // a stop request, an abandoned sample or a failure ended it
  // The failure that ended the sampling after something was measured ("" when none).
  std::string failure;
  std::vector<std::string> notes;  // about the whole sampling
};

// Where a sampling stands, told before each point is prepared and after
// a timed sample (at most once a second, and after the last), so a long
// run never looks hung.
struct Progress {
  std::size_t point = 0;  // the point being prepared or just sampled
  std::size_t points = 0;
  std::string label;  // the point, as its report names it
  bool preparing = false;
  std::size_t samples_taken = 0;    // timed samples so far, every point
  std::size_t samples_planned = 0;  // 0 when unknown (--precision)
  std::int64_t elapsed_ns = 0;      // since the sampling began
  // Spent taking timed samples, every point's preparation left out: what
  // the estimate of the time left scales.
  std::int64_t sampling_ns = 0;
};
using ProgressFn = std::function<void(const Progress&)>;

// The progress line's text: "[point 3/8, sample 20/72, 12 s, about 31 s
// left] memcpy size=64 MiB impl=nt"; the estimate once a sample was timed,
// none when the samples planned are unknown.
std::string ProgressText(const Progress& progress);

SamplingOutcome SamplePoints(const std::string& workload, const std::vector<Point>& points, PointOpener& opener,
                             const SamplingPlan& plan, const Clock& clock, const StopRequest& stop,
                             const ProgressFn& progress = {});

// Loops for the next calibration try, as Google Benchmark grows them: aim
// 40% past the target, at most x10 per step, always at least one more, and
// never beyond kMaxLoops (a loop the clock cannot see ends calibration there).
std::uint64_t NextCalibrationLoops(std::uint64_t loops, std::int64_t elapsed_ns, std::int64_t target_ns);
inline constexpr std::uint64_t kMaxLoops = 1'000'000'000'000'000;

// Warm-up goes on past --warmup while a sample ran more than this much
// faster per loop than the one before: memory a VM's host has not backed yet
// speeds up pass after pass (seen here on a 64 MiB memset: 11.6, 12.4, 13.7,
// 15.6, 17.8, 20.5, 20.2 GB/s), and perf bench's -l 1 figures suffer from it.
inline constexpr double kWarmupSpeedupThreshold = 0.05;
inline constexpr int kMaxExtraWarmup = 10;

bool StillWarmingUp(double previous_ns_per_loop, double current_ns_per_loop);

}  // namespace membench
