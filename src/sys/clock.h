// File: sys/clock.h
// The clocks a sample is timed with: CLOCK_MONOTONIC for wall time, the TSC
// for a cycle estimate where there is no PMU, and getrusage for the user and
// system CPU time split (page faults and clearing are system time).
#pragma once

#include <sys/resource.h>

#include <cstdint>

namespace membench::sys {

std::int64_t MonotonicNs();

inline std::uint64_t ReadTsc() {
  unsigned lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

// The TSC once every earlier store has left the store buffer (mfence) and
// every earlier instruction has completed (lfence): a phase boundary that
// charges buffered stores to the phase that made them. A page fault's
// return to user space (IRET) serializes in the same way.
inline std::uint64_t ReadTscAfterStores() {
  unsigned lo, hi;
  asm volatile("mfence\n\tlfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

struct CpuTimes {
  std::int64_t user_ns = 0;
  std::int64_t system_ns = 0;
  CpuTimes& operator+=(const CpuTimes& other) {
    user_ns += other.user_ns;
    system_ns += other.system_ns;
    return *this;
  }
};

// A getrusage/wait4 record's user and system times.
CpuTimes CpuTimesOf(const ::rusage& usage);

// CPU time of the whole process (every thread and nothing of its children).
CpuTimes ProcessCpuTimes();
// CPU time of the calling thread alone (a worker's share).
CpuTimes ThreadCpuTimes();
// CPU time of the children this process has reaped (and theirs): where a
// workload's work is done in child processes, RUSAGE_SELF misses it.
CpuTimes ReapedChildrenCpuTimes();

}  // namespace membench::sys
