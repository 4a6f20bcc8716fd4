// File: sys/command.h
// Running another program under measurement (membench exec): forked and
// held just before execvp, so counters can be opened on it with
// enable_on_exec first; then released, waited for, and its wall time,
// CPU times (wait4) and exit described. Its output goes to /dev/null
// unless shown. A program that cannot be started is an Error naming it.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sys/clock.h"

namespace membench::sys {

struct CommandOutcome {
  std::int64_t wall_ns = 0;
  CpuTimes cpu;
  bool exited = false;  // else killed by a signal
  int exit_status = 0;
  int signal = 0;
  std::string Describe() const;  // "exit status 3", "killed by signal 9 (Killed)"
};

class HeldCommand {
 public:
  HeldCommand(const std::vector<std::string>& argv, bool show_output);
  HeldCommand(const HeldCommand&) = delete;
  HeldCommand& operator=(const HeldCommand&) = delete;
  ~HeldCommand();  // kills and reaps a child that was never released
  pid_t pid() const { return pid_; }
  // Releases the child into execvp and waits for it.
  CommandOutcome Run();

 private:
  std::string name_;
  pid_t pid_ = -1;
  int go_fd_ = -1;     // written to release the child
  int error_fd_ = -1;  // the child writes errno here if execvp fails
};

}  // namespace membench::sys
