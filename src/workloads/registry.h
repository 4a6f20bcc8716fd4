// File: workloads/registry.h
// Every workload membench has: adding one is a file and a line in registry.cpp.
#pragma once

#include <string>
#include <vector>

#include "core/workload.h"

namespace membench {

const std::vector<WorkloadInfo>& Workloads();
// Throws Error naming the closest workload when there is none by that name.
const WorkloadInfo& FindWorkload(const std::string& name);

}  // namespace membench
