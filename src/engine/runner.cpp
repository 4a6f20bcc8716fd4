// File: engine/runner.cpp
#include "engine/runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <memory>

#include "core/error.h"
#include "core/precision.h"
#include "engine/workload.h"
#include "sys/pause_point.h"

namespace membench {

std::uint64_t NextCalibrationLoops(std::uint64_t loops, std::int64_t elapsed_ns, std::int64_t target_ns) {
  const double multiplier =
      elapsed_ns <= 0 ? 10.0 : std::min(10.0, 1.4 * static_cast<double>(target_ns) / static_cast<double>(elapsed_ns));
  const double next = static_cast<double>(loops) * multiplier;
  if (next >= static_cast<double>(kMaxLoops)) return kMaxLoops;
  return std::max(loops + 1, static_cast<std::uint64_t>(next));
}

bool StillWarmingUp(double previous_ns_per_loop, double current_ns_per_loop) {
  return previous_ns_per_loop > 0 && current_ns_per_loop < previous_ns_per_loop * (1.0 - kWarmupSpeedupThreshold);
}

namespace {

// One point while it is measured: its source and its measurement so far.
// Interleaved runs keep every point live and take one sample of each in
// turn. A stop request, or a sample the interrupt spoiled, leaves it with
// what it has.
class LivePoint {
 public:
  LivePoint(std::unique_ptr<SampleSource> source, const std::string& workload, const Point& point,
            const SamplingPlan& plan, const Clock& clock, const StopRequest& stop)
      : source_(std::move(source)), plan_(plan), clock_(clock), stop_(stop) {
    m_.workload = workload;
    m_.point = point;
    source_->Describe(m_);
    m_.fresh_state_each_sample = source_->FreshStateEachSample();
    if (plan_.precision) {
      rule_.emplace(plan_.precision->target_pct, static_cast<std::size_t>(plan_.precision->min_runs));
      m_.precision_target_pct = plan_.precision->target_pct;
      m_.precision_pilot_runs = static_cast<int>(rule_->pilot_runs());
    }
    Calibrate();
  }

  bool stopped() const { return stopped_; }

  // Whether the point wants another timed sample.
  bool WantsMore() const {
    if (stopped_ || stop_.Requested()) return false;
    const int taken = static_cast<int>(m_.samples.size());
    if (!plan_.precision) return taken < plan_.repetitions;
    const PrecisionGoal& goal = *plan_.precision;
    if (m_.precision_reached || taken >= goal.max_runs) return false;
    // The budget is this point's own: the time its timed samples took.
    return taken < std::max(goal.min_runs, 2) || static_cast<double>(sampling_ns_) * 1e-9 < goal.max_seconds;
  }

  void TakeSample() {
    sys::PausePoint("sample");
    const std::int64_t start = clock_.NowNs();
    std::optional<Sample> s = Take(loops_);
    sampling_ns_ += clock_.NowNs() - start;
    if (!s) return;
    m_.samples.push_back(std::move(*s));
    if (rule_) {
      std::vector<double> rates;
      for (const Sample& taken : m_.samples) {
        if (const auto rate = RatePerSecond(taken)) rates.push_back(*rate);
      }
      m_.precision_reached = rule_->Reached(rates);
    }
  }

  // The page proofs and notes, read while the memory is still mapped. A
  // failure to read them (a worker that died after the last sample) costs
  // them, with a note, not the samples; a result the workload found wrong
  // costs the run.
  Measurement Finish() {
    try {
      source_->Finish(m_);
    } catch (const WrongResult&) {
      throw;
    } catch (const Error& e) {
      m_.notes.push_back(std::string("the page proofs and notes of this point could not be read: ") + e.what());
    }
    const auto unknown = static_cast<std::size_t>(
        std::count_if(m_.samples.begin(), m_.samples.end(), [](const Sample& s) { return !RatePerSecond(s); }));
    if (unknown > 0) {
      m_.notes.push_back(
          fmt::format("{} of {} samples took no measurable time (0 ns on the clock): their rate is "
                      "unknown and left out of every statistic; give --loops to lengthen samples",
                      unknown, m_.samples.size()));
    }
    return std::move(m_);
  }

 private:
  std::optional<Sample> Take(std::uint64_t loops) {
    try {
      Sample s = source_->Take(loops);
      last_ns_per_loop_ = static_cast<double>(s.wall_ns) / static_cast<double>(loops);
      return s;
    } catch (const SampleAbandoned&) {
      stopped_ = true;
      return std::nullopt;
    }
  }

  bool Stopping() const { return stopped_ || stop_.Requested(); }

  // Calibration or the cold first pass, then warm-up.
  void Calibrate() {
    sys::PausePoint("calibration");
    loops_ = plan_.loops.value_or(1);
    if (m_.fresh_state_each_sample) {
      if (plan_.loops && *plan_.loops != 1) {
        m_.notes.push_back("--loops ignored: first-touch samples run one loop over freshly mapped memory");
      }
      loops_ = 1;
    } else if (!plan_.loops) {
      m_.loops_calibrated = true;
      const auto earlier = plan_.calibrated_loops.find(m_.point.Label());
      if (earlier != plan_.calibrated_loops.end()) {
        loops_ = earlier->second;
      } else {
        CalibrateLoops();
      }
    } else {
      m_.first_sample = Take(1);
    }
    m_.warmup_samples = WarmUp();
    m_.loops = loops_;
  }

  // Grows the loops until one sample lasts the target (Google Benchmark's
  // rule). These samples are warm-up too: they absorb the slow first passes.
  void CalibrateLoops() {
    const std::int64_t target = plan_.min_sample.count();
    for (bool first = true; !Stopping(); first = false) {
      const std::optional<Sample> s = Take(loops_);
      if (!s) return;
      if (first) m_.first_sample = *s;
      if (s->wall_ns >= target || loops_ >= kMaxLoops) return;
      loops_ = NextCalibrationLoops(loops_, s->wall_ns, target);
    }
  }

  // At least plan.warmup samples, more while the machine keeps speeding up
  // (at most kMaxExtraWarmup more), each compared with the take before it
  // (the first with the cold pass or the last calibration sample); loops
  // calibrated while it was still slow are grown so samples keep lasting
  // the target. Returns the samples taken.
  int WarmUp() {
    const int most = plan_.warmup + (plan_.extend_warmup ? kMaxExtraWarmup : 0);
    const std::int64_t target = plan_.min_sample.count();
    double previous_ns_per_loop = last_ns_per_loop_;
    int taken = 0;
    for (bool warming = plan_.warmup > 0; warming && !Stopping();) {
      const std::optional<Sample> s = Take(loops_);
      if (!s) break;
      ++taken;
      const double ns_per_loop = static_cast<double>(s->wall_ns) / static_cast<double>(loops_);
      warming = taken < plan_.warmup ||
                (plan_.extend_warmup && taken < most && StillWarmingUp(previous_ns_per_loop, ns_per_loop));
      previous_ns_per_loop = ns_per_loop;
      if (m_.loops_calibrated && s->wall_ns < target) {
        loops_ = NextCalibrationLoops(loops_, s->wall_ns, target);
        warming = warming || taken < most;
      }
    }
    return taken;
  }

  std::unique_ptr<SampleSource> source_;
  const SamplingPlan& plan_;
  const Clock& clock_;
  const StopRequest& stop_;
  Measurement m_;
  std::optional<PrecisionRule> rule_;  // under --precision
  std::uint64_t loops_ = 1;
  double last_ns_per_loop_ = 0;  // of the latest take, for the warm-up's comparison
  std::int64_t sampling_ns_ = 0;
  bool stopped_ = false;
};

void KeepIfMeasured(LivePoint& point, SamplingOutcome& out) {
  Measurement m = point.Finish();
  if (!m.samples.empty()) out.measurements.push_back(std::move(m));
}

// A failure in the middle of the sampling (a worker killed, a command
// gone, a later point that cannot be prepared) ends it. What was measured
// before is kept and the failure said, as after Ctrl-C; a failure before
// anything was measured is the run's error, thrown on.
void KeepAfterFailure(const Error& failure, std::vector<LivePoint*> points, SamplingOutcome& out) {
  for (LivePoint* point : points) {
    KeepIfMeasured(*point, out);
  }
  if (out.measurements.empty()) throw failure;
  out.failure = failure.what();
  out.stopped = true;
}

}  // namespace

std::string ProgressText(const Progress& p) {
  const double elapsed_s = static_cast<double>(p.elapsed_ns) / 1e9;
  std::string text = fmt::format("[point {}/{}", p.point + 1, p.points);
  if (p.samples_planned > 0) {
    text += fmt::format(", sample {}/{}", p.samples_taken, p.samples_planned);
  } else {
    text += fmt::format(", sample {}", p.samples_taken);
  }
  text += fmt::format(", {:.0f} s", elapsed_s);
  if (p.samples_planned > 0 && p.samples_taken > 0 && p.samples_taken < p.samples_planned) {
    const double left_s = static_cast<double>(p.sampling_ns) / 1e9 *
                          static_cast<double>(p.samples_planned - p.samples_taken) /
                          static_cast<double>(p.samples_taken);
    text += fmt::format(", about {:.0f} s left", left_s);
  }
  // The label last: a narrow terminal cuts it, not the counts.
  return text + fmt::format("] {}{}", p.preparing ? "preparing " : "", p.label);
}

SamplingOutcome SamplePoints(const std::string& workload, const std::vector<Point>& points, PointOpener& opener,
                             const SamplingPlan& plan, const Clock& clock, const StopRequest& stop,
                             const ProgressFn& progress) {
  SamplingOutcome out;
  bool stopped = false;
  Progress now;
  now.points = points.size();
  now.samples_planned = plan.precision ? 0 : static_cast<std::size_t>(plan.repetitions) * points.size();
  const std::int64_t start_ns = clock.NowNs();
  // Time spent taking timed samples, preparation left out: what the
  // estimate of the time left scales.
  std::int64_t sampled_before_ns = 0;  // of the points already finished
  std::int64_t sampling_since_ns = start_ns;
  // At most one line a second between samples: each write wakes the
  // terminal, which is work on the machine being measured.
  std::int64_t shown_ns = 0;
  auto show = [&](std::size_t index, bool preparing) {
    if (!progress) return;
    const std::int64_t now_ns = clock.NowNs();
    const bool last = now.samples_taken == now.samples_planned;
    if (!preparing && !last && shown_ns > 0 && now_ns - shown_ns < 1'000'000'000) return;
    shown_ns = now_ns;
    now.point = index;
    now.label = workload + " " + points[index].Label();
    now.preparing = preparing;
    now.elapsed_ns = now_ns - start_ns;
    now.sampling_ns = sampled_before_ns + (now_ns - sampling_since_ns);
    progress(now);
  };
  auto sampled = [&](std::size_t index) {
    ++now.samples_taken;
    show(index, false);
  };
  if (plan.order == SampleOrder::kSequential || points.size() == 1) {
    for (std::size_t index = 0; index < points.size() && !stopped && !stop.Requested(); ++index) {
      show(index, true);
      std::unique_ptr<LivePoint> live;
      try {
        live = std::make_unique<LivePoint>(opener.Open(points[index]), workload, points[index], plan, clock, stop);
        sampling_since_ns = clock.NowNs();
        while (live->WantsMore()) {
          live->TakeSample();
          sampled(index);
        }
      } catch (const Error& failure) {
        KeepAfterFailure(failure, live ? std::vector<LivePoint*>{live.get()} : std::vector<LivePoint*>{}, out);
        return out;
      }
      sampled_before_ns += clock.NowNs() - sampling_since_ns;
      stopped = live->stopped();
      KeepIfMeasured(*live, out);
    }
  } else {
    // Every point prepared, calibrated and warmed up first; then rounds of
    // one sample each, so the machine's drift spreads over all points.
    std::vector<std::unique_ptr<LivePoint>> live;
    out.interleaved = true;
    out.notes.push_back(
        "samples were taken round-robin over the points (--order interleaved), so drift of the "
        "machine spreads over all of them");
    try {
      for (std::size_t index = 0; index < points.size() && !stopped && !stop.Requested(); ++index) {
        show(index, true);
        live.push_back(
            std::make_unique<LivePoint>(opener.Open(points[index]), workload, points[index], plan, clock, stop));
        stopped = live.back()->stopped();
      }
      sampling_since_ns = clock.NowNs();
      for (bool more = !stopped; more;) {
        more = false;
        for (std::size_t index = 0; index < live.size(); ++index) {
          auto& point = live[index];
          if (!point->WantsMore()) continue;
          point->TakeSample();
          sampled(index);
          more = !point->stopped();
          if (point->stopped()) break;
        }
      }
    } catch (const Error& failure) {
      std::vector<LivePoint*> measured;
      for (auto& point : live) measured.push_back(point.get());
      KeepAfterFailure(failure, measured, out);
      return out;
    }
    for (auto& point : live) {
      stopped = stopped || point->stopped();
      KeepIfMeasured(*point, out);
    }
  }
  out.stopped = stopped || stop.Requested();
  return out;
}

}  // namespace membench
