// File: workloads/mapping.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo MappingWorkloadInfo();

}  // namespace membench
