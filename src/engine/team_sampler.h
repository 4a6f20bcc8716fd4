// File: engine/team_sampler.h
// A point measured by several workers at once (--procs N or --threads N):
// each worker builds and prepares its own workload, opens its own counters,
// and in every round waits at a barrier so all start the timed region
// together. A sample is the parallel region: from the first worker's start
// to the last one's end, with the work, CPU times and counts of all workers
// summed, and each worker's own time kept for the spread. Worker 0 is the
// runner's thread, so its page proofs and notes stand for the point.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/params.h"
#include "engine/sampler.h"
#include "sys/shared_memory.h"
#include "sys/worker_team.h"

namespace membench {

struct WorkerPlan {
  sys::WorkerKind kind = sys::WorkerKind::kProcess;
  int count = 1;
};

// The point parameters --procs and --threads become.
inline constexpr const char* kProcsParam = "procs";
inline constexpr const char* kThreadsParam = "threads";
ParamSpec WorkerCountParam(const std::string& name);
// The workers a point asks for, if any.
std::optional<WorkerPlan> WorkersOf(const Point& point);

// Counters a team can carry per worker in its shared memory.
inline constexpr std::size_t kMaxTeamEvents = 64;
inline constexpr std::size_t kMaxTeamPhases = 8;

class TeamSampler : public SampleSource {
 public:
  // Starts the workers and prepares every workload (worker 0's is `lead`);
  // throws Error with the first worker's failure.
  TeamSampler(const WorkloadInfo& info, const Point& point, WorkerPlan plan, const std::vector<int>& cpus,
              const std::vector<EventEncoding>& events, Workload& lead, sys::CounterGroup& lead_counters,
              std::vector<std::string>& run_notes);
  ~TeamSampler() override;
  Sample Take(std::uint64_t loops) override;
  Workload& lead() override { return lead_; }

 private:
  struct Shared;
  // Tells the workers to return, and reaps or joins them.
  void Stop();
  void WorkerMain(int index);
  void RunRound(int index, Workload& workload, sys::CounterGroup& counters, bool& split);
  // Waits until word reaches target, checking the workers meanwhile.
  void LeadWaitFor(const std::atomic<std::uint32_t>& word, std::uint32_t target);
  void ThrowIfFailed();

  const WorkloadInfo& info_;
  const Point& point_;
  WorkerPlan plan_;
  std::vector<EventEncoding> events_;
  Workload& lead_;
  sys::CounterGroup& lead_counters_;
  std::vector<std::string>& run_notes_;
  bool lead_split_ = false;
  std::vector<int> lead_cpus_;  // worker 0, the runner's thread, runs on the first CPU of --cpu
  sys::SharedMemory memory_;
  Shared* shared_;
  std::unique_ptr<sys::WorkerTeam> team_;
};

}  // namespace membench
