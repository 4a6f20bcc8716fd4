// File: kernels/kernel_list.cpp
// The list of kernels: adding a kernel is a function and one line here.
#include "kernels/kernel.h"
#include "kernels/kernel_fns.h"

namespace membench {
namespace {

// A kernel's function where it is built, null where it is written for the
// other instruction set: every kernel is listed, so `list impls` says why one
// cannot run here.
#if defined(__x86_64__)
#define MEMBENCH_X86_64(fn) fn
#define MEMBENCH_ARM64(fn) nullptr
#else
#define MEMBENCH_X86_64(fn) nullptr
#define MEMBENCH_ARM64(fn) fn
#endif

constexpr Isa kOnAny = Isa::kPortable;
constexpr Isa kOnX86 = Isa::kX86_64;
constexpr Isa kOnArm = Isa::kArm64;

}  // namespace

std::string_view IsaName(Isa isa) {
  switch (isa) {
    case Isa::kPortable:
      return "";
    case Isa::kX86_64:
      return "x86-64";
    case Isa::kArm64:
      return "arm64";
  }
  return "?";
}

std::string_view CpuFeatureName(CpuFeature feature) {
  switch (feature) {
    case CpuFeature::kSse2:
      return "sse2";
    case CpuFeature::kAvx2:
      return "avx2";
    case CpuFeature::kAvx512f:
      return "avx512f";
    case CpuFeature::kAvx512bw:
      return "avx512bw";
    case CpuFeature::kErms:
      return "erms";
    case CpuFeature::kClzero:
      return "clzero";
    case CpuFeature::kAsimd:
      return "asimd";
    case CpuFeature::kDcZva:
      return "dczva";
  }
  return "?";
}

const std::vector<CopyKernel>& CopyKernels() {
  using F = CpuFeature;
  using namespace kernels;
  static const std::vector<CopyKernel> kernels = {
      {"libc", "glibc memcpy (its own runtime choice of method)", kOnAny, {}, CopyLibc},
      {"movsb", "rep movsb (the kernel's memcpy with ERMS/FSRM)", kOnX86, {F::kErms}, MEMBENCH_X86_64(CopyMovsb)},
      {"movsq", "rep movsq + rep movsb for the tail (the kernel's older __memcpy)", kOnX86, {},
       MEMBENCH_X86_64(CopyMovsq)},
      {"unrolled", "4 x 64-bit registers per 32 bytes (the kernel's memcpy_orig)", kOnAny, {}, CopyUnrolled},
      {"sse2", "16-byte SSE2 loads/stores, aligned stores, 4x unrolled", kOnX86, {F::kSse2}, MEMBENCH_X86_64(CopySse2)},
      {"avx2", "32-byte AVX2 loads/stores, aligned stores, 4x unrolled", kOnX86, {F::kAvx2}, MEMBENCH_X86_64(CopyAvx2)},
      {"avx512", "64-byte AVX-512 loads/stores, aligned stores, 4x unrolled", kOnX86, {F::kAvx512f},
       MEMBENCH_X86_64(CopyAvx512)},
      {"nt", "16-byte non-temporal stores (movntdq), then sfence", kOnX86, {F::kSse2}, MEMBENCH_X86_64(CopyNt)},
      {"neon", "32-byte ldp/stp of two q registers, aligned stores, 4x unrolled (arm64's copy_template)", kOnArm,
       {F::kAsimd}, MEMBENCH_ARM64(CopyNeon)},
      {"ntpair", "32-byte non-temporal pairs (ldnp/stnp), then dmb ishst (arm64's copy_page)", kOnArm, {F::kAsimd},
       MEMBENCH_ARM64(CopyNtPair)},
  };
  return kernels;
}

const std::vector<FillKernel>& FillKernels() {
  using F = CpuFeature;
  using namespace kernels;
  static const std::vector<FillKernel> kernels = {
      {"libc", "glibc memset (its own runtime choice of method)", kOnAny, {}, FillLibc},
      {"stosb", "rep stosb (the kernel's memset with ERMS)", kOnX86, {F::kErms}, MEMBENCH_X86_64(FillStosb)},
      {"stosq", "rep stosq + rep stosb for the tail (the kernel's __memset)", kOnX86, {}, MEMBENCH_X86_64(FillStosq)},
      {"unrolled", "8 x 8-byte stores per 64 bytes (the kernel's memset_orig)", kOnAny, {}, FillUnrolled},
      {"avx2", "32-byte AVX2 stores, aligned, 4x unrolled", kOnX86, {F::kAvx2}, MEMBENCH_X86_64(FillAvx2)},
      {"avx512", "64-byte AVX-512 stores, aligned, 4x unrolled", kOnX86, {F::kAvx512f}, MEMBENCH_X86_64(FillAvx512)},
      {"nt", "16-byte non-temporal stores (movntdq), then sfence", kOnX86, {F::kSse2}, MEMBENCH_X86_64(FillNt)},
      {"clzero", "AMD clzero per 64-byte line (zeros only), then sfence", kOnX86, {F::kClzero},
       MEMBENCH_X86_64(FillClzero), true},
      {"neon", "32-byte stp of two q registers, aligned, 4x unrolled", kOnArm, {F::kAsimd}, MEMBENCH_ARM64(FillNeon)},
      {"ntpair", "32-byte non-temporal pairs (stnp), then dmb ishst", kOnArm, {F::kAsimd}, MEMBENCH_ARM64(FillNtPair)},
      {"dczva", "dc zva per DCZID_EL0 block (zeros only; arm64's clear_page)", kOnArm, {F::kDcZva},
       MEMBENCH_ARM64(FillDcZva), true},
  };
  return kernels;
}

const std::vector<CompareKernel>& CompareKernels() {
  using F = CpuFeature;
  using namespace kernels;
  static const std::vector<CompareKernel> kernels = {
      {"libc", "glibc memcmp (its own runtime choice of method)", kOnAny, {}, CompareLibc},
      {"sse2", "16-byte SSE2 compares, 4x unrolled", kOnX86, {F::kSse2}, MEMBENCH_X86_64(CompareSse2)},
      {"avx2", "32-byte AVX2 compares, 4x unrolled", kOnX86, {F::kAvx2}, MEMBENCH_X86_64(CompareAvx2)},
      {"avx512", "64-byte AVX-512BW compares, 4x unrolled", kOnX86, {F::kAvx512f, F::kAvx512bw},
       MEMBENCH_X86_64(CompareAvx512)},
      {"neon", "32-byte NEON compares (ldp of two q registers), 4x unrolled", kOnArm, {F::kAsimd},
       MEMBENCH_ARM64(CompareNeon)},
  };
  return kernels;
}

const std::vector<ReadKernel>& ReadKernels() {
  using F = CpuFeature;
  using namespace kernels;
  // glibc has no read-only routine to stand for "libc" here; scalar is the
  // plain loop a compiler would emit without vectorisation.
  static const std::vector<ReadKernel> kernels = {
      {"scalar", "64-bit loads, four sums (no vectorisation)", kOnAny, {}, ReadScalar},
      {"sse2", "16-byte SSE2 loads and adds, 4x unrolled", kOnX86, {F::kSse2}, MEMBENCH_X86_64(ReadSse2)},
      {"avx2", "32-byte AVX2 loads and adds, 4x unrolled", kOnX86, {F::kAvx2}, MEMBENCH_X86_64(ReadAvx2)},
      {"avx512", "64-byte AVX-512 loads and adds, 4x unrolled", kOnX86, {F::kAvx512f}, MEMBENCH_X86_64(ReadAvx512)},
      {"neon", "32-byte NEON loads (ldp of two q registers) and adds, 4x unrolled", kOnArm, {F::kAsimd},
       MEMBENCH_ARM64(ReadNeon)},
  };
  return kernels;
}

#undef MEMBENCH_X86_64
#undef MEMBENCH_ARM64

}  // namespace membench
