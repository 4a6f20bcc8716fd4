// File: sys/limits.cpp
#include "sys/limits.h"

#include <sched.h>
#include <sys/resource.h>

#include <filesystem>

namespace membench::sys {
namespace {

std::uint64_t Limit(int resource, bool hard) {
  rlimit limit{};
  if (::getrlimit(resource, &limit) != 0) return UINT64_MAX;
  const rlim_t value = hard ? limit.rlim_max : limit.rlim_cur;
  return value == RLIM_INFINITY ? UINT64_MAX : value;
}

}  // namespace

std::uint64_t ProcessLimit() { return Limit(RLIMIT_NPROC, false); }
std::uint64_t OpenFileLimit() { return Limit(RLIMIT_NOFILE, false); }
std::uint64_t OpenFileHardLimit() { return Limit(RLIMIT_NOFILE, true); }

std::uint64_t OpenFilesLeft() {
  const std::uint64_t limit = OpenFileLimit();
  if (limit == UINT64_MAX) return limit;
  std::uint64_t open = 0;
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    ++open;
  }
  return limit > open ? limit - open : 0;
}

std::uint64_t RaiseOpenFileLimit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
  }
  return OpenFileLimit();
}

int AllowedCpuCount() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return CPU_COUNT(&set);
}

std::vector<int> AllowedCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  }
  return cpus;
}

}  // namespace membench::sys
