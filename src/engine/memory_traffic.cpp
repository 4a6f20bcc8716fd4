// File: engine/memory_traffic.cpp
#include "engine/memory_traffic.h"

#include <algorithm>
#include <utility>

#include "core/error.h"

namespace membench {

std::unique_ptr<MemoryTrafficMeter> MemoryTrafficMeter::Open(MemoryTrafficMode mode, std::string& why_not) {
  why_not.clear();
  if (mode == MemoryTrafficMode::kOff) return nullptr;
  MemoryCounterChoice choice = ChooseMemoryCounters(sys::ReadPmuCatalog());
  // Either none is there, or opening one fails (permissions): both are why.
  std::unique_ptr<MemoryTrafficMeter> meter;
  if (choice.counters.empty()) {
    why_not = choice.why_not;
  } else {
    try {
      meter = std::make_unique<MemoryTrafficMeter>(std::move(choice));
    } catch (const Error& e) {
      why_not = e.what();
    }
  }
  if (!meter && mode == MemoryTrafficMode::kOn) {
    throw Error("--memory-traffic on: " + why_not + " (--memory-traffic auto estimates instead)");
  }
  return meter;
}

MemoryTrafficMeter::MemoryTrafficMeter(MemoryCounterChoice choice)
    : choice_(std::move(choice)), counters_(choice_.counters) {}

void MemoryTrafficMeter::Start() { before_ = counters_.Read(); }

std::vector<std::optional<std::uint64_t>> MemoryTrafficMeter::Stop() {
  const MemoryBytes bytes = BytesMoved(choice_.counters, before_, counters_.Read());
  const auto add_note = [&](const std::string& note) {
    if (std::find(notes_.begin(), notes_.end(), note) == notes_.end()) notes_.push_back(note);
  };
  if (!bytes.problem.empty()) add_note("memory traffic not counted in a sample: " + bytes.problem);
  if (bytes.multiplexed) {
    add_note(
        "the memory controllers' counters were shared with other users of their PMU: the traffic is scaled "
        "from the time they ran");
  }
  return {bytes.read, bytes.written};
}

std::vector<std::string> MemoryTrafficMeter::TakeNotes() { return std::exchange(notes_, {}); }

std::vector<SideCount> MemoryTrafficSideCounts() {
  return {{"memory read (measured)", WorkUnit::kBytes, SideKind::kMemoryRead},
          {"memory written (measured)", WorkUnit::kBytes, SideKind::kMemoryWrite}};
}

}  // namespace membench
