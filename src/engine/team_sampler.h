// File: engine/team_sampler.h
// A point measured by several workers at once (--procs N or --threads N):
// each worker builds and prepares its own workload, opens its own counters,
// and in every round waits until all have arrived. All are then released
// the same way: woken from the futex they sleep on, each spins on a shared
// word until every worker is awake, and only then starts its timed region,
// so the last to arrive has no head start; how far apart their starts still
// were is recorded per sample (the start skew). A sample is the parallel
// region: from the first worker's start to the last one's end, with the
// work, CPU times and counts of all workers summed, and each worker's own
// time kept for the spread. Worker 0 is the runner's thread, so its page
// proofs and notes stand for the point. Between rounds the workers sleep
// without a timeout: a team waiting for its turn in an interleaved run
// takes no CPU time from the point being measured.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/params.h"
#include "engine/counter_set.h"
#include "engine/kernel_accounting_window.h"
#include "engine/sample_source.h"
#include "engine/workers.h"
#include "engine/workload.h"
#include "engine/workload_sampler.h"
#include "sys/clock.h"
#include "sys/shared_memory.h"
#include "sys/worker_team.h"

namespace membench {

// Counters and phases a team can carry per worker in its shared memory.
inline constexpr std::size_t kMaxTeamEvents = 64;
inline constexpr std::size_t kMaxTeamPhases = 8;
inline constexpr std::size_t kMaxTeamSideCounts = 8;

class TeamSampler : public SampleSource {
 public:
  // Starts the workers and prepares every workload; throws Error with the
  // first worker's failure. `cpus`: --cpu, handed out round-robin.
  // `expected`: the run's event statuses (engine/counter_set.h); `memory`:
  // the invocation's meter, read by the lead around each whole round, or
  // null; `profiler`: --profile's, enabled by the lead around each round.
  TeamSampler(const WorkloadInfo& info, const Point& point, WorkerPlan plan, const std::vector<int>& cpus,
              const std::vector<EventEncoding>& events, const std::vector<EventStatus>& expected = {},
              MemoryTrafficMeter* memory = nullptr, sys::Profiler* profiler = nullptr);
  ~TeamSampler() override;
  void Describe(Measurement& m) const override;
  bool FreshStateEachSample() const override { return lead_->FreshStateEachSample(); }
  Sample Take(std::uint64_t loops) override;
  void Finish(Measurement& m) override;

 private:
  struct Shared;
  // Tells the workers to return, and reaps or joins them.
  void Stop();
  void WorkerMain(int index);
  // Sets quit and wakes everyone who sleeps on a word.
  void TellWorkersToQuit();
  CpuTimeScope WorkerCpuScope() const;
  void RunRound(int index, std::uint32_t round, Workload& workload, CounterSet& counters);
  // Waits until word reaches target, checking the workers meanwhile.
  void LeadWaitFor(const std::atomic<std::uint32_t>& word, std::uint32_t target);
  void ThrowIfFailed();

  const WorkloadInfo& info_;
  Point point_;
  WorkerPlan plan_;
  std::vector<EventEncoding> events_;
  std::vector<EventStatus> expected_;
  MemoryTrafficMeter* traffic_meter_;
  sys::Profiler* profiler_;
  TaskCreation tasks_;
  // Thread workers whose workload creates tasks share one process with
  // them: the lead counts that process's CPU time over the parallel
  // region instead of each worker its thread's.
  bool round_cpu_ = false;
  sys::CpuTimes round_cpu0_;
  // The round's window on the kernel's accounting: the lead opens it once
  // every worker has prepared its sample, so no preparation (a recycled
  // region's faults) counts as the round's.
  KernelAccountingWindow round_kernel_;
  std::vector<int> lead_cpus_;  // worker 0, the runner's thread, runs on the first CPU of --cpu
  bool yield_while_spinning_ = false;
  std::unique_ptr<Workload> lead_;
  std::unique_ptr<CounterSet> lead_counters_;
  std::vector<std::string> notes_;
  sys::SharedMemory memory_;
  Shared* shared_;
  std::unique_ptr<sys::WorkerTeam> team_;
};

}  // namespace membench
