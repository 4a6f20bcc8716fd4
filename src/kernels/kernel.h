// File: kernels/kernel.h
// The shapes of membench's memory kernels and the registry entry that names one.
// Kernels are plain functions (no state, no allocation) so the timed loop is a
// direct call; each is registered with its instruction set and the CPU
// features it needs, and chosen at run time from what the CPU reports
// (CPUID on x86-64, HWCAP on arm64).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace membench {

// Copies n bytes from src to dst; the ranges never overlap.
using CopyFn = void (*)(void* dst, const void* src, std::size_t n);
// Sets n bytes at dst to the low byte of value.
using FillFn = void (*)(void* dst, int value, std::size_t n);
// Compares n bytes as memcmp does: the sign of the first differing byte
// pair (as unsigned char), or 0.
using CompareFn = int (*)(const void* a, const void* b, std::size_t n);
// Sums the buffer as 64-bit little-endian words modulo 2^64, a final partial
// word zero-padded: every byte is read and the result depends on all of them.
using ReadFn = std::uint64_t (*)(const void* p, std::size_t n);

// The instruction set a kernel is written in. Every kernel is listed on
// every build; one written for the other instruction set is not built, and
// its fn is null.
enum class Isa { kPortable, kX86_64, kArm64 };

// The instruction set this build is for.
#if defined(__x86_64__)
inline constexpr Isa kBuiltIsa = Isa::kX86_64;
#elif defined(__aarch64__)
inline constexpr Isa kBuiltIsa = Isa::kArm64;
#else
#error "membench builds for x86-64 and arm64"
#endif

// "x86-64", "arm64"; "" for kPortable.
std::string_view IsaName(Isa isa);

// CPU features a kernel may require; the names are those of /proc/cpuinfo
// ("dczva": DC ZVA permitted, DCZID_EL0.DZP clear, which cpuinfo omits).
enum class CpuFeature { kSse2, kAvx2, kAvx512f, kAvx512bw, kErms, kClzero, kAsimd, kDcZva };

std::string_view CpuFeatureName(CpuFeature feature);

// A kernel of shape Fn with its instruction set and the CPU features it needs.
template <class Fn>
struct Kernel {
  std::string_view name;
  std::string_view description;
  Isa isa;
  std::vector<CpuFeature> needs;
  Fn fn;  // null where isa is not kBuiltIsa
};

using CopyKernel = Kernel<CopyFn>;
using CompareKernel = Kernel<CompareFn>;
using ReadKernel = Kernel<ReadFn>;

struct FillKernel {
  std::string_view name;
  std::string_view description;
  Isa isa;
  std::vector<CpuFeature> needs;
  FillFn fn;  // null where isa is not kBuiltIsa
  // clzero and dc zva can only write zeros; they are correct for value 0 alone.
  bool zero_only = false;
};

// Every kernel membench knows, available on this CPU or not, in display order.
const std::vector<CopyKernel>& CopyKernels();
const std::vector<FillKernel>& FillKernels();
const std::vector<CompareKernel>& CompareKernels();
const std::vector<ReadKernel>& ReadKernels();

}  // namespace membench
