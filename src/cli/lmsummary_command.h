// File: cli/lmsummary_command.h
// `membench run lmsummary`: lmbench's summary rows that seed 003 argued
// from - process creation, file and VM latencies, memory bandwidths - each
// measured by the workload that models it, with small defaults so the whole
// table takes well under a minute.
#pragma once

#include "engine/invocation.h"

namespace membench {

// Measures every row (stopping at Ctrl-C), each measurement carrying its
// row, so the text report is lmbench's table.
void MeasureLmSummary(Invocation& invocation, const RunOptions& options);

}  // namespace membench
