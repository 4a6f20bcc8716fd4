// File: workloads/memset.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo MemsetWorkloadInfo();

}  // namespace membench
