// File: report/profile_report.h
// --profile in the text output (core/profile.h): brief, one line naming,
// point by point, the symbols with the largest self shares; verbose (-v),
// each point's top symbols with their shares.
#pragma once

#include <ostream>
#include <string>

#include "core/result.h"

namespace membench {

// "FaultWorkload::Run" for "membench::(anonymous namespace)::FaultWorkload::Run":
// membench's own namespaces left out, other names as they are.
std::string ShownSymbol(const std::string& symbol);

// The brief line: nothing where nothing was profiled.
void WriteProfileBrief(std::ostream& out, const RunResult& r);

// The verbose block's lines for one measurement.
void WriteProfileBlock(std::ostream& out, const RunResult& r, const Measurement& m);

}  // namespace membench
