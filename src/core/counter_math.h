// File: core/counter_math.h
// Pure arithmetic over perf_event readings: parsing the read() buffers of
// perf_event_open, the difference of two readings around a sample, and
// multiplex scaling. perf resets nothing between its intervals: it reads
// value, time enabled and time running before and after, and scales the
// differences (tools/perf/util/stat.c, evsel__compute_deltas, then
// perf_counts_values__scale: value * enabled / running; running == 0 means
// "not counted"). PERF_EVENT_IOC_RESET would zero the value but not the two
// times, so a scale from totals mixes every earlier sample into this one;
// membench therefore never resets and works on differences alone. Kept
// free of syscalls so it is tested with synthetic readings on machines
// without a PMU.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace membench {

// One read() of a counter: totals since it was opened (an inherited
// counter's include every task it followed, the exited ones too).
struct CounterReading {
  std::uint64_t value = 0;
  std::uint64_t enabled_ns = 0;
  std::uint64_t running_ns = 0;
};

// One counter over one sample: the differences of the readings before and
// after it, and the value extrapolated to the time it was enabled. For a
// team of workers each worker's value is scaled on its own and the scaled
// values summed, as perf aggregates.
struct CounterValue {
  std::uint64_t raw = 0;
  std::uint64_t enabled_ns = 0;
  std::uint64_t running_ns = 0;
  double scaled = 0;
  // False: the counter never got onto the PMU during the sample.
  bool counted() const { return running_ns > 0; }
};

// A value from its raw figures, scaled (synthetic tests, result files).
CounterValue MakeCounterValue(std::uint64_t raw, std::uint64_t enabled_ns, std::uint64_t running_ns);

// Another worker's value added: raw, times and scaled values summed.
CounterValue& operator+=(CounterValue& sum, const CounterValue& other);

// The difference of two readings, or why it is impossible: a value or a
// time that went backwards (a difference beyond 2^63 cannot be a wrap of a
// 64-bit counter: it is a reading taken against the wrong baseline), or
// more time running than enabled. A counter that wrapped past 2^64 is
// differenced modulo 2^64, as perf does.
struct CounterDelta {
  std::optional<CounterValue> value;
  std::string problem;  // set when value is empty
};
CounterDelta Delta(const CounterReading& before, const CounterReading& after);

// How a value reads in a report.
struct ScaledCount {
  bool counted = false;         // false: the counter never ran (<not counted>)
  double value = 0;             // extrapolated to the enabled time
  double running_fraction = 1;  // running / enabled; < 1 means multiplexed
  bool multiplexed() const { return counted && running_fraction < 1.0; }
};

ScaledCount Scale(const CounterValue& value);

struct IdentifiedReading {
  std::uint64_t id = 0;
  CounterReading reading;
};

// Buffer of read_format GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING | ID:
//   nr, time_enabled, time_running, { value, id } * nr
// Returns nullopt when the buffer is shorter than nr says.
std::optional<std::vector<IdentifiedReading>> ParseGroupRead(std::span<const std::uint64_t> words);

// Buffer of read_format TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING | ID (no group):
//   value, time_enabled, time_running, id
std::optional<IdentifiedReading> ParseSingleRead(std::span<const std::uint64_t> words);

// Each group member's reading in a parsed group read, by the member's
// counter id (nullopt where the read lacks it). Throws Error when an id is
// 0 or belongs to two members: their readings would go to the wrong counter
// (a failed PERF_EVENT_IOC_ID must never leave id 0 shared).
std::vector<std::optional<CounterReading>> MatchGroupRead(std::span<const std::uint64_t> member_ids,
                                                          const std::vector<IdentifiedReading>& group);

}  // namespace membench
