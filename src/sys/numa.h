// File: sys/numa.h
// NUMA placement without libnuma, in one place: the nodes the kernel has
// online and their CPUs; a memory policy that binds a mapping to one node
// (mbind, MPOL_BIND: loaded's --membind), or the calling thread's policy
// for everything it maps from then on (set_mempolicy: --membind and
// --interleave of every other workload); and the node each page really got
// (move_pages without moving), for the page proof.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/numa_placement.h"

namespace membench::sys {

// The online NUMA nodes (/sys/devices/system/node/online); {0} on a kernel
// without NUMA support, where all memory is one node.
std::vector<int> OnlineNodes();

// The online nodes with memory (has_memory): those a page can be bound to.
std::vector<int> MemoryNodes();

// Throws Error naming the online nodes when `node` is not one of them;
// `flag` names the option in the message ("--membind").
void RequireOnlineNode(int node, const std::string& flag = "--membind");

// The CPUs of an online node (nodeN/cpulist); every CPU on a kernel
// without NUMA support. Throws Error where the node has none (memory-only
// nodes, CXL memory): nothing can run there.
std::vector<int> CpusOfNode(int node);

// Binds [address, address + bytes) to `node` before it is touched: its pages
// come from that node or the touch fails (MPOL_BIND). Checks the node
// first (RequireOnlineNode).
void BindToNode(void* address, std::size_t bytes, int node);

// The calling thread's memory policy set to the placement's (MPOL_BIND of
// one node, MPOL_INTERLEAVE over several; nothing without a memory
// request) while it lives, and the policy found put back after: pages
// faulted in between come from those nodes. Threads and processes created
// meanwhile inherit it. Throws Error naming the online nodes.
class ScopedMemoryPolicy {
 public:
  explicit ScopedMemoryPolicy(const NumaPlacement& placement);
  ScopedMemoryPolicy(const ScopedMemoryPolicy&) = delete;
  ScopedMemoryPolicy& operator=(const ScopedMemoryPolicy&) = delete;
  ~ScopedMemoryPolicy();

 private:
  bool active_ = false;
  int previous_mode_ = 0;
  std::vector<unsigned long> previous_mask_;
};

// The node of up to `max_pages` 4 KiB pages spread evenly over the range,
// node -> pages; pages not present are left out. Empty where the kernel
// cannot say (no NUMA support).
std::map<int, std::uint64_t> SampleNodes(const void* address, std::size_t bytes, std::size_t max_pages);

}  // namespace membench::sys
