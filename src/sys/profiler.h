// File: sys/profiler.h
// `--profile`: where a sample's time went, by perf_event_open sampling.
// The event is cycles where the CPU has a PMU, else the cpu-clock
// software event (this project's VMs). Wherever the kernel allows it (root,
// or perf_event_paranoid <= 0) every CPU is sampled, as LKP's perf-profile
// does, and the samples of membench's processes and their children are
// kept, so a team's workers and a command run by exec count too; else only
// the calling thread. Kernel addresses resolve through /proc/kallsyms,
// user ones through elfutils (libdwfl) on the process's own mappings.
// Enable and Disable bracket the timed region; Drain, after it, reads the
// ring buffers and fills the sample's self counts.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/profile.h"
#include "core/result.h"

namespace membench::sys {

class Profiler {
 public:
  // Opens the sampling events, disabled; throws Error, saying why and what
  // to do, where no event can be opened.
  Profiler();
  Profiler(const Profiler&) = delete;
  Profiler& operator=(const Profiler&) = delete;
  ~Profiler();

  // A child of membench's that is not part of what is measured (a
  // --pressure neighbour): its samples are left out.
  void LeaveOut(pid_t pid);

  void Enable();
  void Disable();
  // Everything sampled since the last Drain, into the sample.
  void Drain(Sample& sample);

  const std::string& event() const { return event_; }
  const std::string& scope() const { return scope_; }
  // Lost samples and unresolved addresses, once.
  std::vector<std::string> TakeNotes();

 private:
  struct Ring;
  struct Symbolizer;
  bool Ours(pid_t pid);
  void FollowChildren(pid_t pid);

  std::vector<std::unique_ptr<Ring>> rings_;
  std::unique_ptr<Symbolizer> symbols_;
  bool system_wide_ = false;
  std::string event_;
  std::string scope_;
  std::set<pid_t> ours_;
  std::set<pid_t> not_ours_;
  std::set<pid_t> left_out_;
  std::map<pid_t, std::string> commands_;  // from the kernel's COMM records
  std::uint64_t lost_ = 0;
  bool lost_noted_ = false;
};

}  // namespace membench::sys
