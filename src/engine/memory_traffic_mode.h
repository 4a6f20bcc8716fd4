// File: engine/memory_traffic_mode.h
// --memory-traffic: measure where the machine can (auto), insist (on), or
// not. Apart from the meter (engine/memory_traffic.h), so that a command can
// ask for a mode without seeing the machine's counters.
#pragma once

namespace membench {

enum class MemoryTrafficMode { kAuto, kOn, kOff };

}  // namespace membench
