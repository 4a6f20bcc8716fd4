// File: engine/placement.cpp
#include "engine/placement.h"

#include "core/cpu_list.h"
#include "core/error.h"
#include "sys/numa.h"
#include "sys/process.h"

namespace membench {

ParamSpec PlacementParam(const std::string& name) {
  if (name == kInterleaveParam) {
    return TextParam(name, "",
                     "NUMA nodes to interleave every buffer's pages over (set_mempolicy MPOL_INTERLEAVE), e.g. 0-3; "
                     "one value, not a sweep");
  }
  if (name == kMembindParam) {
    return CountParam(name, "0",
                      "NUMA node every buffer's pages come from (set_mempolicy MPOL_BIND); a list sweeps the nodes",
                      0, 1023);
  }
  return CountParam(name, "0", "NUMA node whose CPUs run the workers; a list sweeps the nodes", 0, 1023);
}

NumaPlacement PlacementOf(const Point& point) {
  NumaPlacement placement;
  if (const ParamValue* node = point.Find(kMembindParam)) placement.membind = static_cast<int>(node->number);
  if (const ParamValue* node = point.Find(kCpuNodeBindParam)) placement.cpu_node = static_cast<int>(node->number);
  if (const ParamValue* nodes = point.Find(kInterleaveParam)) {
    try {
      placement.interleave = ParseCpuList(nodes->text);
    } catch (const Error&) {
      throw Error("--interleave " + nodes->text + ": not a node list such as 0-1 or 0,2");
    }
    if (placement.interleave.empty()) throw Error("--interleave: no nodes given (e.g. --interleave 0-1)");
  }
  return placement;
}

void CheckPlacement(const NumaPlacement& placement) {
  if (placement.membind) sys::RequireOnlineNode(*placement.membind, "--membind");
  for (const int node : placement.interleave) sys::RequireOnlineNode(node, "--interleave");
  if (placement.cpu_node) sys::CpusOfNode(*placement.cpu_node);
}

NodeTopology MachineNodes() {
  NodeTopology topology;
  topology.memory_nodes = sys::MemoryNodes();
  for (const int node : sys::OnlineNodes()) {
    try {
      topology.cpus_per_node[node] = static_cast<int>(sys::CpusOfNode(node).size());
    } catch (const Error&) {
      // A node of memory alone (CXL, a memory expander), or none of whose
      // CPUs this process may use: a column, no row.
    }
  }
  return topology;
}

ScopedPlacement::ScopedPlacement(const NumaPlacement& placement) {
  if (placement.cpu_node) affinity_ = std::make_unique<sys::ScopedAffinity>(sys::CpusOfNode(*placement.cpu_node));
  policy_ = std::make_unique<sys::ScopedMemoryPolicy>(placement);
}

ScopedPlacement::~ScopedPlacement() = default;

}  // namespace membench
