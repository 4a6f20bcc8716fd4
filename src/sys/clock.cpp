// File: sys/clock.cpp
#include "sys/clock.h"

#include <sys/resource.h>
#include <time.h>

namespace membench::sys {

std::int64_t MonotonicNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

double MeasureTscTicksPerNs(std::int64_t window_ns) {
#if defined(__aarch64__)
  // The architecture states the counter's rate: CNTFRQ_EL0, in Hz.
  std::uint64_t hz = 0;
  asm volatile("mrs %0, cntfrq_el0" : "=r"(hz));
  if (hz != 0) return static_cast<double>(hz) / 1e9;
#endif
  const std::int64_t ns0 = MonotonicNs();
  const std::uint64_t tsc0 = ReadTsc();
  std::int64_t ns1 = ns0;
  while (ns1 - ns0 < window_ns) ns1 = MonotonicNs();
  const std::uint64_t tsc1 = ReadTsc();
  return static_cast<double>(tsc1 - tsc0) / static_cast<double>(ns1 - ns0);
}

CpuTimes CpuTimesOf(const ::rusage& usage) {
  auto ns = [](const timeval& tv) {
    return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000'000 + static_cast<std::int64_t>(tv.tv_usec) * 1000;
  };
  return {ns(usage.ru_utime), ns(usage.ru_stime)};
}

namespace {

CpuTimes Usage(int who) {
  rusage usage{};
  getrusage(who, &usage);
  return CpuTimesOf(usage);
}

}  // namespace

CpuTimes ProcessCpuTimes() { return Usage(RUSAGE_SELF); }
CpuTimes ThreadCpuTimes() { return Usage(RUSAGE_THREAD); }
CpuTimes ReapedChildrenCpuTimes() { return Usage(RUSAGE_CHILDREN); }

}  // namespace membench::sys
