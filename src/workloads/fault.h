// File: workloads/fault.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo FaultWorkloadInfo();

}  // namespace membench
