// File: sys/command.cpp
#include "sys/command.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include "core/error.h"

namespace membench::sys {

std::string CommandOutcome::Describe() const {
  if (exited) return "exit status " + std::to_string(exit_status);
  return "killed by signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")";
}

HeldCommand::HeldCommand(const std::vector<std::string>& argv, bool show_output) : name_(argv.at(0)) {
  int go[2];
  int error[2];
  if (::pipe2(go, O_CLOEXEC) != 0 || ::pipe2(error, O_CLOEXEC) != 0) {
    throw Error(std::string("pipe failed: ") + std::strerror(errno));
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ < 0) throw Error(std::string("fork failed: ") + std::strerror(errno));
  if (pid_ == 0) {
    ::close(go[1]);
    ::close(error[0]);
    if (!show_output) {
      const int null = ::open("/dev/null", O_WRONLY);
      if (null >= 0) {
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
      }
    }
    // Ctrl-C is membench's to handle between runs; the command gets the
    // default actions back.
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    char byte;
    if (::read(go[0], &byte, 1) != 1) ::_exit(127);
    ::execvp(args[0], args.data());
    const int failure = errno;
    [[maybe_unused]] const ssize_t put = ::write(error[1], &failure, sizeof failure);
    ::_exit(127);
  }
  ::close(go[0]);
  ::close(error[1]);
  go_fd_ = go[1];
  error_fd_ = error[0];
}

HeldCommand::~HeldCommand() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  if (go_fd_ >= 0) ::close(go_fd_);
  if (error_fd_ >= 0) ::close(error_fd_);
}

CommandOutcome HeldCommand::Run() {
  CommandOutcome out;
  const std::int64_t start = MonotonicNs();
  const char go = 'g';
  if (::write(go_fd_, &go, 1) != 1) throw Error("cannot release the command");
  int status = 0;
  rusage usage{};
  while (::wait4(pid_, &status, 0, &usage) < 0) {
    if (errno != EINTR) throw Error(std::string("wait4 failed: ") + std::strerror(errno));
  }
  out.wall_ns = MonotonicNs() - start;
  pid_ = -1;
  int failure = 0;
  if (::read(error_fd_, &failure, sizeof failure) == sizeof failure) {
    throw Error("cannot start '" + name_ + "': " + std::strerror(failure) +
                (failure == ENOENT ? " (not found in PATH)" : ""));
  }
  out.cpu = CpuTimesOf(usage);
  out.exited = WIFEXITED(status);
  out.exit_status = out.exited ? WEXITSTATUS(status) : 0;
  out.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  return out;
}

}  // namespace membench::sys
