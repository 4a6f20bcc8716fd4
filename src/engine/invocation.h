// File: engine/invocation.h
// One run of a measuring command (run, lmsummary, doctor, exec), owned from
// start to end: it stamps the result (tool, command line, start time, the
// machine), installs the interrupt handling, resolves the counters (mounting
// tracefs for the run where they name tracepoints), checks every point
// before anything runs (memory, hugetlb pools, workers, file descriptors),
// decides the sampling order and says why, holds what a point changes
// machine-wide (mTHP sizes) for exactly that point, runs the points, and
// finally restores every change, estimates the TSC rate and hands over the
// result. Every change it makes is a guard object it owns, undone in
// reverse order on every way out - normally, on an error, on Ctrl-C, and
// from the signal handler on a second Ctrl-C or a SIGTERM during a sample -
// and named in the result's notes. The commands are thin callers of it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/exec_sampler.h"
#include "engine/memory_traffic_mode.h"
#include "engine/runner.h"
#include "engine/workload.h"

namespace membench {

class MemoryTrafficMeter;
namespace sys {
class Profiler;
}

// What a command asks for besides its points.
struct RunOptions {
  SamplingPlan sampling;
  std::vector<int> cpus;  // --cpu: the runner's thread, and workers round-robin
  int pressure = 0;       // --pressure N background processes
  bool force = false;     // run what does not fit in MemAvailable
  bool quiet = false;     // -q: no progress line even on a terminal
  // false: sampling.repetitions is the default, and an interleaved run
  // takes as many rounds as its paired comparisons need for an interval.
  bool repetitions_given = true;
  std::string paired_by;  // the treatment those comparisons are along
  // How many separate processes measure the points, this one among them:
  // the rounds the paired comparisons need are shared out among them.
  int invocations = 1;
  // Whether the memory controllers' counters measure each sample's traffic.
  MemoryTrafficMode memory_traffic = MemoryTrafficMode::kAuto;
  // --profile: where each sample's time went (sys/profiler.h).
  bool profile = false;
};

// Throws Error, as Measure would, when a point cannot run here (memory,
// hugetlb pages, workers, file descriptors before counters); measures
// nothing. For commands that run several invocations and should refuse a
// bad one before the first starts.
void CheckPointsFit(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options);

class Invocation {
 public:
  // argv: membench's own, for the result's command line.
  Invocation(ResultKind kind, int argc, char** argv);
  Invocation(const Invocation&) = delete;
  Invocation& operator=(const Invocation&) = delete;
  ~Invocation();

  // The counters of every point: an event list as -e takes it. Where it
  // names tracepoints and tracefs is not mounted, root mounts it for the
  // invocation, where only this process sees it (sys/tracefs.h).
  void UseEvents(const std::string& list);

  // A note for the result, in the order given.
  void Note(std::string note);

  // Checks the points, decides their order and measures them; appends the
  // measurements (points with at least one sample, each with `row` where
  // given) and returns how many. Throws Error before anything runs when a
  // point cannot run.
  std::size_t Measure(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options,
                      const std::optional<SummaryRow>& row = std::nullopt);

  // Runs a command `options.sampling.repetitions` times as exec does; once
  // a point of `settings` (SettingPoints) each time where they are given,
  // in rounds, each setting written before the command starts.
  std::size_t MeasureCommand(const CommandRequest& request, const RunOptions& options,
                             const std::vector<Point>& settings = {});

  // Whether the user asked to stop (the remaining Measure calls then
  // measure nothing).
  bool Interrupted() const;
  // Whether a failure ended a Measure call after something was measured
  // (RunResult::failure): the run is over, the later calls are not made.
  bool Failed() const { return !result_.failure.empty(); }

  // The result: every guard released and named in the notes, the TSC rate
  // estimated over all samples.
  RunResult Finish();

 private:
  struct Guards;
  void DecideRepetitions(const std::vector<Point>& points, const RunOptions& options,
                         const std::vector<WorkUnit>& units, SamplingPlan& plan);
  // Fills the result's event statuses, once, by opening the events as the
  // first points do: following the tasks they create, or as a group.
  void ProbeEvents(bool follow_tasks);
  // The kernel's accounting across an idle interval, once (result_.kernel_idle).
  void ReadKernelIdle();
  // Opens the memory traffic meter at the first Measure, and says in the
  // notes what it counts or why it counts nothing.
  void OpenMemoryTraffic(MemoryTrafficMode mode, const WorkloadInfo& info);
  // Opens --profile's sampling at the first call that asks for it.
  void OpenProfiler(bool profile);
  RunResult result_;
  std::unique_ptr<MemoryTrafficMeter> memory_traffic_;
  bool memory_traffic_tried_ = false;
  std::string memory_traffic_missing_;
  std::unique_ptr<sys::Profiler> profiler_;
  std::vector<EventEncoding> events_;
  std::unique_ptr<Guards> guards_;
};

}  // namespace membench
