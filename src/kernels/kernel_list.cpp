// File: kernels/kernel_list.cpp
// The list of kernels: adding a kernel is a function and one line here.
#include "kernels/kernel.h"
#include "kernels/kernel_fns.h"

namespace membench {

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
  }
  return "?";
}

const std::vector<CopyKernel>& CopyKernels() {
  using F = CpuFeature;
  static const std::vector<CopyKernel> kernels = {
      {"libc", "glibc memcpy (its own runtime choice of method)", {}, kernels::CopyLibc},
      {"movsb", "rep movsb (the kernel's memcpy with ERMS/FSRM)", {F::kErms}, kernels::CopyMovsb},
      {"movsq", "rep movsq + rep movsb for the tail (the kernel's older __memcpy)", {}, kernels::CopyMovsq},
      {"unrolled", "4 x 64-bit registers per 32 bytes (the kernel's memcpy_orig)", {}, kernels::CopyUnrolled},
      {"sse2", "16-byte SSE2 loads/stores, aligned stores, 4x unrolled", {F::kSse2}, kernels::CopySse2},
      {"avx2", "32-byte AVX2 loads/stores, aligned stores, 4x unrolled", {F::kAvx2}, kernels::CopyAvx2},
      {"avx512", "64-byte AVX-512 loads/stores, aligned stores, 4x unrolled", {F::kAvx512f}, kernels::CopyAvx512},
      {"nt", "16-byte non-temporal stores (movntdq), then sfence", {F::kSse2}, kernels::CopyNt},
  };
  return kernels;
}

const std::vector<FillKernel>& FillKernels() {
  using F = CpuFeature;
  static const std::vector<FillKernel> kernels = {
      {"libc", "glibc memset (its own runtime choice of method)", {}, kernels::FillLibc},
      {"stosb", "rep stosb (the kernel's memset with ERMS)", {F::kErms}, kernels::FillStosb},
      {"stosq", "rep stosq + rep stosb for the tail (the kernel's __memset)", {}, kernels::FillStosq},
      {"unrolled", "8 x 8-byte stores per 64 bytes (the kernel's memset_orig)", {}, kernels::FillUnrolled},
      {"avx2", "32-byte AVX2 stores, aligned, 4x unrolled", {F::kAvx2}, kernels::FillAvx2},
      {"avx512", "64-byte AVX-512 stores, aligned, 4x unrolled", {F::kAvx512f}, kernels::FillAvx512},
      {"nt", "16-byte non-temporal stores (movntdq), then sfence", {F::kSse2}, kernels::FillNt},
      {"clzero", "AMD clzero per 64-byte line (zeros only), then sfence", {F::kClzero}, kernels::FillClzero, true},
  };
  return kernels;
}

const std::vector<CompareKernel>& CompareKernels() {
  using F = CpuFeature;
  static const std::vector<CompareKernel> kernels = {
      {"libc", "glibc memcmp (its own runtime choice of method)", {}, kernels::CompareLibc},
      {"sse2", "16-byte SSE2 compares, 4x unrolled", {F::kSse2}, kernels::CompareSse2},
      {"avx2", "32-byte AVX2 compares, 4x unrolled", {F::kAvx2}, kernels::CompareAvx2},
      {"avx512", "64-byte AVX-512BW compares, 4x unrolled", {F::kAvx512f, F::kAvx512bw}, kernels::CompareAvx512},
  };
  return kernels;
}

const std::vector<ReadKernel>& ReadKernels() {
  using F = CpuFeature;
  // glibc has no read-only routine to stand for "libc" here; scalar is the
  // plain loop a compiler would emit without vectorisation.
  static const std::vector<ReadKernel> kernels = {
      {"scalar", "64-bit loads, four sums (no vectorisation)", {}, kernels::ReadScalar},
      {"sse2", "16-byte SSE2 loads and adds, 4x unrolled", {F::kSse2}, kernels::ReadSse2},
      {"avx2", "32-byte AVX2 loads and adds, 4x unrolled", {F::kAvx2}, kernels::ReadAvx2},
      {"avx512", "64-byte AVX-512 loads and adds, 4x unrolled", {F::kAvx512f}, kernels::ReadAvx512},
  };
  return kernels;
}

}  // namespace membench
