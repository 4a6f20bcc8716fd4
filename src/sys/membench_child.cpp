// File: sys/membench_child.cpp
#include "sys/membench_child.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "sys/interrupt.h"
#include "sys/process.h"

namespace membench::sys {

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
  try {
    child = ChildProcess::Fork(
        [&] {
          ::close(result[0]);
          // The write end alone crosses the execve.
          ::fcntl(result[1], F_SETFD, 0);
          ::setenv(pipe_variable.c_str(), std::to_string(result[1]).c_str(), 1);
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
  for (;;) {
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
