// File: core/memory_counters.h
// Which counters measure the bytes the memory itself moved, and what a
// count is worth in bytes. The memory controllers' PMUs appear in
// /sys/bus/event_source/devices (sys/memory_controller_counters.h reads them into
// PmuDescription): Intel's as uncore_imc_<n> (server) or uncore_imc
// (client) with their CAS or data events, scale and unit in sysfs; AMD's
// as amd_umc_<n> (Zen 4 and later) without named events, so the encoding
// of perf's own table is used: umc_cas_cmd.rd and .wr, event 0x0a with
// rdwrmask 1 and 2, one 64-byte line per CAS command. Each instance counts
// machine-wide on the CPU its cpumask names (one per socket). Plain data
// and arithmetic: tested with synthetic sysfs descriptions and readings on
// machines without these PMUs, which include every VM.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/counter_math.h"

namespace membench {

struct PmuEventDescription {
  std::string name;             // "cas_count_read"
  std::string terms;            // "event=0x04,umask=0x03"
  std::optional<double> scale;  // the .scale file
  std::string unit;             // the .unit file: "MiB", "Bytes", ""
};

// One PMU directory of /sys/bus/event_source/devices.
struct PmuDescription {
  std::string name;  // "uncore_imc_0"
  std::uint32_t type = 0;
  std::vector<int> cpus;                       // its cpumask: where to open it
  std::map<std::string, std::string> formats;  // "event" -> "config:0-7"
  std::vector<PmuEventDescription> events;
};

struct PerfConfigWords {
  std::uint64_t config = 0;
  std::uint64_t config1 = 0;
  std::uint64_t config2 = 0;
};

// Encodes "event=0x04,umask=0x03" with the PMU's format fields, as perf
// does: each field names bits of config, config1 or config2 ("config:0-7",
// "config:0-7,32-35", "config1:5"), the value's bits filling them from the
// lowest; a term without a value is 1; config=, config1= and config2= set
// the words directly. Throws Error for an unknown field, a malformed term
// or a value wider than its field.
PerfConfigWords EncodePmuTerms(const std::map<std::string, std::string>& formats, const std::string& terms);

enum class MemoryDirection { kRead, kWrite };

// One counter to open: a PMU instance on one CPU.
struct MemoryCounterSpec {
  std::string pmu;    // "uncore_imc_0"
  std::string event;  // "cas_count_read"
  std::uint32_t type = 0;
  PerfConfigWords words;
  int cpu = 0;
  MemoryDirection direction = MemoryDirection::kRead;
  double bytes_per_count = 64;
};

struct MemoryCounterChoice {
  std::vector<MemoryCounterSpec> counters;  // empty: nothing measures it here
  // "8 PMUs (uncore_imc_0 .. uncore_imc_7) on CPUs 0,56: cas_count_read and
  // cas_count_write, 64 bytes a count"
  std::string source;
  std::string why_not;  // where counters is empty: what is missing, in words
};

// The memory controllers' read and write counters among the PMUs, every
// instance on every CPU of its cpumask. The first family present wins:
// Intel's CAS counts, Intel's client data counts, Intel's free-running
// counters, AMD's UMC CAS commands. A family with one instance it cannot
// use is not used at all: the others' sum would read as less traffic.
MemoryCounterChoice ChooseMemoryCounters(const std::vector<PmuDescription>& pmus);

// Bytes per count from a sysfs scale and unit ("MiB" with 6.103515625e-5
// is 64 bytes); nullopt for a unit it does not know.
std::optional<double> BytesPerCount(std::optional<double> scale, const std::string& unit);

// The bytes read and written over one sample: each counter's difference,
// scaled where the PMU multiplexed it, times its bytes per count, summed
// by direction. Nullopt (with the reason) when any counter has no
// difference or never ran: a partial sum would read as less traffic.
struct MemoryBytes {
  std::optional<std::uint64_t> read;
  std::optional<std::uint64_t> written;
  std::string problem;  // set when either is empty
  bool multiplexed = false;
};
MemoryBytes BytesMoved(const std::vector<MemoryCounterSpec>& counters,
                       const std::vector<std::optional<CounterReading>>& before,
                       const std::vector<std::optional<CounterReading>>& after);

}  // namespace membench
