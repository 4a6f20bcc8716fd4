// File: core/measurement_stats.h
// The figures a report shows for one measurement, computed once from its
// samples: rate, time, CPU time split, every counter's mean and noise with
// its multiplexing share, and cycles per unit of work (PMU cycles where
// counted, else TSC ticks, labelled as an estimate).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/noise.h"
#include "core/result.h"
#include "core/stats.h"

namespace membench {

struct CounterStats {
  std::string name;
  std::string base_name;  // without :u/:k modifiers, for derived metrics
  bool supported = false;
  bool counted = false;  // counted in every sample
  bool hidden = false;   // unsupported member of the implicit default set
  std::string reason;
  std::string modes;         // "user+kernel", "user", "kernel"
  Summary summary;           // of the scaled per-sample values
  double running_pct = 100;  // mean running / enabled
};

// A point run by several workers. vm-scalability (and the mails quoting
// it) reports the sum of per-worker rates, which exceeds total work / wall
// time when the workers do not finish together; both are kept, labelled.
struct WorkerStats {
  int workers = 0;
  Summary start_skew_ns;  // per sample: last worker's start - first worker's
  Summary sum_of_worker_rates;  // per sample: sum over workers of work / own time
  double slowest_worker_rate = 0;
  double fastest_worker_rate = 0;
  Summary worker_rate;  // every worker's rate in every sample, for the spread
};

// One phase of the timed region: its time per unit of work (per worker's
// unit, so phases of a team compare with a single worker's), and its share.
struct PhaseStats {
  std::string name;
  Summary ns_per_unit;
  double share_pct = 0;  // of all phases' time
};

// A workload's side count (core/result.h) as a rate: per sample, the
// count over the sample's wall time.
struct SideRateStats {
  std::string name;
  WorkUnit unit = WorkUnit::kBytes;
  SideKind kind = SideKind::kWorkload;
  Summary per_second;
  // The count per unit of the measurement's work, over the samples where it
  // was counted (both sums over the same samples); unknown where none was.
  std::optional<double> per_unit;
};

struct MeasurementStats {
  // Work units per second: the mean (and the rest) of the per-sample rates,
  // each sample one observation (docs/statistics.md says why). Samples whose
  // rate is unknown (no time elapsed) are left out and counted here.
  Summary rate;
  std::size_t samples_without_rate = 0;
  Summary wall_seconds;
  Summary user_seconds;
  Summary system_seconds;
  double work_per_sample = 0;
  std::vector<CounterStats> counters;
  double cycles_per_unit = 0;
  bool cycles_from_pmu = false;  // false: TSC ticks (nominal frequency)
  std::optional<double> page_faults_per_sample;
  std::optional<double> first_pass_page_faults;  // of Measurement::first_sample
  std::optional<WorkerStats> workers;
  // Where every sample faults its memory in: page faults per second of
  // wall time, and worker time per fault (all workers' time / all faults).
  std::optional<double> faults_per_second;
  std::optional<double> ns_per_fault;
  std::vector<PhaseStats> phases;
  std::vector<SideRateStats> side_rates;
  NoiseDiagnostics noise;  // of the rate's samples
};

// TSC ticks per ns over every sample: the rate the cycle estimates use.
// A team's ticks are summed over its workers, so its time is too.
double EstimateTscGhz(const std::vector<Measurement>& measurements);

MeasurementStats ComputeMeasurementStats(const Measurement& m, const std::vector<EventStatus>& events);

}  // namespace membench
