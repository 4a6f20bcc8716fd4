// File: sys/clock.h
// The clocks a sample is timed with: CLOCK_MONOTONIC for wall time, the
// cycle timer (x86's TSC, arm64's virtual counter CNTVCT_EL0) for short
// phases and a tick estimate where there is no PMU, and getrusage for the
// user and system CPU time split (page faults and clearing are system time).
// "TSC" in the names below means whichever of the two this build reads.
#pragma once

#include <sys/resource.h>

#include <cstdint>

namespace membench::sys {

std::int64_t MonotonicNs();

#if defined(__x86_64__)

// The timer's name, and how an ordered read is made, for notes.
inline constexpr const char* kCycleTimerName = "TSC";
inline constexpr const char* kOrderedTimerRead = "lfence; rdtsc";

inline std::uint64_t ReadTsc() {
  unsigned lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

// The TSC once every earlier instruction has completed (lfence): a phase
// boundary that does not let the read drift ahead of the work before it.
// It does not wait for buffered stores; where a phase must own its stores,
// the caller drains them first (mfence), once, as the code it models does.
inline std::uint64_t ReadTscOrdered() {
  unsigned lo, hi;
  asm volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

#elif defined(__aarch64__)

inline constexpr const char* kCycleTimerName = "CNTVCT";
inline constexpr const char* kOrderedTimerRead = "isb; mrs cntvct_el0";

// The virtual counter: constant-rate (CNTFRQ_EL0, often 25 MHz to 1 GHz),
// so a tick is not a core cycle, as the TSC's is not.
inline std::uint64_t ReadTsc() {
  std::uint64_t ticks;
  asm volatile("mrs %0, cntvct_el0" : "=r"(ticks));
  return ticks;
}

// The counter once every earlier instruction has completed (isb), as
// lfence orders rdtsc; stores are drained by the caller (dsb) where a phase
// must own them.
inline std::uint64_t ReadTscOrdered() {
  std::uint64_t ticks;
  asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks) : : "memory");
  return ticks;
}

#endif

// TSC ticks per nanosecond of CLOCK_MONOTONIC, measured by spinning for
// `window_ns`: what turns a delay in nanoseconds into a TSC deadline.
double MeasureTscTicksPerNs(std::int64_t window_ns);

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
