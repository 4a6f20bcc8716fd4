// File: workloads/read.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo ReadWorkloadInfo();

}  // namespace membench
