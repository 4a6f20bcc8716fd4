// File: sys/cpu_x86_64.cpp
#include <cpuid.h>

#include <cstdint>

#include "sys/cpu.h"
#include "sys/cpu_features_mask.h"
#include "sys/cpuid_decode.h"

namespace membench::sys {
namespace {

CpuidRegisters ExecuteCpuid(unsigned leaf, unsigned subleaf) {
  CpuidRegisters r;
  __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
  return r;
}

std::uint64_t Xgetbv() {
  unsigned lo = 0, hi = 0;
  asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

}  // namespace

const CpuInfo& Cpu() {
  static const CpuInfo cpu = [] {
    CpuInfo decoded = DecodeCpuid(ExecuteCpuid, Xgetbv);
    MaskCpuFeatures(decoded, CpuFeaturesMask());
    return decoded;
  }();
  return cpu;
}

}  // namespace membench::sys
