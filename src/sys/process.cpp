// File: sys/process.cpp
#include "sys/process.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>

#include "core/error.h"

namespace membench::sys {

ScopedAffinity::ScopedAffinity(const std::vector<int>& cpus) {
  if (cpus.empty()) return;
  if (sched_getaffinity(0, sizeof previous_, &previous_) != 0) {
    throw Error(std::string("sched_getaffinity failed: ") + std::strerror(errno));
  }
  cpu_set_t wanted;
  CPU_ZERO(&wanted);
  for (int cpu : cpus) {
    if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &previous_)) {
      throw Error("--cpu " + std::to_string(cpu) + ": no such CPU, or not allowed for this process " +
                  "(see the allowed list with: taskset -p $$)");
    }
    CPU_SET(cpu, &wanted);
  }
  if (sched_setaffinity(0, sizeof wanted, &wanted) != 0) {
    throw Error(std::string("sched_setaffinity failed: ") + std::strerror(errno));
  }
  active_ = true;
}

ScopedAffinity::~ScopedAffinity() {
  if (active_) sched_setaffinity(0, sizeof previous_, &previous_);
}

CopyOnWriteHolder::CopyOnWriteHolder() {
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) throw Error(std::string("fork of the copy-on-write holder failed: ") + std::strerror(errno));
  if (pid_ == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(0);
    for (;;) ::pause();
  }
}

CopyOnWriteHolder::~CopyOnWriteHolder() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
  }
}

namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void OnInterrupt(int signal_number) {
  g_interrupted = 1;
  std::signal(signal_number, SIG_DFL);
}

}  // namespace

void InstallInterruptFlag() {
  struct sigaction action {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

bool Interrupted() { return g_interrupted != 0; }

}  // namespace membench::sys
