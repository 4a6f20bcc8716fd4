// File: cli/self_test.h
// `membench doctor --self-test`: on the user's machine, the end-to-end
// checks of whichever of the paths no CI machine exercises it has
// (docs/testing.md): hardware counters, two NUMA nodes, hugetlb pools, the
// kernels of this CPU against the reference. Each prints passed, FAILED or
// not here (why), so the output can be pasted into a report.
#pragma once

namespace membench {

// 0 when nothing failed, 1 when a check failed.
int RunSelfTest();

}  // namespace membench
