// File: sys/cpuid_decode.cpp
#include "sys/cpuid_decode.h"

#include <string>
#include <vector>

#include "core/hypervisor_name.h"

namespace membench::sys {
namespace {

std::string RegsToString(std::initializer_list<unsigned> regs) {
  std::string out;
  for (unsigned reg : regs) out.append(reinterpret_cast<const char*>(&reg), 4);
  return out.substr(0, out.find('\0'));
}

std::string Trim(std::string s) {
  const auto b = s.find_first_not_of(' ');
  const auto e = s.find_last_not_of(' ');
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// Deterministic cache parameters: one subleaf per cache until type 0.
std::vector<CacheLevel> CachesFromDeterministicLeaf(const CpuidReader& cpuid, unsigned leaf) {
  std::vector<CacheLevel> out;
  for (unsigned sub = 0; sub < 16; ++sub) {
    const CpuidRegisters r = cpuid(leaf, sub);
    const unsigned type = r.eax & 0x1f;  // 1 data, 2 instruction, 3 unified
    if (type == 0) break;
    if (type == 2) continue;
    const unsigned level = (r.eax >> 5) & 0x7;
    const std::uint64_t ways = ((r.ebx >> 22) & 0x3ff) + 1;
    const std::uint64_t partitions = ((r.ebx >> 12) & 0x3ff) + 1;
    const std::uint64_t line = (r.ebx & 0xfff) + 1;
    const std::uint64_t sets = std::uint64_t{r.ecx} + 1;
    out.push_back({level == 1 ? "L1d" : "L" + std::to_string(level), ways * partitions * line * sets});
  }
  return out;
}

// AMD before the topology extension: sizes in KiB (L1, L2) and 512 KiB units (L3).
std::vector<CacheLevel> CachesFromAmdLegacyLeaves(const CpuidReader& cpuid, unsigned max_ext) {
  std::vector<CacheLevel> out;
  if (max_ext >= 0x80000005) out.push_back({"L1d", std::uint64_t{cpuid(0x80000005, 0).ecx >> 24} << 10});
  if (max_ext >= 0x80000006) {
    const CpuidRegisters r = cpuid(0x80000006, 0);
    if ((r.ecx >> 16) != 0) out.push_back({"L2", std::uint64_t{r.ecx >> 16} << 10});
    if ((r.edx >> 18) != 0) out.push_back({"L3", std::uint64_t{r.edx >> 18} << 19});
  }
  return out;
}

void DecodeCountersAndCaches(const CpuidReader& cpuid, CpuInfo& cpu, unsigned max_leaf, unsigned max_ext) {
  const bool amd = cpu.vendor == "AuthenticAMD" || cpu.vendor == "HygonGenuine";
  if (!amd && max_leaf >= 0xa) {
    const CpuidRegisters r = cpuid(0xa, 0);
    if ((r.eax & 0xff) != 0) {  // architectural perfmon version
      cpu.pmu_general_counters = static_cast<int>((r.eax >> 8) & 0xff);
      cpu.pmu_fixed_counters = static_cast<int>(r.edx & 0x1f);
    } else {
      cpu.pmu_general_counters = 0;
    }
  }
  if (amd) {
    const bool perfmon_v2 = max_ext >= 0x80000022 && (cpuid(0x80000022, 0).eax & 1);
    const bool core_extension = max_ext >= 0x80000001 && ((cpuid(0x80000001, 0).ecx >> 23) & 1);
    // Without either, CPUID says nothing (4 is only the architectural minimum).
    if (perfmon_v2 || core_extension) {
      cpu.pmu_general_counters = perfmon_v2 ? static_cast<int>(cpuid(0x80000022, 0).ebx & 0xf) : 6;
      cpu.pmu_fixed_counters = 0;
    }
  }
  const bool topology_extension = amd && max_ext >= 0x80000001 && ((cpuid(0x80000001, 0).ecx >> 22) & 1);
  if (!amd && max_leaf >= 4) {
    cpu.caches = CachesFromDeterministicLeaf(cpuid, 4);
  } else if (topology_extension && max_ext >= 0x8000001d) {
    cpu.caches = CachesFromDeterministicLeaf(cpuid, 0x8000001d);
  } else if (amd) {
    cpu.caches = CachesFromAmdLegacyLeaves(cpuid, max_ext);
  }
}

}  // namespace

CpuInfo DecodeCpuid(const CpuidReader& cpuid, const Xcr0Reader& xcr0) {
  CpuInfo cpu;
  const CpuidRegisters r0 = cpuid(0, 0);
  cpu.vendor = RegsToString({r0.ebx, r0.edx, r0.ecx});
  const unsigned max_leaf = r0.eax;
  const CpuidRegisters r1 = cpuid(1, 0);
  cpu.sse2 = (r1.edx >> 26) & 1;
  const bool osxsave = (r1.ecx >> 27) & 1;
  const std::uint64_t os_saves = osxsave ? xcr0() : 0;
  const bool os_ymm = (os_saves & 0x6) == 0x6;
  const bool os_zmm = (os_saves & 0xe6) == 0xe6;
  if (max_leaf >= 7) {
    const CpuidRegisters r7 = cpuid(7, 0);
    cpu.avx2 = ((r7.ebx >> 5) & 1) && os_ymm;
    cpu.avx512f = ((r7.ebx >> 16) & 1) && os_zmm;
    cpu.avx512bw = ((r7.ebx >> 30) & 1) && os_zmm;
    cpu.erms = (r7.ebx >> 9) & 1;
    cpu.fsrm = (r7.edx >> 4) & 1;
  }
  const unsigned max_ext = cpuid(0x80000000, 0).eax;
  if (max_ext >= 0x80000008) cpu.clzero = cpuid(0x80000008, 0).ebx & 1;
  if (max_ext >= 0x80000007) cpu.invariant_tsc = (cpuid(0x80000007, 0).edx >> 8) & 1;
  if (max_ext >= 0x80000004) {
    std::string brand;
    for (unsigned leaf = 0x80000002; leaf <= 0x80000004; ++leaf) {
      const CpuidRegisters r = cpuid(leaf, 0);
      brand += RegsToString({r.eax, r.ebx, r.ecx, r.edx});
    }
    cpu.model_name = Trim(brand);
  }
  if ((r1.ecx >> 31) & 1) {
    const CpuidRegisters h = cpuid(0x40000000, 0);
    cpu.hypervisor = HypervisorName(RegsToString({h.ebx, h.ecx, h.edx}));
    if (cpu.hypervisor.empty()) cpu.hypervisor = "unknown hypervisor";
  }
  DecodeCountersAndCaches(cpuid, cpu, max_leaf, max_ext);
  return cpu;
}

}  // namespace membench::sys
