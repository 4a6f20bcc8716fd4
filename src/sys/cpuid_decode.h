// File: sys/cpuid_decode.h
// What CPUID's registers say, decoded apart from executing the instruction:
// the reader is passed in, so tests feed the registers of CPUs this machine
// is not (an Intel Xeon with and without a virtual PMU, an AMD EPYC, a VM
// whose OS does not save the AVX-512 state).
#pragma once

#include <cstdint>
#include <functional>

#include "sys/cpu.h"

namespace membench::sys {

struct CpuidRegisters {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
};

// CPUID for (leaf, subleaf).
using CpuidReader = std::function<CpuidRegisters(unsigned leaf, unsigned subleaf)>;
// XCR0: the register states the OS saves. Called only when CPUID says the
// OS enabled XGETBV (OSXSAVE), as the instruction faults otherwise.
using Xcr0Reader = std::function<std::uint64_t()>;

CpuInfo DecodeCpuid(const CpuidReader& cpuid, const Xcr0Reader& xcr0);

}  // namespace membench::sys
