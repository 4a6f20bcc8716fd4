// File: sys/command.cpp
#include "sys/command.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "core/error.h"

namespace membench::sys {
namespace {

void CloseIfOpen(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

HeldCommand::HeldCommand(const std::vector<std::string>& argv, CommandOutput output) : name_(argv.at(0)) {
  int go[2] = {-1, -1};
  int error[2] = {-1, -1};
  if (::pipe2(go, O_CLOEXEC) != 0 || ::pipe2(error, O_CLOEXEC) != 0) {
    const int saved = errno;
    for (int fd : {go[0], go[1]}) CloseIfOpen(fd);
    throw Error(std::string("pipe failed: ") + std::strerror(saved));
  }
  // A file in memory, not a pipe: the command writes at its own pace, with
  // nobody reading while it runs, and its output is read after it ends.
  if (output == CommandOutput::kCaptured) {
    output_fd_ = ::memfd_create("membench-command-output", MFD_CLOEXEC);
    if (output_fd_ < 0) {
      const int saved = errno;
      for (int fd : {go[0], go[1], error[0], error[1]}) CloseIfOpen(fd);
      throw Error(std::string("cannot keep the command's output (memfd_create: ") + std::strerror(saved) + ")");
    }
  }
  go_fd_ = go[1];
  error_fd_ = error[0];
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  try {
    // The command gets the default signal actions back: a program the user
    // runs expects Ctrl-C to end it, and membench keeps what it measured.
    child_ = ChildProcess::Fork(
        [&] {
          ::close(go[1]);
          ::close(error[0]);
          const int to = output == CommandOutput::kCaptured    ? output_fd_
                         : output == CommandOutput::kDiscarded ? ::open("/dev/null", O_WRONLY | O_CLOEXEC)
                                                               : -1;
          if (to >= 0) {
            ::dup2(to, STDOUT_FILENO);
            ::dup2(to, STDERR_FILENO);
          }
          char byte;
          if (::read(go[0], &byte, 1) != 1) return 127;
          ::execvp(args[0], args.data());
          const int failure = errno;
          [[maybe_unused]] const ssize_t put = ::write(error[1], &failure, sizeof failure);
          return 127;
        },
        ChildSetup{true, ChildSetup::Interrupts::kDefault, -1});
  } catch (...) {
    for (int fd : {go[0], error[1]}) CloseIfOpen(fd);
    CloseIfOpen(go_fd_);
    CloseIfOpen(error_fd_);
    CloseIfOpen(output_fd_);
    throw;
  }
  ::close(go[0]);
  ::close(error[1]);
}

HeldCommand::~HeldCommand() {
  child_.Kill();
  CloseIfOpen(go_fd_);
  CloseIfOpen(error_fd_);
  CloseIfOpen(output_fd_);
}

CommandOutcome HeldCommand::Run() {
  CommandOutcome out;
  const std::int64_t start = MonotonicNs();
  const char go = 'g';
  if (::write(go_fd_, &go, 1) != 1) {
    throw Error(std::string("cannot release the command (it ended while held: ") + std::strerror(errno) + ")");
  }
  rusage usage{};
  out.status = child_.Wait(&usage);
  out.wall_ns = MonotonicNs() - start;
  int failure = 0;
  if (::read(error_fd_, &failure, sizeof failure) == sizeof failure) {
    throw Error("cannot start '" + name_ + "': " + std::strerror(failure) +
                (failure == ENOENT ? " (not found in PATH)" : ""));
  }
  out.cpu = CpuTimesOf(usage);
  if (output_fd_ >= 0) {
    char buffer[65536];
    for (off_t at = 0;;) {
      const ssize_t got = ::pread(output_fd_, buffer, sizeof buffer, at);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) throw Error(std::string("cannot read the command's output back: ") + std::strerror(errno));
      if (got == 0) break;
      out.output.append(buffer, static_cast<std::size_t>(got));
      at += got;
    }
  }
  return out;
}

bool ProgramFound(const std::string& name) {
  if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0;
  // execvp's default search path when PATH is unset.
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/bin:/usr/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return true;
  }
  return false;
}

}  // namespace membench::sys
