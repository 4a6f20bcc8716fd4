// File: core/runner.cpp
#include "core/runner.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <cstdio>

#include "core/error.h"
#include "core/sampler.h"
#include "core/stats.h"
#include "core/team_sampler.h"
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

std::uint64_t PressureBufferBytes(const std::vector<sys::CacheLevel>& caches) {
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

void TakeSamplesToPrecision(SampleSource& sampler, const PrecisionGoal& goal, std::uint64_t loops, Measurement& m) {
  m.precision_target_pct = goal.target_pct;
  const std::int64_t start = sys::MonotonicNs();
  while (!sys::Interrupted() && static_cast<int>(m.samples.size()) < goal.max_runs) {
    m.samples.push_back(sampler.Take(loops));
    if (static_cast<int>(m.samples.size()) < std::max(goal.min_runs, 2)) continue;
    if (CiHalfWidthPct(m.samples) <= goal.target_pct) {
      m.precision_reached = true;
      return;
    }
    if (static_cast<double>(sys::MonotonicNs() - start) * 1e-9 >= goal.max_seconds) return;
  }
}

// Measures one point: calibration or the cold first pass, warm-up, samples.
void MeasurePoint(SampleSource& sampler, const RunOptions& options, Measurement& m) {
  Workload& workload = sampler.lead();
  m.fresh_state_each_sample = workload.FreshStateEachSample();
  m.phases = workload.Phases();
  if (const auto unit = workload.PointWorkUnit()) {
    m.work_unit = unit->unit;
    m.rate_label = unit->rate_label;
  }
  std::uint64_t loops = options.loops.value_or(1);
  if (m.fresh_state_each_sample) {
    if (options.loops && *options.loops != 1) {
      m.notes.push_back("--loops ignored: first-touch samples run one loop over freshly mapped memory");
    }
    loops = 1;
  } else if (!options.loops) {
    m.loops_calibrated = true;
    Sample first;
    loops = CalibrateLoops(sampler, options.min_sample.count(), first);
    m.first_sample = first;
  } else {
    m.first_sample = sampler.Take(1);
  }
  m.warmup_samples = WarmUp(sampler, options, m.loops_calibrated, loops);
  m.loops = loops;
  if (options.precision) {
    TakeSamplesToPrecision(sampler, *options.precision, loops, m);
  } else {
    for (int r = 0; r < options.repetitions && !sys::Interrupted(); ++r) m.samples.push_back(sampler.Take(loops));
  }
  m.page_proofs = workload.PageProofs();
  for (auto& note : workload.Notes()) m.notes.push_back(std::move(note));
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
  for (std::size_t index = 0; index < points.size() && !sys::Interrupted(); ++index) {
    const Point& point = points[index];
    progress.Show(index, info.name + " " + point.Label());
    Measurement m;
    m.workload = info.name;
    m.work_unit = info.work_unit;
    m.rate_label = info.rate_label;
    m.point = point;
    std::unique_ptr<Workload> workload = info.make();
    if (const auto workers = WorkersOf(point)) {
      // Worker 0, this thread, runs on the first CPU of the list.
      sys::ScopedAffinity lead_cpu(options.cpus.empty() ? std::vector<int>{} : std::vector<int>{options.cpus[0]});
      TeamSampler team(info, point, *workers, options.cpus, options.events, *workload, counters, result.notes);
      MeasurePoint(team, options, m);
      m.notes.push_back(fmt::format(
          "{} worker {}, {}, each with its own memory and counters, released together by a barrier; rate = all "
          "workers' work / wall time of the parallel region",
          workers->count, workers->kind == sys::WorkerKind::kProcess ? "processes" : "threads",
          options.cpus.empty() ? "unpinned" : "pinned round-robin to --cpu"));
    } else {
      workload->Prepare(point);
      SoloSampler solo(*workload, counters, result.notes);
      MeasurePoint(solo, options, m);
    }
    if (!m.samples.empty()) result.measurements.push_back(std::move(m));
  }
  if (pressure) {
    if (const int died = pressure->DiedEarly(); died > 0) {
      result.notes.push_back(fmt::format("{} pressure process{} died during the run: part of the run had less pressure",
                                         died, died == 1 ? "" : "es"));
    }
  }
  result.events = counters.statuses();
  result.interrupted = sys::Interrupted();
  std::uint64_t ticks = 0;
  std::int64_t ns = 0;
  for (const auto& m : result.measurements) {
    for (const auto& s : m.samples) {
      ticks += s.tsc_ticks;  // summed over the workers, as their times are
      if (s.worker_wall_ns.empty()) ns += s.wall_ns;
      for (const std::int64_t worker_ns : s.worker_wall_ns) ns += worker_ns;
    }
  }
  if (ns > 0) result.tsc_ghz = static_cast<double>(ticks) / static_cast<double>(ns);
}

}  // namespace membench
