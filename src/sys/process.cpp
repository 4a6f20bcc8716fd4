// File: sys/process.cpp
#include "sys/process.h"

#include <unistd.h>

#include <cerrno>
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

AffinityRestorer::AffinityRestorer() : saved_ok_(sched_getaffinity(0, sizeof saved_, &saved_) == 0) {}

AffinityRestorer::~AffinityRestorer() {
  if (saved_ok_) sched_setaffinity(0, sizeof saved_, &saved_);
}

CopyOnWriteHolder::CopyOnWriteHolder()
    : child_(ChildProcess::Fork([] {
        for (;;) ::pause();
        return 0;
      })) {}

// lmbench's figures include nothing but fork, exit and wait: the child
// neither asks to die with its parent nor changes its signals.
constexpr ChildSetup kBareChild{false, ChildSetup::Interrupts::kInherit, -1};

void ForkExitWait() {
  ChildProcess::Fork([] { return 0; }, kBareChild).Wait();
}

void ForkExecWait(const std::string& program, const std::vector<std::string>& args) {
  // Built before the fork: the child only calls execv and _exit.
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const ExitStatus status = ChildProcess::Fork(
                                [&] {
                                  ::execv(program.c_str(), argv.data());
                                  return 127;
                                },
                                kBareChild)
                                .Wait();
  if (!status.exited || status.code != 0) {
    throw Error(program + (status.exited && status.code == 127 ? " could not be started"
                                                               : " failed (" + status.Describe() + ")"));
  }
}

std::string ExecutablePath() {
  char path[4096];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "membench";
  return std::string(path, static_cast<std::size_t>(n));
}

std::string ExecutableDirectory() {
  const std::string path = ExecutablePath();
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

}  // namespace membench::sys
