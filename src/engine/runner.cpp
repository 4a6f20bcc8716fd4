// File: engine/runner.cpp
#include "engine/runner.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <cstdio>

#include "core/error.h"
#include "core/measurement_stats.h"
#include "engine/sampler.h"
#include "core/stats.h"
#include "engine/team_sampler.h"
#include "core/units.h"
#include "sys/cache_pressure.h"
#include "sys/clock.h"
#include "sys/memory.h"
#include "sys/perf_counters.h"
#include "sys/process.h"

namespace membench {
namespace {

class Progress {
 public:
  explicit Progress(std::size_t total) : total_(total), enabled_(::isatty(STDERR_FILENO) == 1) {}
  void Show(std::size_t index, const std::string& label) const {
    if (enabled_) std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", index + 1, total_, label.c_str());
  }
  ~Progress() {
    if (enabled_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  std::size_t total_;
  bool enabled_;
};

}  // namespace

std::uint64_t NextCalibrationLoops(std::uint64_t loops, std::int64_t elapsed_ns, std::int64_t target_ns) {
  if (elapsed_ns <= 0) return loops * 10;
  const double multiplier = std::min(10.0, 1.4 * static_cast<double>(target_ns) / static_cast<double>(elapsed_ns));
  const double next = static_cast<double>(loops) * multiplier;
  if (next >= 1e15) return static_cast<std::uint64_t>(1e15);
  return std::max(loops + 1, static_cast<std::uint64_t>(next));
}

double CiHalfWidthPct(const std::vector<Sample>& samples) {
  std::vector<double> rates;
  for (const auto& s : samples) rates.push_back(s.wall_ns > 0 ? static_cast<double>(s.work) / static_cast<double>(s.wall_ns) : 0);
  const Summary summary = Summarize(rates);
  if (summary.n < 2 || summary.mean <= 0) return std::numeric_limits<double>::infinity();
  return 100.0 * (summary.ci95_high - summary.mean) / summary.mean;
}

bool StillWarmingUp(double previous_ns_per_loop, double current_ns_per_loop) {
  return previous_ns_per_loop > 0 && current_ns_per_loop < previous_ns_per_loop * (1.0 - kWarmupSpeedupThreshold);
}

void CheckWorkerLimits(const std::vector<Point>& points) {
  const std::uint64_t limit = sys::ProcessLimit();
  for (const auto& point : points) {
    const auto workers = WorkersOf(point);
    if (workers && static_cast<std::uint64_t>(workers->count) > limit) {
      throw Error(fmt::format("{} workers exceed this user's process limit of {} (ulimit -u); raise it with "
                              "ulimit -u, or run fewer workers",
                              workers->count, limit));
    }
  }
}

std::uint64_t MemoryNeededTogether(const WorkloadInfo& info, const std::vector<Point>& points) {
  if (info.memory_needed == nullptr) return 0;
  std::uint64_t total = 0;
  for (const auto& point : points) {
    const auto workers = WorkersOf(point);
    total += info.memory_needed(point) * static_cast<std::uint64_t>(workers ? workers->count : 1);
  }
  return total;
}

std::uint64_t PressureBufferBytes(const std::vector<CacheLevel>& caches) {
  std::uint64_t largest = 0;
  for (const auto& cache : caches) largest = std::max(largest, cache.size_bytes);
  return std::max<std::uint64_t>(2 * largest, 64u << 20);
}

void CheckMemoryFits(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options) {
  if (options.force) return;
  const std::uint64_t available = sys::MemAvailableBytes();
  if (available == 0) return;
  const std::uint64_t pressure = static_cast<std::uint64_t>(options.pressure) * options.pressure_bytes;
  if (pressure > available) {
    throw Error(fmt::format("--pressure {} needs {} ({} per process) but only {} is available (MemAvailable); "
                            "use fewer pressure processes",
                            options.pressure, FormatSize(pressure), FormatSize(options.pressure_bytes),
                            FormatSizeApprox(available)));
  }
  if (info.memory_needed == nullptr) return;
  for (const auto& point : points) {
    const auto workers = WorkersOf(point);
    const std::uint64_t needed = info.memory_needed(point) * static_cast<std::uint64_t>(workers ? workers->count : 1);
    if (needed + pressure > available) {
      throw Error(fmt::format(
          "{} {} needs {}{} but only {} is available (MemAvailable); choose a smaller size, or pass --force to try "
          "anyway",
          info.name, point.Label(), FormatSize(needed),
          pressure == 0 ? "" : " plus " + FormatSize(pressure) + " for --pressure", FormatSizeApprox(available)));
    }
  }
}

namespace {

// Grows the loops until one sample lasts the target (Google Benchmark's
// rule). These samples are warm-up too: they absorb the slow first passes.
std::uint64_t CalibrateLoops(SampleSource& sampler, std::int64_t target_ns, Sample& first) {
  std::uint64_t loops = 1;
  for (bool is_first = true;; is_first = false) {
    const Sample s = sampler.Take(loops);
    if (is_first) first = s;
    if (s.wall_ns >= target_ns || sys::Interrupted()) return loops;
    loops = NextCalibrationLoops(loops, s.wall_ns, target_ns);
  }
}

// At least options.warmup samples, more while the machine keeps speeding up
// (at most kMaxExtraWarmup more); loops calibrated while it was still slow
// are grown so samples keep lasting the target. Returns the samples taken.
int WarmUp(SampleSource& sampler, const RunOptions& options, bool recalibrate, std::uint64_t& loops) {
  const int most = options.warmup + kMaxExtraWarmup;
  double previous_ns_per_loop = 0;
  int taken = 0;
  for (bool warming = options.warmup > 0; warming && !sys::Interrupted();) {
    const Sample s = sampler.Take(loops);
    ++taken;
    const double ns_per_loop = static_cast<double>(s.wall_ns) / static_cast<double>(loops);
    warming = taken < options.warmup || (taken < most && StillWarmingUp(previous_ns_per_loop, ns_per_loop));
    previous_ns_per_loop = ns_per_loop;
    if (recalibrate && s.wall_ns < options.min_sample.count()) {
      loops = NextCalibrationLoops(loops, s.wall_ns, options.min_sample.count());
      warming = warming || taken < most;
    }
  }
  return taken;
}

// One point while it is measured: its workload, where its samples come
// from, and its measurement so far. Interleaved runs keep every point live
// and take one sample of each in turn.
class LivePoint {
 public:
  LivePoint(const WorkloadInfo& info, const Point& point, const RunOptions& options, sys::CounterGroup& counters,
            RunResult& result)
      : options_(options), workload_(info.make()) {
    m_.workload = info.name;
    m_.work_unit = info.work_unit;
    m_.rate_label = info.rate_label;
    m_.point = point;
    if (const auto workers = WorkersOf(point)) {
      sampler_ = std::make_unique<TeamSampler>(info, point, *workers, options.cpus, options.events, *workload_,
                                               counters, result.notes);
      m_.notes.push_back(fmt::format(
          "{} worker {}, {}, each with its own memory and counters, released together by a barrier; rate = all "
          "workers' work / wall time of the parallel region",
          workers->count, workers->kind == sys::WorkerKind::kProcess ? "processes" : "threads",
          options.cpus.empty() ? "unpinned" : "pinned round-robin to --cpu"));
    } else {
      workload_->Prepare(point);
      sys::CounterGroup* group = &counters;
      if (workload_->CountsChildren()) {
        own_counters_ = std::make_unique<sys::CounterGroup>(options.events, sys::CountTarget{0, true});
        group = own_counters_.get();
      }
      sampler_ = std::make_unique<SoloSampler>(*workload_, *group, result.notes);
    }
    Calibrate();
    start_ns_ = sys::MonotonicNs();
  }

  // Whether the point wants another timed sample.
  bool WantsMore() const {
    const int taken = static_cast<int>(m_.samples.size());
    if (!options_.precision) return taken < options_.repetitions;
    const PrecisionGoal& goal = *options_.precision;
    if (m_.precision_reached || taken >= goal.max_runs) return false;
    if (taken >= std::max(goal.min_runs, 2) &&
        static_cast<double>(sys::MonotonicNs() - start_ns_) * 1e-9 >= goal.max_seconds) {
      return false;
    }
    return true;
  }

  void TakeSample() {
    m_.samples.push_back(sampler_->Take(loops_));
    if (options_.precision && static_cast<int>(m_.samples.size()) >= std::max(options_.precision->min_runs, 2)) {
      m_.precision_reached = CiHalfWidthPct(m_.samples) <= options_.precision->target_pct;
    }
  }

  // The page proofs and notes, read while the memory is still mapped.
  Measurement Finish() {
    Workload& workload = sampler_->lead();
    m_.page_proofs = workload.PageProofs();
    for (auto& note : workload.Notes()) m_.notes.push_back(std::move(note));
    return std::move(m_);
  }

 private:
  // Calibration or the cold first pass, then warm-up.
  void Calibrate() {
    Workload& workload = sampler_->lead();
    m_.fresh_state_each_sample = workload.FreshStateEachSample();
    m_.phases = workload.Phases();
    if (options_.precision) m_.precision_target_pct = options_.precision->target_pct;
    if (const auto unit = workload.PointWorkUnit()) {
      m_.work_unit = unit->unit;
      m_.rate_label = unit->rate_label;
    }
    loops_ = options_.loops.value_or(1);
    if (m_.fresh_state_each_sample) {
      if (options_.loops && *options_.loops != 1) {
        m_.notes.push_back("--loops ignored: first-touch samples run one loop over freshly mapped memory");
      }
      loops_ = 1;
    } else if (!options_.loops) {
      m_.loops_calibrated = true;
      Sample first;
      loops_ = CalibrateLoops(*sampler_, options_.min_sample.count(), first);
      m_.first_sample = first;
    } else {
      m_.first_sample = sampler_->Take(1);
    }
    m_.warmup_samples = WarmUp(*sampler_, options_, m_.loops_calibrated, loops_);
    m_.loops = loops_;
  }

  const RunOptions& options_;
  Measurement m_;
  std::unique_ptr<Workload> workload_;
  std::unique_ptr<sys::CounterGroup> own_counters_;  // following the workload's children
  std::unique_ptr<SampleSource> sampler_;
  std::uint64_t loops_ = 1;
  std::int64_t start_ns_ = 0;
};

void KeepIfMeasured(Measurement m, RunResult& result) {
  if (!m.samples.empty()) result.measurements.push_back(std::move(m));
}

}  // namespace

void RunWorkload(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options,
                 RunResult& result) {
  // Started before the pinning, so they are not confined to --cpu.
  std::optional<sys::CachePressure> pressure;
  if (options.pressure > 0) {
    pressure.emplace(options.pressure, options.pressure_bytes);
    result.notes.push_back(fmt::format(
        "{} pressure process{} streamed through {} each (twice the largest cache reported), reading and writing "
        "every line, for the whole run",
        options.pressure, options.pressure == 1 ? "" : "es", FormatSize(options.pressure_bytes)));
  }
  sys::ScopedAffinity affinity(options.cpus);
  sys::CounterGroup counters(options.events);
  Progress progress(points.size());
  if (options.order == SampleOrder::kSequential || points.size() == 1) {
    for (std::size_t index = 0; index < points.size() && !sys::Interrupted(); ++index) {
      progress.Show(index, info.name + " " + points[index].Label());
      LivePoint live(info, points[index], options, counters, result);
      while (!sys::Interrupted() && live.WantsMore()) live.TakeSample();
      KeepIfMeasured(live.Finish(), result);
    }
  } else {
    // Every point prepared, calibrated and warmed up first; then rounds of
    // one sample each, so the machine's drift spreads over all points.
    std::vector<std::unique_ptr<LivePoint>> live;
    for (std::size_t index = 0; index < points.size() && !sys::Interrupted(); ++index) {
      progress.Show(index, "preparing " + info.name + " " + points[index].Label());
      live.push_back(std::make_unique<LivePoint>(info, points[index], options, counters, result));
    }
    for (bool more = true; more && !sys::Interrupted();) {
      more = false;
      for (auto& point : live) {
        if (sys::Interrupted() || !point->WantsMore()) continue;
        point->TakeSample();
        more = true;
      }
    }
    for (auto& point : live) KeepIfMeasured(point->Finish(), result);
    result.interleaved = true;
    result.notes.push_back("samples were taken round-robin over the points (--order interleaved), so drift of the "
                           "machine spreads over all of them");
  }
  if (pressure) {
    if (const int died = pressure->DiedEarly(); died > 0) {
      result.notes.push_back(fmt::format("{} pressure process{} died during the run: part of the run had less pressure",
                                         died, died == 1 ? "" : "es"));
    }
  }
  result.events = counters.statuses();
  result.interrupted = sys::Interrupted();
  result.tsc_ghz = EstimateTscGhz(result.measurements);
}

}  // namespace membench
