// File: sys/memory_controller_counters.h
// The memory controllers' counters: reading the PMUs under
// /sys/bus/event_source/devices into descriptions (core/memory_counters.h
// chooses among them), and opening the chosen ones machine-wide - pid -1,
// on the CPU each instance's cpumask names - as uncore PMUs require. That
// needs root, CAP_PERFMON or perf_event_paranoid <= 0. They are opened
// enabled and never reset: a sample is the difference of two Read()s.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/counter_math.h"
#include "core/memory_counters.h"

namespace membench::sys {

inline constexpr const char* kEventSourceDevices = "/sys/bus/event_source/devices";

// Every PMU directory under root: its type, cpumask, format fields and
// named events with their scale and unit. A directory it cannot read is
// left out.
std::vector<PmuDescription> ReadPmuCatalog(const std::string& root = kEventSourceDevices);

class MachineWideCounters {
 public:
  // Opens every counter; throws Error naming the first that would not
  // open and why (not permitted, unknown encoding, no such PMU).
  explicit MachineWideCounters(const std::vector<MemoryCounterSpec>& counters);
  MachineWideCounters(const MachineWideCounters&) = delete;
  MachineWideCounters& operator=(const MachineWideCounters&) = delete;
  ~MachineWideCounters();
  // One reading per counter, in order; nullopt where read() failed.
  std::vector<std::optional<CounterReading>> Read() const;

 private:
  std::vector<int> fds_;
};

}  // namespace membench::sys
