// File: sys/cpu.h
// What the CPU can run, read with CPUID (and XGETBV for the OS's consent to
// save AVX state), whether we run under a hypervisor, and what CPUID says
// of the counters and caches.
#pragma once

#include <string>
#include <vector>

#include "core/system_info.h"

namespace membench::sys {

struct CpuInfo {
  std::string vendor;      // "GenuineIntel", "AuthenticAMD"
  std::string model_name;  // CPUID brand string
  std::string hypervisor;  // named from CPUID 0x40000000 ("KVM"), empty on bare metal
  bool sse2 = false;
  bool avx2 = false;     // and the OS saves YMM state
  bool avx512f = false;  // and the OS saves ZMM state
  bool avx512bw = false;
  bool erms = false;
  bool fsrm = false;
  bool clzero = false;
  bool invariant_tsc = false;
  // Performance counters CPUID announces per logical CPU (Intel leaf 0xA,
  // AMD 0x80000022 or the core-counter extension); -1 when it does not say.
  // A VM may announce none although perf_event_open is the real test.
  int pmu_general_counters = -1;
  int pmu_fixed_counters = -1;
  // Data and unified caches as CPUID describes them (leaf 4 on Intel,
  // 0x8000001D on AMD, else AMD's legacy 0x80000005/6).
  std::vector<CacheLevel> caches;
};

// Read once; the CPU does not change under us.
const CpuInfo& Cpu();

// CPUs online now (sysconf).
int OnlineCpuCount();

}  // namespace membench::sys
