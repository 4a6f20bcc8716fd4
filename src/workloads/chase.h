// File: workloads/chase.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo ChaseWorkloadInfo();

}  // namespace membench
