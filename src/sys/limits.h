// File: sys/limits.h
// What this process may still use: processes, open files, CPUs. Read
// before a run, so a plan that cannot fit is refused before it starts.
#pragma once

#include <cstdint>
#include <vector>

namespace membench::sys {

// The soft limit on processes (threads) of this user, RLIMIT_NPROC;
// UINT64_MAX when unlimited.
std::uint64_t ProcessLimit();

// File descriptors this process may still open (RLIMIT_NOFILE less those
// open); UINT64_MAX when unlimited.
std::uint64_t OpenFilesLeft();
// The soft RLIMIT_NOFILE, and the hard limit it may be raised to.
std::uint64_t OpenFileLimit();
std::uint64_t OpenFileHardLimit();
// Raises this process's soft RLIMIT_NOFILE to its hard limit (process-local,
// as a shell's ulimit -n would); returns the new soft limit.
std::uint64_t RaiseOpenFileLimit();

// CPUs this thread may run on (its affinity mask; a cpuset may allow fewer
// than are online).
int AllowedCpuCount();
// Those CPUs, in ascending order.
std::vector<int> AllowedCpus();

}  // namespace membench::sys
