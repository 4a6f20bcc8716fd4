// File: sys/cpu_features_mask.cpp
#include "sys/cpu_features_mask.h"

#include <sstream>

#include "core/error.h"
#include "sys/environment.h"

namespace membench::sys {

void MaskCpuFeatures(CpuInfo& cpu, const std::string& names) {
  std::istringstream list(names);
  for (std::string name; std::getline(list, name, ',');) {
    if (name == "sse2") {
      cpu.sse2 = false;
    } else if (name == "avx2") {
      cpu.avx2 = cpu.avx512f = cpu.avx512bw = false;
    } else if (name == "avx512f") {
      cpu.avx512f = cpu.avx512bw = false;
    } else if (name == "avx512bw") {
      cpu.avx512bw = false;
    } else if (name == "erms") {
      cpu.erms = false;
    } else if (name == "fsrm") {
      cpu.fsrm = false;
    } else if (name == "clzero") {
      cpu.clzero = false;
    } else if (name == "asimd") {
      cpu.asimd = false;
    } else if (name == "sve") {
      cpu.sve = cpu.sve2 = false;
    } else if (name == "sve2") {
      cpu.sve2 = false;
    } else if (name == "dczva") {
      cpu.dczva_block_bytes = 0;
    } else if (!name.empty()) {
      throw Error(std::string(kCpuFeaturesMaskVariable) + "=" + names + ": '" + name +
                  "' is no feature membench knows (sse2, avx2, avx512f, avx512bw, erms, fsrm, clzero, asimd, sve, "
                  "sve2, dczva); unset it to run with the CPU's own");
    }
  }
}

std::string CpuFeaturesMask() { return EnvironmentValue(kCpuFeaturesMaskVariable).value_or(""); }

}  // namespace membench::sys
