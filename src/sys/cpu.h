// File: sys/cpu.h
// What the CPU can run, read with CPUID (and XGETBV for the OS's consent to
// save AVX state), and whether we run under a hypervisor.
#pragma once

#include <string>

#include "kernels/kernel.h"

namespace membench::sys {

struct CpuInfo {
  std::string vendor;      // "GenuineIntel", "AuthenticAMD"
  std::string model_name;  // CPUID brand string
  std::string hypervisor;  // CPUID 0x40000000 vendor, empty on bare metal
  bool sse2 = false;
  bool avx2 = false;     // and the OS saves YMM state
  bool avx512f = false;  // and the OS saves ZMM state
  bool avx512bw = false;
  bool erms = false;
  bool fsrm = false;
  bool clzero = false;
  bool invariant_tsc = false;
};

// Read once; the CPU does not change under us.
const CpuInfo& Cpu();

bool HasFeature(const CpuInfo& cpu, CpuFeature feature);

// CPUs online now (sysconf).
int OnlineCpuCount();

}  // namespace membench::sys
