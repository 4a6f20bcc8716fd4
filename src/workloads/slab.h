// File: workloads/slab.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo SlabWorkloadInfo();

}  // namespace membench
