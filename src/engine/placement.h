// File: engine/placement.h
// --membind, --interleave and --cpunodebind: point parameters like --threads
// (a list of nodes sweeps), read by the engine, which holds the point's
// placement around its preparation, every sample and its page proofs, so
// points of different placements can alternate in one invocation
// (engine/invocation.cpp). Memory is placed with the thread's memory policy
// (sys/numa.h), which every buffer mapped after it follows and every worker
// inherits; the proofs' node counts are then judged against it.
#pragma once

#include <memory>
#include <string>

#include "core/node_matrix.h"
#include "core/numa_placement.h"
#include "core/params.h"

namespace membench {

namespace sys {
class ScopedAffinity;
class ScopedMemoryPolicy;
}  // namespace sys

ParamSpec PlacementParam(const std::string& name);
// The placement a point asks for; empty where it names none.
NumaPlacement PlacementOf(const Point& point);

// Throws Error where the placement names a node that is not online, or a
// CPU node with no CPU this process may use.
void CheckPlacement(const NumaPlacement& placement);

// This machine's online nodes and the CPUs of each, for `run matrix`.
NodeTopology MachineNodes();

// The calling thread on the point's node's CPUs and under its memory
// policy while this lives; nothing for a point without placement.
class ScopedPlacement {
 public:
  explicit ScopedPlacement(const NumaPlacement& placement);
  ScopedPlacement(const ScopedPlacement&) = delete;
  ScopedPlacement& operator=(const ScopedPlacement&) = delete;
  ~ScopedPlacement();

 private:
  std::unique_ptr<sys::ScopedAffinity> affinity_;
  std::unique_ptr<sys::ScopedMemoryPolicy> policy_;
};

}  // namespace membench
