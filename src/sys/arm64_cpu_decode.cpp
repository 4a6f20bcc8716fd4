// File: sys/arm64_cpu_decode.cpp
#include "sys/arm64_cpu_decode.h"

#include <fmt/format.h>

#include <array>
#include <utility>

namespace membench::sys {
namespace {

// HWCAP and HWCAP2 bits, as arch/arm64/include/uapi/asm/hwcap.h numbers
// them: spelled out, since an x86 build (which decodes them in its tests)
// has no arm64 header.
constexpr std::uint64_t kHwcapAsimd = 1u << 1;
constexpr std::uint64_t kHwcapSve = 1u << 22;
constexpr std::uint64_t kHwcap2Sve2 = 1u << 1;

constexpr std::uint64_t kDczidProhibited = 1u << 4;

unsigned ImplementerOf(std::uint64_t midr) { return static_cast<unsigned>((midr >> 24) & 0xff); }
unsigned PartOf(std::uint64_t midr) { return static_cast<unsigned>((midr >> 4) & 0xfff); }

// The server and common cores; the kernel's arch/arm64/include/asm/cputype.h
// has them all.
struct Part {
  unsigned implementer;
  unsigned part;
  const char* name;
};
constexpr std::array kParts = {
    Part{0x41, 0xd03, "Cortex-A53"},  Part{0x41, 0xd08, "Cortex-A72"},  Part{0x41, 0xd0b, "Cortex-A76"},
    Part{0x41, 0xd0c, "Neoverse-N1"}, Part{0x41, 0xd40, "Neoverse-V1"}, Part{0x41, 0xd49, "Neoverse-N2"},
    Part{0x41, 0xd4f, "Neoverse-V2"}, Part{0x41, 0xd84, "Neoverse-V3"}, Part{0x41, 0xd8e, "Neoverse-N3"},
    Part{0xc0, 0xac3, "AmpereOne"},   Part{0x48, 0xd01, "TaiShan v110"},
};

}  // namespace

std::string Arm64Implementer(std::uint64_t midr) {
  static constexpr std::array<std::pair<unsigned, const char*>, 8> kImplementers = {{{0x41, "Arm"},
                                                                                     {0x42, "Broadcom"},
                                                                                     {0x43, "Cavium"},
                                                                                     {0x48, "HiSilicon"},
                                                                                     {0x4e, "NVIDIA"},
                                                                                     {0x51, "Qualcomm"},
                                                                                     {0x61, "Apple"},
                                                                                     {0xc0, "Ampere"}}};
  for (const auto& [code, name] : kImplementers) {
    if (code == ImplementerOf(midr)) return name;
  }
  return fmt::format("implementer {:#x}", ImplementerOf(midr));
}

std::string Arm64ModelName(std::uint64_t midr) {
  if (midr == 0) return "";
  for (const Part& p : kParts) {
    if (p.implementer == ImplementerOf(midr) && p.part == PartOf(midr)) return fmt::format("{} (MIDR {:#x})", p.name, midr);
  }
  return fmt::format("part {:#x} (MIDR {:#x})", PartOf(midr), midr);
}

CpuInfo DecodeArm64(const Arm64Registers& r) {
  CpuInfo cpu;
  if (r.midr != 0) {
    cpu.vendor = Arm64Implementer(r.midr);
    cpu.model_name = Arm64ModelName(r.midr);
  }
  cpu.asimd = (r.hwcap & kHwcapAsimd) != 0;
  cpu.sve = (r.hwcap & kHwcapSve) != 0;
  cpu.sve2 = (r.hwcap2 & kHwcap2Sve2) != 0;
  // Bits 3:0: log2 of the block in 4-byte words.
  cpu.dczva_block_bytes = (r.dczid & kDczidProhibited) != 0 ? 0 : std::size_t{4} << (r.dczid & 15);
  // The generic timer counts at the constant CNTFRQ_EL0 rate by architecture.
  cpu.invariant_tsc = true;
  return cpu;
}

}  // namespace membench::sys
