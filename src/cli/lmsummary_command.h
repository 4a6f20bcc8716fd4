// File: cli/lmsummary_command.h
// `membench run lmsummary`: lmbench's summary rows that seed 003 argued
// from - process creation, file and VM latencies, memory bandwidths - each
// measured by the workload that models it, with small defaults so the whole
// table takes well under a minute.
#pragma once

#include <string>

#include "engine/runner.h"
#include "core/result.h"

namespace membench {

// Runs every row (stopping at Ctrl-C) and prints the table; result gets
// every measurement, for --json.
void RunLmSummary(const RunOptions& options, RunResult& result);

}  // namespace membench
