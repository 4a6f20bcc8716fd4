// File: sys/read_kernel_accounting.h
// Reads the kernel's own accounting off the machine: /proc/vmstat,
// /proc/meminfo and every online node's numastat (core/kernel_accounting.h
// says what is kept and how it is read).
#pragma once

#include <chrono>

#include "core/kernel_accounting.h"

namespace membench::sys {

// The three files' text, now; a file that cannot be read is empty. The
// online nodes are looked up once.
KernelAccountingText ReadKernelAccountingText();

// The accounting across `window` of sleep: what the rest of the machine
// moves while membench does nothing.
KernelIdleInterval MeasureIdleKernelAccounting(std::chrono::milliseconds window);

}  // namespace membench::sys
