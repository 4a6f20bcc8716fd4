// File: sys/process.h
// Process-level controls for a run: CPU pinning (restored on scope exit),
// the processes some workloads time (fork, exec), and the child that holds
// pages shared for copy-on-write.
#pragma once

#include <sched.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sys/child_process.h"

namespace membench::sys {

// Pins the calling thread to the given CPUs for its lifetime; restores the
// previous affinity on destruction. Throws Error for CPUs that do not exist
// or are not allowed.
class ScopedAffinity {
 public:
  explicit ScopedAffinity(const std::vector<int>& cpus);
  ScopedAffinity(const ScopedAffinity&) = delete;
  ScopedAffinity& operator=(const ScopedAffinity&) = delete;
  ~ScopedAffinity();

 private:
  cpu_set_t previous_{};
  bool active_ = false;
};

// Restores the calling thread's affinity as it is now when it goes: a run
// whose workload pins the runner's thread itself (loaded's latency CPU)
// leaves the thread as it found it.
class AffinityRestorer {
 public:
  AffinityRestorer();
  AffinityRestorer(const AffinityRestorer&) = delete;
  AffinityRestorer& operator=(const AffinityRestorer&) = delete;
  ~AffinityRestorer();

 private:
  cpu_set_t saved_{};
  bool saved_ok_ = false;
};

// A forked child that does nothing but keep the parent's private pages
// mapped, so the parent's next write to each is a copy-on-write fault. It
// is killed and reaped when this goes (and dies with the parent).
class CopyOnWriteHolder {
 public:
  CopyOnWriteHolder();

 private:
  ChildProcess child_;
};

// fork, the child exits at once, wait: lmbench's fork latency.
void ForkExitWait();
// fork, the child execs `program` with `args` (args[0] included), wait.
// Throws Error when the program cannot be started or fails.
void ForkExecWait(const std::string& program, const std::vector<std::string>& args);
// A child started through posix_spawn, so it copies none of membench's
// memory, that waits for a line on its standard input before it works:
// started before a sample's clock, let go inside it. Killed and reaped when
// this goes, where Release has not run it to its end.
class WaitingChild {
 public:
  // Throws Error when `program` (args[0] included in `args`) cannot start.
  WaitingChild(const std::string& program, const std::vector<std::string>& args);
  WaitingChild(const WaitingChild&) = delete;
  WaitingChild& operator=(const WaitingChild&) = delete;
  ~WaitingChild();
  // Writes `line` to its standard input and closes it, then returns what it
  // writes to standard output until it exits. Throws Error unless it exits 0.
  std::string Release(const std::string& line);

 private:
  std::string program_;
  pid_t pid_ = -1;
  int input_ = -1;
  int output_ = -1;
};
// Whether this process may execute the file at `path`.
bool IsExecutable(const std::string& path);
// This process's resident set (VmRSS) in bytes; 0 when unknown.
std::uint64_t ResidentBytes();
// The running executable (/proc/self/exe), and its directory.
std::string ExecutablePath();
std::string ExecutableDirectory();

}  // namespace membench::sys
