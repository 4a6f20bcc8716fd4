// File: workloads/registry.cpp
#include "workloads/registry.h"

#include "core/error.h"
#include "core/suggest.h"
#include "workloads/chase.h"
#include "workloads/clear.h"
#include "workloads/fault.h"
#include "workloads/hackbench.h"
#include "workloads/memcmp.h"
#include "workloads/memcpy.h"
#include "workloads/mapping.h"
#include "workloads/memset.h"
#include "workloads/protfault.h"
#include "workloads/read.h"
#include "workloads/slab.h"
#include "workloads/spawn.h"
#include "workloads/zeropage.h"

namespace membench {

const std::vector<WorkloadInfo>& Workloads() {
  static const std::vector<WorkloadInfo> workloads = {
      MemcpyWorkloadInfo(), MemsetWorkloadInfo(),   MemcmpWorkloadInfo(),
      ReadWorkloadInfo(),   ZeropageWorkloadInfo(), ChaseWorkloadInfo(),  FaultWorkloadInfo(), ClearWorkloadInfo(),
      SpawnWorkloadInfo(),  MappingWorkloadInfo(),  ProtfaultWorkloadInfo(), SlabWorkloadInfo(),
      HackbenchWorkloadInfo(),
  };
  return workloads;
}

const WorkloadInfo& FindWorkload(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& w : Workloads()) {
    if (w.name == name) return w;
    names.push_back(w.name);
  }
  const std::string guess = ClosestName(name, names);
  throw Error("unknown workload '" + name + "'" + (guess.empty() ? "" : "; did you mean '" + guess + "'?") +
              " (membench list workloads shows them all)");
}

}  // namespace membench
