// File: sys/numa.h
// NUMA placement without libnuma: the nodes the kernel has online, and a
// memory policy that binds a mapping to one of them (mbind, MPOL_BIND), so
// a latency or bandwidth figure can be tied to the node its memory is on.
#pragma once

#include <cstddef>
#include <vector>

namespace membench::sys {

// The online NUMA nodes (/sys/devices/system/node/online); {0} on a kernel
// without NUMA support, where all memory is one node.
std::vector<int> OnlineNodes();

// Throws Error naming the online nodes when `node` is not one of them.
void RequireOnlineNode(int node);

// Binds [address, address + bytes) to `node` before it is touched: its pages
// come from that node or the touch fails (MPOL_BIND). Checks the node
// first (RequireOnlineNode).
void BindToNode(void* address, std::size_t bytes, int node);

}  // namespace membench::sys
