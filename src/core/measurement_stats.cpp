// File: core/measurement_stats.cpp
#include "core/measurement_stats.h"

#include "core/precision.h"

namespace membench {
namespace {

std::string BaseName(const std::string& name) {
  const auto colon = name.rfind(':');
  if (colon == std::string::npos) return name;
  const std::string mod = name.substr(colon + 1);
  return (mod == "u" || mod == "k" || mod == "uk" || mod == "ku") ? name.substr(0, colon) : name;
}

std::optional<WorkerStats> ComputeWorkerStats(const Measurement& m) {
  if (m.samples.empty() || m.samples.front().worker_wall_ns.empty()) return std::nullopt;
  WorkerStats out;
  out.workers = static_cast<int>(m.samples.front().worker_wall_ns.size());
  std::vector<double> sums, each, skews;
  for (const auto& s : m.samples) {
    skews.push_back(static_cast<double>(s.start_skew_ns));
    // Every worker does the same loops, so the same share of the work.
    const double work_each = static_cast<double>(s.work) / static_cast<double>(s.worker_wall_ns.size());
    double sum = 0;
    bool known = true;
    for (const std::int64_t ns : s.worker_wall_ns) {
      if (ns <= 0) {
        known = false;  // a worker's rate over no time is unknown
        continue;
      }
      const double rate = work_each / (static_cast<double>(ns) * 1e-9);
      each.push_back(rate);
      sum += rate;
    }
    if (known) sums.push_back(sum);
  }
  out.start_skew_ns = Summarize(skews);
  out.sum_of_worker_rates = Summarize(sums);
  out.worker_rate = Summarize(each);
  out.slowest_worker_rate = out.worker_rate.min;
  out.fastest_worker_rate = out.worker_rate.max;
  return out;
}

std::vector<SideRateStats> ComputeSideRates(const Measurement& m) {
  std::vector<SideRateStats> out;
  for (std::size_t c = 0; c < m.side_counts.size(); ++c) {
    std::vector<double> per_second;
    double counted = 0;
    double work = 0;
    for (const Sample& s : m.samples) {
      if (c >= s.side_counts.size() || !s.side_counts[c] || s.wall_ns <= 0) continue;
      per_second.push_back(static_cast<double>(*s.side_counts[c]) * 1e9 / static_cast<double>(s.wall_ns));
      counted += static_cast<double>(*s.side_counts[c]);
      work += static_cast<double>(s.work);
    }
    const SideCount& side = m.side_counts[c];
    out.push_back({side.name, side.unit, side.kind, Summarize(per_second),
                   work > 0 ? std::optional<double>(counted / work) : std::nullopt});
  }
  return out;
}

std::vector<PhaseStats> ComputePhaseStats(const Measurement& m) {
  std::vector<PhaseStats> out;
  double all = 0;
  for (std::size_t p = 0; p < m.phases.size(); ++p) {
    PhaseStats phase;
    phase.name = m.phases[p];
    std::vector<double> per_unit;
    double total = 0;
    for (const auto& s : m.samples) {
      if (p >= s.phase_ns.size() || s.work == 0) continue;
      per_unit.push_back(static_cast<double>(s.phase_ns[p]) / static_cast<double>(s.work));
      total += static_cast<double>(s.phase_ns[p]);
    }
    phase.ns_per_unit = Summarize(per_unit);
    phase.share_pct = total;  // made a share below
    all += total;
    out.push_back(std::move(phase));
  }
  for (auto& phase : out) phase.share_pct = all > 0 ? 100.0 * phase.share_pct / all : 0;
  return out;
}

}  // namespace

MeasurementStats ComputeMeasurementStats(const Measurement& m, const std::vector<EventStatus>& events) {
  MeasurementStats out;
  std::vector<double> rate, wall, user, system;
  double tsc_total = 0, work_total = 0;
  for (const auto& s : m.samples) {
    if (const auto r = RatePerSecond(s)) {
      rate.push_back(*r);
    } else {
      ++out.samples_without_rate;
    }
    wall.push_back(static_cast<double>(s.wall_ns) * 1e-9);
    user.push_back(static_cast<double>(s.user_ns) * 1e-9);
    system.push_back(static_cast<double>(s.system_ns) * 1e-9);
    tsc_total += static_cast<double>(s.tsc_ticks);
    work_total += static_cast<double>(s.work);
  }
  out.rate = Summarize(rate);
  // Under --precision the interval is Stein's, the one the stopping rule
  // keeps at 95% (core/precision.h); results without a pilot keep the t one.
  if (m.precision_target_pct && m.precision_pilot_runs >= 2) {
    const PrecisionRule rule(*m.precision_target_pct, static_cast<std::size_t>(m.precision_pilot_runs));
    if (const auto ci = rule.Interval95(rate)) {
      out.rate.ci95_low = ci->low;
      out.rate.ci95_high = ci->high;
    }
  }
  out.noise = DiagnoseNoise(rate);
  out.wall_seconds = Summarize(wall);
  out.user_seconds = Summarize(user);
  out.system_seconds = Summarize(system);
  out.work_per_sample = m.samples.empty() ? 0 : work_total / static_cast<double>(m.samples.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    CounterStats c;
    c.name = events[i].name;
    c.base_name = BaseName(c.name);
    c.supported = events[i].supported;
    c.reason = events[i].reason;
    c.modes = events[i].counted_modes;
    c.hidden = !c.supported && events[i].hide_if_unsupported;
    std::vector<double> values;
    double running_sum = 0;
    bool all_counted = c.supported && !m.samples.empty();
    for (const auto& s : m.samples) {
      const auto& reading = i < s.counters.size() ? s.counters[i] : std::nullopt;
      const ScaledCount scaled = reading ? Scale(*reading) : ScaledCount{};
      if (!scaled.counted) {
        all_counted = false;
        continue;
      }
      values.push_back(scaled.value);
      running_sum += scaled.running_fraction;
    }
    c.counted = all_counted;
    if (!values.empty()) {
      c.summary = Summarize(values);
      c.running_pct = 100.0 * running_sum / static_cast<double>(values.size());
    }
    if (c.counted && (c.base_name == "cycles" || c.base_name == "cpu-cycles") && work_total > 0) {
      out.cycles_per_unit = c.summary.mean / out.work_per_sample;
      out.cycles_from_pmu = true;
    }
    if (c.base_name == "page-faults" || c.base_name == "faults") {
      if (c.counted) out.page_faults_per_sample = c.summary.mean;
      if (m.first_sample && i < m.first_sample->counters.size() && m.first_sample->counters[i]) {
        const ScaledCount first = Scale(*m.first_sample->counters[i]);
        if (first.counted) out.first_pass_page_faults = first.value;
      }
    }
    out.counters.push_back(std::move(c));
  }
  if (!out.cycles_from_pmu && work_total > 0) out.cycles_per_unit = tsc_total / work_total;
  out.workers = ComputeWorkerStats(m);
  out.phases = ComputePhaseStats(m);
  out.side_rates = ComputeSideRates(m);
  // Only where memory is faulted in: a program's or a message run's faults
  // per second would say nothing about faulting (nor would a program's
  // process's beside the byte rate it printed).
  if (m.fresh_state_each_sample && m.unit == WorkUnit::kBytes && !m.program_figure && out.page_faults_per_sample &&
      *out.page_faults_per_sample >= 1 && out.wall_seconds.mean > 0) {
    const double workers = out.workers ? out.workers->workers : 1;
    out.faults_per_second = *out.page_faults_per_sample / out.wall_seconds.mean;
    out.ns_per_fault = out.wall_seconds.mean * 1e9 * workers / *out.page_faults_per_sample;
  }
  return out;
}

double EstimateTscGhz(const std::vector<Measurement>& measurements) {
  std::uint64_t ticks = 0;
  std::int64_t ns = 0;
  for (const auto& m : measurements) {
    for (const auto& s : m.samples) {
      ticks += s.tsc_ticks;
      if (s.worker_wall_ns.empty()) ns += s.wall_ns;
      for (const std::int64_t worker_ns : s.worker_wall_ns) ns += worker_ns;
    }
  }
  return ns > 0 ? static_cast<double>(ticks) / static_cast<double>(ns) : 0;
}

}  // namespace membench
