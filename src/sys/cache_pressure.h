// File: sys/cache_pressure.h
// Other processes thrashing the caches while a point is measured (seed
// 001's "other processes as other workload"): each streams through its own
// buffer, larger than the last-level cache, reading and writing every line
// until it is stopped. They are killed and reaped when this goes - after the
// run, on an error, on Ctrl-C - and die with membench if it is killed.
#pragma once

#include <cstdint>
#include <vector>

#include "sys/child_process.h"

namespace membench::sys {

class CachePressure {
 public:
  // Throws Error when a process cannot be started (those started are
  // stopped again).
  CachePressure(int processes, std::uint64_t bytes_each);

  // How many of them have died before being stopped (killed by the OOM
  // killer, say): their pressure was missing from part of the run.
  int DiedEarly();

 private:
  std::vector<ChildProcess> processes_;
  int died_ = 0;
};

}  // namespace membench::sys
