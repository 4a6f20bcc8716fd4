// File: core/machine_facts.h
// What `membench doctor` reads off the machine before judging it: the
// result metadata (core/system_info.h) and the settings that can disturb a
// measurement without being part of it - CPU frequency and idle states,
// SMT, isolation, counters, THP daemons, KSM, swap, cgroup limits, the
// hypervisor's steal, kernel build options. Plain data; sys/collect_machine_facts.h
// reads it, core/machine_checks.h judges it. An unreadable fact stays
// empty (nullopt, "", -1): the check says "unknown", never guesses.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/system_info.h"

namespace membench {

// The group that has the least memory left under one of its limits: a run
// larger than that hits it first, even where an ancestor's limit is smaller.
struct CgroupMemoryLeft {
  std::string group;       // "/" for the root
  std::string limit_file;  // memory.max, memory.high or v1's memory.limit_in_bytes
  std::uint64_t limit = 0;
  std::uint64_t used = 0;  // memory.current; v1's memory.usage_in_bytes
  std::uint64_t Bytes() const { return limit > used ? limit - used : 0; }
};

struct CgroupLimits {
  std::string path;                         // "/user.slice/..." as /proc/self/cgroup gives it
  std::optional<std::uint64_t> memory_max;  // bytes; nullopt when unlimited or unknown
  // v2's memory.high: above it the kernel throttles and reclaims the
  // group's allocations instead of killing; nullopt when "max" or v1.
  std::optional<std::uint64_t> memory_high;
  // Over this group and its ancestors, the least any has left under its
  // memory.max or memory.high; nullopt when none is limited.
  std::optional<CgroupMemoryLeft> memory_left;
  std::optional<double> cpu_quota_cpus;     // cpu.max quota / period; nullopt when unlimited
  std::string cpuset_cpus;                  // cpuset.cpus.effective, "" when not visible
};

struct IdleState {
  std::string name;  // "C1", "C6"
  std::int64_t exit_latency_us = 0;
  bool disabled = false;
};

// Where the cache sizes come from: three sources a VM may disagree on.
struct CacheViews {
  std::vector<CacheLevel> cpuid;  // CPUID leaf 4 / 0x8000001D (or AMD's legacy leaves)
  std::vector<CacheLevel> sysfs;  // /sys/devices/system/cpu/cpu0/cache
  std::vector<CacheLevel> hwloc;  // what membench marks cache boundaries with
};

struct MachineFacts {
  SystemInfo system;
  std::vector<std::string> governors;  // the distinct scaling_governor values of all CPUs
  std::string smt_control;             // "on", "off", "forceoff", "notsupported", "" unknown
  std::optional<bool> smt_active;
  std::string isolated_cpus;  // /sys/devices/system/cpu/isolated, "" when none
  std::string nohz_full_cpus;
  std::string clocksource;
  std::string cpuidle_driver;          // "none" in many VMs
  std::vector<IdleState> idle_states;  // of CPU 0
  std::optional<int> aslr;             // randomize_va_space
  std::optional<int> nmi_watchdog;
  int pmu_general_counters = -1;  // CPUID's count per logical CPU, -1 unknown
  int pmu_fixed_counters = -1;
  std::string tracefs_root;                       // where tracefs is readable, "" when it is not
  std::string tracefs_mounted_at;                 // where /proc/mounts has it, readable or not
  std::map<std::string, std::string> khugepaged;  // pages_to_scan, scan_sleep_millisecs, max_ptes_none
  std::optional<int> ksm_run;
  std::optional<std::int64_t> ksm_pages_sharing;
  std::optional<bool> zswap_enabled;
  std::uint64_t swap_total_bytes = 0;
  std::uint64_t swap_free_bytes = 0;
  bool balloon = false;  // a virtio-balloon device
  int numa_nodes = 0;    // 0 unknown
  std::optional<int> numa_balancing;
  CgroupLimits cgroup;
  int allowed_cpus = 0;
  // Of the whole machine over a short window while membench waited.
  std::optional<double> steal_pct;
  std::optional<double> busy_pct;
  // Kernel build options that change what is measured (CONFIG_INIT_ON_ALLOC_DEFAULT_ON, ...):
  // name -> "y", "n" or a value; empty when no config is readable.
  std::map<std::string, std::string> kernel_config;
  std::string kernel_config_source;      // "/proc/config.gz", "/boot/config-6.1.0"
  std::optional<bool> zero_page_in_use;  // by experiment (sys/zero_page.h)
  std::string zero_page_evidence;
  CacheViews caches;
};

}  // namespace membench
