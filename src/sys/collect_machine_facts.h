// File: sys/collect_machine_facts.h
// Reads what `membench doctor` judges (core/machine_facts.h) off this
// machine: sysfs, procfs, CPUID, hwloc, the cgroup, the kernel's config,
// one small zero-page experiment and a short look at /proc/stat for steal
// and other load. Changes nothing; under a second as root or not.
#pragma once

#include "core/machine_facts.h"

namespace membench::sys {

MachineFacts CollectMachineFacts();

// The data and unified caches of CPU 0 as sysfs gives them (L1d, L2, L3),
// for a default that must be larger than the caches (STREAM's arrays).
std::vector<CacheLevel> SysfsCaches();

}  // namespace membench::sys
