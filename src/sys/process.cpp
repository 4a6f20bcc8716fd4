// File: sys/process.cpp
#include "sys/process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/error.h"
#include "sys/files.h"

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

WaitingChild::WaitingChild(const std::string& program, const std::vector<std::string>& args) : program_(program) {
  int in[2];
  int out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) throw Error(std::string("cannot make a pipe: ") + std::strerror(errno));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    throw Error(std::string("cannot make a pipe: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  ::posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const int failed = ::posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), environ);
  ::posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  ::close(out[1]);
  input_ = in[1];
  output_ = out[0];
  if (failed != 0) {
    pid_ = -1;
    throw Error(program + " could not be started: " + std::strerror(failed));
  }
}

WaitingChild::~WaitingChild() {
  if (input_ >= 0) ::close(input_);
  if (output_ >= 0) ::close(output_);
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
}

std::string WaitingChild::Release(const std::string& line) {
  const std::string text = line + "\n";
  const bool sent = ::write(input_, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(input_);
  input_ = -1;
  std::string output;
  char buffer[256];
  for (;;) {
    const ssize_t n = ::read(output_, buffer, sizeof buffer);
    if (n > 0) {
      output.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(output_);
  output_ = -1;
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  const ExitStatus exit = ExitStatusOf(status);
  if (!sent || !exit.exited || exit.code != 0) {
    throw Error(program_ + " failed (" + (sent ? exit.Describe() : "it took no work") + ")");
  }
  return output;
}

bool IsExecutable(const std::string& path) { return ::access(path.c_str(), X_OK) == 0; }

std::uint64_t ResidentBytes() {
  const auto status = ReadFile("/proc/self/status");
  if (!status) return 0;
  const std::size_t at = status->find("VmRSS:");
  return at == std::string::npos ? 0 : std::strtoull(status->c_str() + at + 6, nullptr, 10) << 10;
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
