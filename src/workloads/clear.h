// File: workloads/clear.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo ClearWorkloadInfo();

}  // namespace membench
