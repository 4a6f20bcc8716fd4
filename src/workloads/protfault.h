// File: workloads/protfault.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo ProtfaultWorkloadInfo();

}  // namespace membench
