// File: sys/command.h
// Running another program under measurement (membench exec): forked and
// held just before execvp, so counters can be opened on it with
// enable_on_exec first; then released, waited for, and its wall time,
// CPU times (wait4: its own and its reaped children's) and exit
// described. Its output (standard output and error) goes to /dev/null, to
// the terminal, or into a file of memory that Run returns. A program that
// cannot be started is an Error naming it.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sys/child_process.h"
#include "sys/clock.h"

namespace membench::sys {

enum class CommandOutput { kDiscarded, kShown, kCaptured };

struct CommandOutcome {
  std::int64_t wall_ns = 0;
  CpuTimes cpu;
  ExitStatus status;
  std::string output;  // kCaptured: all it wrote, standard output and error in the order written
};

class HeldCommand {
 public:
  HeldCommand(const std::vector<std::string>& argv, CommandOutput output);
  HeldCommand(const HeldCommand&) = delete;
  HeldCommand& operator=(const HeldCommand&) = delete;
  ~HeldCommand();  // a child never released is killed and reaped
  pid_t pid() const { return child_.pid(); }
  // Releases the child into execvp and waits for it.
  CommandOutcome Run();

 private:
  std::string name_;
  ChildProcess child_;
  int go_fd_ = -1;     // written to release the child
  int error_fd_ = -1;  // the child writes errno here if execvp fails
  int output_fd_ = -1;  // kCaptured: the memory file its output went to
};

// Whether execvp would find `name`: a path that is executable, or a name
// found executable in one of PATH's directories.
bool ProgramFound(const std::string& name);

}  // namespace membench::sys
