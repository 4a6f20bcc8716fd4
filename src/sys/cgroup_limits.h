// File: sys/cgroup_limits.h
// The memory and CPU limits of the cgroup this process runs in: the
// smallest over it and its ancestors, cgroup v2 (memory.max, cpu.max) or
// v1 (memory.limit_in_bytes, cpu.cfs_quota_us). A run larger than
// memory.max reclaims or is killed; a cpu.max quota throttles a timed
// sample in the middle of its work.
#pragma once

#include "core/machine_facts.h"

namespace membench::sys {

CgroupLimits ReadCgroupLimits();

}  // namespace membench::sys
