// File: sys/events.h
// Turning event names into perf_event_attr encodings: perf's generic names
// (hardware, software, hardware-cache), libpfm4 names for the CPU's PMU
// (DTLB_LOAD_MISSES:WALK_COMPLETED; the Intel-manual form with a dot is
// accepted too) and tracepoints subsys:name from tracefs. Modifiers :u, :k,
// :uk as perf has them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace membench::sys {

// Which privilege levels an event counts. kDefault means user and kernel
// where the machine permits it, user only otherwise (decided when opening).
enum class CountMode { kDefault, kUser, kKernel, kUserKernel };

struct EventEncoding {
  std::string name;        // as the user wrote it, modifiers included
  std::string base_name;   // without modifiers
  std::string source;      // "software", "hardware", "cache", "libpfm4", "tracepoint"
  std::uint32_t type = 0;  // perf_event_attr.type
  std::uint64_t config = 0;
  std::uint64_t config1 = 0;
  std::uint64_t config2 = 0;
  CountMode mode = CountMode::kDefault;
  // Non-empty: the name is valid but this machine cannot count it; the event
  // shows as <not supported> with this reason.
  std::string unsupported_reason;
  // Part of the implicit default set and worth showing only where it counts
  // (stalled-cycles-*: perf stat drops them on PMUs without them).
  bool hide_if_unsupported = false;
  // 0: the implicit group of PMU events; n > 0: the n-th {...} of the list.
  int group = 0;
};

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

// Tracefs path, mounting it when root and absent; empty when unreachable.
std::string TracefsRoot();

}  // namespace membench::sys
