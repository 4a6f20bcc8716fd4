// File: sys/cpu.h
// What the CPU can run: on x86-64 read with CPUID (and XGETBV for the OS's
// consent to save AVX state), with whether we run under a hypervisor and
// what CPUID says of the counters and caches (cpu_x86_64.cpp); on arm64 read
// from the kernel's HWCAP/HWCAP2, MIDR_EL1 and DCZID_EL0 (cpu_arm64.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/system_info.h"

namespace membench::sys {

struct CpuInfo {
  std::string vendor;      // "GenuineIntel", "AuthenticAMD"; on arm64 MIDR's implementer, "Arm"
  std::string model_name;  // CPUID brand string; on arm64 MIDR's part, "Neoverse-N1 (MIDR 0x413fd0c1)"
  std::string hypervisor;  // named from CPUID 0x40000000 ("KVM"), empty on bare metal
  bool sse2 = false;
  bool avx2 = false;     // and the OS saves YMM state
  bool avx512f = false;  // and the OS saves ZMM state
  bool avx512bw = false;
  bool erms = false;
  bool fsrm = false;
  bool clzero = false;
  // The TSC's rate is constant; arm64's generic timer always is.
  bool invariant_tsc = false;
  // arm64: Advanced SIMD (HWCAP_ASIMD), SVE, SVE2, and dc zva's block
  // (DCZID_EL0; 0 where DZP forbids it).
  bool asimd = false;
  bool sve = false;
  bool sve2 = false;
  std::size_t dczva_block_bytes = 0;
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
