// File: workloads/impl_params.cpp
#include "workloads/impl_params.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "core/error.h"
#include "sys/cpu.h"

namespace membench {
namespace {

template <class Kernel>
ParamSpec ImplParam(const std::vector<Kernel>& kernels, const std::string& default_value) {
  ParamSpec p;
  p.name = "impl";
  p.default_value = default_value;
  p.help = "implementation(s), or all that this CPU can run (membench list impls)";
  for (const auto& k : kernels) p.choices.emplace_back(k.name);
  p.unavailable_reason = [&kernels](const std::string& name) {
    for (const auto& k : kernels) {
      if (k.name == name) return UnavailableReason(k);
    }
    return std::string("unknown");
  };
  return p;
}

template <class Kernel>
const Kernel& Find(const std::vector<Kernel>& kernels, const std::string& name) {
  for (const auto& k : kernels) {
    if (k.name == name) return k;
  }
  throw Error("unknown impl '" + name + "'");
}

// The CPU's answer in the kernels' terms: sys reads CPUID without knowing
// which kernels need what.
bool HasFeature(const sys::CpuInfo& cpu, CpuFeature feature) {
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
    case CpuFeature::kAsimd:
      return cpu.asimd;
    case CpuFeature::kDcZva:
      return cpu.dczva_block_bytes != 0;
  }
  return false;
}

template <class Kernel>
void PrintKernels(std::ostream& out, const std::vector<Kernel>& kernels, const char* title) {
  fmt::print(out, "{}\n", title);
  for (const auto& k : kernels) {
    const std::string missing = UnavailableReason(k);
    fmt::print(out, "  {:<9} {:<12} {}{}\n", k.name, missing.empty() ? "available" : "unavailable", k.description,
               missing.empty() ? "" : " [" + missing + "]");
  }
}

}  // namespace

void PrintImplTable(std::ostream& out) {
  PrintKernels(out, CopyKernels(), "copy kernels (memcpy --impl):");
  PrintKernels(out, FillKernels(), "fill kernels (memset --impl):");
  PrintKernels(out, CompareKernels(), "compare kernels (memcmp --impl):");
  PrintKernels(out, ReadKernels(), "read kernels (read --impl):");
}

std::string MissingFeatures(const std::vector<CpuFeature>& needs) {
  std::string missing;
  for (CpuFeature f : needs) {
    if (!HasFeature(sys::Cpu(), f)) missing += (missing.empty() ? "" : ", ") + std::string(CpuFeatureName(f));
  }
  return missing.empty() ? missing : "needs " + missing + ", which this CPU lacks";
}

ParamSpec CopyImplParam() { return ImplParam(CopyKernels(), "libc"); }
ParamSpec FillImplParam() { return ImplParam(FillKernels(), "libc"); }
const CopyKernel& FindCopyKernel(const std::string& name) { return Find(CopyKernels(), name); }
const FillKernel& FindFillKernel(const std::string& name) { return Find(FillKernels(), name); }

ParamSpec FillValueParam() {
  return CountParam("value", "0",
                    "the byte written: 0, as page clearing writes, or another (zero fills can be special), e.g. 0,255",
                    0, 255);
}

int FillValueFor(const FillKernel& kernel, std::uint64_t asked) {
  const int value = static_cast<int>(asked);
  if (kernel.zero_only && value != 0) {
    throw Error(fmt::format("--impl {} --value {}: {} writes only zeros; pair --value {} with another --impl",
                            kernel.name, value, kernel.name, value));
  }
  return value;
}
ParamSpec CompareImplParam() { return ImplParam(CompareKernels(), "libc"); }
// The widest read every CPU of the instruction set has.
ParamSpec ReadImplParam() { return ImplParam(ReadKernels(), kBuiltIsa == Isa::kArm64 ? "neon" : "sse2"); }
const CompareKernel& FindCompareKernel(const std::string& name) { return Find(CompareKernels(), name); }
const ReadKernel& FindReadKernel(const std::string& name) { return Find(ReadKernels(), name); }

}  // namespace membench
