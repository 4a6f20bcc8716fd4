// File: sys/cgroup_limits.h
// The memory and CPU limits of the cgroup this process runs in: the
// smallest over it and its ancestors, cgroup v2 (memory.max, memory.high,
// cpu.max) or v1 (memory.limit_in_bytes, cpu.cfs_quota_us). A run larger
// than memory.max reclaims or is killed, one above memory.high is
// throttled and reclaimed; a cpu.max quota throttles a timed sample in the
// middle of its work.
#pragma once

#include "core/machine_facts.h"

namespace membench::sys {

CgroupLimits ReadCgroupLimits();

// The same, read under `cgroup_root` (a mount of /sys/fs/cgroup) for a
// process whose /proc/self/cgroup reads `self_cgroup`: the tests lay out
// v1 and v2 hierarchies in a scratch folder.
CgroupLimits ReadCgroupLimits(const std::string& cgroup_root, const std::string& self_cgroup);

}  // namespace membench::sys
