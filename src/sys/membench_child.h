// File: sys/membench_child.h
// membench run again, as one invocation of a run measured in separate
// processes (`run --invocations N`). The child leads a process group of
// its own, so a terminal's Ctrl-C reaches the parent alone, which passes
// every stop signal on to the child, once, while it runs: the child stops
// as a membench alone would (the first signal between samples, a second at
// once, its settings restored either way), and the parent outlives it to
// report what the invocations measured. The child dies with the parent.
// A SIGTERM, or a second stop signal, gives the child kChildGraceSeconds to
// end; past them the parent kills the child's process group (a child
// stopped or stuck in a long sample), so a run ends in bounded time, with
// what the earlier invocations measured.
// It hands its result back through a pipe: no file to create (TMPDIR may
// be the very thing a run is refused for) and none to leave behind.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sys/child_process.h"

namespace membench::sys {

inline constexpr int kChildGraceSeconds = 3;

struct ChildOutcome {
  ExitStatus status;
  std::string handed_back;  // what the child wrote to its result pipe
};

// Runs this membench executable with `args` (argv[1] on) and `environment`
// added to this process's, plus `pipe_variable` naming the file descriptor
// of the pipe the child writes its result to; reads it to its end and
// waits for the child. Throws Error when it cannot be started.
ChildOutcome RunMembenchChild(const std::vector<std::string>& args,
                              const std::vector<std::pair<std::string, std::string>>& environment,
                              const std::string& pipe_variable);

// In the child, before it measures: dies with the parent that started it.
// The death signal is set again (an execve of a binary with file
// capabilities drops it), a parent already gone ends the child at once,
// and from then on Interrupted() is also true once the parent is gone (no
// reader is left on the result pipe), so a child whose death signal was
// lost still stops between samples and starts no more workers.
void TieToParent(const std::string& pipe_fd);

// In the child: writes `text` to the pipe the parent named, and closes it.
// Throws Error when the write fails (the parent is gone).
void HandBackToParent(const std::string& pipe_fd, const std::string& text);

}  // namespace membench::sys
