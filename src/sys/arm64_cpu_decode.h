// File: sys/arm64_cpu_decode.h
// What arm64's identification registers say, decoded apart from reading
// them: the kernel's HWCAP/HWCAP2 words, MIDR_EL1 and DCZID_EL0 are passed
// in, so tests feed those of CPUs this machine is not (a Neoverse-N1, an
// AmpereOne, a CPU whose DCZID forbids dc zva), on any build.
#pragma once

#include <cstdint>
#include <string>

#include "sys/cpu.h"

namespace membench::sys {

struct Arm64Registers {
  std::uint64_t hwcap = 0;   // getauxval(AT_HWCAP)
  std::uint64_t hwcap2 = 0;  // getauxval(AT_HWCAP2)
  std::uint64_t midr = 0;    // MIDR_EL1, as sysfs shows it; 0 where unknown
  std::uint64_t dczid = 0;   // DCZID_EL0
};

// The implementer's name ("Arm", "Ampere"), or "implementer 0x.." for one
// not listed.
std::string Arm64Implementer(std::uint64_t midr);
// "Neoverse-N1 (MIDR 0x413fd0c1)", or "part 0x.. (MIDR ..)" for one not listed.
std::string Arm64ModelName(std::uint64_t midr);

CpuInfo DecodeArm64(const Arm64Registers& registers);

}  // namespace membench::sys
