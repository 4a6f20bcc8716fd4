// File: core/counter_math.h
// Pure arithmetic over perf_event readings: parsing the read() buffers of
// perf_event_open, and scaling multiplexed counts as perf does
// (tools/lib/perf/evsel.c perf_counts_values__scale: value * enabled /
// running; running == 0 means "not counted"). Kept free of syscalls so it is
// tested with synthetic buffers on machines without a PMU.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace membench {

struct CounterValue {
  std::uint64_t raw = 0;
  std::uint64_t enabled_ns = 0;
  std::uint64_t running_ns = 0;
};

struct ScaledCount {
  bool counted = false;         // false: the counter never ran (<not counted>)
  double value = 0;             // extrapolated to the enabled time
  double running_fraction = 1;  // running / enabled; < 1 means multiplexed
  bool multiplexed() const { return counted && running_fraction < 1.0; }
};

ScaledCount Scale(const CounterValue& reading);

struct IdentifiedValue {
  std::uint64_t id = 0;
  CounterValue value;
};

// Buffer of read_format GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING | ID:
//   nr, time_enabled, time_running, { value, id } * nr
// Returns nullopt when the buffer is shorter than nr says.
std::optional<std::vector<IdentifiedValue>> ParseGroupRead(std::span<const std::uint64_t> words);

// Buffer of read_format TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING | ID (no group):
//   value, time_enabled, time_running, id
std::optional<IdentifiedValue> ParseSingleRead(std::span<const std::uint64_t> words);

}  // namespace membench
