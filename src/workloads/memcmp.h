// File: workloads/memcmp.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo MemcmpWorkloadInfo();

}  // namespace membench
