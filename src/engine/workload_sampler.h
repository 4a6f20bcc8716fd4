// File: engine/workload_sampler.h
// Samples of a workload run by the runner's own thread: the workload
// prepared once, its own counters (engine/counter_set.h), and each sample
// the timed region alone, with the counters started and stopped around
// exactly that region. TimeRun is the timed region itself, shared with the
// workers of a team (engine/team_sampler.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/counter_set.h"
#include "engine/kernel_accounting_window.h"
#include "engine/memory_traffic.h"
#include "engine/sample_source.h"
#include "engine/workload.h"

namespace membench {

// Whose CPU time a sample counts: the whole process (a solo point, or a
// worker process: every thread of it), the calling thread (one worker of a
// thread team), or none (a team measured as a whole elsewhere); and whether
// the children the workload reaped during the sample are added.
struct CpuTimeScope {
  enum class Own { kProcess, kThread, kNone };
  Own own = Own::kProcess;
  bool reaped_children = false;
};

// One timed run with its start and end on the shared clocks, for a team to
// find the span of its parallel region.
struct TimedRun {
  Sample sample;
  std::int64_t start_ns = 0;
  std::int64_t end_ns = 0;
};

// Runs `loops` loops of an already prepared workload under the counters,
// the memory traffic meter where given (its two side counts follow the
// workload's own), and the kernel's accounting where given (a team's
// workers leave it to the lead, which reads it around the whole round).
TimedRun TimeRun(Workload& workload, CounterSet& counters, std::uint64_t loops, const CpuTimeScope& scope,
                 MemoryTrafficMeter* memory = nullptr, KernelAccountingWindow* kernel = nullptr);

// Counters follow the tasks a workload creates; where those are processes
// their CPU time is counted as they are reaped.
sys::CountTarget CountTargetFor(TaskCreation tasks);

// What every sampler of a workload says of a point's measurement: its unit,
// the traffic behind a byte rate, the workload's phases and side counts,
// and the memory traffic's where it is metered.
void DescribeWorkloadPoint(const WorkloadInfo& info, const Point& point, const Workload& workload, bool metered,
                           Measurement& m);

class WorkloadSampler : public SampleSource {
 public:
  // Makes and prepares the workload; throws Error from Prepare.
  // `expected`: the run's event statuses (engine/counter_set.h); `memory`:
  // the invocation's meter, or null; `profiler`: --profile's, or null.
  WorkloadSampler(const WorkloadInfo& info, const Point& point, const std::vector<EventEncoding>& events,
                  const std::vector<EventStatus>& expected = {}, MemoryTrafficMeter* memory = nullptr,
                  sys::Profiler* profiler = nullptr);
  void Describe(Measurement& m) const override;
  bool FreshStateEachSample() const override { return workload_->FreshStateEachSample(); }
  Sample Take(std::uint64_t loops) override;
  void Finish(Measurement& m) override;

 private:
  // --remap yes: the point prepared afresh, untimed, and warmed by one
  // untimed loop, as the first preparation is by the warm-up samples.
  void Remap();

  const WorkloadInfo& info_;
  Point point_;
  WorkloadNeeds needs_;  // the point's, worked out once
  std::unique_ptr<Workload> workload_;
  // The single latencies of the workloads a remap replaced: each prepared
  // workload times its own samples, and the point's are all of them.
  std::optional<LatencyDistribution> replaced_latencies_;
  CpuTimeScope cpu_scope_;
  CounterSet counters_;
  MemoryTrafficMeter* traffic_meter_;
  sys::Profiler* profiler_;
  bool remap_ = false;
  bool remap_by_default_ = false;  // remap_ without --remap (engine/workers.h)
  bool taken_ = false;  // a sample has used the current preparation
};

}  // namespace membench
