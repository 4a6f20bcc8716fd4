// File: report/lmsummary_report.h
// The compact table of `membench run lmsummary`, in the spirit of lmbench's
// summary sections, with what lmbench never shows: the noise of every
// figure (the relative standard error of its mean) and how many runs it is.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"

namespace membench {

enum class SummaryFigure {
  kMicrosPerOp,     // 1e6 / rate: µs per spawn, mapping, fault
  kMicrosPerFault,  // wall time per page fault (first-touch points)
  kMegabytesPerSecond,
};

struct SummaryRow {
  std::string section;  // "Processes", ...
  std::string label;    // "fork proc"
  SummaryFigure figure = SummaryFigure::kMicrosPerOp;
};

// rows[i] describes result.measurements[i]; rows without a measurement
// (an interrupted run) are left out.
void WriteLmSummary(const RunResult& result, const std::vector<SummaryRow>& rows, std::ostream& out);

}  // namespace membench
