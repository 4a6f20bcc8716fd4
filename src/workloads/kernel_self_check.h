// File: workloads/kernel_self_check.h
// Every copy and fill kernel this CPU runs, checked against the plain
// byte-by-byte result on the user's own machine (`membench doctor
// --self-test`): sizes from 0 to 320 bytes at every misalignment within a
// line, and large sizes around powers of two, with guard bytes on both
// sides. The unit tests do this exhaustively on CI's x86-64 VMs and under
// qemu for arm64; this is for the CPUs neither is.
#pragma once

#include <string>
#include <vector>

namespace membench {

struct KernelSelfCheck {
  int kernels_checked = 0;
  std::vector<std::string> skipped;   // "avx512 (needs avx512f, which this CPU lacks)"
  std::vector<std::string> failures;  // "nt: size 77 dst+3: byte 12 is 0x00, not 0x4d"
};

KernelSelfCheck CheckKernelsAgainstReference();

}  // namespace membench
