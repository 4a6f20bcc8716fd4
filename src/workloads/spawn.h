// File: workloads/spawn.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo SpawnWorkloadInfo();

}  // namespace membench
