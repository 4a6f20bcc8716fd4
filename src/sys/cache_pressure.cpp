// File: sys/cache_pressure.cpp
#include "sys/cache_pressure.h"

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>

#include "core/error.h"

namespace membench::sys {
namespace {

[[noreturn]] void Stream(std::uint64_t bytes) {
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) ::_exit(1);
  auto* lines = static_cast<volatile std::uint64_t*>(p);
  const std::uint64_t words = bytes / sizeof(std::uint64_t);
  for (;;) {
    for (std::uint64_t i = 0; i < words; i += 8) lines[i] = lines[i] + 1;  // one word per 64-byte line
  }
}

}  // namespace

CachePressure::CachePressure(int processes, std::uint64_t bytes_each) {
  const pid_t parent = ::getpid();
  for (int i = 0; i < processes; ++i) {
    const pid_t pid = ::fork();
    if (pid < 0) {
      const int saved = errno;
      StopAll();
      throw Error("cannot fork pressure process " + std::to_string(i + 1) + ": " + std::strerror(saved));
    }
    if (pid == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(0);
      // Ctrl-C is for membench to handle: it stops these itself.
      ::signal(SIGINT, SIG_IGN);
      Stream(bytes_each);
    }
    pids_.push_back(pid);
  }
}

int CachePressure::DiedEarly() {
  int died = 0;
  for (pid_t& pid : pids_) {
    if (pid != 0 && ::waitpid(pid, nullptr, WNOHANG) == pid) pid = 0;
    if (pid == 0) ++died;
  }
  return died;
}

CachePressure::~CachePressure() { StopAll(); }

void CachePressure::StopAll() {
  for (pid_t& pid : pids_) {
    if (pid == 0) continue;
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    pid = 0;
  }
}

}  // namespace membench::sys
