// File: sys/cpu.cpp
#include "sys/cpu.h"

#include <cpuid.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

namespace membench::sys {
namespace {

struct Regs {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
};

Regs Query(unsigned leaf, unsigned subleaf = 0) {
  Regs r;
  __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
  return r;
}

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

std::uint64_t Xgetbv() {
  unsigned lo = 0, hi = 0;
  asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

// Deterministic cache parameters: one subleaf per cache until type 0.
std::vector<CacheLevel> CachesFromDeterministicLeaf(unsigned leaf) {
  std::vector<CacheLevel> out;
  for (unsigned sub = 0; sub < 16; ++sub) {
    const Regs r = Query(leaf, sub);
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
std::vector<CacheLevel> CachesFromAmdLegacyLeaves(unsigned max_ext) {
  std::vector<CacheLevel> out;
  if (max_ext >= 0x80000005) out.push_back({"L1d", std::uint64_t{Query(0x80000005).ecx >> 24} << 10});
  if (max_ext >= 0x80000006) {
    const Regs r = Query(0x80000006);
    if ((r.ecx >> 16) != 0) out.push_back({"L2", std::uint64_t{r.ecx >> 16} << 10});
    if ((r.edx >> 18) != 0) out.push_back({"L3", std::uint64_t{r.edx >> 18} << 19});
  }
  return out;
}

void ProbeCountersAndCaches(CpuInfo& cpu, unsigned max_leaf, unsigned max_ext) {
  const bool amd = cpu.vendor == "AuthenticAMD" || cpu.vendor == "HygonGenuine";
  if (!amd && max_leaf >= 0xa) {
    const Regs r = Query(0xa);
    if ((r.eax & 0xff) != 0) {  // architectural perfmon version
      cpu.pmu_general_counters = static_cast<int>((r.eax >> 8) & 0xff);
      cpu.pmu_fixed_counters = static_cast<int>(r.edx & 0x1f);
    } else {
      cpu.pmu_general_counters = 0;
    }
  }
  if (amd) {
    const bool perfmon_v2 = max_ext >= 0x80000022 && (Query(0x80000022).eax & 1);
    const bool core_extension = max_ext >= 0x80000001 && ((Query(0x80000001).ecx >> 23) & 1);
    // Without either, CPUID says nothing (4 is only the architectural minimum).
    if (perfmon_v2 || core_extension) {
      cpu.pmu_general_counters = perfmon_v2 ? static_cast<int>(Query(0x80000022).ebx & 0xf) : 6;
      cpu.pmu_fixed_counters = 0;
    }
  }
  const bool topology_extension = amd && max_ext >= 0x80000001 && ((Query(0x80000001).ecx >> 22) & 1);
  if (!amd && max_leaf >= 4) {
    cpu.caches = CachesFromDeterministicLeaf(4);
  } else if (topology_extension && max_ext >= 0x8000001d) {
    cpu.caches = CachesFromDeterministicLeaf(0x8000001d);
  } else if (amd) {
    cpu.caches = CachesFromAmdLegacyLeaves(max_ext);
  }
}

CpuInfo Probe() {
  CpuInfo cpu;
  const Regs r0 = Query(0);
  cpu.vendor = RegsToString({r0.ebx, r0.edx, r0.ecx});
  const unsigned max_leaf = r0.eax;
  const Regs r1 = Query(1);
  cpu.sse2 = (r1.edx >> 26) & 1;
  const bool osxsave = (r1.ecx >> 27) & 1;
  const std::uint64_t xcr0 = osxsave ? Xgetbv() : 0;
  const bool os_ymm = (xcr0 & 0x6) == 0x6;
  const bool os_zmm = (xcr0 & 0xe6) == 0xe6;
  if (max_leaf >= 7) {
    const Regs r7 = Query(7);
    cpu.avx2 = ((r7.ebx >> 5) & 1) && os_ymm;
    cpu.avx512f = ((r7.ebx >> 16) & 1) && os_zmm;
    cpu.avx512bw = ((r7.ebx >> 30) & 1) && os_zmm;
    cpu.erms = (r7.ebx >> 9) & 1;
    cpu.fsrm = (r7.edx >> 4) & 1;
  }
  const unsigned max_ext = Query(0x80000000).eax;
  if (max_ext >= 0x80000008) cpu.clzero = Query(0x80000008).ebx & 1;
  if (max_ext >= 0x80000007) cpu.invariant_tsc = (Query(0x80000007).edx >> 8) & 1;
  if (max_ext >= 0x80000004) {
    std::string brand;
    for (unsigned leaf = 0x80000002; leaf <= 0x80000004; ++leaf) {
      const Regs r = Query(leaf);
      brand += RegsToString({r.eax, r.ebx, r.ecx, r.edx});
    }
    cpu.model_name = Trim(brand);
  }
  if ((r1.ecx >> 31) & 1) {
    const Regs h = Query(0x40000000);
    cpu.hypervisor = RegsToString({h.ebx, h.ecx, h.edx});
    if (cpu.hypervisor.empty()) cpu.hypervisor = "unknown hypervisor";
  }
  ProbeCountersAndCaches(cpu, max_leaf, max_ext);
  return cpu;
}

}  // namespace

const CpuInfo& Cpu() {
  static const CpuInfo cpu = Probe();
  return cpu;
}

bool HasFeature(const CpuInfo& cpu, CpuFeature feature) {
  switch (feature) {
    case CpuFeature::kSse2:
      return cpu.sse2;
    case CpuFeature::kAvx2:
      return cpu.avx2;
    case CpuFeature::kAvx512f:
      return cpu.avx512f;
    case CpuFeature::kAvx512bw:
      return cpu.avx512bw;
    case CpuFeature::kErms:
      return cpu.erms;
    case CpuFeature::kClzero:
      return cpu.clzero;
  }
  return false;
}

int OnlineCpuCount() { return static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN)); }

}  // namespace membench::sys
