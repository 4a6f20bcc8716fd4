// File: report/kernel_accounting_report.h
// The kernel's accounting in the text output (core/kernel_accounting.h):
// brief, one line naming, point by point, the counts of events that moved
// with the samples;
// verbose (-v), every value that changed, with what the idle interval saw.
#pragma once

#include <ostream>
#include <string>

#include "core/kernel_accounting.h"
#include "core/result.h"

namespace membench {

// "+16,384", "-64.0 MiB", "+0.5": a mean change a sample, signed.
std::string KernelChangeText(const std::string& name, double change);

// The brief line: nothing where no sample was read or nothing moved.
void WriteKernelAccountingBrief(std::ostream& out, const RunResult& r);

// The verbose block's lines for one measurement.
void WriteKernelAccountingBlock(std::ostream& out, const RunResult& r, const Measurement& m);

}  // namespace membench
