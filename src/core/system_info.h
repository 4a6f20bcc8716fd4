// File: core/system_info.h
// The machine a result was measured on, for the result's metadata: kernel,
// CPU, caches, THP settings, perf_event_paranoid, virtualisation, PMU.
// Plain data; sys/collect_system_info.h reads it off the machine.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace membench {

struct CacheLevel {
  std::string name;  // "L1d", "L2", "L3"
  std::uint64_t size_bytes = 0;
};

struct SystemInfo {
  std::string hostname;
  std::string kernel_release;
  std::string kernel_version;
  std::string kernel_cmdline;
  std::string boot_id;  // /proc/sys/kernel/random/boot_id: new on every boot
  // When the kernel booted, ISO 8601 UTC ("2026-12-07T07:04:41Z", /proc/stat's
  // btime); "" where it was not read (results of versions before it).
  std::string boot_time;
  std::string machine;
  std::string cpu_vendor;
  std::string cpu_model;
  std::string microcode;                  // "0x1000065"; empty where /proc/cpuinfo does not say
  std::vector<std::string> cpu_features;  // those membench's kernels use
  int online_cpus = 0;
  std::vector<CacheLevel> caches;
  std::string caches_source = "hwloc";     // hwloc reads sysfs, else CPUID
  std::map<std::string, std::string> thp;  // setting name -> selected value, mTHP sizes too
  // hugetlb pools by page size ("2048kB"): "nr_hugepages", "free_hugepages", "resv_hugepages".
  std::map<std::string, std::map<std::string, std::int64_t>> hugetlb_pools;
  std::string glibc_version;
  int perf_event_paranoid = 0;
  bool hardware_pmu = false;
  std::string hypervisor;           // "KVM", "Hyper-V" (core/hypervisor_name.h); empty on bare metal
  std::string free_page_reporting;  // empty when the host does not take freed memory back
  std::uint64_t mem_total_bytes = 0;
  std::uint64_t mem_available_bytes = 0;
  std::string cpufreq_governor;  // "unknown (no cpufreq)" in many VMs
  std::string cpufreq_driver;    // empty without cpufreq
  std::string cpu_boost;         // "on", "off", or empty where not visible
  bool root = false;
};

// The timer a tick estimate of cycles comes from where there is no PMU:
// "TSC" on x86-64, "CNTVCT" (the generic timer's virtual counter) on arm64.
inline std::string CycleTimerName(const SystemInfo& s) { return s.machine == "aarch64" ? "CNTVCT" : "TSC"; }

// Whether a hypervisor could have been seen: x86's CPUID says so; arm64
// has no such bit, and an empty hypervisor there means unknown.
inline bool HypervisorDetectable(const SystemInfo& s) { return s.machine != "aarch64"; }

// "KVM VM", "bare metal", or "VM or bare metal: not detectable" on arm64.
inline std::string HypervisorText(const SystemInfo& s) {
  if (!s.hypervisor.empty()) return s.hypervisor + " VM";
  return HypervisorDetectable(s) ? "bare metal" : "VM or bare metal: not detectable";
}

// The CPU's model, else its vendor, else "unknown CPU".
inline std::string CpuText(const SystemInfo& s) {
  if (!s.cpu_model.empty()) return s.cpu_model;
  return s.cpu_vendor.empty() ? "unknown CPU" : s.cpu_vendor;
}

}  // namespace membench
