// File: engine/counter_set.cpp
#include "engine/counter_set.h"

#include <fmt/format.h>

#include <utility>

namespace membench {

CounterSet::CounterSet(const std::vector<EventEncoding>& events, sys::CountTarget target,
                       const std::vector<EventStatus>& expected)
    : set_(events, target), enabled_by_exec_(target.pid != 0) {
  for (std::size_t i = 0; i < expected.size() && i < set_.statuses().size(); ++i) {
    const EventStatus& here = set_.statuses()[i];
    if (expected[i].supported && !here.supported) {
      notes_.push_back(here.name + ": could not be opened for this point (" + here.reason + "); not counted here");
    }
  }
}

void CounterSet::Start() {
  before_ = set_.Read();
  if (!enabled_by_exec_) set_.Enable();
}

std::vector<std::optional<CounterValue>> CounterSet::Stop() {
  if (!enabled_by_exec_) set_.Disable();
  const std::vector<std::optional<CounterReading>> after = set_.Read();
  std::vector<std::optional<CounterValue>> out(after.size());
  bool group_never_ran = false;
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (!after[i] || i >= before_.size() || !before_[i]) continue;
    CounterDelta delta = Delta(*before_[i], *after[i]);
    if (!delta.value) {
      notes_.push_back(fmt::format("{}: impossible reading in a sample ({}); that sample's value is left out",
                                   set_.statuses()[i].name, delta.problem));
      continue;
    }
    if (set_.InGroup(i) && delta.value->enabled_ns > 0 && delta.value->running_ns == 0) group_never_ran = true;
    out[i] = delta.value;
  }
  // A group the PMU cannot schedule as a whole never runs: its events are
  // then counted on their own, multiplexed and scaled, from the next sample.
  if (group_never_ran && !ungrouped_) {
    set_.Ungroup();
    ungrouped_ = true;
    notes_.push_back(
        "the counters could not be scheduled as one group; from the next sample on they are counted as separate "
        "events, multiplexed and scaled");
  }
  TakeFailures();
  return out;
}

void CounterSet::TakeFailures() {
  for (std::string& failure : set_.TakeFailures()) notes_.push_back(std::move(failure) + "; not counted from then on");
}

std::vector<std::string> CounterSet::TakeNotes() {
  TakeFailures();
  std::vector<std::string> notes = std::exchange(notes_, {});
  if (notes.size() > kMaxCounterNotes) {
    const std::size_t more = notes.size() - kMaxCounterNotes;
    notes.resize(kMaxCounterNotes);
    notes.push_back(fmt::format("and {} more counter problem{} like those", more, more == 1 ? "" : "s"));
  }
  return notes;
}

}  // namespace membench
