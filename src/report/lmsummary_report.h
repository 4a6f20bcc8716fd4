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

// The table of the measurements that carry a summary row, in their order.
void WriteLmSummary(const RunResult& result, std::ostream& out);

}  // namespace membench
