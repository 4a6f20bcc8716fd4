// File: sys/perf_counters.h
// perf_event_open counters for the calling thread: the PMU events as one
// group where the PMU can schedule it, else as separate (multiplexed, scaled)
// events; software events and tracepoints each on their own; and every
// explicit {a,b} group of the event list as a group of its own. Only
// the timed region is counted: Start() resets and enables, Stop() disables.
// Events this machine cannot count keep their slot and read as nullopt, with
// the reason in their status; nothing here aborts a run.
#pragma once

#include <sys/types.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/counter_math.h"
#include "sys/events.h"

namespace membench::sys {

// Whom to count: the calling thread (pid 0), with the threads and processes
// it creates while counting (follow_children), or another process from its
// execve on, its children included (membench exec).
struct CountTarget {
  pid_t pid = 0;
  bool follow_children = false;
};

class CounterGroup {
 public:
  explicit CounterGroup(std::vector<EventEncoding> events, CountTarget target = {});
  CounterGroup(const CounterGroup&) = delete;
  CounterGroup& operator=(const CounterGroup&) = delete;
  ~CounterGroup();

  void Start();
  void Stop();
  // One entry per event, in the order given; nullopt for unsupported ones.
  std::vector<std::optional<CounterValue>> Read() const;
  const std::vector<EventStatus>& statuses() const { return statuses_; }

  // When the group as a whole could not be put on the PMU (its members read
  // as never running while enabled), reopens every event on its own so perf
  // multiplexes and scales them. Returns true when it did.
  bool SplitIfUnschedulable(const std::vector<std::optional<CounterValue>>& last_reading);

 private:
  struct Slot {
    int fd = -1;
    std::uint64_t id = 0;
    bool in_group = false;
  };
  std::vector<std::optional<CounterValue>> ReadRaw() const;
  // Group leaders' fds by EventEncoding::group.
  std::vector<int> Leaders() const;
  void OpenAll(bool allow_group);
  void CloseAll();

  std::vector<EventEncoding> events_;
  CountTarget target_;
  std::vector<std::optional<CounterValue>> baseline_;  // follow_children: the reading at Start
  std::vector<Slot> slots_;
  std::vector<EventStatus> statuses_;
  std::map<int, int> leaders_;
};

// Why perf_event_open failed, in words the user can act on.
std::string PerfOpenErrorReason(int error_number, const std::string& source, int paranoid);

// /proc/sys/kernel/perf_event_paranoid, or 2 (the usual default) if unreadable.
int PerfEventParanoid();

// True when the kernel exposes a CPU PMU (hardware events can be counted).
bool HasHardwarePmu();

}  // namespace membench::sys
