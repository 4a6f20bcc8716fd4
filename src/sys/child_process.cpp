// File: sys/child_process.cpp
#include "sys/child_process.h"

#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <utility>

#include "core/error.h"

namespace membench::sys {

std::string ExitStatus::Describe() const {
  if (exited) return "exit status " + std::to_string(code);
  return "killed by signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")";
}

ExitStatus ExitStatusOf(int wait_status) {
  ExitStatus out;
  out.exited = WIFEXITED(wait_status);
  out.code = out.exited ? WEXITSTATUS(wait_status) : 0;
  out.signal = WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0;
  return out;
}

ChildProcess ChildProcess::Fork(const std::function<int()>& body, const ChildSetup& setup) {
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int saved = errno;
    throw Error(std::string("fork failed: ") + std::strerror(saved) +
                (saved == EAGAIN ? " (the process limit, ulimit -u, is reached)" : ""));
  }
  if (pid == 0) {
    if (setup.die_with_parent) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(1);
    }
    if (setup.interrupts == ChildSetup::Interrupts::kIgnore) {
      for (const int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) ::signal(s, SIG_IGN);
    } else if (setup.interrupts == ChildSetup::Interrupts::kDefault) {
      // Everything membench handles or ignores itself, SIGPIPE included: an
      // ignored signal would stay ignored across the program's execve.
      for (const int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGABRT}) ::signal(s, SIG_DFL);
    }
    if (setup.process_group >= 0) ::setpgid(0, setup.process_group);
    int status = 1;
    try {
      status = body();
    } catch (...) {
      status = 1;
    }
    ::_exit(status);
  }
  // Set on both sides, so it holds whichever runs first.
  if (setup.process_group >= 0) ::setpgid(pid, setup.process_group == 0 ? pid : setup.process_group);
  ChildProcess child;
  child.pid_ = pid;
  return child;
}

ChildProcess ChildProcess::Spawn(const std::string& program, const std::vector<std::string>& argv,
                                 const std::vector<std::string>& envp) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<char*> environment;
  for (const std::string& e : envp) environment.push_back(const_cast<char*>(e.c_str()));
  environment.push_back(nullptr);
  posix_spawnattr_t attributes;
  ::posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (const int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGABRT}) sigaddset(&defaults, s);
  sigset_t none;
  sigemptyset(&none);
  ::posix_spawnattr_setsigdefault(&attributes, &defaults);
  ::posix_spawnattr_setsigmask(&attributes, &none);
  ::posix_spawnattr_setpgroup(&attributes, 0);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
  pid_t pid = -1;
  const int failed = ::posix_spawn(&pid, program.c_str(), nullptr, &attributes, args.data(), environment.data());
  ::posix_spawnattr_destroy(&attributes);
  if (failed != 0) throw Error(program + " could not be started: " + std::strerror(failed));
  ChildProcess child;
  child.pid_ = pid;
  return child;
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept : pid_(std::exchange(other.pid_, -1)) {}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    Kill();
    pid_ = std::exchange(other.pid_, -1);
  }
  return *this;
}

ChildProcess::~ChildProcess() { Kill(); }

std::optional<ExitStatus> ChildProcess::Poll() {
  if (pid_ <= 0) return std::nullopt;
  int status = 0;
  const pid_t got = ::waitpid(pid_, &status, WNOHANG);
  if (got != pid_) return std::nullopt;
  pid_ = -1;
  return ExitStatusOf(status);
}

ExitStatus ChildProcess::Wait(rusage* usage) {
  if (pid_ <= 0) throw Error("waiting for a child process that was already reaped");
  int status = 0;
  while (::wait4(pid_, &status, 0, usage) < 0) {
    if (errno != EINTR) throw Error(std::string("waiting for a child process failed: ") + std::strerror(errno));
  }
  pid_ = -1;
  return ExitStatusOf(status);
}

void ChildProcess::Kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

std::optional<std::pair<pid_t, ExitStatus>> WaitForGroupMember(pid_t group) {
  for (;;) {
    int status = 0;
    const pid_t got = ::waitpid(-group, &status, 0);
    if (got > 0) return std::pair{got, ExitStatusOf(status)};
    if (errno != EINTR) return std::nullopt;
  }
}

}  // namespace membench::sys
