// File: sys/process.h
// Process-level controls for a run: CPU pinning (restored on scope exit) and
// the Ctrl-C flag that lets a run stop between samples and keep its data.
#pragma once

#include <sched.h>

#include <vector>

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

// Installs a SIGINT/SIGTERM handler that only sets a flag; a second Ctrl-C
// restores the default action, so the user can always get out.
void InstallInterruptFlag();
bool Interrupted();

}  // namespace membench::sys
