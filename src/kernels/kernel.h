// File: kernels/kernel.h
// The shapes of membench's memory kernels and the registry entry that names one.
// Kernels are plain functions (no state, no allocation) so the timed loop is a
// direct call; each is registered with the CPU features it needs and chosen at
// run time from what CPUID reports.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace membench {

// Copies n bytes from src to dst; the ranges never overlap.
using CopyFn = void (*)(void* dst, const void* src, std::size_t n);
// Sets n bytes at dst to the low byte of value.
using FillFn = void (*)(void* dst, int value, std::size_t n);

// CPU features a kernel may require; the names are those of /proc/cpuinfo.
enum class CpuFeature { kSse2, kAvx2, kAvx512f, kErms, kClzero };

std::string_view CpuFeatureName(CpuFeature feature);

struct CopyKernel {
  std::string_view name;
  std::string_view description;
  std::vector<CpuFeature> needs;
  CopyFn fn;
};

struct FillKernel {
  std::string_view name;
  std::string_view description;
  std::vector<CpuFeature> needs;
  FillFn fn;
  // clzero can only write zeros; it is correct for value 0 alone.
  bool zero_only = false;
};

// Every kernel membench knows, available on this CPU or not, in display order.
const std::vector<CopyKernel>& CopyKernels();
const std::vector<FillKernel>& FillKernels();

}  // namespace membench
