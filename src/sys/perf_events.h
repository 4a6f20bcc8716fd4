// File: sys/perf_events.h
// The perf_event_open counters of one point (or one run of a command): the
// PMU events as one group where the PMU can schedule it, else as separate
// (multiplexed, scaled) events; software events and tracepoints each on
// their own; every explicit {a,b} group of the event list as a group of its
// own. Nothing is ever reset: a sample is the difference of two Read()s
// (core/counter_math.h), taken with the counters disabled, so only the
// region between Enable() and Disable() counts. Every ioctl and read is
// checked: a counter whose ioctl or read fails stops counting, reads as
// nullopt from then on, and the failure is handed over once by
// TakeFailures(). Events this machine cannot count keep their slot and read
// as nullopt, with the reason in their status; nothing here aborts a run.
#pragma once

#include <sys/types.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/counter_math.h"
#include "core/event_spec.h"

namespace membench::sys {

// Whom to count: the calling thread (pid 0), with the threads and processes
// it creates while counting (follow_children), or another process from its
// execve on, its children included (membench exec: the kernel enables the
// counters at the execve, so Enable() and Disable() are not for it).
struct CountTarget {
  pid_t pid = 0;
  bool follow_children = false;
};

class PerfEventSet {
 public:
  explicit PerfEventSet(std::vector<EventEncoding> events, CountTarget target = {});
  PerfEventSet(const PerfEventSet&) = delete;
  PerfEventSet& operator=(const PerfEventSet&) = delete;
  ~PerfEventSet();

  void Enable();
  void Disable();
  // One entry per event, in the order given: totals since opening; nullopt
  // for unsupported and failed ones.
  std::vector<std::optional<CounterReading>> Read();
  const std::vector<EventStatus>& statuses() const { return statuses_; }
  // Whether event i is counted together with others in a group.
  bool InGroup(std::size_t i) const { return slots_[i].fd >= 0 && slots_[i].in_group; }
  // "page-faults: read() failed: ..." for each counter that failed since the
  // last call.
  std::vector<std::string> TakeFailures();

  // Reopens every event on its own, so perf multiplexes and scales them:
  // for a group the PMU could not schedule as a whole (it never ran). Events
  // given up after a failure stay given up; one that cannot be reopened is
  // a failure (TakeFailures).
  void Ungroup();

 private:
  struct Slot {
    int fd = -1;
    std::uint64_t id = 0;
    bool in_group = false;
    int leader_fd = -1;  // in_group: its group's leader (itself for the leader)
  };
  void OpenAll(bool allow_group);
  void CloseAll();
  // Stops counting event i (and, for a group leader, its members) after a
  // failed call, recording why.
  void Fail(std::size_t i, const std::string& what, int error_number);
  void Control(unsigned long request, const char* name);

  std::vector<EventEncoding> events_;
  CountTarget target_;
  std::vector<Slot> slots_;
  std::vector<EventStatus> statuses_;
  std::vector<bool> given_up_;  // failed while counting: never reopened
  std::vector<std::string> failures_;
};

// Why perf_event_open failed, in words the user can act on.
std::string PerfOpenErrorReason(int error_number, const std::string& source, int paranoid);

// /proc/sys/kernel/perf_event_paranoid, or 2 (the usual default) if unreadable.
int PerfEventParanoid();

// True when the kernel exposes a CPU PMU (hardware events can be counted).
bool HasHardwarePmu();

}  // namespace membench::sys
