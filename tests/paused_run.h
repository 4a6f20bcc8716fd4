// File: tests/paused_run.h
// A real membench run stopped at a named moment (MEMBENCH_PAUSE_AT,
// sys/pause_point.h), so that a test signals it exactly there, after
// checking the state it means to act on, rather than after a guessed sleep;
// and the processes a test started, found again however they were
// reparented.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace membench {

// "MEMBENCH_TEST_MARKER=<this test process's pid>": every process a test
// starts through PausedRun carries it in its environment.
std::string ProcessMarker();

// Processes other than this one whose environment holds the marker.
std::vector<pid_t> MarkedProcesses();

// Whether any is still there after `grace` (children that die with their
// parent take a moment).
bool MarkedProcessesLeft(std::chrono::milliseconds grace = std::chrono::seconds(2));

// The one-letter state of /proc/PID/stat ('T' stopped, 'Z' zombie), '?'
// where the process is gone.
char ProcessState(pid_t pid);

// The process's children, oldest first.
std::vector<pid_t> ChildrenOf(pid_t pid);

// Until a killed process is a zombie or gone (at most 5 s): SIGKILL lands
// asynchronously.
void WaitUntilDead(pid_t pid);

struct Ended {
  int code = -1;        // exit status, or -1
  int signal = 0;       // the signal that killed it, or 0
  std::string out;      // stdout and stderr
  bool paused = false;  // it stopped at the moment asked for
  bool timed_out = false;
};

class PausedRun {
 public:
  // Starts `environment membench args` (the marker and TestEnvironment()
  // added) with
  // MEMBENCH_PAUSE_AT=moment, its output into out_path, and waits at most a
  // minute until the process that printed the pause line is stopped.
  PausedRun(const std::string& args, const std::string& moment, const std::string& environment,
            const std::string& out_path);
  PausedRun(const PausedRun&) = delete;
  PausedRun& operator=(const PausedRun&) = delete;
  // Kills the runner if it is still there (a failed test).
  ~PausedRun();

  bool paused() const { return stopped_ > 0; }
  pid_t runner() const { return runner_; }
  // The process stopped at the moment: the runner, a worker or a child
  // invocation.
  pid_t stopped() const { return stopped_; }
  // How a run that never paused ended; its output says why.
  const Ended& ended_early() const { return ended_early_; }

  // Lets the stopped process go on and waits, at most a minute, until
  // another process stops at the moment (a later invocation, another
  // worker); whether one did.
  bool ContinueUntilNextPause();

  // Lets the stopped process go on and waits for the runner to end, at most
  // `limit`; past it the runner is killed and timed_out set. Every result
  // file the output says was written is read back (membench_process.h).
  Ended ContinueAndWait(std::chrono::seconds limit = std::chrono::seconds(60));
  // The same, leaving the stopped process stopped.
  Ended Wait(std::chrono::seconds limit);

 private:
  // Waits until a process other than those already stopped prints the
  // pause line and is stopped; false when the runner ends or a minute passes.
  bool WaitForPause();

  pid_t runner_ = -1;
  pid_t stopped_ = 0;
  std::vector<pid_t> stopped_before_;
  std::string moment_;
  std::string out_path_;
  Ended ended_early_;
  bool reaped_ = false;
};

}  // namespace membench
