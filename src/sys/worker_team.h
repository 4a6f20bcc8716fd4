// File: sys/worker_team.h
// The workers of a parallel point: forked processes or threads, each
// running the same body with its own index and, where --cpu is given,
// pinned round-robin to those CPUs. Index 0 is the caller itself, so the
// runner measures alongside its workers. A process that dies is found by
// Check(), named with its signal or exit status; whatever is left when the
// team goes is killed and reaped (processes) or joined (threads): no zombie
// and no stray process outlives a run.
#pragma once

#include <sys/types.h>

#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/worker_kind.h"
#include "sys/child_process.h"

namespace membench::sys {

class WorkerTeam {
 public:
  // Starts workers 1..count-1 running body(index); throws Error when one
  // cannot be started, after calling stop() so the ones started leave
  // body (threads cannot be killed) and stopping them. A worker whose body
  // throws ends: a process with status 1, a thread with its message kept
  // for Check(). Process workers ignore Ctrl-C: the runner stops them.
  WorkerTeam(WorkerKind kind, int count, const std::vector<int>& cpus, const std::function<void(int)>& body,
             const std::function<void()>& stop);
  WorkerTeam(const WorkerTeam&) = delete;
  WorkerTeam& operator=(const WorkerTeam&) = delete;
  ~WorkerTeam();

  // Throws Error naming the first worker that has ended before Finish
  // ("worker 2 (pid 1234) was killed by signal 9 (Killed)", "worker 3
  // failed: ...").
  void Check();
  // Waits for the workers to return from body (they have been told to),
  // at most timeout_ns; then kills what is left.
  void Finish(std::int64_t timeout_ns);

 private:
  void KillAll();
  std::vector<ChildProcess> processes_;  // workers 1.. as processes
  std::vector<std::thread> threads_;
  std::mutex failure_mutex_;
  std::string thread_failure_;  // the first thread worker's exception
};

// Pins the calling thread to one CPU.
void PinCurrentThread(int cpu);
// The CPU the calling thread runs on now.
int CurrentCpu();

}  // namespace membench::sys
