// File: engine/plan_checks.h
// What the invocation decides before anything runs, from what each point
// declares it needs (engine/workload.h) and what the machine offers: pure
// functions, so the rules are tested with synthetic machines. A point that
// cannot run is an Error that says what to do; points that cannot all be
// live at once are measured one after another, with a note saying why.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/runner.h"
#include "engine/workload.h"

namespace membench {

// One point's needs, all its workers counted.
struct PointNeeds {
  std::string label;  // "memcpy size=64 MiB impl=libc"
  int workers = 1;
  bool thread_workers = false;  // workers share membench's file descriptors
  WorkloadNeeds each;           // one worker's
  std::uint64_t MemoryBytes() const { return each.memory_bytes * static_cast<std::uint64_t>(workers); }
  std::uint64_t ScratchDiskBytes() const { return each.scratch_disk_bytes * static_cast<std::uint64_t>(workers); }
  std::uint64_t HugetlbPages(std::size_t page_bytes) const;
};

// What the machine offers; 0 where unknown (then not checked).
struct MachineCapacity {
  std::uint64_t mem_available_bytes = 0;
  // What bounds it, for the messages: "MemAvailable", or the cgroup's limit
  // where that leaves less.
  std::string mem_available_source = "MemAvailable";
  std::uint64_t process_limit = 0;
  std::uint64_t open_files_left = 0;
  struct HugetlbPool {
    std::uint64_t total_pages = 0;
    std::uint64_t free_pages = 0;  // free and not reserved by other mappings
    std::string sysfs_dir;         // for the advice
  };
  std::map<std::size_t, HugetlbPool> hugetlb_pools;  // page size -> pool; absent: the kernel offers none
  // Free on the scratch directory's disk, read where a point writes there.
  std::string scratch_directory;
  std::optional<std::uint64_t> scratch_free_bytes;
};

struct RunResources {
  int pressure_processes = 0;
  std::uint64_t pressure_bytes_each = 0;
  std::size_t events = 0;  // counters each worker opens
  bool force = false;      // run what does not fit in MemAvailable
};

// Throws Error when a point, on its own, cannot run: more workers than the
// process limit, more hugetlb pages than the pool has free, more memory
// than is available (unless forced), pressure beyond what is available.
void CheckEachPointFits(const std::vector<PointNeeds>& points, const MachineCapacity& machine,
                        const RunResources& resources);

struct OrderDecision {
  SampleOrder order = SampleOrder::kInterleaved;
  // Why it is sequential where interleaved was asked for.
  enum class Reason { kNone, kMachineSettings, kWorkerProcesses, kMemory, kHugetlbPages, kFileDescriptors };
  Reason reason = Reason::kNone;
  std::string note;
};

// Interleaved (all points live at once) unless a point changes machine-wide
// settings for its duration, a point forks worker processes, or the points
// together need more memory, hugetlb pages or file descriptors than there
// are.
OrderDecision DecideOrder(SampleOrder requested, const std::vector<PointNeeds>& points, const MachineCapacity& machine,
                          const RunResources& resources);

// The buffer each --pressure process streams through: twice the largest
// cache the machine reports, at least 64 MiB.
std::uint64_t PressureBufferBytes(std::uint64_t largest_cache_bytes);

// File descriptors a point holds at once: its counters and its own
// (hackbench's channels), for every worker thread (process workers each
// have their own table).
std::uint64_t FileDescriptorsOf(const PointNeeds& point, const RunResources& resources);

// File descriptors kept free beyond what the points declare (the result
// file, libraries, the workloads' small needs).
inline constexpr std::uint64_t kSpareFileDescriptors = 64;

}  // namespace membench
