// File: core/result.h
// The result model: everything one invocation measured, with the conditions
// it was measured under. Reports and JSON are built from it alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/counter_math.h"
#include "core/page_proof.h"
#include "core/params.h"
#include "core/event_spec.h"
#include "core/system_info.h"

namespace membench {

struct Sample {
  std::int64_t wall_ns = 0;
  std::uint64_t tsc_ticks = 0;
  std::int64_t user_ns = 0;
  std::int64_t system_ns = 0;
  std::uint64_t loops = 0;
  std::uint64_t work = 0;                             // units of work in this sample
  // With workers: wall_ns spans the parallel region (first start to last
  // end), work and CPU times are summed, and each worker's own time is here.
  std::vector<std::int64_t> worker_wall_ns;
  // Time in each of the workload's phases (Measurement::phases), summed over
  // the workers.
  std::vector<std::int64_t> phase_ns;
  std::vector<std::optional<CounterValue>> counters;  // one per RunResult::events entry
};

struct Measurement {
  std::string workload;
  std::string work_unit;
  std::string rate_label;
  Point point;
  std::uint64_t loops = 0;
  int warmup_samples = 0;
  bool loops_calibrated = false;
  bool fresh_state_each_sample = false;
  std::vector<std::string> phases;  // names for Sample::phase_ns
  std::vector<Sample> samples;
  // The very first sample of the point, before any warm-up (one loop): the
  // cold pass, faults included where the workload's memory was untouched.
  std::optional<Sample> first_sample;
  std::vector<PageProof> page_proofs;
  std::vector<std::string> notes;
  // Under --precision: the goal, and whether the samples reached it.
  std::optional<double> precision_target_pct;
  bool precision_reached = false;
};

struct RunResult {
  std::string tool_version;
  std::string command_line;
  std::string started_at;  // ISO 8601 UTC
  SystemInfo system;
  double tsc_ghz = 0;  // measured over the samples: TSC ticks per ns
  std::vector<EventStatus> events;
  std::vector<std::string> notes;  // run-wide (counter fallbacks, ...)
  std::vector<Measurement> measurements;
  bool interleaved = false;  // round k of every measurement was taken together
  bool interrupted = false;
};

}  // namespace membench
