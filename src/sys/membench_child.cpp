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
#include <map>
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
  int result[2] = {-1, -1};
  if (::pipe2(result, O_CLOEXEC) != 0) throw Error(std::string("pipe failed: ") + std::strerror(errno));
  // The write end alone crosses into the child (membench starts no other
  // process meanwhile: this runs on its only thread).
  ::fcntl(result[1], F_SETFD, 0);
  // This process's environment, with the pipe, the parent and `environment`
  // set over it.
  std::map<std::string, std::string> variables;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    const auto equals = entry.find('=');
    if (equals != std::string::npos) variables[entry.substr(0, equals)] = entry.substr(equals + 1);
  }
  variables[pipe_variable] = std::to_string(result[1]);
  variables[kParentVariable] = std::to_string(::getpid());
  for (const auto& [name, value] : environment) variables[name] = value;
  std::vector<std::string> envp;
  for (const auto& [name, value] : variables) envp.push_back(name + "=" + value);
  // Spawned, not forked: a vfork-like start copies none of the parent's
  // memory, and works where fork does not (glibc's fork in a dynamically
  // linked arm64 program spins in the child under qemu-aarch64 7.2).
  ChildProcess child;
  try {
    child = ChildProcess::Spawn(program, argv, envp);
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
