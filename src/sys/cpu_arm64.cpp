// File: sys/cpu_arm64.cpp
#include <sys/auxv.h>

#include <cstdint>
#include <exception>
#include <string>

#include "sys/arm64_cpu_decode.h"
#include "sys/cpu.h"
#include "sys/cpu_features_mask.h"
#include "sys/files.h"

namespace membench::sys {
namespace {

// MIDR_EL1 as the kernel shows it for CPU 0; 0 where sysfs does not (an
// older kernel), and the model is then unnamed.
std::uint64_t ReadMidr() {
  const auto text = ReadFirstLine("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1");
  if (!text) return 0;
  try {
    return std::stoull(*text, nullptr, 16);
  } catch (const std::exception&) {
    return 0;
  }
}

std::uint64_t ReadDczid() {
  std::uint64_t dczid = 0;
  asm volatile("mrs %0, dczid_el0" : "=r"(dczid));
  return dczid;
}

}  // namespace

const CpuInfo& Cpu() {
  static const CpuInfo cpu = [] {
    CpuInfo decoded = DecodeArm64({::getauxval(AT_HWCAP), ::getauxval(AT_HWCAP2), ReadMidr(), ReadDczid()});
    MaskCpuFeatures(decoded, CpuFeaturesMask());
    return decoded;
  }();
  return cpu;
}

}  // namespace membench::sys
