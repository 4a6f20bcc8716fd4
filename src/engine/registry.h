// File: engine/registry.h
// Every workload membench has. A workload registers itself in its own file
// with MEMBENCH_REGISTER_WORKLOAD(function returning its WorkloadInfo), as
// Google Benchmark's BENCHMARK() does: adding one is adding that file, with
// no header and no central list to edit. The workloads library is linked
// whole (CMakeLists.txt), so no registration is dropped by the linker.
#pragma once

#include <string>
#include <vector>

#include "engine/workload.h"

namespace membench {

using WorkloadInfoFactory = WorkloadInfo (*)();

class WorkloadRegistrar {
 public:
  explicit WorkloadRegistrar(WorkloadInfoFactory factory);
};

#define MEMBENCH_REGISTER_WORKLOAD(factory) \
  [[maybe_unused]] static const ::membench::WorkloadRegistrar membench_registrar_##factory(factory)

// Every registered workload, by name. Built on first use, after static
// initialisation, so a WorkloadInfo may use other registries (the kernels).
const std::vector<WorkloadInfo>& Workloads();
// Throws Error naming the closest workload when there is none by that name.
const WorkloadInfo& FindWorkload(const std::string& name);

}  // namespace membench
