// File: workloads/zeropage.h
#pragma once

#include "core/workload.h"

namespace membench {

WorkloadInfo ZeropageWorkloadInfo();

}  // namespace membench
