// File: workloads/load_traffic.h
// The traffic a load worker of `loaded` generates, in the kinds Intel's
// Memory Latency Checker offers: all reads, 3:1, 2:1 and 1:1 reads to
// writes, writes only, non-temporal writes, and a STREAM-triad-like mix.
// A step moves one 64 KiB burst per read and per write at a cursor that
// walks the worker's buffer: reads first, then writes, so every kind
// sweeps the whole buffer and none re-reads what it just wrote. Bursts, not
// single pages, so non-temporal writes fence (sfence) once per 64 KiB, as
// a large memset does, not once per page.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/kernel.h"

namespace membench {

// The unit the injection delay is counted in: a delay of d ns is spun
// after every step as d × the step's 4 KiB blocks.
inline constexpr std::size_t kTrafficBlock = 4096;
inline constexpr std::size_t kTrafficBurst = 64 * 1024;

// Bursts one step reads and writes, and how it writes.
struct TrafficShape {
  int reads = 0;
  int writes = 0;
  bool non_temporal = false;
  bool triad = false;  // a[i] = b[i] + s * c[i] over doubles: 2 bursts read, 1 written
};

// The 4 KiB blocks one step moves.
std::uint64_t BlocksPerStep(const TrafficShape& shape);

// "read", "3:1", "2:1", "1:1", "write", "nt-write", "triad".
const std::vector<std::string>& TrafficKindNames();
// Throws Error for a name that is none of them.
TrafficShape ParseTrafficKind(const std::string& name);

// Bytes one step's loads and stores ask for: what the program asked to move.
std::uint64_t RequestedBytesPerStep(const TrafficShape& shape);
// An estimate of the bytes the memory system moves for one step when every
// line misses the caches: a temporal store first reads its line (write
// allocate), a non-temporal store does not.
std::uint64_t MemoryBytesPerStep(const TrafficShape& shape);

// Reads one word of every 4 KiB page, untimed, before a sample: where a
// hypervisor keeps shadow page tables (this project's VMs), any TLB flush
// in the process (an munmap anywhere) makes the next touch of every page
// cost ~10 us, which would otherwise land in the timed region. Returns
// the sum, for a sink.
std::uint64_t ReadEveryPage(const char* buffer, std::size_t bytes);

// Moves one worker's traffic through its buffer.
class TrafficGenerator {
 public:
  // `buffer`: at least one step's bursts; the walk wraps at its end.
  TrafficGenerator(const TrafficShape& shape, char* buffer, std::size_t bytes);
  void Step();
  // Names the kernels used, for the run's notes.
  std::string Describe() const;

 private:
  TrafficShape shape_;
  char* buffer_;
  std::size_t bursts_;
  std::size_t step_bursts_;
  std::size_t cursor_ = 0;  // in bursts
  const ReadKernel* read_;
  const FillKernel* write_;
  std::uint64_t sink_ = 0;  // keeps the reads
};

}  // namespace membench
