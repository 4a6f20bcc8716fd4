// File: core/work_unit.h
// What one unit of a workload's work is, as a type: rates, times per unit
// and report labels are decided on it, never on a string. A sample's rate
// is computed in one place, RatePerSecond (core/result.h).
#pragma once

#include <string>
#include <string_view>

namespace membench {

enum class WorkUnit {
  kBytes,       // moved, set, compared, read, faulted in
  kLoads,       // dependent loads (chase)
  kTouches,     // one access per stride (zeropage, read with a stride)
  kPages,       // pages cleared (clear)
  kFaults,      // protection faults caught (protfault)
  kMappings,    // map + touch + unmap (mapping)
  kSpawns,      // processes created (spawn)
  kPairs,       // allocation + free pairs (slab)
  kMessages,    // messages delivered (hackbench)
  kRuns,        // runs of a program (exec)
  kCalls,       // system calls, or signals handled (syscall)
  kSwitches,    // context switches: hops of a token round a ring (ctxswitch)
  kRoundTrips,  // a message there and back (ipc latency)
  kFiles,       // files created or deleted (fileops)
  kHops,        // token passes with no switch: a ring of one (ctxswitch's overhead)
};

// "bytes", "loads", ...: the plural, as the result file and reports write it.
std::string_view UnitName(WorkUnit unit);
// "byte", "load", ...
std::string_view UnitSingular(WorkUnit unit);
// The inverse of UnitName; throws Error for a name that is none.
WorkUnit ParseWorkUnit(std::string_view name);

}  // namespace membench
