// File: sys/cpu_features_mask.h
// A test hook: MEMBENCH_CPU_FEATURES_MASK=avx512f,clzero makes membench
// behave as on a CPU without those features (Cpu() reports them absent, so
// their kernels are unavailable), so that a test can run, on this machine,
// what a user of such a CPU sees: the README's walk-through without
// AVX-512, on the Intel VMs that have it. A run made under a mask says so
// in its notes.
#pragma once

#include <string>

#include "sys/cpu.h"

namespace membench::sys {

inline constexpr const char* kCpuFeaturesMaskVariable = "MEMBENCH_CPU_FEATURES_MASK";

// Clears the features `names` lists (comma-separated: sse2, avx2, avx512f,
// avx512bw, erms, fsrm, clzero, asimd, sve, sve2, dczva), and those that
// need them: avx2 takes AVX-512 with it, avx512f avx512bw, sve sve2.
// Throws Error naming a feature it does not know.
void MaskCpuFeatures(CpuInfo& cpu, const std::string& names);

// The mask the environment sets, empty when none.
std::string CpuFeaturesMask();

}  // namespace membench::sys
