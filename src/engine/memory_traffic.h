// File: engine/memory_traffic.h
// The bytes the memory controllers moved during each timed sample, where
// the machine has counters for them (core/memory_counters.h): read just
// before the timed region starts and just after it ends, like the point's
// own counters, and kept as two side counts of the sample (memory read,
// memory written). They count machine-wide: every process's traffic, the
// kernel's and the devices' too, which the run's note says. Opened once
// per invocation.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/memory_counters.h"
#include "core/result.h"
#include "engine/memory_traffic_mode.h"
#include "sys/memory_controller_counters.h"

namespace membench {

class MemoryTrafficMeter {
 public:
  // The meter, or null with why_not set (kAuto, or kOff with why_not
  // empty). kOn throws Error saying what is missing.
  static std::unique_ptr<MemoryTrafficMeter> Open(MemoryTrafficMode mode, std::string& why_not);

  explicit MemoryTrafficMeter(MemoryCounterChoice choice);
  // What counts, for the run's note.
  const std::string& source() const { return choice_.source; }
  void Start();
  // Bytes read and written since Start(), nullopt each where a counter
  // failed (the reason goes to TakeNotes()).
  std::vector<std::optional<std::uint64_t>> Stop();
  std::vector<std::string> TakeNotes();

 private:
  MemoryCounterChoice choice_;
  sys::MachineWideCounters counters_;
  std::vector<std::optional<CounterReading>> before_;
  std::vector<std::string> notes_;
};

// The two side counts Stop() fills, in its order.
std::vector<SideCount> MemoryTrafficSideCounts();

}  // namespace membench
