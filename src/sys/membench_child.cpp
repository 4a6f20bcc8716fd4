// File: sys/membench_child.cpp
#include "sys/membench_child.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "core/error.h"
#include "sys/interrupt.h"
#include "sys/process.h"

namespace membench::sys {

using namespace std::chrono_literals;

namespace {

// The pid of the membench that started a child invocation, for its check.
constexpr const char* kParentVariable = "MEMBENCH_INVOCATION_PARENT";

}  // namespace

ChildOutcome RunMembenchChild(const std::vector<std::string>& args,
                              const std::vector<std::pair<std::string, std::string>>& environment,
                              const std::string& pipe_variable) {
  const std::string program = ExecutablePath();
  std::vector<std::string> argv = {program};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> pointers;
  for (std::string& a : argv) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  int result[2] = {-1, -1};
  if (::pipe2(result, O_CLOEXEC) != 0) throw Error(std::string("pipe failed: ") + std::strerror(errno));
  ChildProcess child;
  const pid_t parent = ::getpid();
  try {
    child = ChildProcess::Fork(
        [&] {
          ::close(result[0]);
          // The write end alone crosses the execve.
          ::fcntl(result[1], F_SETFD, 0);
          ::setenv(pipe_variable.c_str(), std::to_string(result[1]).c_str(), 1);
          ::setenv(kParentVariable, std::to_string(parent).c_str(), 1);
          for (const auto& [name, value] : environment) ::setenv(name.c_str(), value.c_str(), 1);
          ::execv(program.c_str(), pointers.data());
          return 127;
        },
        ChildSetup{true, ChildSetup::Interrupts::kDefault, 0});
  } catch (...) {
    ::close(result[0]);
    ::close(result[1]);
    throw;
  }
  ::close(result[1]);
  ForwardStopSignalsTo(child.pid());
  ChildOutcome outcome;
  char buffer[65536];
  // A hard stop's bound: the child may end its sample and hand back what it
  // measured until the grace is two-thirds gone; then a second SIGTERM ends
  // it at once, its settings restored; at the end of the grace, a child
  // that could not take a signal (stopped, stuck) is killed with its group.
  std::optional<std::chrono::steady_clock::time_point> hard_stop_at;
  bool second_sent = false;
  for (;;) {
    // Woken every 100 ms to keep the bound.
    pollfd readable{result[0], POLLIN, 0};
    if (::poll(&readable, 1, 100) <= 0) {
      const auto now = std::chrono::steady_clock::now();
      if (HardStopAsked() && !hard_stop_at) hard_stop_at = now;
      if (hard_stop_at && !second_sent && now >= *hard_stop_at + kChildGraceSeconds * 2s / 3) {
        ::kill(child.pid(), SIGTERM);
        second_sent = true;
      }
      // The child leads its process group: its workers go with it.
      if (hard_stop_at && now >= *hard_stop_at + kChildGraceSeconds * 1s) ::kill(-child.pid(), SIGKILL);
      continue;
    }
    const ssize_t got = ::read(result[0], buffer, sizeof buffer);
    if (got > 0) {
      outcome.handed_back.append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(result[0]);
  outcome.status = child.Wait();
  ForwardStopSignalsTo(0);
  return outcome;
}

void TieToParent(const std::string& pipe_fd) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  const char* parent = std::getenv(kParentVariable);
  if (parent != nullptr && ::getppid() != static_cast<pid_t>(std::atol(parent))) std::_Exit(1);
  StopWhenReaderGoes(std::atoi(pipe_fd.c_str()));
}

void HandBackToParent(const std::string& pipe_fd, const std::string& text) {
  const int fd = std::atoi(pipe_fd.c_str());
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t put = ::write(fd, text.data() + done, text.size() - done);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) throw Error(std::string("cannot hand the result back to the parent: ") + std::strerror(errno));
    done += static_cast<std::size_t>(put);
  }
  ::close(fd);
}

}  // namespace membench::sys
