// File: sys/cpu.cpp
#include "sys/cpu.h"

#include <unistd.h>

#include <cpuid.h>

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
