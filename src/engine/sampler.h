// File: engine/sampler.h
// Where samples come from: one workload in the runner's own thread
// (SoloSampler), or a team of workers measured together (TeamSampler in
// engine/team_sampler.h). Either way a sample is the timed region alone, with
// the counters started and stopped around exactly that region.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/workload.h"
#include "sys/perf_counters.h"

namespace membench {

class SampleSource {
 public:
  virtual ~SampleSource() = default;
  // One sample of `loops` loops; fresh state first where the workload needs it.
  virtual Sample Take(std::uint64_t loops) = 0;
  // The workload whose page proofs, notes and work unit stand for the point
  // (in a team: worker 0's, measured like every other worker's).
  virtual Workload& lead() = 0;
};

// One timed run with its start and end on the shared clocks, for a team to
// find the span of its parallel region.
struct TimedRun {
  Sample sample;
  std::int64_t start_ns = 0;
  std::int64_t end_ns = 0;
  std::uint64_t tsc_start = 0;
  std::uint64_t tsc_end = 0;
};

enum class CpuTimeScope { kProcess, kThread };

// Runs `loops` loops of an already prepared workload under the counters.
TimedRun TimeRun(Workload& workload, sys::CounterGroup& counters, std::uint64_t loops, CpuTimeScope scope);

// The first time a reading shows the counters' group never got onto the
// PMU, reopens them as separate events; returns true that once.
bool SplitCountersIfUnschedulable(sys::CounterGroup& counters, const Sample& sample, bool& already_split);

inline constexpr const char* kSplitCountersNote =
    "the counters could not be scheduled as one group; they are counted as separate events, multiplexed and scaled";

class SoloSampler : public SampleSource {
 public:
  SoloSampler(Workload& workload, sys::CounterGroup& counters, std::vector<std::string>& run_notes)
      : workload_(workload), counters_(counters), run_notes_(run_notes) {}
  Sample Take(std::uint64_t loops) override;
  Workload& lead() override { return workload_; }

 private:
  Workload& workload_;
  sys::CounterGroup& counters_;
  std::vector<std::string>& run_notes_;
  bool split_ = false;
};

}  // namespace membench
