// File: core/event_spec.h
// What a counter is to the result model: the encoding an event name
// resolved to (perf_event_attr's type and config, the privilege levels) and
// the status opening it got on this machine. Plain data; resolving names
// and opening counters is sys/events.h's and sys/perf_events.h's.
#pragma once

#include <cstdint>
#include <string>

namespace membench {

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

struct EventStatus {
  std::string name;
  bool supported = false;
  std::string reason;                 // why not supported
  std::string counted_modes;          // "user+kernel", "user", "kernel"
  bool in_group = false;              // false: opened on its own (may be multiplexed)
  bool kernel_not_permitted = false;  // asked for user+kernel, got user only
  bool hide_if_unsupported = false;
};

}  // namespace membench
