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

int WaitFor(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw Error(std::string("waitpid failed: ") + std::strerror(errno));
  }
  return status;
}

}  // namespace

void ForkExitWait() {
  const pid_t pid = ::fork();
  if (pid < 0) throw Error(std::string("fork failed: ") + std::strerror(errno));
  if (pid == 0) ::_exit(0);
  WaitFor(pid);
}

void ForkExecWait(const std::string& program, const std::vector<std::string>& args) {
  // Built before the fork: the child only calls execv and _exit.
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) throw Error(std::string("fork failed: ") + std::strerror(errno));
  if (pid == 0) {
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  const int status = WaitFor(pid);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw Error(program + (WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " could not be started"
                                                                            : " failed (status " +
                                                                                  std::to_string(status) + ")"));
  }
}

std::string ExecutableDirectory() {
  char path[4096];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return ".";
  std::string dir(path, static_cast<std::size_t>(n));
  return dir.substr(0, dir.rfind('/'));
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
