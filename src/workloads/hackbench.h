// File: workloads/hackbench.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo HackbenchWorkloadInfo();

}  // namespace membench
