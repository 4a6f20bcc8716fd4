// File: engine/counter_set.h
// The counters of one live point, sample by sample: Start() reads every
// counter and enables them, Stop() disables them, reads again and returns
// the differences (core/counter_math.h), scaled where multiplexed. No
// counter is ever reset, so neither the multiplex scaling nor a counter
// that follows the point's children mixes in anything from before the
// sample. Failures are not hidden: a failed ioctl or read, an impossible
// difference, a group the PMU could not schedule become notes for the
// measurement, and the value of that sample is missing (<not counted>).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/counter_math.h"
#include "core/event_spec.h"
#include "sys/perf_events.h"

namespace membench {

class CounterSet {
 public:
  // `expected`: what opening the events got for the run (the report's
  // header); an event that opened there but not here (out of file
  // descriptors, say) is a note, not a silent <not counted>.
  CounterSet(const std::vector<EventEncoding>& events, sys::CountTarget target,
             const std::vector<EventStatus>& expected = {});

  void Start();
  std::vector<std::optional<CounterValue>> Stop();
  const std::vector<EventStatus>& statuses() const { return set_.statuses(); }
  // What went wrong since the last call, one line each.
  std::vector<std::string> TakeNotes();

 private:
  // The event set's failures, into the notes.
  void TakeFailures();
  sys::PerfEventSet set_;
  // A command's counters are enabled by the kernel at its execve and stay
  // enabled until it ends: nothing to enable or disable.
  bool enabled_by_exec_ = false;
  bool ungrouped_ = false;
  std::vector<std::optional<CounterReading>> before_;
  std::vector<std::string> notes_;
};

// How many times the same note may be given for one counter set before the
// rest are summed up: a counter failing every sample says so once.
inline constexpr std::size_t kMaxCounterNotes = 8;

}  // namespace membench
