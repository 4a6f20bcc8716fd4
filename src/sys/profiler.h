// File: sys/profiler.h
// `--profile`: where a sample's time went, by perf_event_open sampling.
// The event is cycles where the CPU has a PMU, else the cpu-clock
// software event (this project's VMs). It is opened on the measuring
// thread, one event a CPU, and inherited by every thread and process that
// thread starts afterwards, as perf record -- COMMAND does: a team's
// workers and a command run by exec are sampled too, other processes and
// idle CPUs are not. Kernel addresses resolve through /proc/kallsyms,
// user ones through elfutils (libdwfl) on the process's own mappings.
// Enable and Disable bracket the timed region; Drain, after it, reads the
// ring buffers and fills the sample's self counts.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/profile.h"
#include "core/result.h"

namespace membench::sys {

// Samples a second a CPU: a sample of 100 ms gets about 100 a CPU busy in
// it. A quarter of perf record's default 4,000: on this project's VMs every
// timer interrupt exits to the hypervisor, and at 4,000 a second a 64 MiB
// memset ran 11% slower (bench/RESULTS.md).
inline constexpr int kProfileSamplesPerSecond = 1000;

class Profiler {
 public:
  // Opens the sampling events on the calling thread, disabled, before it
  // starts what is to be sampled; throws Error, saying why and what to do,
  // where no event can be opened.
  Profiler();
  Profiler(const Profiler&) = delete;
  Profiler& operator=(const Profiler&) = delete;
  ~Profiler();

  void Enable();
  void Disable();
  // Everything sampled since the last Drain, into the sample.
  void Drain(Sample& sample);

  const std::string& event() const { return event_; }
  const std::string& scope() const { return scope_; }
  // Lost samples and unresolved addresses: called once, at the run's end.
  std::vector<std::string> TakeNotes();

 private:
  struct Ring;
  struct Symbolizer;

  std::vector<std::unique_ptr<Ring>> rings_;
  std::unique_ptr<Symbolizer> symbols_;
  std::string event_;
  std::string scope_;
  std::map<pid_t, std::string> commands_;  // what each process exec'd, from the kernel's COMM records
  std::uint64_t lost_ = 0;
};

}  // namespace membench::sys
