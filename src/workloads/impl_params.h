// File: workloads/impl_params.h
// The `impl` parameter of the copy, fill, compare and read workloads: the kernel registry's
// names, with CPUID deciding which can run here.
#pragma once

#include <iosfwd>
#include <string>

#include "core/params.h"
#include "kernels/kernel.h"

namespace membench {

ParamSpec CopyImplParam();
ParamSpec FillImplParam();
ParamSpec CompareImplParam();
ParamSpec ReadImplParam();
const CopyKernel& FindCopyKernel(const std::string& name);
const FillKernel& FindFillKernel(const std::string& name);
const CompareKernel& FindCompareKernel(const std::string& name);
const ReadKernel& FindReadKernel(const std::string& name);

// The byte a fill writes (--value 0..255): zero, as page clearing writes,
// or another, since some CPUs and hypervisors treat zero fills specially.
ParamSpec FillValueParam();
// The fill byte --value asked for, for `kernel`; throws Error where the
// kernel writes only zeros (clzero) and the value is another.
int FillValueFor(const FillKernel& kernel, std::uint64_t asked);

// `membench list impls`: every kernel, and whether this CPU can run it.
void PrintImplTable(std::ostream& out);

// "" when the CPU has every feature, else "needs avx512f, which this CPU lacks".
std::string MissingFeatures(const std::vector<CpuFeature>& needs);

// Why a kernel cannot run here: "x86-64 only, and this build is for arm64"
// where it is written for the other instruction set, else MissingFeatures;
// empty where it can run.
template <class Kernel>
std::string UnavailableReason(const Kernel& kernel) {
  if (kernel.isa != Isa::kPortable && kernel.isa != kBuiltIsa) {
    return std::string(IsaName(kernel.isa)) + " only, and this build is for " + std::string(IsaName(kBuiltIsa));
  }
  return MissingFeatures(kernel.needs);
}

}  // namespace membench
