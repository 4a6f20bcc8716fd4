// File: sys/interrupt.cpp
#include "sys/interrupt.h"

#include <csignal>

#include "sys/emergency_restore.h"

namespace membench::sys {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void OnInterrupt(int signal_number) {
  if (g_interrupted == 0) {
    g_interrupted = 1;
    return;
  }
  RunEmergencyRestores();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);  // delivered when the handler returns
}

}  // namespace

void InstallInterruptHandling() {
  struct sigaction action {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  // Each signal blocks the other while its handler runs: one undo at a time.
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

bool Interrupted() { return g_interrupted != 0; }

}  // namespace membench::sys
