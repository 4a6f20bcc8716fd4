// File: sys/interrupt.cpp
#include "sys/interrupt.h"

#include <poll.h>
#include <signal.h>

#include <atomic>
#include <csignal>

#include "sys/emergency_restore.h"

namespace membench::sys {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;
volatile std::sig_atomic_t g_hard_stop = 0;
// The pipe whose reader's end stops the run; -1 when none.
int g_lifeline_fd = -1;
// The child membench the stop signals go to; 0 when none.
std::atomic<pid_t> g_forward_to{0};
static_assert(std::atomic<pid_t>::is_always_lock_free, "read in a signal handler");

// The signals that ask membench to stop: Ctrl-C, kill, a closed terminal,
// Ctrl-\.
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

// Undoes every registered change, then dies of the signal (its default
// action), as a shell expects of a process killed by it.
[[noreturn]] void DieOf(int signal_number) {
  RunEmergencyRestores();
  std::signal(signal_number, SIG_DFL);
  sigset_t self;
  sigemptyset(&self);
  sigaddset(&self, signal_number);
  sigprocmask(SIG_UNBLOCK, &self, nullptr);
  std::raise(signal_number);
  std::_Exit(128 + signal_number);  // a default action that does not end the process
}

extern "C" void OnStopSignal(int signal_number) {
  if (const pid_t child = g_forward_to.load(); child > 0) {
    ::kill(child, signal_number);
    if (signal_number == SIGTERM || g_interrupted != 0) g_hard_stop = 1;
    g_interrupted = 1;
    return;
  }
  if (g_interrupted == 0) {
    g_interrupted = 1;
    return;
  }
  DieOf(signal_number);
}

// abort() (an exception nobody caught, a failed check): the settings are
// restored before membench dies of it.
extern "C" void OnAbort(int signal_number) { DieOf(signal_number); }

}  // namespace

void InstallInterruptHandling() {
  struct sigaction stop {};
  stop.sa_handler = OnStopSignal;
  sigemptyset(&stop.sa_mask);
  // One handler at a time: each stop signal blocks the others while it runs.
  for (const int s : kStopSignals) sigaddset(&stop.sa_mask, s);
  // Slow system calls resume after the first signal: the run stops between
  // samples, not inside a read that would then have to be retried by hand.
  stop.sa_flags = SA_RESTART;
  for (const int s : kStopSignals) sigaction(s, &stop, nullptr);
  struct sigaction abort_action {};
  abort_action.sa_handler = OnAbort;
  sigemptyset(&abort_action.sa_mask);
  sigaction(SIGABRT, &abort_action, nullptr);
  // A pipe whose reader is gone (a command under exec that died) is an
  // error on the write, not a reason to die.
  std::signal(SIGPIPE, SIG_IGN);
}

bool Interrupted() {
  if (g_interrupted == 0 && g_lifeline_fd >= 0) {
    // A pipe's write end polls as an error once no reader is left.
    pollfd lifeline{g_lifeline_fd, POLLOUT, 0};
    if (::poll(&lifeline, 1, 0) == 1 && (lifeline.revents & (POLLERR | POLLHUP)) != 0) g_interrupted = 1;
  }
  return g_interrupted != 0;
}

bool HardStopAsked() { return g_hard_stop != 0; }

void StopWhenReaderGoes(int fd) { g_lifeline_fd = fd; }

void ForwardStopSignalsTo(pid_t child) {
  g_forward_to.store(child);
  if (child > 0 && g_interrupted != 0) ::kill(child, SIGINT);
}

}  // namespace membench::sys
