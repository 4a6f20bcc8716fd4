// File: workloads/memcpy.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo MemcpyWorkloadInfo();

}  // namespace membench
