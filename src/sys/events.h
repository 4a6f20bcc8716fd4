// File: sys/events.h
// Turning event names into perf_event_attr encodings: perf's generic names
// (hardware, software, hardware-cache), libpfm4 names for the CPU's PMU
// (DTLB_LOAD_MISSES:WALK_COMPLETED; the Intel-manual form with a dot is
// accepted too) and tracepoints subsys:name from tracefs. Modifiers :u, :k,
// :uk as perf has them.
#pragma once

#include <string>
#include <vector>

#include "core/event_spec.h"

namespace membench::sys {

// Resolves one name. Throws Error for a name no catalog knows, suggesting
// the closest known name.
EventEncoding ResolveEvent(const std::string& spec);

// Resolves a comma list: event names, named sets (default, tlb, cache,
// branch, faults) and explicit groups {a,b} whose PMU events are counted
// together as perf's braces do (software events and tracepoints are always
// counted on their own; see perf_counters.cpp). Throws Error for unknown
// names and unbalanced braces.
std::vector<EventEncoding> ResolveEventList(const std::string& list);

struct EventSet {
  std::string name;
  std::string description;
  std::vector<std::string> events;
};

// The named sets; "default" is perf stat's default set, in its order.
const std::vector<EventSet>& EventSets();
const std::vector<std::string>& DefaultEventNames();

struct EventListing {
  std::string name;
  std::string source;
  std::string description;
};

// Every generic name, and the events of the libpfm4 PMUs present here.
std::vector<EventListing> ListKnownEvents();

// Whether the list names a tracepoint (subsys:name): the caller mounts
// tracefs for the run first (sys/tracefs.h), as resolving one needs it.
bool NamesTracepoints(const std::string& list);

}  // namespace membench::sys
